import type { ReactNode } from 'react';
import * as styles from './lists.css';
import * as cards from './table-cards.css';

export type DataColumn<TItem> = {
  header: ReactNode;
  cell: (item: TItem) => ReactNode;
  /** The column's name before the cell when the table shows as cards (on a phone). */
  label?: string;
  /** Shown first in its card on a phone (status, amount, actions); its words are never broken. */
  first?: boolean;
  /** An e-mail address or a URL, which may break anywhere; the other cells break between words only. */
  breakAnywhere?: boolean;
};

/**
 * One table of items with a header row, a visually hidden caption and, where given, one row that
 * says the list is empty. Used by the administrators' lists (the review queues, the organisations
 * and an organisation's users and relations) and by the dealer's colleagues.
 */
export function DataTable<TItem extends { id: number }>({
  caption,
  columns,
  items,
  empty,
  busy,
  wrap = true,
  classNames = styles,
}: {
  caption?: ReactNode;
  columns: readonly DataColumn<TItem>[];
  /** Null while nothing is loaded: neither rows nor the empty row. */
  items: readonly TItem[] | null | undefined;
  /** The row shown for a loaded, empty list; without it an empty list shows no rows. */
  empty?: ReactNode;
  busy?: boolean;
  /** In a scrolling card of its own (the admin lists), or placed bare in a card. */
  wrap?: boolean;
  classNames?: { table: string; cell: string };
}) {
  const table = (
    <table className={classNames.table}>
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} className={classNames.cell} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {empty !== undefined && items && items.length === 0 ? (
          <tr>
            <td className={classNames.cell} colSpan={columns.length}>
              {empty}
            </td>
          </tr>
        ) : null}
        {items?.map((item) => (
          <tr key={item.id}>
            {columns.map((column, index) => (
              <td
                key={index}
                className={[
                  classNames.cell,
                  column.first ? cards.cardFirst : '',
                  column.breakAnywhere ? cards.breakAnywhere : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                data-label={column.label}
              >
                {column.cell(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return wrap ? (
    <div className={styles.tableWrap} aria-busy={busy}>
      {table}
    </div>
  ) : (
    table
  );
}
