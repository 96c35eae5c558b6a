import { and, asc, eq } from 'drizzle-orm';
import { XMLBuilder } from 'fast-xml-parser';
import { BMECAT_NAMESPACE, OPENTRANS_NAMESPACE, ORDER_UNIT_PIECE } from '../../../common/contracts/opentrans';
import type { OrderHandover } from '../../../common/contracts/trading';
import type { Database, Transaction } from '../../db/database';
import { orderLines, orders, organisations, partDealers } from '../../db/schema';
import type { EventReader } from '../event-log';
import { ordersOf } from '../order-detail';

/*
 * The openTRANS 2.1 ORDER of a placed order, as its dealer's ERP reads it (ADR 042): the workshop
 * is the buyer, known at the dealer by its customer number; the dealer is the supplier; each line
 * carries its part number, description, quantity in pieces, net price, deposit (a surcharge on
 * the price) and the day the quote promised as the requested delivery.
 */

type Reader = Database | Transaction;

/** Money as openTRANS writes it (dtPRICE): a decimal with a point, from integer cents. */
export function centsToDecimal(cents: number) {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * The LINE_ITEM_ID of each line: its position in the order (1, 2, …, by line id), the numbering
 * ERPs echo back in ORDERRESPONSE and ORDER_REFERENCE. Shared by the ORDER and the reader.
 */
export function lineItemIdsOf<TLine extends { id: number }>(lines: readonly TLine[]) {
  return new Map([...lines].sort((a, b) => a.id - b.id).map((line, index) => [String(index + 1), line]));
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '\t',
  suppressEmptyNode: true,
});

/** The handover in words for the dealer's staff reading the ERP (German: the portal's dealers are German). */
const HANDOVER_REMARKS: Record<OrderHandover, string> = {
  delivery: 'Lieferung an die Werkstatt',
  pickup: 'Abholung durch die Werkstatt',
};

/** What an ORDER document says: the order, its lines, and the names of the two parties. */
export type OrderDocumentSource = {
  order: Pick<
    typeof orders.$inferSelect,
    'id' | 'createdAt' | 'customerNumber' | 'partDealerId' | 'currency' | 'totalCents' | 'handover' | 'note'
  >;
  lines: readonly Pick<
    typeof orderLines.$inferSelect,
    'id' | 'partNumber' | 'brand' | 'description' | 'quantity' | 'netPriceCents' | 'depositCents' | 'promisedOn'
  >[];
  workshopName: string;
  dealerName: string;
  generatedAt: Date;
};

/** The ORDER document of one of the dealer's orders; null when it is not the dealer's (404). */
export async function buildOrderDocument(db: Reader, reader: EventReader, orderId: number): Promise<string | null> {
  const [found] = await db
    .select({ order: orders, workshopName: organisations.name, dealerName: partDealers.name })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.workshopOrganisationId))
    .innerJoin(partDealers, eq(partDealers.id, orders.partDealerId))
    .where(and(eq(orders.id, orderId), ordersOf(reader)));
  if (!found) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, found.order.id))
    .orderBy(asc(orderLines.id));
  return orderDocumentXml({ ...found, lines, generatedAt: new Date() });
}

/** The ORDER as XML (UTF-8), in the element order of the openTRANS 2.1 schema. */
export function orderDocumentXml({ order, lines, workshopName, dealerName, generatedAt }: OrderDocumentSource) {
  const buyerId = { '@_type': 'supplier_specific', '#text': order.customerNumber };
  const supplierId = { '@_type': 'buyer_specific', '#text': `teileportal-dealer-${order.partDealerId}` };

  const items = [...lineItemIdsOf(lines)].map(([lineItemId, line]) => ({
    LINE_ITEM_ID: lineItemId,
    PRODUCT_ID: {
      'bmecat:SUPPLIER_PID': line.partNumber,
      'bmecat:DESCRIPTION_SHORT': (line.brand ? `${line.brand} ${line.description}` : line.description).slice(0, 150),
    },
    QUANTITY: line.quantity,
    'bmecat:ORDER_UNIT': ORDER_UNIT_PIECE,
    PRODUCT_PRICE_FIX: {
      'bmecat:PRICE_AMOUNT': centsToDecimal(line.netPriceCents),
      ...(line.depositCents > 0 && {
        ALLOW_OR_CHARGES_FIX: {
          ALLOW_OR_CHARGE: {
            '@_type': 'surcharge',
            ALLOW_OR_CHARGE_SEQUENCE: 1,
            ALLOW_OR_CHARGE_NAME: 'Pfand',
            ALLOW_OR_CHARGE_TYPE: 'deposit',
            ALLOW_OR_CHARGE_VALUE: { AOC_MONETARY_AMOUNT: centsToDecimal(line.depositCents) },
          },
        },
      }),
      'bmecat:PRICE_QUANTITY': 1,
    },
    PRICE_LINE_AMOUNT: centsToDecimal(line.quantity * (line.netPriceCents + line.depositCents)),
    ...(line.promisedOn && {
      DELIVERY_DATE: { DELIVERY_START_DATE: line.promisedOn, DELIVERY_END_DATE: line.promisedOn },
    }),
  }));

  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    ORDER: {
      '@_type': 'standard',
      '@_version': '2.1',
      '@_xmlns': OPENTRANS_NAMESPACE,
      '@_xmlns:bmecat': BMECAT_NAMESPACE,
      ORDER_HEADER: {
        CONTROL_INFO: { GENERATOR_INFO: 'Teileportal', GENERATION_DATE: generatedAt.toISOString() },
        ORDER_INFO: {
          ORDER_ID: String(order.id),
          ORDER_DATE: order.createdAt.toISOString(),
          PARTIES: {
            PARTY: [
              { 'bmecat:PARTY_ID': buyerId, PARTY_ROLE: 'buyer', ADDRESS: { 'bmecat:NAME': workshopName } },
              { 'bmecat:PARTY_ID': supplierId, PARTY_ROLE: 'supplier', ADDRESS: { 'bmecat:NAME': dealerName } },
            ],
          },
          ORDER_PARTIES_REFERENCE: { 'bmecat:BUYER_IDREF': buyerId, 'bmecat:SUPPLIER_IDREF': supplierId },
          'bmecat:CURRENCY': order.currency,
          PARTIAL_SHIPMENT_ALLOWED: 'FALSE',
          // Pickup is "ex works" (the workshop collects at the dealer), delivery "delivered at place".
          TRANSPORT: {
            INCOTERM: order.handover === 'pickup' ? 'EXW' : 'DAP',
            TRANSPORT_REMARK: HANDOVER_REMARKS[order.handover],
          },
          ...(order.note.trim() !== '' && { REMARKS: { '@_type': 'general', '#text': order.note } }),
        },
      },
      ORDER_ITEM_LIST: { ORDER_ITEM: items },
      ORDER_SUMMARY: { TOTAL_ITEM_NUM: lines.length, TOTAL_AMOUNT: centsToDecimal(order.totalCents) },
    },
  };
  return builder.build(document) as string;
}
