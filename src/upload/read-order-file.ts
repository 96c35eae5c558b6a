import { ORDER_FILE_MAX_BYTES, type OrderFileReadResult } from '../../common/upload/order-file';
import { decodeText, looksBinary, readCsvText } from './read-order-csv';
import { readPdfBytes } from './read-order-pdf';

/** PDF readers accept the `%PDF-` marker anywhere in the first 1 024 bytes (Acrobat does). */
const PDF_MARKER = [0x25, 0x50, 0x44, 0x46, 0x2d];
const PDF_MARKER_WINDOW = 1024;

function startsAsPdf(bytes: Uint8Array): boolean {
  const window = Math.min(bytes.length, PDF_MARKER_WINDOW) - PDF_MARKER.length;
  for (let start = 0; start <= window; start++) {
    if (PDF_MARKER.every((byte, offset) => bytes[start + offset] === byte)) return true;
  }
  return false;
}

/**
 * Reads an order file into a table of text cells (ADR 026). Pure: no DOM, no network; it runs in
 * the upload Web Worker, in Node tests and in the benchmark alike.
 *
 * The type comes from the bytes, never from the name: `%PDF-` makes a PDF; anything else is
 * read as CSV if it decodes as text (a CSV someone saved as `.pdf` is read as the CSV it is),
 * and refused as `notCsvOrPdf` if it holds binary (a PNG or a ZIP renamed `.csv`). The name is
 * accepted for the callers' convenience and for messages, not trusted.
 */
export async function readOrderFile(bytes: Uint8Array, _fileName: string): Promise<OrderFileReadResult> {
  if (bytes.length > ORDER_FILE_MAX_BYTES) return { ok: false, failure: 'tooLarge' };
  if (bytes.length === 0) return { ok: false, failure: 'empty' };
  if (startsAsPdf(bytes)) return readPdfBytes(bytes);
  const text = decodeText(bytes);
  // A byte order mark is dropped by the decoder; a file of spaces and line breaks holds nothing.
  if (text.trim() === '') return { ok: false, failure: 'empty' };
  if (looksBinary(text)) return { ok: false, failure: 'notCsvOrPdf' };
  return readCsvText(text);
}
