import { createServer } from 'node:http';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { Webhook } from 'standardwebhooks';
import { BMECAT_NAMESPACE, OPENTRANS_NAMESPACE, ORDER_UNIT_PIECE } from '../common/contracts/opentrans';
import type { DealerInquiry, QuoteAnswer, TradeEvent } from '../common/contracts/trading';

/*
 * What `npm run erp:example` (scripts/erp-example.ts) does besides calling the portal, kept apart so
 * tests/server/erp-example.test.ts runs the very same pieces against a test server: the ERP's price
 * rule and quote, the openTRANS documents it writes and reads, and its verifying webhook receiver.
 */

/** What the ERP's price list says: a stable net price per part (cents), a deposit for parts that carry one. */
export function priceOf(partNumber: string, description: string) {
  const seed = [...`${partNumber}${description}`].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 100_000, 7);
  const netPriceCents = 1_990 + (seed % 18_000);
  // Batteries, starters, alternators and calipers are exchange parts: the old one comes back against the deposit.
  const deposit = /batter|anlasser|starter|lichtmaschine|alternator|bremssattel|caliper/i.test(description);
  return { netPriceCents, depositCents: deposit ? 2_500 : 0 };
}

/** The answer to an inquiry: every line offered from the central warehouse, valid a week, freight free from 100 €. */
export function quoteFromPriceList(inquiry: DealerInquiry, now: Date): QuoteAnswer {
  return {
    version: inquiry.recipient.version,
    valid_until: new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10),
    freight_cents: 590,
    free_freight_from_cents: 10_000,
    lines: inquiry.lines.map((line) => {
      const price = priceOf(line.part_number, line.description);
      return {
        inquiry_line_id: line.id,
        offered: true as const,
        net_price_cents: price.netPriceCents,
        deposit_cents: price.depositCents,
        availability: 'central_24h' as const,
        eta: null,
        fits_vehicle: true,
        note: 'Aus dem Zentrallager, Lieferung mit der Morgentour',
      };
    }),
  };
}

/** One item of the portal's ORDER as the ERP imports it. */
export type OrderItem = { lineItemId: string; quantity: string; supplierPid: string };

/** Reads the items of an openTRANS ORDER (namespace prefixes removed; entities are never expanded). */
export function orderItemsOf(orderXml: string): OrderItem[] {
  const parsed = new XMLParser({
    removeNSPrefix: true,
    processEntities: false,
    parseTagValue: false,
    isArray: (name) => name === 'ORDER_ITEM',
  }).parse(orderXml) as {
    ORDER?: {
      ORDER_ITEM_LIST?: {
        ORDER_ITEM?: { LINE_ITEM_ID: string; QUANTITY: string; PRODUCT_ID: { SUPPLIER_PID: string } }[];
      };
    };
  };
  return (parsed.ORDER?.ORDER_ITEM_LIST?.ORDER_ITEM ?? []).map((item) => ({
    lineItemId: String(item.LINE_ITEM_ID),
    quantity: String(item.QUANTITY),
    supplierPid: String(item.PRODUCT_ID.SUPPLIER_PID),
  }));
}

const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });

function openTransDocument(root: string, body: object) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
    [root]: { '@_version': '2.1', '@_xmlns': OPENTRANS_NAMESPACE, '@_xmlns:bmecat': BMECAT_NAMESPACE, ...body },
  })}`;
}

/** The ERP's own order number, which openTRANS carries as ORDER_ID_SUPPLIER (the portal ignores it). */
const erpOrderNumber = (orderId: number) => `AB-${100_000 + orderId}`;
const dateTime = (at: Date) => at.toISOString().slice(0, 19);

/** An ORDERRESPONSE confirming one item as ordered (the ordered quantity, no later delivery day). */
export function confirmationDocument(orderId: number, item: OrderItem, at: Date) {
  return openTransDocument('ORDERRESPONSE', {
    ORDERRESPONSE_HEADER: {
      ORDERRESPONSE_INFO: {
        ORDER_ID: orderId,
        ORDERRESPONSE_DATE: dateTime(at),
        ORDER_ID_SUPPLIER: erpOrderNumber(orderId),
      },
    },
    ORDERRESPONSE_ITEM_LIST: {
      ORDERRESPONSE_ITEM: {
        LINE_ITEM_ID: item.lineItemId,
        PRODUCT_ID: { 'bmecat:SUPPLIER_PID': item.supplierPid },
        QUANTITY: item.quantity,
        'bmecat:ORDER_UNIT': ORDER_UNIT_PIECE,
      },
    },
    ORDERRESPONSE_SUMMARY: { TOTAL_ITEM_NUM: 1 },
  });
}

/** A DISPATCHNOTIFICATION shipping one item whole, with the parcel's id and tracking address. */
export function dispatchDocument(orderId: number, item: OrderItem, shipmentId: string, at: Date) {
  return openTransDocument('DISPATCHNOTIFICATION', {
    DISPATCHNOTIFICATION_HEADER: {
      DISPATCHNOTIFICATION_INFO: {
        DISPATCHNOTIFICATION_ID: `LS-${erpOrderNumber(orderId)}`,
        DISPATCHNOTIFICATION_DATE: dateTime(at),
        SHIPMENT_ID: shipmentId,
        TRACKING_TRACING_URL: `https://tracking.example/${encodeURIComponent(shipmentId)}`,
      },
    },
    DISPATCHNOTIFICATION_ITEM_LIST: {
      DISPATCHNOTIFICATION_ITEM: {
        LINE_ITEM_ID: 1,
        PRODUCT_ID: { 'bmecat:SUPPLIER_PID': item.supplierPid },
        QUANTITY: item.quantity,
        'bmecat:ORDER_UNIT': ORDER_UNIT_PIECE,
        ORDER_REFERENCE: { ORDER_ID: orderId, LINE_ITEM_ID: item.lineItemId },
      },
    },
    DISPATCHNOTIFICATION_SUMMARY: { TOTAL_ITEM_NUM: 1 },
  });
}

export type WebhookEvent = { type: string; timestamp: string; data: TradeEvent };
export type ReceiverOutcome =
  | { kind: 'event'; webhookId: string; event: WebhookEvent }
  | { kind: 'repeat'; webhookId: string }
  | { kind: 'refused'; webhookId: string; reason: string };

/**
 * The ERP's webhook receiver: every delivery's signature is verified with the endpoint's secret
 * (Standard Webhooks, also the timestamp's five-minute window); a delivery seen before (same
 * `webhook-id`: deliveries are at least once) is acknowledged without being handled again.
 * `secret` is read per request, so it can be set after the receiver has started (registration).
 */
export function createWebhookReceiver(
  secret: { value: string },
  seenWebhookIds: Set<string>,
  onOutcome: (outcome: ReceiverOutcome) => void,
) {
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      const webhookId = headers['webhook-id'];
      let event: WebhookEvent;
      try {
        event = new Webhook(secret.value).verify(payload, headers) as WebhookEvent;
      } catch (error) {
        onOutcome({ kind: 'refused', webhookId, reason: error instanceof Error ? error.message : String(error) });
        response.writeHead(401).end();
        return;
      }
      if (seenWebhookIds.has(webhookId)) {
        onOutcome({ kind: 'repeat', webhookId });
        response.writeHead(204).end();
        return;
      }
      seenWebhookIds.add(webhookId);
      onOutcome({ kind: 'event', webhookId, event });
      response.writeHead(204).end();
    });
  });
}
