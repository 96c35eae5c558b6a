import * as v from 'valibot';
import type { MessageId } from '../contracts/message-ids';
import { parseAmount } from '../contracts/money';
import { type InquiryLineInput, inquiryLineInputSchema } from '../contracts/trading';
import type { ColumnRole } from './order-file';

/*
 * From a read order file to inquiry lines (issue 14, docs/decisions/026-order-upload.md):
 * a first guess of what each column means, and the lines a mapping gives, each checked by the
 * inquiry's own line contract (one source of rules). Pure: the upload machine and its tests use it.
 */

/** The fields of a line a problem can belong to; `line` is the line as a whole. */
export type LineProblemField = 'part_number' | 'description' | 'quantity' | 'note' | 'price' | 'line';

export type MappedLine = {
  /** The row's index in the file's rows (stable when lines are dropped or edited). */
  row: number;
  line: { part_number: string; description: string; quantity: number; note: string };
  /** The contract's messages per field (the first per field); empty when the line is valid. */
  problems: Partial<Record<LineProblemField, MessageId>>;
  /** Columns whose cell starts with `=`, `+`, `-` or `@`: kept as text, shown with a warning. */
  formulaColumns: number[];
};

/** Header labels as people write them, normalised (lower case, letters and digits only). */
const HEADER_WORDS: Record<Exclude<ColumnRole, 'ignore'>, string[]> = {
  partNumber: [
    'teilenummer',
    'teilenr',
    'artikelnummer',
    'artikelnr',
    'artnr',
    'oenummer',
    'oenr',
    'oe',
    'partnumber',
    'partno',
    'part',
    'itemnumber',
    'itemno',
    'sku',
    'referenz',
    'reference',
  ],
  quantity: ['menge', 'anzahl', 'stk', 'stück', 'stueck', 'qty', 'quantity', 'qnt', 'pcs'],
  description: ['bezeichnung', 'beschreibung', 'artikelbezeichnung', 'description', 'name', 'text'],
  price: ['preis', 'einzelpreis', 'ep', 'stückpreis', 'nettopreis', 'price', 'unitprice', 'netprice'],
};
/** Columns that are known but not part of an inquiry line: position, total, unit. */
const IGNORED_WORDS = [
  'pos',
  'position',
  'posnr',
  'nr',
  'gesamt',
  'gesamtpreis',
  'summe',
  'einheit',
  'total',
  'unit',
  'me',
];

const FORMULA_START = /^[=+\-@]/;

export function normaliseLabel(label: string) {
  return label
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^a-z0-9äöüß]+/g, '');
}

/** The role a header label names, or null when it names none the portal knows. */
export function roleOfLabel(label: string): ColumnRole | null {
  const word = normaliseLabel(label);
  if (word === '') return null;
  for (const [role, words] of Object.entries(HEADER_WORDS) as [ColumnRole, string[]][]) {
    if (words.includes(word)) return role;
  }
  if (IGNORED_WORDS.includes(word)) return 'ignore';
  return null;
}

// ── Cells ───────────────────────────────────────────────────────────────────────────────────────

/** Whether a cell would be a formula in a spreadsheet; such cells are kept as text and flagged. */
export function isFormulaLike(cell: string) {
  return FORMULA_START.test(cell.trim());
}

const QUANTITY_PATTERN = /^(?<amount>\d{1,6}(?:[.,]\d{1,3})?)\s*(?<unit>[a-zäöüß.]{0,6})$/i;

/**
 * A quantity as written in an order: "2", "2 Stk", "2,0", "1,5 l". The number is returned as it
 * stands (1.5 for "1,5 l"); whether it is a valid quantity (a whole number 1–9999) is the line
 * contract's decision. Anything else is NaN, which the contract reports as `quantityInvalid`.
 */
export function parseQuantity(cell: string): number {
  const match = QUANTITY_PATTERN.exec(cell.trim());
  if (!match?.groups?.amount) return Number.NaN;
  return Number(match.groups.amount.replace(',', '.'));
}

const CURRENCY_MARKS = /\s*(?:€|eur|euro)\s*/gi;

/**
 * A price cell in cents: "1.234,56 €", "12,50 EUR", "€ 12.50". German notation is tried first (the
 * files come from German dealers), then English when the text ends in a decimal point and one or
 * two digits, with the shared money parser; an amount neither reads plainly is refused, not guessed.
 */
export function parsePriceCell(cell: string): { ok: true; cents: number } | { ok: false } {
  const text = cell.replace(CURRENCY_MARKS, ' ').trim();
  const german = parseAmount(text, 'de');
  if (german.ok) return german;
  // English only with a decimal point: "12,505" (three German decimals?) is refused, not read as 12 505 euros.
  if (!/\.\d{1,2}$/.test(text)) return { ok: false };
  const english = parseAmount(text, 'en');
  return english.ok ? english : { ok: false };
}

/**
 * The part number a description starts with ("1K0 615 301 AA Bremsscheibe" → "1K0 615 301 AA"), or
 * null: the leading words written in capitals and digits only, with a run of three digits and
 * five digits in all (four with a letter, "HU 719/7 X"). "5W-30 Motoröl", "H7 12V 55W Lampe" and
 * "100 Stück Kabelbinder" start with none.
 */
export function leadingPartNumber(description: string): string | null {
  const words: string[] = [];
  for (const word of description.trim().split(/\s+/)) {
    if (!/^[A-Z0-9][A-Z0-9.\-/]*$/.test(word)) break;
    words.push(word);
  }
  const prefix = words.join(' ');
  const digits = prefix.replace(/\D/g, '').length;
  if (!/\d{3}/.test(prefix)) return null;
  return digits >= 5 || (digits >= 4 && /[A-Z]/.test(prefix)) ? prefix : null;
}

/** A number or an amount as a cell holds it: "2", "2 Stk", "1,5 l", "45,90 €", "€ 1.234,56". */
const VALUE = String.raw`(?:€\s*)?\d{1,3}(?:[.,]\d{3})*(?:[.,]\d{1,3})?(?:\s*(?:€|eur|euro|stk\.?|st\.?|stück|pcs?|l|kg|%))?`;
const TWO_VALUES = new RegExp(`^${VALUE}\\s+${VALUE}$`, 'i');

/**
 * Whether a cell holds two values where one is meant: "2 45,90 €" (a quantity and a price a
 * printed order's columns ran together), "9,85 € 19,70 €". A part number with spaces is not
 * checked with this: "115 562" is one.
 */
export function holdsTwoValues(cell: string): boolean {
  return TWO_VALUES.test(cell.trim());
}

// ── Guessing the mapping ────────────────────────────────────────────────────────────────────────

const PART_NUMBER_CONTENT = /^(?=.*\d)[A-Z0-9][A-Z0-9 .\-/]{3,39}$/i;
const PRICE_CONTENT = /^(?:€\s*)?\d{1,3}(?:[.,]?\d{3})*[.,]\d{2}(?:\s*(?:€|EUR))?$/i;

type ContentScores = Record<Exclude<ColumnRole, 'ignore'>, number> & { position: number };

function scoreColumn(rows: string[][], column: number): ContentScores {
  const cells = rows
    .slice(0, 200)
    .map((row) => (row[column] ?? '').trim())
    .filter((cell) => cell !== '');
  const share = (test: (cell: string, index: number) => boolean) =>
    cells.length === 0 ? 0 : cells.filter(test).length / cells.length;
  return {
    position: share((cell, index) => cell === String(index + 1)),
    price: share((cell) => PRICE_CONTENT.test(cell)),
    quantity: share((cell) => {
      const quantity = parseQuantity(cell);
      return Number.isFinite(quantity) && quantity > 0 && quantity < 1000 && !PRICE_CONTENT.test(cell);
    }),
    partNumber: share((cell) => PART_NUMBER_CONTENT.test(cell) && /[0-9]{2,}/.test(cell) && !PRICE_CONTENT.test(cell)),
    description: share((cell) => /[a-zäöüß]{3,}/i.test(cell) && /\s/.test(cell)),
  };
}

/**
 * A first mapping for a file: from the header's labels when it has them, else (and for labels it
 * does not know) from what the cells look like. Each role but "ignore" is given to one column at
 * most; the person corrects the guess in the preview.
 */
export function guessRoles(header: string[] | null, rows: string[][]): ColumnRole[] {
  const width = Math.max(header?.length ?? 0, ...rows.slice(0, 200).map((row) => row.length), 0);
  const roles: (ColumnRole | null)[] = Array.from({ length: width }, () => null);
  const taken = new Set<ColumnRole>();
  if (header) {
    header.forEach((label, column) => {
      const role = roleOfLabel(label);
      if (role === null) return;
      if (role !== 'ignore' && taken.has(role)) {
        roles[column] = 'ignore';
        return;
      }
      roles[column] = role;
      if (role !== 'ignore') taken.add(role);
    });
  }
  const open = roles.flatMap((role, column) => (role === null ? [column] : []));
  const scores = new Map(open.map((column) => [column, scoreColumn(rows, column)]));
  for (const column of open) if ((scores.get(column)?.position ?? 0) > 0.9) roles[column] = 'ignore';
  // The most recognisable content first: prices and quantities are plainer than part numbers.
  for (const role of ['price', 'quantity', 'partNumber', 'description'] as const) {
    if (taken.has(role)) continue;
    let best: { column: number; score: number } | null = null;
    for (const column of open) {
      if (roles[column] !== null) continue;
      const score = scores.get(column)?.[role] ?? 0;
      if (score >= 0.6 && (best === null || score > best.score)) best = { column, score };
    }
    if (best) {
      roles[best.column] = role;
      taken.add(role);
    }
  }
  return roles.map((role) => role ?? 'ignore');
}

/** The mapping after a person gives `column` the role `role`: a column that had it before is ignored. */
export function assignRole(roles: readonly ColumnRole[], column: number, role: ColumnRole): ColumnRole[] {
  return roles.map((current, index) => {
    if (index === column) return role;
    return role !== 'ignore' && current === role ? 'ignore' : current;
  });
}

/** Whether a mapping can give lines at all: a line needs a part number or a description. */
export function mappingNamesAPart(roles: readonly ColumnRole[]) {
  return roles.includes('partNumber') || roles.includes('description');
}

// ── Applying it ─────────────────────────────────────────────────────────────────────────────────

export type MappingOptions = {
  /** The note a price becomes ("Preis laut Datei: 12,50 €"), in the person's language. */
  priceNote: (cents: number) => string;
};

const cellOf = (row: readonly string[], roles: readonly ColumnRole[], role: ColumnRole) => {
  const column = roles.indexOf(role);
  return column === -1 ? '' : (row[column] ?? '');
};

/**
 * One file row as an inquiry line. The inquiry has no price: a mapped price is carried into the
 * line's note. Without a quantity column a line asks for one piece. Problems are the line
 * contract's messages (part number and text lengths, the quantity a whole number 1–9999, part
 * number or description) and the money parser's for a price that does not read as an amount.
 * Also flagged (issue 24 §10): a description starting with a part number while the part number
 * is empty, and a cell holding two values (in the quantity or price column, or, while one of
 * those is not mapped, in an ignored one).
 */
export function mapRow(
  row: readonly string[],
  index: number,
  roles: readonly ColumnRole[],
  options: MappingOptions,
): MappedLine {
  const problems: MappedLine['problems'] = {};
  const priceCell = cellOf(row, roles, 'price').trim();
  let note = '';
  if (priceCell !== '') {
    const price = parsePriceCell(priceCell);
    if (price.ok) note = options.priceNote(price.cents);
    else problems.price = holdsTwoValues(priceCell) ? 'cellHoldsTwoValues' : 'priceInvalid';
  }
  const quantityCell = cellOf(row, roles, 'quantity');
  if (holdsTwoValues(quantityCell)) problems.quantity = 'cellHoldsTwoValues';
  const line = {
    // Runs of spaces (a PDF's column gaps) are one space; the number is otherwise kept as written.
    part_number: cellOf(row, roles, 'partNumber').trim().replace(/\s+/g, ' '),
    description: cellOf(row, roles, 'description').trim().replace(/\s+/g, ' '),
    quantity: roles.includes('quantity') ? parseQuantity(quantityCell) : 1,
    note,
  };
  const result = v.safeParse(inquiryLineInputSchema, line satisfies InquiryLineInput);
  if (!result.success) {
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key;
      const field: LineProblemField =
        key === 'part_number' || key === 'description' || key === 'quantity' || key === 'note' ? key : 'line';
      problems[field] ??= issue.message as MessageId;
    }
  }
  // What a printed order's columns ran together is flagged, never taken over in part or with a default.
  if (line.part_number === '' && leadingPartNumber(line.description) !== null) {
    problems[roles.includes('partNumber') ? 'part_number' : 'description'] ??= 'partNumberInDescription';
  }
  const unmappedNumbers = !roles.includes('quantity') || !roles.includes('price');
  if (unmappedNumbers && roles.some((role, column) => role === 'ignore' && holdsTwoValues(row[column] ?? ''))) {
    problems.line ??= 'ignoredCellHoldsTwoValues';
  }
  const formulaColumns = roles.flatMap((role, column) =>
    role !== 'ignore' && isFormulaLike(row[column] ?? '') ? [column] : [],
  );
  return { row: index, line, problems, formulaColumns };
}

export function isLineValid(line: MappedLine) {
  return Object.keys(line.problems).length === 0;
}

/** The rows of a file with the person's cell fixes applied (`edits` keyed `row:column`). */
export function editedRow(rows: readonly string[][], edits: Readonly<Record<string, string>>, index: number) {
  const row = rows[index] ?? [];
  let changed: string[] | null = null;
  for (let column = 0; column < row.length; column++) {
    const edit = edits[`${index}:${column}`];
    if (edit !== undefined) {
      changed ??= [...row];
      changed[column] = edit;
    }
  }
  return changed ?? row;
}

export const editKey = (row: number, column: number) => `${row}:${column}`;

/** Every row of the file as a line (dropped ones included: the preview shows them to be restored). */
export function mapRows(
  rows: readonly string[][],
  edits: Readonly<Record<string, string>>,
  roles: readonly ColumnRole[],
  options: MappingOptions,
): MappedLine[] {
  return rows.map((_, index) => mapRow(editedRow(rows, edits, index), index, roles, options));
}
