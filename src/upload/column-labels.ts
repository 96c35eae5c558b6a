/**
 * How a header row is recognised in an order file: column labels as German dealers, DMS exports
 * and international shops print them. Kept apart from the parsers so the CSV and the PDF reader
 * share one vocabulary.
 */

/** Lower case, letters and digits only: "Art.-Nr." → "artnr", "OE-Nummer" → "oenummer". */
export function normaliseLabel(text: string): string {
  return text.toLocaleLowerCase('de-DE').replace(/[^\p{L}\p{N}]/gu, '');
}

const exactLabels = new Set([
  // position
  'pos',
  'position',
  'posnr',
  'lfdnr',
  'nr',
  'no',
  // part number
  'artikel',
  'artikelnr',
  'artikelnummer',
  'artnr',
  'teilenummer',
  'teilenr',
  'teilnr',
  'oe',
  'oenr',
  'oenummer',
  'originalnummer',
  'herstellernummer',
  'herstellernr',
  'bestellnummer',
  'bestellnr',
  'referenz',
  'ref',
  'sku',
  'ean',
  'part',
  'partno',
  'partnumber',
  'item',
  'itemno',
  'article',
  'articleno',
  'articlenumber',
  // description
  'bezeichnung',
  'artikelbezeichnung',
  'beschreibung',
  'text',
  'name',
  'produkt',
  'description',
  // quantity and unit
  'menge',
  'anzahl',
  'stück',
  'stk',
  'qty',
  'quantity',
  'einheit',
  'me',
  'unit',
  // prices
  'preis',
  'einzelpreis',
  'ep',
  'stückpreis',
  'listenpreis',
  'nettopreis',
  'bruttopreis',
  'gesamt',
  'gesamtpreis',
  'gp',
  'betrag',
  'price',
  'unitprice',
  'total',
  'amount',
  'rabatt',
  'discount',
  // others an order prints
  'hersteller',
  'marke',
  'brand',
  'manufacturer',
  'lieferzeit',
  'verfügbarkeit',
]);

/** Labels that come with a suffix: "Preis (EUR)", "Menge in Stk", "Artikelnummer Hersteller". */
const labelPrefixes = [
  'artikel',
  'teilenummer',
  'bezeichnung',
  'beschreibung',
  'menge',
  'anzahl',
  'preis',
  'einzelpreis',
  'gesamt',
  'position',
  'quantity',
  'price',
  'description',
  'partnumber',
];

/** Whether a text is one column label as it stands ("Artikel Nr.", "Pos. Nr."), not one with a suffix. */
export function isWholeColumnLabel(text: string): boolean {
  return exactLabels.has(normaliseLabel(text));
}

/** Whether a cell reads as a column label of an order table. */
export function isColumnLabel(text: string): boolean {
  const label = normaliseLabel(text);
  if (label.length === 0 || label.length > 24) return false;
  return exactLabels.has(label) || labelPrefixes.some((prefix) => label.startsWith(prefix));
}

/**
 * Whether a cell is a number, an amount or a quantity with a unit ("2", "1,5 l", "1.234,56 €",
 * "45.90", "-3"). Part numbers mixing letters and digits ("1K0 615 301 AA") are not.
 */
export function isNumberLike(text: string): boolean {
  return /^(€\s*)?[-+]?(\d+|\d{1,3}([.,' ]\d{3})+)([.,]\d+)?\s*(€|eur|euro|stk\.?|st\.?|stück|pcs?|l|kg|g|m|%)?$/iu.test(
    text.trim(),
  );
}
