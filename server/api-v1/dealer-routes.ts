import { type Context, Hono } from 'hono';
import {
  dealerApiInboxPageSchema,
  dealerApiInboxQuerySchema,
  dealerKeyHolderSchema,
} from '../../common/contracts/dealer-api';
import { dmsOrderPageSchema } from '../../common/contracts/dms-api';
import { emptyBodySchema } from '../../common/contracts/organisations';
import {
  dealerInquirySchema,
  orderDetailSchema,
  orderLineActionSchema,
  orderListQuerySchema,
  quoteAnswerSchema,
  returnDecisionSchema,
  versionedReasonSchema,
} from '../../common/contracts/trading';
import { type ApiKeyEnv, DEALER_API_PREFIX, keyStreamAccess } from '../api-keys/middleware';
import type { ServerDeps } from '../context';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../http/respond';
import { answerInquiry, declineInquiry, markInquirySeen } from '../trade/dealer-answers';
import { dealerInboxPage } from '../trade/dealer-inbox';
import type { EventReader } from '../trade/event-log';
import { dealerInquiry } from '../trade/inquiry-detail';
import { streamTradeEvents } from '../trade/live-routes';
import { changeOrderLines, decideReturn } from '../trade/order-changes';
import { readOrderDetail } from '../trade/order-detail';
import { listOrders } from '../trade/order-list';
import type { TradeActor } from '../trade/trade-actor';
import { dealerDocumentOperations, registerDealerDocumentRoutes } from './dealer-document-routes';
import { idempotencyKeyHeader, idempotent } from './idempotency';
import { type ApiOperation, defineOperation, describeOperation } from './operations';

const ID = '{[0-9]{1,9}}';
const TAGS = {
  key: ['Dealer: key'],
  inquiries: ['Dealer: inquiries'],
  orders: ['Dealer: orders'],
} as const;
const WRITE_ERRORS = [400, 404, 409, 413, 415, 422] as const;

export const readDealerKeyHolder = defineOperation({
  method: 'get',
  path: `${DEALER_API_PREFIX}/me`,
  operationId: 'readDealerKeyHolder',
  summary: 'The dealer this key acts for',
  description: "Checks a dealer's key: answers with its dealer organisation, the key's name and public prefix.",
  tags: TAGS.key,
  body: undefined,
  query: undefined,
  data: dealerKeyHolderSchema,
  errors: [],
});

export const listDealerInbox = defineOperation({
  method: 'get',
  path: `${DEALER_API_PREFIX}/inquiries`,
  operationId: 'listDealerInbox',
  summary: 'The inquiries addressed to this dealer',
  description:
    'Newest arrival first, `limit` per page (1–100, default 20). `status=open` are those still waiting for your answer ' +
    '(not answered or declined, not closed); else one of `sent`, `seen`, `answered`, `declined`, `expired`. ' +
    '`since` / `until` bound the arrival time (ISO 8601 with offset, `until` exclusive). For the next page send ' +
    '`next_cursor` as `cursor`; null means there is none. A cursor page never repeats or skips an inquiry while new ones arrive.',
  tags: TAGS.inquiries,
  body: undefined,
  query: dealerApiInboxQuerySchema,
  data: dealerApiInboxPageSchema,
  errors: [400],
});

export const readDealerInquiry = defineOperation({
  method: 'get',
  path: `${DEALER_API_PREFIX}/inquiries/:id${ID}`,
  operationId: 'readDealerInquiry',
  summary: 'One inquiry with its lines, the vehicle and the learned fitment hints',
  description:
    'The workshop’s request (vehicle, lines with part number, description, quantity and what earlier orders for ' +
    'this vehicle type tell of the part in `fitment`) and this dealer’s own answer (`recipient`, with its `version`: ' +
    'send it back with an answer or a decline). Another dealer’s answer is never shown. Reading does not mark it ' +
    'seen: that is `POST …/seen`.',
  tags: TAGS.inquiries,
  body: undefined,
  query: undefined,
  data: dealerInquirySchema,
  errors: [404],
});

export const markDealerInquirySeen = defineOperation({
  method: 'post',
  path: `${DEALER_API_PREFIX}/inquiries/:id${ID}/seen`,
  operationId: 'markDealerInquirySeen',
  summary: 'Tell the workshop the inquiry was seen',
  description:
    'The first call marks the inquiry seen (the workshop sees it); later calls change nothing. The body is `{}`.',
  tags: TAGS.inquiries,
  body: emptyBodySchema,
  query: undefined,
  data: dealerInquirySchema,
  errors: WRITE_ERRORS,
  headers: [idempotencyKeyHeader],
});

export const answerDealerInquiry = defineOperation({
  method: 'post',
  path: `${DEALER_API_PREFIX}/inquiries/:id${ID}/answer`,
  operationId: 'answerDealerInquiry',
  summary: 'Quote an inquiry, line by line',
  description:
    'One entry per inquiry line: an offer (`offered: true`, net price and deposit in cents, availability, ETA — ' +
    'required for `ordered_eta`, alternative part number and brand, fit confirmation, note) or a declined line ' +
    '(`offered: false` with `decline_reason`); with `valid_until` and the freight rule (`freight_cents`, ' +
    '`free_freight_from_cents`). The same contract and rules as the portal’s answer form; an answer may be changed ' +
    'until the inquiry closes. `version` is the recipient’s version as last read: if a colleague answered first, ' +
    'the answer is 409 `answerChanged` with the current state in `data` and nothing is stored. A closed inquiry is 409 `inquiryClosed`.',
  tags: TAGS.inquiries,
  body: quoteAnswerSchema,
  query: undefined,
  data: dealerInquirySchema,
  errors: WRITE_ERRORS,
  headers: [idempotencyKeyHeader],
});

export const declineDealerInquiry = defineOperation({
  method: 'post',
  path: `${DEALER_API_PREFIX}/inquiries/:id${ID}/decline`,
  operationId: 'declineDealerInquiry',
  summary: 'Decline a whole inquiry with a reason',
  description:
    'Declines every line at once (to decline single lines, answer with `offered: false` on those lines). ' +
    '`version` as for an answer: stale is 409 `answerChanged` with the current state; declined or closed is 409.',
  tags: TAGS.inquiries,
  body: versionedReasonSchema,
  query: undefined,
  data: dealerInquirySchema,
  errors: WRITE_ERRORS,
  headers: [idempotencyKeyHeader],
});

export const listDealerOrders = defineOperation({
  method: 'get',
  path: `${DEALER_API_PREFIX}/orders`,
  operationId: 'listDealerOrders',
  summary: 'Orders received',
  description:
    'The orders workshops placed with this dealer, 20 per page, newest first, with the same filters as the portal’s order list (`q` also finds a workshop’s name).',
  tags: TAGS.orders,
  body: undefined,
  query: orderListQuerySchema,
  data: dmsOrderPageSchema,
  errors: [400],
});

export const readDealerOrder = defineOperation({
  method: 'get',
  path: `${DEALER_API_PREFIX}/orders/:id${ID}`,
  operationId: 'readDealerOrder',
  summary: 'One order received',
  description:
    'The order with its lines (status, ETA and its history, tracking reference, returns) and its events. `version` is what a line action or a return decision sends back.',
  tags: TAGS.orders,
  body: undefined,
  query: undefined,
  data: orderDetailSchema,
  errors: [404],
});

export const changeDealerOrderLines = defineOperation({
  method: 'post',
  path: `${DEALER_API_PREFIX}/orders/:id${ID}/lines`,
  operationId: 'changeDealerOrderLines',
  summary: 'Confirm, backorder, cancel, ship or deliver order lines',
  description:
    '`action` on every line of `line_ids` (all or none): `confirm`; `backorder` with a new `eta`; `cancel` with a ' +
    '`reason`; `ship` with an optional `tracking_reference`; `deliver`. A line whose state takes no such action is ' +
    '409 `actionNotAllowed`; a stale `version` 409 `orderChanged` with the current order in `data`; nothing is stored either way.',
  tags: TAGS.orders,
  body: orderLineActionSchema,
  query: undefined,
  data: orderDetailSchema,
  errors: WRITE_ERRORS,
  headers: [idempotencyKeyHeader],
});

const returnDecisionOperation = (decision: 'accept' | 'refuse') =>
  defineOperation({
    method: 'post',
    path: `${DEALER_API_PREFIX}/orders/:id${ID}/returns/:returnId${ID}/${decision}`,
    operationId: decision === 'accept' ? 'acceptDealerReturn' : 'refuseDealerReturn',
    summary: decision === 'accept' ? 'Accept a return' : 'Refuse a return with a reason',
    description:
      (decision === 'accept'
        ? 'Accepts a return the workshop requested; the line becomes returned. '
        : 'Refuses a return the workshop requested; `reason` is required. ') +
      'A decided return is 409 `actionNotAllowed`; a stale `version` 409 `orderChanged` with the current order.',
    tags: TAGS.orders,
    body: returnDecisionSchema,
    query: undefined,
    data: orderDetailSchema,
    errors: WRITE_ERRORS,
    headers: [idempotencyKeyHeader],
  });
export const acceptDealerReturn = returnDecisionOperation('accept');
export const refuseDealerReturn = returnDecisionOperation('refuse');

export const streamDealerEvents = defineOperation({
  method: 'get',
  path: `${DEALER_API_PREFIX}/events`,
  operationId: 'streamDealerEvents',
  summary: "The dealer's trade events, live (Server-Sent Events)",
  description:
    'Every event of the inquiries addressed to this dealer and its orders as it happens (`inquiry.sent`, ' +
    '`order.placed`, `return.requested`, …): `id` is the event’s position among this dealer’s events (1, 2, 3 …, the same `id` as in the order’s `events` and in webhook bodies; it says nothing about other organisations’ trade), `event` its kind, `data` the ' +
    'event as JSON. After a dropped connection send the last id seen as `Last-Event-ID` (or `?after=`) and the ' +
    'stream replays what was missed before going live; a position too far back (or unknown) gets `event: reload` (read your data again, then follow from its id). At most 6 streams per key and 30 per organisation. A revoked key’s stream ends at once with `event: ended`.',
  tags: TAGS.orders,
  body: undefined,
  query: undefined,
  data: null,
  errors: [400, 429],
  headers: [{ name: 'Last-Event-ID', description: 'The id of the last event received: resume after it.' }],
});

export const dealerOperations: readonly ApiOperation[] = [
  readDealerKeyHolder,
  listDealerInbox,
  readDealerInquiry,
  markDealerInquirySeen,
  answerDealerInquiry,
  declineDealerInquiry,
  listDealerOrders,
  readDealerOrder,
  changeDealerOrderLines,
  acceptDealerReturn,
  refuseDealerReturn,
  ...dealerDocumentOperations,
  streamDealerEvents,
];

/**
 * The dealer API (issue 25, ADR 040): a dealer's ERP does what its counter staff does on the
 * portal's dealer screens, through the very same trade commands (ADR 035) and reads, scoped to the
 * key's dealer organisation: an inquiry not addressed to it, or another dealer's order, is 404.
 * Only dealer keys reach these routes (requireKeyForThisApi). The openTRANS documents (ADR 042)
 * are added to this router by dealer-document-routes.ts, with the same actor.
 */
export function createDealerApiRoutes(deps: ServerDeps) {
  const { db } = deps.database;
  const routes = new Hono<ApiKeyEnv>();
  const dealerOf = (c: Context<ApiKeyEnv>) => c.get('organisation').id;
  const actorOf = (c: Context<ApiKeyEnv>): TradeActor => ({
    organisationId: dealerOf(c),
    userId: c.get('actorUserId'),
  });
  const readerOf = (c: Context<ApiKeyEnv>): EventReader => ({ kind: 'dealer', organisationId: dealerOf(c) });
  const idOf = (c: Context<ApiKeyEnv>, name = 'id') => Number(c.req.param(name));

  /** The dealer's view of an inquiry after a command (ADR 035: commands write, routes read back). */
  const inquiryBack = async (c: Context<ApiKeyEnv>, { inquiryId }: { inquiryId: number }) => {
    const found = await dealerInquiry(db, { inquiryId, dealerOrganisationId: dealerOf(c) });
    if (!found) throw new ApiRefusal(404, 'notFound');
    return found;
  };
  const orderBack = async (c: Context<ApiKeyEnv>, orderId: number) => {
    const detail = await readOrderDetail(db, readerOf(c), orderId);
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return detail;
  };

  routes.get(readDealerKeyHolder.path, describeOperation(readDealerKeyHolder), (c) => {
    const key = c.get('apiKey');
    const organisation = c.get('organisation');
    return ok(c, {
      dealer: { id: organisation.id, name: organisation.name },
      key: { name: key.name, prefix: `tp_${key.prefix}` },
    });
  });

  routes.get(listDealerInbox.path, describeOperation(listDealerInbox), async (c) => {
    const query = parseQuery(c, dealerApiInboxQuerySchema);
    return ok(c, await dealerInboxPage(db, dealerOf(c), query, new Date()));
  });

  routes.get(readDealerInquiry.path, describeOperation(readDealerInquiry), async (c) =>
    ok(c, await inquiryBack(c, { inquiryId: idOf(c) })),
  );

  routes.post(markDealerInquirySeen.path, describeOperation(markDealerInquirySeen), idempotent(db), async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    return ok(c, await inquiryBack(c, await markInquirySeen(db, actorOf(c), idOf(c))));
  });

  routes.post(answerDealerInquiry.path, describeOperation(answerDealerInquiry), idempotent(db), async (c) => {
    const answer = await parseJsonBody(c, quoteAnswerSchema);
    return ok(c, await inquiryBack(c, await answerInquiry(db, actorOf(c), idOf(c), answer)), 'answerSaved');
  });

  routes.post(declineDealerInquiry.path, describeOperation(declineDealerInquiry), idempotent(db), async (c) => {
    const decline = await parseJsonBody(c, versionedReasonSchema);
    return ok(c, await inquiryBack(c, await declineInquiry(db, actorOf(c), idOf(c), decline)), 'inquiryDeclined');
  });

  routes.get(listDealerOrders.path, describeOperation(listDealerOrders), async (c) => {
    const query = parseQuery(c, orderListQuerySchema);
    return ok(c, await listOrders(db, readerOf(c), query));
  });

  routes.get(readDealerOrder.path, describeOperation(readDealerOrder), async (c) => ok(c, await orderBack(c, idOf(c))));

  routes.post(changeDealerOrderLines.path, describeOperation(changeDealerOrderLines), idempotent(db), async (c) => {
    const body = await parseJsonBody(c, orderLineActionSchema);
    const { orderId } = await changeOrderLines(db, actorOf(c), idOf(c), body);
    return ok(c, await orderBack(c, orderId), 'orderLineUpdated');
  });

  for (const operation of [acceptDealerReturn, refuseDealerReturn]) {
    const accepted = operation === acceptDealerReturn;
    routes.post(operation.path, describeOperation(operation), idempotent(db), async (c) => {
      const body = await parseJsonBody(c, returnDecisionSchema);
      const target = { orderId: idOf(c), returnId: idOf(c, 'returnId'), accepted };
      await decideReturn(db, actorOf(c), target, body);
      return ok(c, await orderBack(c, target.orderId), accepted ? 'returnAccepted' : 'returnRefused');
    });
  }

  registerDealerDocumentRoutes(routes, db, { actorOf, readerOf });

  routes.get(streamDealerEvents.path, describeOperation(streamDealerEvents), (c) => {
    return streamTradeEvents(c, deps, readerOf(c), keyStreamAccess(db, c));
  });

  return routes;
}
