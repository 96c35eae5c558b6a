import type { ReactNode } from 'react';
import { Button } from './Button';
import * as styles from './settings-list.css';

/** A column of a settings table: its heading, and whether its one word stays whole. */
export type SettingsColumn = { key: string; label: ReactNode; nowrap?: boolean };

/**
 * The table of a settings list (API keys, webhooks, a delivery log): headed columns, rows that
 * turn into cards when the table is narrow. Rows are the caller's; their cells use `settingsCell`.
 */
export function SettingsTable({
  caption,
  columns,
  children,
}: {
  caption?: ReactNode;
  columns: readonly SettingsColumn[];
  children: ReactNode;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        {caption ? <caption className={styles.muted}>{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={settingsCell(column.nowrap ? styles.nowrap : undefined)} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A settings table's cell class, with the classes given (card placement, word breaking). */
export function settingsCell(...extra: (string | undefined)[]) {
  return [styles.cell, ...extra].filter(Boolean).join(' ');
}

/**
 * A settings list: the button that adds an entry, then the entries' table, or the text saying
 * there are none yet.
 */
export function SettingsList({
  addLabel,
  onAdd,
  canAdd = true,
  isEmpty,
  emptyText,
  caption,
  columns,
  children,
}: {
  addLabel: ReactNode;
  onAdd: () => void;
  canAdd?: boolean;
  isEmpty: boolean;
  emptyText: ReactNode;
  caption: ReactNode;
  columns: readonly SettingsColumn[];
  children: ReactNode;
}) {
  return (
    <>
      <div className={styles.toolbar}>
        <Button onClick={onAdd} disabled={!canAdd}>
          {addLabel}
        </Button>
      </div>
      {isEmpty ? (
        <p>{emptyText}</p>
      ) : (
        <SettingsTable caption={caption} columns={columns}>
          {children}
        </SettingsTable>
      )}
    </>
  );
}
