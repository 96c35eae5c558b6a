import type { OrderFileReadResult } from '../../common/upload/order-file';
import { ORDER_FILE_MAX_ROWS } from '../../common/upload/order-file';
import { isColumnLabel, isNumberLike, isWholeColumnLabel } from './column-labels';
import { finishTable } from './order-table';

/** A piece of text on a page, in PDF points (origin bottom left). */
export type TextPiece = {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  /** For a word cut out of a longer text: which of its edges are only estimated (see splitWords). */
  estimated?: { left: boolean; right: boolean };
};
/** One printed line: pieces at the same height, left to right. */
type Line = { y: number; size: number; pieces: TextPiece[] };
type Column = { left: number; right: number };

/** Pieces closer than this share of the font size belong to one word group ("1K0 615 301 AA"). */
const SAME_CELL_GAP = 0.6;
/** A header needs this many recognised labels, and they must be most of its line. */
const MIN_HEADER_LABELS = 3;

/**
 * Lines at which an order's table ends on its page: totals, carry-overs, VAT, page numbers.
 * Checked against the line's first piece, where they are printed; a data line starts with its
 * position or part number.
 */
const TABLE_END =
  /^(summe|zwischensumme|gesamtsumme|gesamtbetrag|nettobetrag|netto|endbetrag|rechnungsbetrag|übertrag|uebertrag|zzgl|mwst|ust|total|subtotal|seite\s+\d|page\s+\d)/iu;
/** "ﬁ", "ﬂ" and their kin, which typeset descriptions use ("Luftﬁlter"). */
const LIGATURES = /[\uFB00-\uFB06]/g;
const PAGE_NUMBER = /^(seite|page)\s+\d+\s*(von|of|\/)\s*\d+$/iu;

/** Rough widths of Helvetica's glyphs (in em): enough to place a word within a text pdf.js joined. */
function glyphWidth(char: string): number {
  if (/[\s.,;:'|!iljtfrI()[\]]/u.test(char)) return 0.28;
  if (/[mwMW@%]/u.test(char)) return 0.83;
  if (/[0-9€$]/u.test(char)) return 0.556;
  if (/\p{Lu}/u.test(char)) return 0.67;
  return 0.5;
}

/**
 * The words of a text piece, each placed by its share of the piece's width. pdf.js joins what a
 * generator prints less than about half a letter apart into one text, putting a space where it sees
 * a gap, so close cells ("5Q0 129 620 B" and "Luftfilter") come as one piece; as words they fall
 * into their columns.
 */
export function splitWords(piece: TextPiece): TextPiece[] {
  const chars = [...piece.text];
  const widths = chars.map(glyphWidth);
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total === 0 || !/\S\s+\S/u.test(piece.text)) return [piece];
  const scale = piece.width / total;
  const words: TextPiece[] = [];
  let x = piece.x;
  let word: TextPiece | null = null;
  chars.forEach((char, index) => {
    const width = (widths[index] ?? 0) * scale;
    if (/\s/u.test(char)) word = null;
    else if (word) {
      word.text += char;
      word.width += width;
    } else {
      word = { text: char, x, y: piece.y, width, size: piece.size, estimated: { left: index > 0, right: true } };
      words.push(word);
    }
    x += width;
  });
  const last = words.at(-1);
  if (last?.estimated) last.estimated.right = false;
  return words;
}

function groupLines(pieces: TextPiece[]): Line[] {
  const sorted = [...pieces].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Line[] = [];
  for (const piece of sorted) {
    const line = lines.at(-1);
    // Same baseline within a third of the font size: superscripts and sloppy DMS output stay on it.
    if (line && Math.abs(line.y - piece.y) <= Math.max(1.5, 0.35 * Math.min(line.size, piece.size))) {
      line.pieces.push(piece);
      line.size = Math.max(line.size, piece.size);
    } else lines.push({ y: piece.y, size: piece.size, pieces: [piece] });
  }
  for (const line of lines) line.pieces.sort((a, b) => a.x - b.x);
  return lines;
}

/** Joins pieces left to right, with a space where the print leaves a gap. */
function joinPieces(pieces: TextPiece[]): string {
  let text = '';
  let end = Number.NEGATIVE_INFINITY;
  for (const piece of pieces) {
    if (text !== '' && piece.x - end > 0.15 * piece.size) text += ' ';
    text += piece.text;
    end = piece.x + piece.width;
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** The word groups of a line: pieces separated by less than a gap between columns. */
function groups(line: Line): { text: string; left: number; right: number }[] {
  const result: { pieces: TextPiece[]; left: number; right: number }[] = [];
  for (const piece of line.pieces) {
    const current = result.at(-1);
    if (current && piece.x - current.right <= SAME_CELL_GAP * piece.size) {
      current.pieces.push(piece);
      current.right = Math.max(current.right, piece.x + piece.width);
    } else result.push({ pieces: [piece], left: piece.x, right: piece.x + piece.width });
  }
  return result.map((group) => ({ text: joinPieces(group.pieces), left: group.left, right: group.right }));
}

/**
 * The labels of a header line. Generators print labels close together ("Pos Artikelnummer", a few
 * points apart), closer than a gap between cells: words standing close are one label when together
 * they are one ("Artikel Nr.", "Pos. Nr.") or when they are not each a label of their own ("Preis
 * EUR", "Menge in Stk"); "Pos" and "Artikelnummer" are two.
 */
function headerLabels(line: Line): { text: string; left: number; right: number }[] {
  const labels: { pieces: TextPiece[]; left: number; right: number }[] = [];
  for (const piece of line.pieces) {
    const current = labels.at(-1);
    const close = current && piece.x - current.right <= SAME_CELL_GAP * piece.size;
    const together = current ? joinPieces([...current.pieces, piece]) : '';
    const eachALabel = current && isColumnLabel(joinPieces(current.pieces)) && isColumnLabel(piece.text);
    if (current && close && (isWholeColumnLabel(together) || !eachALabel)) {
      current.pieces.push(piece);
      current.right = Math.max(current.right, piece.x + piece.width);
    } else labels.push({ pieces: [piece], left: piece.x, right: piece.x + piece.width });
  }
  return labels.map((label) => ({ text: joinPieces(label.pieces), left: label.left, right: label.right }));
}

function isHeaderLine(line: Line): boolean {
  const texts = headerLabels(line).map((label) => label.text);
  const labels = texts.filter(isColumnLabel).length;
  return labels >= MIN_HEADER_LABELS && labels >= texts.length * 0.6;
}

function endsTable(line: Line): boolean {
  const first = groups(line)[0]?.text ?? '';
  return TABLE_END.test(first) || line.pieces.some((piece) => PAGE_NUMBER.test(piece.text.trim()));
}

/**
 * Where the column of `left` ends and the next begins, somewhere under the two labels: in a
 * stretch no word of the table's lines crosses. Texts are left-aligned or right-aligned under
 * their labels, so the gap between the labels alone is not the gap between the columns; and
 * the gap between close columns can be as narrow as one between words (pdf.js gives close cells
 * as one text, see splitWords). So of the free stretches the one is taken where most texts start
 * (a left-aligned column) or end (right-aligned numbers), then the widest. Without a free stretch
 * (a cell reaches into the next column), halfway between the labels.
 */
function boundaryBetween(
  left: { left: number; right: number },
  right: { left: number; right: number },
  body: Line[],
): number {
  const from = left.left;
  const to = right.right;
  const pieces = body.flatMap((line) => line.pieces).filter((piece) => piece.x + piece.width > from && piece.x < to);
  // Estimated edges may be off by a little: they block only the middle of where they are thought to be.
  const slack = (piece: TextPiece, estimated: boolean | undefined) => (estimated ? 0.15 * piece.size : 0);
  const spans = pieces
    .map((piece) => ({
      left: piece.x + slack(piece, piece.estimated?.left),
      right: piece.x + piece.width - slack(piece, piece.estimated?.right),
    }))
    .sort((a, b) => a.left - b.left);
  const stretches: { left: number; right: number }[] = [];
  let free = from;
  for (const span of [...spans, { left: to, right: to }]) {
    if (span.left > free) stretches.push({ left: free, right: span.left });
    free = Math.max(free, span.right);
  }
  const tolerance = (piece: TextPiece) => 0.2 * piece.size;
  const aligned = (stretch: { left: number; right: number }) =>
    pieces.filter(
      (piece) =>
        (!piece.estimated?.left && Math.abs(piece.x - stretch.right) <= tolerance(piece)) ||
        (!piece.estimated?.right && Math.abs(piece.x + piece.width - stretch.left) <= tolerance(piece)),
    ).length;
  // A stretch at either end lies before or after both columns' texts (under a label wider than them).
  const inner = stretches.filter((stretch) => stretch.left > from && stretch.right < to);
  const scored = (inner.length > 0 ? inner : stretches).map((stretch) => ({
    stretch,
    aligned: aligned(stretch),
    width: stretch.right - stretch.left,
  }));
  scored.sort((a, b) => b.aligned - a.aligned || b.width - a.width);
  const best = scored[0]?.stretch;
  return best ? (best.left + best.right) / 2 : (left.right + right.left) / 2;
}

/** The columns of a table with a header: bounded where `boundaryBetween` finds the gaps. */
function columnsUnder(labels: { left: number; right: number }[], body: Line[]): Column[] {
  const bounds = labels.slice(1).map((label, index) => boundaryBetween(labels[index] ?? label, label, body));
  return labels.map((_, index) => ({
    left: bounds[index - 1] ?? Number.NEGATIVE_INFINITY,
    right: bounds[index] ?? Number.POSITIVE_INFINITY,
  }));
}

/** Columns reach halfway to their neighbours; the outer ones are open. */
function columnsFrom(spans: { left: number; right: number }[]): Column[] {
  return spans.map((span, index) => {
    const previous = spans[index - 1];
    const next = spans[index + 1];
    return {
      left: previous ? (previous.right + span.left) / 2 : Number.NEGATIVE_INFINITY,
      right: next ? (span.right + next.left) / 2 : Number.POSITIVE_INFINITY,
    };
  });
}

/** The column a piece overlaps most (left-aligned texts and right-aligned amounts alike). */
function columnOf(piece: TextPiece, columns: Column[]): number {
  let best = 0;
  let bestOverlap = Number.NEGATIVE_INFINITY;
  const left = piece.x;
  const right = piece.x + Math.max(piece.width, 0.01);
  columns.forEach((column, index) => {
    const overlap = Math.min(right, column.right) - Math.max(left, column.left);
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = index;
    }
  });
  return best;
}

function cellsOf(line: Line, columns: Column[]): string[] {
  const byColumn: TextPiece[][] = columns.map(() => []);
  for (const piece of line.pieces) byColumn[columnOf(piece, columns)]?.push(piece);
  return byColumn.map(joinPieces);
}

/**
 * A line that only continues the text of the line above (a description printed on two lines):
 * one cell, not in the first column, not a number.
 */
function continuesAbove(cells: string[]): number | null {
  const filled = cells.flatMap((cell, column) => (cell === '' ? [] : [column]));
  const [column] = filled;
  if (filled.length !== 1 || column === undefined || column === 0) return null;
  return isNumberLike(cells[column] ?? '') ? null : column;
}

/**
 * Texts printed on every page at the same height are letterhead or footer, never order lines.
 */
function repeatedOnEveryPage(pages: Line[][]): Set<string> {
  if (pages.length < 2) return new Set();
  const key = (line: Line) => `${Math.round(line.y)}|${joinPieces(line.pieces)}`;
  const [first, ...rest] = pages.map((lines) => new Set(lines.map(key)));
  return new Set([...(first ?? [])].filter((text) => rest.every((page) => page.has(text))));
}

/**
 * Builds the table from the pages' lines. With a header line (found on the first page that has
 * one): its labels give the columns; on each page the lines below the header (or, on a page
 * without one, the lines that are not repeated letterhead) up to the totals or the page footer
 * are order lines. Without one: columns from the gaps between the texts of the lines that have
 * several, and no header.
 */
export function tableFromPages(pages: Line[][]): { header: string[] | null; rows: string[][] } {
  const repeated = repeatedOnEveryPage(pages);
  const notRepeated = (line: Line) => !repeated.has(`${Math.round(line.y)}|${joinPieces(line.pieces)}`);
  const headerLine = pages.flat().find(isHeaderLine);
  if (!headerLine) return tableFromGaps(pages.map((lines) => lines.filter(notRepeated)));

  const labels = headerLabels(headerLine);
  const bodies = pages.map((lines) => {
    const headerIndex = lines.findIndex(isHeaderLine);
    const below = headerIndex >= 0 ? lines.slice(headerIndex + 1) : lines.filter(notRepeated);
    const end = below.findIndex(endsTable);
    return { headed: headerIndex >= 0, body: end >= 0 ? below.slice(0, end) : below };
  });
  // The gaps are looked for in the lines of a page with a header: on the others letterhead may remain.
  const columns = columnsUnder(
    labels,
    bodies.flatMap(({ headed, body }) => (headed ? body : [])),
  );
  const rows: string[][] = [];
  for (const { headed, body } of bodies) {
    for (const line of body) {
      const cells = cellsOf(line, columns);
      const previous = rows.at(-1);
      const continued = previous ? continuesAbove(cells) : null;
      if (continued !== null && previous) {
        previous[continued] = `${previous[continued] ?? ''} ${cells[continued] ?? ''}`.trim();
        continue;
      }
      // On a page without a header, a line in one cell is a title or a note, not an order line.
      if (!headed && cells.filter((cell) => cell !== '').length < 2) continue;
      rows.push(cells);
    }
    if (rows.length > ORDER_FILE_MAX_ROWS) break;
  }
  return { header: labels.map((label) => label.text), rows };
}

function tableFromGaps(pages: Line[][]): { header: null; rows: string[][] } {
  const tableLines = pages.flat().filter((line) => !endsTable(line) && groups(line).length >= 2);
  const frequency = new Map<number, number>();
  for (const line of tableLines) {
    const count = groups(line).length;
    frequency.set(count, (frequency.get(count) ?? 0) + 1);
  }
  const [typicalCount] = [...frequency].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [0];
  // The x ranges covered by the typical lines' word groups, merged where they overlap: each
  // merged range is a column.
  const spans = tableLines
    .filter((line) => groups(line).length === typicalCount)
    .flatMap((line) => groups(line).map(({ left, right }) => ({ left, right })))
    .sort((a, b) => a.left - b.left);
  const merged: { left: number; right: number }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.left <= last.right) last.right = Math.max(last.right, span.right);
    else merged.push({ ...span });
  }
  const columns = columnsFrom(merged);
  // A title or an address line beside a date has a few texts; an order line about as many as the
  // typical line.
  const rows = tableLines
    .filter((line) => groups(line).length * 2 >= typicalCount)
    .map((line) => cellsOf(line, columns));
  return { header: null, rows };
}

type PdfTextItem = { str: string; transform: number[]; width: number };

function isPasswordError(error: unknown): boolean {
  return error instanceof Error && error.name === 'PasswordException';
}

/** Loads pdf.js (the first PDF read does it anyway; a warm-up does it before a file is chosen). */
export async function loadPdfReader(): Promise<void> {
  const { getResolvedPDFJS } = await import('unpdf');
  await getResolvedPDFJS();
}

/**
 * Reads an order table from a PDF's text (pdf.js through unpdf's serverless build, which runs
 * without a pdf.js worker of its own: the caller is already a worker). Loaded on first use, so
 * reading a CSV never loads pdf.js.
 */
export async function readPdfBytes(bytes: Uint8Array): Promise<OrderFileReadResult> {
  const { getDocumentProxy } = await import('unpdf');
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    document = await getDocumentProxy(bytes.slice(), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
    });
  } catch (error) {
    return { ok: false, failure: isPasswordError(error) ? 'encryptedPdf' : 'unreadable' };
  }
  try {
    const pages: Line[][] = [];
    let textPieces = 0;
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      // pdf.js's own Unicode normalisation costs a third of the time; ligatures are undone below.
      const content = await page.getTextContent({ disableNormalization: true });
      const pieces: TextPiece[] = [];
      for (const item of content.items as PdfTextItem[]) {
        if (typeof item.str !== 'string' || item.str.trim() === '') continue;
        const [scaleX = 0, skewY = 0, skewX = 0, scaleY = 0, x = 0, y = 0] = item.transform;
        pieces.push(
          ...splitWords({
            text: item.str.replace(LIGATURES, (ligature) => ligature.normalize('NFKC')),
            x,
            y,
            width: item.width,
            size: Math.max(Math.hypot(skewX, scaleY), Math.hypot(scaleX, skewY), 1),
          }),
        );
      }
      page.cleanup();
      textPieces += pieces.length;
      pages.push(groupLines(pieces));
    }
    if (textPieces === 0) return { ok: false, failure: 'imagesOnlyPdf' };
    const { header, rows } = tableFromPages(pages);
    return finishTable('pdf', header, rows, document.numPages);
  } catch (error) {
    return { ok: false, failure: isPasswordError(error) ? 'encryptedPdf' : 'unreadable' };
  } finally {
    await document.destroy();
  }
}
