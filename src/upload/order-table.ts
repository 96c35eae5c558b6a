import { ORDER_FILE_MAX_ROWS, type OrderFileKind, type OrderFileReadResult } from '../../common/upload/order-file';
import { normaliseLabel } from './column-labels';

/**
 * The last step both readers share: trimmed cells, no empty rows, no trailing columns that are
 * empty everywhere, every row as wide as the widest, the row limit and the layout fingerprint.
 */
export function finishTable(
  kind: OrderFileKind,
  rawHeader: string[] | null,
  rawRows: string[][],
  pages: number,
): OrderFileReadResult {
  const clean = (cells: string[]) => cells.map((cell) => cell.trim());
  const rows = rawRows.map(clean).filter((cells) => cells.some((cell) => cell !== ''));
  if (rows.length > ORDER_FILE_MAX_ROWS) return { ok: false, failure: 'tooManyRows' };
  if (rows.length === 0) return { ok: false, failure: 'noRows' };
  const header = rawHeader ? clean(rawHeader) : null;
  let width = Math.max(header?.length ?? 0, ...rows.map((cells) => cells.length));
  // Exports often end every line with a delimiter: a column with nothing in it is not a column.
  const columnIsEmpty = (column: number) =>
    (header?.[column] ?? '') === '' && rows.every((cells) => (cells[column] ?? '') === '');
  while (width > 1 && columnIsEmpty(width - 1)) width -= 1;
  const pad = (cells: string[]) => Array.from({ length: width }, (_, column) => cells[column] ?? '');
  const paddedHeader = header ? pad(header) : null;
  return {
    ok: true,
    table: { kind, header: paddedHeader, rows: rows.map(pad), shape: tableShape(kind, width, paddedHeader), pages },
  };
}

/**
 * `csv:4:artikelnummer|bezeichnung|menge|einzelpreis`: the same for every file of one layout,
 * whatever its lines, its encoding or its delimiter, so a saved column mapping fits it again.
 */
export function tableShape(kind: OrderFileKind, columns: number, header: string[] | null): string {
  return `${kind}:${columns}:${header ? header.map(normaliseLabel).join('|') : '-'}`;
}
