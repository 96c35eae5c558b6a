/**
 * The shape of an order file once read: the contract between the parser (which runs in a Web
 * Worker in the browser, see ADR 026) and the upload flow (machine, mapping preview, layouts).
 * Cells are kept exactly as written, as text: a cell starting with `=`, `+`, `-` or `@` is never
 * evaluated, only shown and stored as text.
 */

/** Larger files are refused before they are read. */
export const ORDER_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** More data rows than this are refused: an order of more positions is not typed by hand either. */
export const ORDER_FILE_MAX_ROWS = 5000;

export type OrderFileKind = 'csv' | 'pdf';

/** Why a file could not be read; each has a translated message in the upload view. */
export const ORDER_FILE_FAILURES = [
  'empty',
  'tooLarge',
  'notCsvOrPdf',
  'encryptedPdf',
  'imagesOnlyPdf',
  'tooManyRows',
  'noRows',
  'unreadable',
] as const;
export type OrderFileFailure = (typeof ORDER_FILE_FAILURES)[number];

export interface OrderFileTable {
  kind: OrderFileKind;
  /** The header row's cells as written, or null when the file has none (columns are then numbered). */
  header: string[] | null;
  /** Data rows, each with as many cells as the widest row (missing cells are ''). */
  rows: string[][];
  /**
   * A fingerprint of the file's layout (kind, column count and the normalised header texts), so a
   * saved column mapping is offered again for files of the same shape.
   */
  shape: string;
  /** For PDFs: the number of pages read; 1 for CSV. */
  pages: number;
}

export type OrderFileReadResult = { ok: true; table: OrderFileTable } | { ok: false; failure: OrderFileFailure };

/** What a column of the file means for the inquiry. */
export const COLUMN_ROLES = ['partNumber', 'quantity', 'description', 'price', 'ignore'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/**
 * Whether a spreadsheet would evaluate this cell as a formula (`=`, `+`, `-`, `@` at the start,
 * after leading spaces). The parser keeps such cells verbatim; the UI may mark them, and anything
 * that ever exports cells to CSV or a spreadsheet must escape them (prefix a `'`), never write them raw.
 */
export function isFormulaLike(cell: string): boolean {
  return /^\s*[=+\-@]/.test(cell);
}
