import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../common/format/formats';
import type { OrderFileReadResult } from '../../common/upload/order-file';
import { guessRoles, isLineValid, mapRows } from '../../common/upload/order-file-mapping';
import { readOrderFile } from '../../src/upload/read-order-file';

/*
 * Issue 24 §10: order PDFs printed by other programs than the portal's own test generator are read
 * into the right lines with the right quantities. The corpus in tests/fixtures/order-pdfs/ is made
 * by scripts/make-order-pdfs.ts (Chromium's print to PDF, groff, pdfkit) and committed.
 */
const corpus = path.resolve(import.meta.dirname, '../fixtures/order-pdfs');
const options = { priceNote: (cents: number) => `Preis laut Datei: ${formatMoney(cents, 'de')}` };

async function readCorpusFile(name: string) {
  const result: OrderFileReadResult = await readOrderFile(new Uint8Array(readFileSync(path.join(corpus, name))), name);
  if (!result.ok) throw new Error(`expected a table from ${name}, got the failure ${result.failure}`);
  return result.table;
}

const header = ['Pos', 'Artikelnummer', 'Bezeichnung', 'Menge', 'Preis'];
const rows = [
  ['1', '1K0 615 301 AA', 'Bremsscheibe belüftet vorne', '2', '45,90 €'],
  ['2', '03L 115 562', 'Ölfilter', '1', '9,85 €'],
  ['3', '5Q0 129 620 B', 'Luftfilter', '12', '1.234,56 €'],
];
const lines = [
  { part_number: '1K0 615 301 AA', description: 'Bremsscheibe belüftet vorne', quantity: 2, cents: 4590 },
  { part_number: '03L 115 562', description: 'Ölfilter', quantity: 1, cents: 985 },
  { part_number: '5Q0 129 620 B', description: 'Luftfilter', quantity: 12, cents: 123456 },
];

describe.each([
  ['chromium-order.pdf', "Chromium's print to PDF of an HTML table"],
  ['chromium-compact.pdf', 'the same, a compact table with labels left-aligned over right-aligned numbers'],
  ['groff-order.pdf', 'groff with a tbl table'],
  ['groff-narrow.pdf', 'groff with columns 1n apart, which pdf.js joins into one text'],
  ['pdfkit-order.pdf', 'a pdfkit report with header labels a few points apart'],
])('%s (%s)', (file) => {
  it('is read into its three lines, cell by cell', async () => {
    const table = await readCorpusFile(file);
    expect(table.header).toEqual(header);
    expect(table.rows).toEqual(rows);
  });

  it('gives the right part numbers, descriptions, quantities and prices with the guessed mapping', async () => {
    const table = await readCorpusFile(file);
    const roles = guessRoles(table.header, table.rows);
    expect(roles).toEqual(['ignore', 'partNumber', 'description', 'quantity', 'price']);
    const mapped = mapRows(table.rows, {}, roles, options);
    expect(mapped.every(isLineValid)).toBe(true);
    expect(mapped.map(({ line }) => line)).toEqual(
      lines.map(({ cents, ...line }) => ({ ...line, note: options.priceNote(cents) })),
    );
  });
});

describe('pdfkit-problems.pdf: a part number printed in the description, quantity and price in one cell', () => {
  it('reads the cells as printed and flags both lines in the preview, with no default quantity', async () => {
    const table = await readCorpusFile('pdfkit-problems.pdf');
    expect(table.rows).toEqual([
      ['1', '', '1K0 615 301 AA Bremsscheibe', '2', '45,90 €'],
      ['2', '03L 115 562', 'Ölfilter', '', '1 9,85 €'],
      ['3', '5Q0 129 620 B', 'Luftfilter', '12', '1.234,56 €'],
    ]);
    const roles = guessRoles(table.header, table.rows);
    expect(roles).toEqual(['ignore', 'partNumber', 'description', 'quantity', 'price']);
    const [first, second, third] = mapRows(table.rows, {}, roles, options);
    expect(first?.problems).toEqual({ part_number: 'partNumberInDescription' });
    expect(second?.problems).toMatchObject({ price: 'cellHoldsTwoValues', quantity: 'quantityInvalid' });
    expect(third && isLineValid(third)).toBe(true);
  });
});
