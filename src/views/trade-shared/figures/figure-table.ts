/** One bar (or one part of a stacked bar) of a dashboard chart. */
export type ChartPoint = { category: string; series?: string; value: number };

/** A cell of a figure's table: what the screen shows, and what the CSV export writes. */
export type FigureCell = { display: string; raw: string | number };

/** The table equivalent of a chart: the same figures as text (ADR 029). */
export type FigureTable = {
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly FigureCell[] }[];
};

/** A text cell that a spreadsheet would run as a formula (ADR 026: `=`, `+`, `-`, `@`). */
const FORMULA_LIKE = /^\s*[=+\-@]/;

function csvCell(cell: string | number) {
  if (typeof cell === 'number') return String(cell);
  // ADR 026: a cell a spreadsheet would evaluate is written as text, prefixed with an apostrophe.
  const text = FORMULA_LIKE.test(cell) ? `'${cell}` : cell;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The CSV export of a figure table (RFC 4180, comma-separated, CRLF, UTF-8 with a byte-order mark so
 * spreadsheets read umlauts): headers as shown, numbers raw (cents, minutes, shares from 0 to 1),
 * text escaped against formula injection.
 */
export function figureCsv(table: FigureTable) {
  const lines = [
    table.columns.map(csvCell).join(','),
    ...table.rows.map((row) => row.cells.map((cell) => csvCell(cell.raw)).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A `data:` URL of the CSV, for a plain download link (nothing to fetch, nothing to clean up). */
export function csvDataUrl(table: FigureTable) {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(figureCsv(table))}`;
}
