import type { ReactNode } from 'react';

/** One column of a table of trade lines. */
export type LineColumn<TLine> = {
  header: ReactNode;
  /** The class of the column's header cell. */
  headerClassName: string;
  /** The class of its cells in the body. */
  className: string;
  /** The column's name before the cell when the table shows as cards (on a phone). */
  label?: string;
  /** The cell names its row (`<th scope="row">`: the part), for screen readers. */
  rowHeader?: boolean;
  cell: (line: TLine) => ReactNode;
};

/**
 * The table drawing the order lines and the requested lines share (issue 23 §2): the caption, one
 * header cell per column and one row per line, the row named by its part. The wrapper around it
 * (a scrolling card, a focusable scrolling section) stays with each table, as do its columns.
 * A column left out is passed as `false` (a checkbox column only where lines can be ticked).
 */
export function LinesTable<TLine extends { id: number }>({
  lines,
  columns,
  caption,
  captionId,
  captionClassName,
  tableClassName,
}: {
  lines: readonly TLine[];
  columns: readonly (LineColumn<TLine> | false)[];
  caption: ReactNode;
  captionId?: string;
  captionClassName: string;
  tableClassName: string;
}) {
  const shown = columns.filter((column): column is LineColumn<TLine> => column !== false);
  return (
    <table className={tableClassName}>
      <caption id={captionId} className={captionClassName}>
        {caption}
      </caption>
      <thead>
        <tr>
          {shown.map((column, index) => (
            <th key={index} scope="col" className={column.headerClassName}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            {shown.map((column, index) =>
              column.rowHeader ? (
                <th key={index} scope="row" className={column.className} data-label={column.label}>
                  {column.cell(line)}
                </th>
              ) : (
                <td key={index} className={column.className} data-label={column.label}>
                  {column.cell(line)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
