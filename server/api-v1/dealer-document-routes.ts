import type { Context, Hono } from 'hono';
import { openTransResultSchema } from '../../common/contracts/opentrans';
import type { ApiKeyEnv } from '../api-keys/middleware';
import { DEALER_API_PREFIX } from '../api-keys/middleware';
import type { Database } from '../db/database';
import { ApiRefusal, ok } from '../http/respond';
import { requestLocale } from '../i18n';
import type { EventReader } from '../trade/event-log';
import { applyDealerDocument } from '../trade/opentrans/apply-document';
import { buildOrderDocument } from '../trade/opentrans/order-document';
import { openTransRefusal } from '../trade/opentrans/refusal';
import type { TradeActor } from '../trade/trade-actor';
import { idempotencyKeyHeader, idempotent } from './idempotency';
import { defineOperation, describeOperation } from './operations';

/*
 * openTRANS for a dealer's ERP on /api/v1/dealer (ADR 042): the ORDER document of one of its orders,
 * and its ORDERRESPONSE or DISPATCHNOTIFICATION posted as the XML body itself. Thin adapters of
 * server/trade/opentrans, added to the dealer router (dealer-routes.ts) behind its API-key guard:
 * the acting dealer is the key's organisation and user, as for every other dealer write.
 */

export const readDealerOrderDocument = defineOperation({
  method: 'get',
  path: `${DEALER_API_PREFIX}/orders/:id{[0-9]{1,9}}/opentrans`,
  operationId: 'readDealerOrderDocument',
  summary: 'One order as an openTRANS 2.1 ORDER document',
  description:
    'The order as the ERP imports it (ADR 042): the workshop as buyer with your customer number, each line with ' +
    '`LINE_ITEM_ID` = its position 1…n (echo it in your answers), part number, description, quantity, net price, ' +
    'deposit and the requested delivery day. UTF-8, namespace `http://www.opentrans.org/XMLSchema/2.1`. ' +
    'Another dealer’s order is 404.',
  tags: ['Dealer: orders'],
  body: undefined,
  query: undefined,
  data: null,
  xmlDocument: 'response',
  errors: [404],
});

export const postDealerDocument = defineOperation({
  method: 'post',
  path: `${DEALER_API_PREFIX}/documents`,
  operationId: 'postDealerDocument',
  summary: 'Apply an openTRANS ORDERRESPONSE or DISPATCHNOTIFICATION',
  description:
    'The body is the XML document itself (`application/xml` or `text/xml`, UTF-8 or ISO-8859-1 as its declaration ' +
    'says, at most 1 MB; no DOCTYPE). `ORDERRESPONSE`: per item the ordered quantity confirms the line, with a ' +
    'delivery day after the requested one it is a backorder with that ETA, quantity 0 cancels it with `REMARKS` as ' +
    'the reason. `DISPATCHNOTIFICATION`: each item (`ORDER_REFERENCE/ORDER_ID` + `LINE_ITEM_ID`) ships its whole ' +
    'line; the tracking reference is `TRACKING_TRACING_URL` (else `SHIPMENT_ID`); it may name several of your orders. ' +
    '`ORDER_ID` is the portal’s order number (`42` or `Order 42`). The same line commands as the portal’s dealer ' +
    'screen. All or nothing: a document that does not fit (unknown or another dealer’s order or line, a quantity ' +
    'other than the ordered, an action the line’s state does not allow, hostile or unreadable XML) is 422 ' +
    '`openTransRefused` with every problem in `data.problems`, and nothing is changed.',
  tags: ['Dealer: orders'],
  body: undefined,
  query: undefined,
  data: openTransResultSchema,
  xmlDocument: 'request',
  errors: [400, 404, 409, 413, 415, 422],
  headers: [idempotencyKeyHeader],
});

export const dealerDocumentOperations = [readDealerOrderDocument, postDealerDocument] as const;

const XML_CONTENT_TYPE = /^(application|text)\/xml\s*(;|$)/i;

/** Adds the two routes to the dealer router; `actorOf`/`readerOf` are the router's own (the key's dealer). */
export function registerDealerDocumentRoutes(
  routes: Hono<ApiKeyEnv>,
  db: Database,
  who: { actorOf: (c: Context<ApiKeyEnv>) => TradeActor; readerOf: (c: Context<ApiKeyEnv>) => EventReader },
) {
  routes.get(readDealerOrderDocument.path, describeOperation(readDealerOrderDocument), async (c) => {
    const xml = await buildOrderDocument(db, who.readerOf(c), Number(c.req.param('id')));
    if (xml === null) throw new ApiRefusal(404, 'notFound');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return c.body(xml);
  });

  routes.post(postDealerDocument.path, describeOperation(postDealerDocument), idempotent(db), async (c) => {
    // The request guard lets JSON and XML through on this path; only XML is a document.
    if (!XML_CONTENT_TYPE.test(c.req.header('content-type') ?? '')) {
      throw new ApiRefusal(415, 'unsupportedContentType');
    }
    // The raw bytes: the document's XML declaration names its encoding (UTF-8 or ISO-8859-1).
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const outcome = await applyDealerDocument(db, who.actorOf(c), bytes);
    if (!outcome.applied) throw openTransRefusal(requestLocale(c), outcome.findings);
    return ok(c, outcome.result, 'openTransApplied');
  });
}
