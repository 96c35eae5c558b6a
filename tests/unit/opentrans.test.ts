import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { orderIdOf } from '../../server/trade/opentrans/apply-document';
import { centsToDecimal, orderDocumentXml } from '../../server/trade/opentrans/order-document';
import { readOpenTransDocument } from '../../server/trade/opentrans/read-document';

/*
 * openTRANS documents without a database (ADR 042): the ORDER the portal writes, read back as an
 * ERP reads it, and the ERP's answers as real files arrive (ISO-8859-1, with or without the bmecat
 * prefix, with extensions the portal ignores).
 */

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, '../fixtures/opentrans', name)));
const utf8 = (text: string) => new TextEncoder().encode(text);

const source = {
  order: {
    id: 42,
    createdAt: new Date('2026-11-25T08:30:00Z'),
    customerNumber: 'KD-4711',
    partDealerId: 1001,
    currency: 'EUR',
    totalCents: 2 * (4599 + 500) + 1899 + 590,
    handover: 'pickup' as const,
    note: 'Wir holen gegen 15 Uhr ab.',
  },
  lines: [
    {
      id: 501,
      partNumber: '1K0 615 301 AA',
      brand: 'ATE',
      description: 'Bremsscheibe vorne',
      quantity: 2,
      netPriceCents: 4599,
      depositCents: 500,
      promisedOn: '2026-11-27',
    },
    {
      id: 502,
      partNumber: '5Q0 698 151 A',
      brand: '',
      description: 'Bremsbeläge & Sensor',
      quantity: 1,
      netPriceCents: 1899,
      depositCents: 0,
      promisedOn: null,
    },
  ],
  workshopName: 'Autohaus Müller & Söhne',
  dealerName: 'Teile Nord GmbH',
  generatedAt: new Date('2026-11-26T10:00:00Z'),
};

describe('the ORDER document', () => {
  const xml = orderDocumentXml(source);
  // Read as an ERP reads it: namespaces as written, every element kept.
  const read = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => name === 'ORDER_ITEM',
  }).parse(xml);
  const order = read.ORDER;
  const info = order.ORDER_HEADER.ORDER_INFO;
  const [first, second] = order.ORDER_ITEM_LIST.ORDER_ITEM;

  test('is openTRANS 2.1 with the BMEcat namespace', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(order['@_xmlns']).toBe('http://www.opentrans.org/XMLSchema/2.1');
    expect(order['@_xmlns:bmecat']).toBe('http://www.bmecat.org/bmecat/2005');
    expect(order['@_version']).toBe('2.1');
  });

  test('pickup or delivery and the workshop’s note travel in TRANSPORT and REMARKS', () => {
    expect(info.TRANSPORT).toEqual({ INCOTERM: 'EXW', TRANSPORT_REMARK: 'Abholung durch die Werkstatt' });
    expect(info.REMARKS).toEqual({ '@_type': 'general', '#text': 'Wir holen gegen 15 Uhr ab.' });
    const delivered = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(
      orderDocumentXml({ ...source, order: { ...source.order, handover: 'delivery', note: '' } }),
    ).ORDER.ORDER_HEADER.ORDER_INFO;
    expect(delivered.TRANSPORT.INCOTERM).toBe('DAP');
    expect(delivered.REMARKS).toBeUndefined();
  });

  test('the workshop is the buyer under its customer number; the dealer is the supplier', () => {
    expect(info.ORDER_ID).toBe('42');
    expect(info.ORDER_DATE).toBe('2026-11-25T08:30:00.000Z');
    const [buyer, supplier] = info.PARTIES.PARTY;
    expect(buyer.PARTY_ROLE).toBe('buyer');
    expect(buyer['bmecat:PARTY_ID']).toEqual({ '#text': 'KD-4711', '@_type': 'supplier_specific' });
    expect(buyer.ADDRESS['bmecat:NAME']).toBe('Autohaus Müller & Söhne');
    expect(xml).toContain('<bmecat:NAME>Autohaus Müller &amp; Söhne</bmecat:NAME>');
    expect(supplier.PARTY_ROLE).toBe('supplier');
    expect(supplier.ADDRESS['bmecat:NAME']).toBe('Teile Nord GmbH');
    expect(info.ORDER_PARTIES_REFERENCE['bmecat:BUYER_IDREF']['#text']).toBe('KD-4711');
    expect(info['bmecat:CURRENCY']).toBe('EUR');
  });

  test('each line: position, part number, description, pieces, net price, deposit as a surcharge, requested day', () => {
    expect(first.LINE_ITEM_ID).toBe('1');
    expect(first.PRODUCT_ID['bmecat:SUPPLIER_PID']).toBe('1K0 615 301 AA');
    expect(first.PRODUCT_ID['bmecat:DESCRIPTION_SHORT']).toBe('ATE Bremsscheibe vorne');
    expect(first.QUANTITY).toBe('2');
    expect(first['bmecat:ORDER_UNIT']).toBe('C62');
    expect(first.PRODUCT_PRICE_FIX['bmecat:PRICE_AMOUNT']).toBe('45.99');
    const deposit = first.PRODUCT_PRICE_FIX.ALLOW_OR_CHARGES_FIX.ALLOW_OR_CHARGE;
    expect(deposit['@_type']).toBe('surcharge');
    expect(deposit.ALLOW_OR_CHARGE_TYPE).toBe('deposit');
    expect(deposit.ALLOW_OR_CHARGE_VALUE.AOC_MONETARY_AMOUNT).toBe('5.00');
    expect(first.PRICE_LINE_AMOUNT).toBe('101.98');
    expect(first.DELIVERY_DATE).toEqual({ DELIVERY_START_DATE: '2026-11-27', DELIVERY_END_DATE: '2026-11-27' });
    // No deposit, no surcharge; no promised day, no requested delivery.
    expect(second.LINE_ITEM_ID).toBe('2');
    expect(second.PRODUCT_PRICE_FIX.ALLOW_OR_CHARGES_FIX).toBeUndefined();
    expect(second.DELIVERY_DATE).toBeUndefined();
    expect(second.PRODUCT_ID['bmecat:DESCRIPTION_SHORT']).toBe('Bremsbeläge & Sensor');
  });

  test('the summary counts the lines and carries the order total (goods, deposit, freight)', () => {
    expect(order.ORDER_SUMMARY).toEqual({ TOTAL_ITEM_NUM: '2', TOTAL_AMOUNT: '126.87' });
  });

  test('an ERP answer built from it reads back onto its line ids', () => {
    const response = `<?xml version="1.0"?><ORDERRESPONSE xmlns="http://www.opentrans.org/XMLSchema/2.1"><ORDERRESPONSE_HEADER><ORDERRESPONSE_INFO><ORDER_ID>${info.ORDER_ID}</ORDER_ID></ORDERRESPONSE_INFO></ORDERRESPONSE_HEADER><ORDERRESPONSE_ITEM_LIST>${order.ORDER_ITEM_LIST.ORDER_ITEM.map(
      (item: { LINE_ITEM_ID: string; QUANTITY: string }) =>
        `<ORDERRESPONSE_ITEM><LINE_ITEM_ID>${item.LINE_ITEM_ID}</LINE_ITEM_ID><QUANTITY>${item.QUANTITY}</QUANTITY></ORDERRESPONSE_ITEM>`,
    ).join('')}</ORDERRESPONSE_ITEM_LIST></ORDERRESPONSE>`;
    expect(readOpenTransDocument(utf8(response))).toEqual({
      ok: true,
      document: {
        kind: 'ORDERRESPONSE',
        order_id: '42',
        items: [
          { line_item_id: '1', quantity: 2, delivery_date: null, remarks: '' },
          { line_item_id: '2', quantity: 1, delivery_date: null, remarks: '' },
        ],
      },
    });
  });
});

describe('reading what ERPs send', () => {
  test('an ISO-8859-1 ORDERRESPONSE with the bmecat prefix: umlauts, a reference as ORDER_ID, the end date', () => {
    expect(readOpenTransDocument(fixture('orderresponse-iso-8859-1.xml'))).toEqual({
      ok: true,
      document: {
        kind: 'ORDERRESPONSE',
        order_id: 'Bestellung 42',
        items: [
          { line_item_id: '1', quantity: 2, delivery_date: '2026-12-04', remarks: '' },
          {
            line_item_id: '2',
            quantity: 0,
            delivery_date: null,
            remarks: 'Größe ausgelaufen, Nachfolger über Außendienst',
          },
        ],
      },
    });
  });

  test('a UTF-8 ORDERRESPONSE without any prefix, with an extension the portal ignores', () => {
    const read = readOpenTransDocument(fixture('orderresponse-no-prefix-utf8.xml'));
    expect(read).toEqual({
      ok: true,
      document: {
        kind: 'ORDERRESPONSE',
        order_id: '42',
        items: [{ line_item_id: '1', quantity: 2, delivery_date: null, remarks: '' }],
      },
    });
  });

  test('a DISPATCHNOTIFICATION: shipment, tracking URL with its &amp; decoded, partial deliveries, order reference', () => {
    expect(readOpenTransDocument(fixture('dispatchnotification-iso-8859-1.xml'))).toEqual({
      ok: true,
      document: {
        kind: 'DISPATCHNOTIFICATION',
        shipment_id: '00340434161094042557',
        tracking_url: 'https://tracking.example/?id=00340434161094042557&lang=de',
        items: [{ order_id: '42', line_item_id: '1', quantity: 2, partial_quantities: [2] }],
      },
    });
  });

  test('an explicit opentrans prefix reads the same as the default namespace', () => {
    const xml =
      '<ot:ORDERRESPONSE xmlns:ot="http://www.opentrans.org/XMLSchema/2.1"><ot:ORDERRESPONSE_HEADER><ot:ORDERRESPONSE_INFO><ot:ORDER_ID>7</ot:ORDER_ID></ot:ORDERRESPONSE_INFO></ot:ORDERRESPONSE_HEADER><ot:ORDERRESPONSE_ITEM_LIST><ot:ORDERRESPONSE_ITEM><ot:LINE_ITEM_ID>1</ot:LINE_ITEM_ID><ot:QUANTITY>1</ot:QUANTITY></ot:ORDERRESPONSE_ITEM></ot:ORDERRESPONSE_ITEM_LIST></ot:ORDERRESPONSE>';
    expect(readOpenTransDocument(utf8(xml))).toMatchObject({ ok: true, document: { order_id: '7' } });
  });

  test.each([
    ['an ORDER (the portal writes those, it reads none)', orderDocumentXml(source), 'openTransUnknownDocument'],
    ['broken XML', '<ORDERRESPONSE><A></ORDERRESPONSE>', 'openTransUnreadable'],
    [
      'no items',
      '<ORDERRESPONSE><ORDERRESPONSE_HEADER><ORDERRESPONSE_INFO><ORDER_ID>1</ORDER_ID></ORDERRESPONSE_INFO></ORDERRESPONSE_HEADER></ORDERRESPONSE>',
      'openTransNoItems',
    ],
    [
      'a fractional quantity',
      '<ORDERRESPONSE><ORDERRESPONSE_HEADER><ORDERRESPONSE_INFO><ORDER_ID>1</ORDER_ID></ORDERRESPONSE_INFO></ORDERRESPONSE_HEADER><ORDERRESPONSE_ITEM_LIST><ORDERRESPONSE_ITEM><LINE_ITEM_ID>1</LINE_ITEM_ID><QUANTITY>1.5</QUANTITY></ORDERRESPONSE_ITEM></ORDERRESPONSE_ITEM_LIST></ORDERRESPONSE>',
      'openTransQuantityInvalid',
    ],
    [
      'a missing ORDER_ID',
      '<ORDERRESPONSE><ORDERRESPONSE_ITEM_LIST><ORDERRESPONSE_ITEM><LINE_ITEM_ID>1</LINE_ITEM_ID><QUANTITY>1</QUANTITY></ORDERRESPONSE_ITEM></ORDERRESPONSE_ITEM_LIST></ORDERRESPONSE>',
      'openTransFieldInvalid',
    ],
    ['a DOCTYPE', '<!DOCTYPE ORDERRESPONSE SYSTEM "http://example.com/x.dtd"><ORDERRESPONSE/>', 'openTransDoctype'],
    ['deep nesting', `<ORDERRESPONSE>${'<A>'.repeat(100)}${'</A>'.repeat(100)}</ORDERRESPONSE>`, 'openTransTooDeep'],
  ])('refuses %s', (_name, xml, messageId) => {
    expect(readOpenTransDocument(utf8(xml))).toEqual({ ok: false, messageId });
  });

  test('refuses more than 1 MB by its bytes, before decoding', () => {
    expect(readOpenTransDocument(new Uint8Array(1024 * 1024 + 1))).toEqual({
      ok: false,
      messageId: 'openTransTooLarge',
    });
  });

  test('refuses UTF-16', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('<ORDERRESPONSE/>', 'utf16le')]);
    expect(readOpenTransDocument(utf16)).toEqual({ ok: false, messageId: 'openTransEncoding' });
  });
});

describe('ids and amounts', () => {
  test.each([
    ['42', 42],
    ['Bestellung 42', 42],
    ['order 42', 42],
    [' 42 ', 42],
    ['AB-42', null],
    ['Bestellung', null],
  ])('ORDER_ID %j is the portal order %j', (reference, id) => {
    expect(orderIdOf(reference)).toBe(id);
  });

  test.each([
    [0, '0.00'],
    [5, '0.05'],
    [4599, '45.99'],
    [123456789, '1234567.89'],
    [-250, '-2.50'],
  ])('%i cents are %s', (cents, decimal) => {
    expect(centsToDecimal(cents)).toBe(decimal);
  });
});
