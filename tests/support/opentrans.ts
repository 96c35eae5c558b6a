import { normalisePartNumber, type OrderLineStatus } from '../../common/contracts/trading';
import type { Database } from '../../server/db/database';
import { orderLines, orders, quoteLines } from '../../server/db/schema';
import { insertInquiry, insertRecipient } from './trade-orders';

/*
 * openTRANS test material (ADR 042): an order written straight into the database with lines in
 * chosen states, and the ERP's answers as an ERP writes them (bmecat prefix or none, UTF-8 or
 * ISO-8859-1 bytes).
 */

export type TestLine = { status: OrderLineStatus; quantity?: number; partNumber?: string; promisedOn?: string };

/** An order of `workshop` at `dealer` with one line per entry, in the state it names. */
export async function insertOrderWithLines(
  db: Database,
  workshop: { organisationId: number; userId: number },
  dealer: { partDealerId: number; organisationId: number },
  lines: readonly TestLine[],
) {
  const { inquiry, lines: inquiryLines } = await insertInquiry(db, {
    workshopOrganisationId: workshop.organisationId,
    createdBy: workshop.userId,
    status: 'ordered',
    lines: lines.map((line, index) => ({
      partNumber: line.partNumber ?? `TEIL-${index + 1}`,
      description: `Teil ${index + 1}`,
      quantity: line.quantity ?? 2,
    })),
  });
  const recipient = await insertRecipient(db, inquiry.id, dealer, {
    customerNumber: 'KD-4711',
    quotes: inquiryLines.map((line) => ({
      inquiryLineId: line.id,
      offered: true,
      netPriceCents: 1250,
      depositCents: 300,
    })),
  });
  const quotes = await db.select().from(quoteLines);
  const [order] = await db
    .insert(orders)
    .values({
      inquiryId: inquiry.id,
      recipientId: recipient.id,
      workshopOrganisationId: workshop.organisationId,
      dealerOrganisationId: dealer.organisationId,
      partDealerId: dealer.partDealerId,
      customerNumber: 'KD-4711',
      totalCents: 0,
      placedBy: workshop.userId,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  const rows = await db
    .insert(orderLines)
    .values(
      inquiryLines.map((line, index) => ({
        orderId: order.id,
        inquiryLineId: line.id,
        quoteLineId:
          quotes.find((quote) => quote.inquiryLineId === line.id && quote.recipientId === recipient.id)?.id ?? 0,
        partNumber: line.partNumber,
        partNumberNormalised: normalisePartNumber(line.partNumber),
        description: line.description,
        quantity: line.quantity,
        netPriceCents: 1250,
        depositCents: 300,
        status: lines[index]?.status ?? 'placed',
        promisedOn: lines[index]?.promisedOn ?? '2026-12-01',
      })),
    )
    .returning();
  return { order, lines: rows.sort((a, b) => a.id - b.id) };
}

export type ResponseItem = { lineItemId: string; quantity: number | string; deliveryDate?: string; remarks?: string };

/** An ORDERRESPONSE as ERPs write it; `prefix: ''` leaves the bmecat prefix off. */
export function orderResponseXml(
  orderId: string,
  items: readonly ResponseItem[],
  options: { prefix?: string; encoding?: string } = {},
) {
  const bmecat = options.prefix ?? 'bmecat:';
  const body = items
    .map(
      (item) => `
    <ORDERRESPONSE_ITEM>
      <LINE_ITEM_ID>${item.lineItemId}</LINE_ITEM_ID>
      <PRODUCT_ID><${bmecat}SUPPLIER_PID>X</${bmecat}SUPPLIER_PID></PRODUCT_ID>
      <QUANTITY>${item.quantity}</QUANTITY>
      <${bmecat}ORDER_UNIT>C62</${bmecat}ORDER_UNIT>${
        item.deliveryDate
          ? `
      <DELIVERY_DATE><DELIVERY_START_DATE>${item.deliveryDate}</DELIVERY_START_DATE><DELIVERY_END_DATE>${item.deliveryDate}</DELIVERY_END_DATE></DELIVERY_DATE>`
          : ''
      }${item.remarks ? `\n      <REMARKS type="general">${item.remarks}</REMARKS>` : ''}
    </ORDERRESPONSE_ITEM>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="${options.encoding ?? 'UTF-8'}"?>
<ORDERRESPONSE version="2.1" xmlns="http://www.opentrans.org/XMLSchema/2.1"${bmecat ? ' xmlns:bmecat="http://www.bmecat.org/bmecat/2005"' : ''}>
  <ORDERRESPONSE_HEADER>
    <ORDERRESPONSE_INFO>
      <ORDER_ID>${orderId}</ORDER_ID>
      <ORDERRESPONSE_DATE>2026-11-26T10:00:00+01:00</ORDERRESPONSE_DATE>
      <ORDER_ID_SUPPLIER>AB-99812</ORDER_ID_SUPPLIER>
    </ORDERRESPONSE_INFO>
  </ORDERRESPONSE_HEADER>
  <ORDERRESPONSE_ITEM_LIST>${body}
  </ORDERRESPONSE_ITEM_LIST>
  <ORDERRESPONSE_SUMMARY><TOTAL_ITEM_NUM>${items.length}</TOTAL_ITEM_NUM></ORDERRESPONSE_SUMMARY>
</ORDERRESPONSE>
`;
}

export type DispatchItem = { orderId: string; lineItemId: string; quantity: number; partials?: readonly number[] };

/** A DISPATCHNOTIFICATION in the shape of BME's sample, with ORDER_REFERENCE per item. */
export function dispatchXml(
  items: readonly DispatchItem[],
  shipment: { shipmentId?: string; trackingUrl?: string } = { shipmentId: 'PAKET-0815' },
) {
  const body = items
    .map(
      (item, index) => `
    <DISPATCHNOTIFICATION_ITEM>
      <LINE_ITEM_ID>L${index + 1}</LINE_ITEM_ID>
      <PRODUCT_ID><bmecat:SUPPLIER_PID>X</bmecat:SUPPLIER_PID></PRODUCT_ID>
      <QUANTITY>${item.quantity}</QUANTITY>
      <bmecat:ORDER_UNIT>C62</bmecat:ORDER_UNIT>${
        item.partials
          ? `
      <PARTIAL_DELIVERY_LIST>${item.partials
        .map(
          (quantity) =>
            `<PARTIAL_DELIVERY><QUANTITY>${quantity}</QUANTITY><DELIVERY_DATE><DELIVERY_START_DATE>2026-11-27</DELIVERY_START_DATE><DELIVERY_END_DATE>2026-11-27</DELIVERY_END_DATE></DELIVERY_DATE></PARTIAL_DELIVERY>`,
        )
        .join('')}</PARTIAL_DELIVERY_LIST>`
          : ''
      }
      <ORDER_REFERENCE><ORDER_ID>${item.orderId}</ORDER_ID><LINE_ITEM_ID>${item.lineItemId}</LINE_ITEM_ID></ORDER_REFERENCE>
    </DISPATCHNOTIFICATION_ITEM>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<DISPATCHNOTIFICATION version="2.1" xmlns="http://www.opentrans.org/XMLSchema/2.1" xmlns:bmecat="http://www.bmecat.org/bmecat/2005">
  <DISPATCHNOTIFICATION_HEADER>
    <DISPATCHNOTIFICATION_INFO>
      <DISPATCHNOTIFICATION_ID>LS-2026-1</DISPATCHNOTIFICATION_ID>
      <DISPATCHNOTIFICATION_DATE>2026-11-26T15:00:00+01:00</DISPATCHNOTIFICATION_DATE>${
        shipment.shipmentId ? `\n      <SHIPMENT_ID>${shipment.shipmentId}</SHIPMENT_ID>` : ''
      }${shipment.trackingUrl ? `\n      <TRACKING_TRACING_URL>${shipment.trackingUrl}</TRACKING_TRACING_URL>` : ''}
    </DISPATCHNOTIFICATION_INFO>
  </DISPATCHNOTIFICATION_HEADER>
  <DISPATCHNOTIFICATION_ITEM_LIST>${body}
  </DISPATCHNOTIFICATION_ITEM_LIST>
  <DISPATCHNOTIFICATION_SUMMARY><TOTAL_ITEM_NUM>${items.length}</TOTAL_ITEM_NUM></DISPATCHNOTIFICATION_SUMMARY>
</DISPATCHNOTIFICATION>
`;
}

/** Text as ISO-8859-1 bytes (each character one byte), as an ERP writes a Latin-1 file. */
export function latin1Bytes(text: string) {
  return new Uint8Array(Buffer.from(text, 'latin1'));
}
