import { describe, expect, test } from 'vitest';
import { LINE_MAX_QUANTITY, LINE_TEXT_MAX_LENGTH, PART_NUMBER_MAX_LENGTH } from '../../common/contracts/trading';
import { formatMoney } from '../../common/format/formats';
import type { ColumnRole } from '../../common/upload/order-file';
import {
  assignRole,
  editedRow,
  guessRoles,
  holdsTwoValues,
  isFormulaLike,
  isLineValid,
  leadingPartNumber,
  mappingNamesAPart,
  mapRow,
  mapRows,
  parsePriceCell,
  parseQuantity,
  roleOfLabel,
} from '../../common/upload/order-file-mapping';

const options = { priceNote: (cents: number) => `Preis laut Datei: ${formatMoney(cents, 'de')}` };

describe('header labels', () => {
  test.each([
    ['Teilenummer', 'partNumber'],
    ['Artikelnummer', 'partNumber'],
    ['Art.-Nr.', 'partNumber'],
    ['OE-Nummer', 'partNumber'],
    ['Part number', 'partNumber'],
    ['Menge', 'quantity'],
    ['Anzahl', 'quantity'],
    ['Qty', 'quantity'],
    ['Quantity', 'quantity'],
    ['Bezeichnung', 'description'],
    ['Beschreibung', 'description'],
    ['Description', 'description'],
    ['Preis', 'price'],
    ['Einzelpreis', 'price'],
    ['EP', 'price'],
    ['Price', 'price'],
    ['Unit price', 'price'],
    ['Pos', 'ignore'],
    ['Pos.', 'ignore'],
    ['Gesamt', 'ignore'],
    ['Einheit', 'ignore'],
    ['Lieferzeit', null],
    ['', null],
  ] as const)('%s → %s', (label, role) => {
    expect(roleOfLabel(label)).toBe(role);
  });
});

describe('guessing a mapping', () => {
  test('from a German header; a role named twice goes to the first column only', () => {
    expect(
      guessRoles(['Pos.', 'Art.-Nr.', 'Bezeichnung', 'Menge', 'Einheit', 'EP', 'Gesamt', 'Teilenummer'], []),
    ).toEqual(['ignore', 'partNumber', 'description', 'quantity', 'ignore', 'price', 'ignore', 'ignore']);
  });

  test('from an English header', () => {
    expect(guessRoles(['Part number', 'Description', 'Qty', 'Unit price'], [])).toEqual([
      'partNumber',
      'description',
      'quantity',
      'price',
    ]);
  });

  test('without a header, from the content', () => {
    const rows = [
      ['1', '1K0 615 301 AA', 'Bremsscheibe vorne belüftet', '2', '89,90 €'],
      ['2', '1K0 698 151 A', 'Bremsbelagsatz vorne', '1 Stk', '54,20 €'],
      ['3', '03L 115 562', 'Ölfilter mit Dichtung', '1', '12,50 €'],
    ];
    expect(guessRoles(null, rows)).toEqual(['ignore', 'partNumber', 'description', 'quantity', 'price']);
  });

  test('an unknown label is guessed from its cells', () => {
    const rows = [
      ['0 986 494 123', 'x', '4'],
      ['0 986 494 124', 'y', '2'],
    ];
    expect(guessRoles(['Bosch-Nr', 'Farbe', 'Lieferung'], rows)).toEqual(['partNumber', 'ignore', 'quantity']);
  });

  test('assigning a role moves it away from the column that had it', () => {
    const roles: ColumnRole[] = ['partNumber', 'description', 'quantity'];
    expect(assignRole(roles, 1, 'partNumber')).toEqual(['ignore', 'partNumber', 'quantity']);
    expect(assignRole(roles, 2, 'ignore')).toEqual(['partNumber', 'description', 'ignore']);
    expect(mappingNamesAPart(['quantity', 'price'])).toBe(false);
    expect(mappingNamesAPart(['quantity', 'description'])).toBe(true);
  });
});

describe('quantities', () => {
  test.each([
    ['2', 2],
    ['2 Stk', 2],
    ['2Stk.', 2],
    ['2,0', 2],
    ['1,5 l', 1.5],
    ['3 pcs', 3],
    [' 12 ', 12],
  ])('%s reads as %s', (cell, quantity) => {
    expect(parseQuantity(cell)).toBe(quantity);
  });

  test.each(['', 'zwei', '2 x 3', '-1', '1.000.000', '=1+1'])('%s is no quantity', (cell) => {
    expect(parseQuantity(cell)).toBeNaN();
  });
});

describe('prices', () => {
  test.each([
    ['1.234,56 €', 123456],
    ['12.50', 1250],
    ['12,50 EUR', 1250],
    ['€ 12,50', 1250],
    ['89,9', 8990],
    ['1,234.56', 123456],
  ])('%s is %s cents', (cell, cents) => {
    expect(parsePriceCell(cell)).toEqual({ ok: true, cents });
  });

  test.each(['12,505', 'gratis', '-5,00', '12 50'])('%s is refused', (cell) => {
    expect(parsePriceCell(cell).ok).toBe(false);
  });
});

describe('a row as an inquiry line', () => {
  const roles: ColumnRole[] = ['ignore', 'partNumber', 'description', 'quantity', 'price'];

  test('a valid row: the part number as written, the quantity read, the price in the note', () => {
    const mapped = mapRow(['1', '1K0  615 301 AA', 'Bremsscheibe', '2 Stk', '1.234,56 €'], 0, roles, options);
    expect(mapped.line).toEqual({
      part_number: '1K0 615 301 AA',
      description: 'Bremsscheibe',
      quantity: 2,
      note: 'Preis laut Datei: 1.234,56\u00a0€',
    });
    expect(mapped.problems).toEqual({});
    expect(isLineValid(mapped)).toBe(true);
  });

  test('a quantity that is not a whole number is a problem the person fixes (the contract decides)', () => {
    expect(mapRow(['1', 'X', 'Öl', '1,5 l', ''], 0, roles, options).problems).toEqual({ quantity: 'quantityInvalid' });
    expect(mapRow(['1', 'X', 'Öl', '', ''], 0, roles, options).problems).toEqual({ quantity: 'quantityInvalid' });
    expect(mapRow(['1', 'X', 'Öl', '0', ''], 0, roles, options).problems).toEqual({ quantity: 'quantityInvalid' });
    expect(mapRow(['1', 'X', 'Öl', String(LINE_MAX_QUANTITY + 1), ''], 0, roles, options).problems).toEqual({
      quantity: 'quantityInvalid',
    });
  });

  test('without a quantity column a line asks for one piece', () => {
    expect(mapRow(['A1'], 0, ['partNumber'], options).line.quantity).toBe(1);
  });

  test('a line needs a part number or a description', () => {
    expect(mapRow(['1', '', '', '2', ''], 0, roles, options).problems).toEqual({ line: 'lineNeedsPartOrDescription' });
  });

  test('texts beyond the contract limits are problems of their field', () => {
    const problems = mapRow(
      ['1', 'P'.repeat(PART_NUMBER_MAX_LENGTH + 1), 'D'.repeat(LINE_TEXT_MAX_LENGTH + 1), '1', ''],
      0,
      roles,
      options,
    ).problems;
    expect(problems).toEqual({ part_number: 'fieldTooLong', description: 'fieldTooLong' });
  });

  test('a price that does not read as an amount is a problem; an empty one is none', () => {
    expect(mapRow(['1', 'X', 'Öl', '1', 'auf Anfrage'], 0, roles, options).problems).toEqual({ price: 'priceInvalid' });
    expect(mapRow(['1', 'X', 'Öl', '1', ''], 0, roles, options).line.note).toBe('');
  });

  test('cells that look like formulas are kept as text and flagged, never evaluated', () => {
    expect(['=1+1', '+49', '-A', '@SUM(A1)', ' =x'].every(isFormulaLike)).toBe(true);
    expect(isFormulaLike('1K0=')).toBe(false);
    const mapped = mapRow(['=HYPERLINK("x")', '=1+1', '@Bremse', '2', ''], 0, roles, options);
    expect(mapped.line.part_number).toBe('=1+1');
    expect(mapped.line.description).toBe('@Bremse');
    // The ignored column's formula does not matter: it goes nowhere.
    expect(mapped.formulaColumns).toEqual([1, 2]);
  });

  test('fixes apply over the file cells, the rows themselves stay as read', () => {
    const rows = [
      ['1', 'A1', 'Öl', '1,5 l', ''],
      ['2', 'B2', 'Filter', '1', ''],
    ];
    const edits = { '0:3': '2' };
    expect(editedRow(rows, edits, 0)).toEqual(['1', 'A1', 'Öl', '2', '']);
    expect(editedRow(rows, edits, 1)).toBe(rows[1]);
    const lines = mapRows(rows, edits, roles, options);
    expect(lines.map((line) => [line.row, line.line.quantity, isLineValid(line)])).toEqual([
      [0, 2, true],
      [1, 1, true],
    ]);
    expect(rows[0]?.[3]).toBe('1,5 l');
  });
});

describe('what a printed order ran together is flagged, never taken over silently (issue 24 §10)', () => {
  const roles: ColumnRole[] = ['ignore', 'partNumber', 'description', 'quantity', 'price'];

  test.each([
    ['1K0 615 301 AA Bremsscheibe belüftet', '1K0 615 301 AA'],
    ['03L 115 562 Ölfilter', '03L 115 562'],
    ['0986494123 Bremsbelagsatz', '0986494123'],
    ['HU 719/7 X Ölfilter', 'HU 719/7 X'],
    ['N 911 455 02', 'N 911 455 02'],
    ['5W-30 Motoröl', null],
    ['H7 12V 55W Glühlampe', null],
    ['100 Stück Kabelbinder', null],
    ['Bremsscheibe 1K0 615 301 AA', null],
    ['', null],
  ])('the part number %j starts with is %j', (description, expected) => {
    expect(leadingPartNumber(description)).toBe(expected);
  });

  test.each([
    ['2 45,90 €', true],
    ['1 9,85', true],
    ['2 Stk 45,90 €', true],
    ['9,85 € 19,70 €', true],
    ['2', false],
    ['2 Stk', false],
    ['1.234,56 €', false],
    ['€ 45,90', false],
    ['1,5 l', false],
    ['auf Anfrage', false],
  ])('%j holds two values: %s', (cell, expected) => {
    expect(holdsTwoValues(cell)).toBe(expected);
  });

  test('a part number only inside the description, with the part number empty, is a problem of the part number', () => {
    const mapped = mapRow(['1', '', '1K0 615 301 AA Bremsscheibe', '2', ''], 0, roles, options);
    expect(mapped.problems).toEqual({ part_number: 'partNumberInDescription' });
    expect(isLineValid(mapped)).toBe(false);
    // Moved to where it belongs, the line is right.
    expect(mapRow(['1', '1K0 615 301 AA', 'Bremsscheibe', '2', ''], 0, roles, options).problems).toEqual({});
    // With no part number column at all, the description carries the problem (it is the cell to correct).
    const withoutColumn = mapRow(['1K0 615 301 AA Bremsscheibe', '2'], 0, ['description', 'quantity'], options);
    expect(withoutColumn.problems).toEqual({ description: 'partNumberInDescription' });
  });

  test('a quantity or price cell holding two values is a problem of that cell, not a guess', () => {
    expect(mapRow(['1', 'X1', 'Öl', '2 45,90 €', ''], 0, roles, options).problems).toEqual({
      quantity: 'cellHoldsTwoValues',
    });
    expect(mapRow(['1', 'X1', 'Öl', '2', '2 45,90 €'], 0, roles, options).problems).toEqual({
      price: 'cellHoldsTwoValues',
    });
  });

  test('quantity and price run together into an ignored column: the line is flagged, not read as one piece', () => {
    const merged: ColumnRole[] = ['ignore', 'partNumber', 'description', 'ignore'];
    const mapped = mapRow(['1', '1K0 615 301 AA', 'Bremsscheibe', '2 45,90 €'], 0, merged, options);
    expect(mapped.problems).toEqual({ line: 'ignoredCellHoldsTwoValues' });
    expect(isLineValid(mapped)).toBe(false);
    // Once quantity and price have their columns, what is ignored is the person's choice.
    const both: ColumnRole[] = ['ignore', 'partNumber', 'description', 'quantity', 'price', 'ignore'];
    expect(mapRow(['1', 'X1', 'Öl', '2', '45,90 €', '2 45,90 €'], 0, both, options).problems).toEqual({});
  });
});
