import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { chromeFlags, chromePath } from './chromium';

/**
 * `node --import tsx scripts/make-order-pdfs.ts [pdfkit|groff|chromium]`: remakes the corpus of order PDFs in
 * tests/fixtures/order-pdfs/ (issue 24 §10), each printed by another program, as workshops receive
 * them. The PDFs are committed; this script says how each was made:
 *  - chromium-order.pdf: Debian's Chromium, `--headless --print-to-pdf` of chromium-order.html
 *    (an HTML table, numbers right-aligned by CSS);
 *  - chromium-compact.pdf: the same of chromium-compact.html, a compact table (9 pt, 2 px
 *    padding) whose labels are left-aligned over right-aligned numbers;
 *  - groff-order.pdf: `groff -k -t -ms -Tpdf groff-order.ms` (Debian package groff: a tbl table,
 *    numbers right-aligned);
 *  - groff-narrow.pdf: the same of groff-narrow.ms, columns only 1n apart: pdf.js gives
 *    "Pos Artikelnummer", "Menge Preis" and "12 1.234,56 €" as one text each;
 *  - pdfkit-order.pdf: the pdfkit library as a DMS's report generator uses it, drawn below: narrow
 *    columns whose header labels stand 3 points apart, numbers and their headers right-aligned;
 *  - pdfkit-problems.pdf: the same report with a part number printed at the start of the
 *    description (its own column empty) and a quantity and price printed into one cell.
 * LibreOffice is not used: it is not installed here, and its packages are too large to add.
 */
const folder = path.resolve(import.meta.dirname, '../tests/fixtures/order-pdfs');
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

type Row = [position: string, partNumber: string, description: string, quantity: string, price: string];

/** The three lines every corpus PDF prints (the first with quantity 2). */
export const corpusRows: Row[] = [
  ['1', '1K0 615 301 AA', 'Bremsscheibe belüftet vorne', '2', '45,90 €'],
  ['2', '03L 115 562', 'Ölfilter', '1', '9,85 €'],
  ['3', '5Q0 129 620 B', 'Luftfilter', '12', '1.234,56 €'],
];

const problemRows: Row[] = [
  ['1', '', '1K0 615 301 AA Bremsscheibe', '2', '45,90 €'],
  ['2', '03L 115 562', 'Ölfilter', '', '1 9,85 €'],
  ['3', '5Q0 129 620 B', 'Luftfilter', '12', '1.234,56 €'],
];

function pdfkitOrder(file: string, rows: Row[]) {
  // Fixed dates and no compression keep the bytes the same on every run.
  const document = new PDFDocument({
    size: 'A4',
    margin: 40,
    compress: false,
    info: { CreationDate: new Date('2026-11-02T08:00:00Z'), ModDate: new Date('2026-11-02T08:00:00Z') },
  });
  document.pipe(createWriteStream(path.join(folder, file)));
  const size = 9;
  document.font('Helvetica-Bold').fontSize(14).text('Kfz-Teile Sommer OHG', 40, 40, { lineBreak: false });
  document
    .font('Helvetica')
    .fontSize(8)
    .text('Bestellung 88213 vom 02.11.2026 · Seite 1', 40, 60, { lineBreak: false });
  // Column edges: left-aligned texts start at `left`, right-aligned numbers end at `right`.
  const columns = [
    { left: 40, align: 'left' },
    { left: 59, align: 'left' },
    { left: 128, align: 'left' },
    { right: 270, align: 'right' },
    { right: 322, align: 'right' },
  ] as const;
  const draw = (font: string, texts: readonly string[], y: number) => {
    document.font(font).fontSize(size);
    texts.forEach((text, index) => {
      const column = columns[index];
      if (!column || text === '') return;
      const x = column.align === 'left' ? column.left : column.right - document.widthOfString(text);
      document.text(text, x, y, { lineBreak: false });
    });
  };
  draw('Helvetica-Bold', ['Pos', 'Artikelnummer', 'Bezeichnung', 'Menge', 'Preis'], 90);
  document.moveTo(40, 101).lineTo(322, 101).lineWidth(0.5).stroke();
  for (const [index, row] of rows.entries()) draw('Helvetica', row, 106 + index * 12);
  draw('Helvetica-Bold', ['', '', 'Summe netto', '', '1.336,21 €'], 106 + rows.length * 12 + 8);
  document.end();
}

if (wanted('pdfkit')) {
  pdfkitOrder('pdfkit-order.pdf', corpusRows);
  pdfkitOrder('pdfkit-problems.pdf', problemRows);
}
if (wanted('groff')) {
  for (const name of ['groff-order', 'groff-narrow']) {
    const pdf = execFileSync('groff', ['-k', '-t', '-ms', '-Tpdf', path.join(folder, `${name}.ms`)]);
    writeFileSync(path.join(folder, `${name}.pdf`), pdf);
  }
}
if (wanted('chromium')) {
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath}`);
  for (const name of ['chromium-order', 'chromium-compact']) {
    execFileSync(chromePath, [
      ...chromeFlags,
      '--no-pdf-header-footer',
      `--print-to-pdf=${path.join(folder, `${name}.pdf`)}`,
      `file://${path.join(folder, `${name}.html`)}`,
    ]);
  }
}
