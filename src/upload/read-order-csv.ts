import Papa from 'papaparse';
import type { OrderFileReadResult } from '../../common/upload/order-file';
import { isColumnLabel, isNumberLike } from './column-labels';
import { finishTable } from './order-table';

const DELIMITERS = [';', ',', '\t'] as const;
/** Lines looked at to choose the delimiter. */
const SAMPLE_ROWS = 50;

/**
 * Decodes a CSV file's bytes: UTF-8 when they are valid UTF-8 (a byte order mark is dropped),
 * otherwise Windows-1252, which is what German Windows programs write ("ANSI"). Latin-1 text is
 * almost never valid UTF-8 (an umlaut byte followed by an ASCII letter is an invalid sequence),
 * so the order of the attempts decides correctly in practice.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Windows-1252 as the WHATWG Encoding Standard defines it. Written out because Node 20's
 * `TextDecoder('windows-1252')` decodes as ISO-8859-1 (0x80 becomes U+0080 instead of €), and the
 * parser must read the same text in the browser, in Node tests and in the benchmark. The five
 * bytes Windows-1252 leaves undefined stay C1 controls, which `looksBinary` refuses.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  const chunk = 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const codes = Array.from(bytes.subarray(start, start + chunk), (byte) =>
      byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

/**
 * Control characters that text files do not hold (tab, line feed, form feed and carriage return
 * aside), including the C1 range that Windows-1252 decoding yields for its five undefined bytes:
 * their presence means the file is binary (an image, an archive, a spreadsheet) whatever its name.
 */
export function looksBinary(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const allowedControl = code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
    if ((code < 0x20 && !allowedControl) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

function fieldCounts(text: string, delimiter: string): number[] {
  const parsed = Papa.parse<string[]>(text, { delimiter, preview: SAMPLE_ROWS, skipEmptyLines: 'greedy' });
  return parsed.data.map((row) => row.length);
}

/**
 * The delimiter whose split gives the most regular rows: first the share of rows having the most
 * common field count (at least 2 fields), then more fields. A decimal comma inside a `;` file
 * splits its rows irregularly (the header has none) or into fewer fields than `;` does, so it
 * never wins; quoted fields are parsed, not counted, so a delimiter inside quotes does not count.
 */
export function detectDelimiter(text: string): string {
  let best: { delimiter: string; regularity: number; fields: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = fieldCounts(text, delimiter);
    if (counts.length === 0) continue;
    const frequency = new Map<number, number>();
    for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    const [fields, times] = [...frequency].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [1, 0];
    if (fields < 2) continue;
    // Shares within 10 % are a tie (a ragged last line should not hand the file to another
    // delimiter); a tie goes to the split with more fields.
    const regularity = Math.floor((times / counts.length) * 10);
    if (!best || regularity > best.regularity || (regularity === best.regularity && fields > best.fields))
      best = { delimiter, regularity, fields };
  }
  return best?.delimiter ?? ',';
}

/**
 * Whether the first row names the columns. Yes when one of its cells is a known label (Artikel,
 * Teilenummer, Menge, Bezeichnung, Preis, Qty…) and none is a number; also yes, without known
 * labels, when none of its cells is a number but a column below it is (mostly) numbers, as
 * "Anz" above quantities. A row of data always has a quantity, so it is not taken for a header.
 */
export function firstRowIsHeader(rows: string[][]): boolean {
  const [first, ...rest] = rows;
  if (!first) return false;
  const cells = first.map((cell) => cell.trim()).filter((cell) => cell !== '');
  if (cells.length === 0 || cells.some(isNumberLike)) return false;
  if (cells.some(isColumnLabel)) return true;
  return first.some((cell, column) => {
    if (cell.trim() === '') return false;
    const below = rest.map((row) => row[column]?.trim() ?? '').filter((value) => value !== '');
    return below.length > 0 && below.filter(isNumberLike).length >= below.length * 0.8;
  });
}

/** Reads decoded CSV text; cells are kept as written (formulas are text, never evaluated). */
export function readCsvText(text: string): OrderFileReadResult {
  const delimiter = detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
  const rows = parsed.data;
  const hasHeader = firstRowIsHeader(rows);
  return finishTable('csv', hasHeader ? (rows[0] ?? null) : null, hasHeader ? rows.slice(1) : rows, 1);
}
