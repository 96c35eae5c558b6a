import { and, asc, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import {
  type DmsDealer,
  dmsDealerListSchema,
  dmsInquiryPageSchema,
  dmsOrderPageSchema,
  dmsPlacedOrdersSchema,
} from '../../common/contracts/dms-api';
import {
  inquiryCreateSchema,
  inquiryDetailSchema,
  inquiryListQuerySchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPlacementSchema,
} from '../../common/contracts/trading';
import { type ApiKeyEnv, keyStreamAccess } from '../api-keys/middleware';
import type { ServerDeps } from '../context';
import { dealerProfiles, organisations, partDealers, supplierRelations, workshops } from '../db/schema';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../http/respond';
import { createInquiry, recipientCondition } from '../trade/create-inquiry';
import { inquiryDetail } from '../trade/inquiry-detail';
import { listInquiries } from '../trade/inquiry-list';
import { streamTradeEvents } from '../trade/live-routes';
import { readOrderDetail } from '../trade/order-detail';
import { listOrders } from '../trade/order-list';
import { placedOrders, placeOrders } from '../trade/place-orders';
import type { TradeActor } from '../trade/trade-actor';
import { idempotencyKeyHeader, idempotent } from './idempotency';
import { type ApiOperation, defineOperation, describeOperation } from './operations';

const ID = '{[0-9]{1,9}}';

export const listDealers = defineOperation({
  method: 'get',
  path: '/dealers',
  operationId: 'listDealers',
  summary: 'Dealers the workshop can send inquiries to',
  description:
    "The workshop's active dealer relations. Put the `relation_id`s of the dealers you choose into an inquiry's `recipient_relation_ids`.",
  tags: ['Inquiries'],
  body: undefined,
  query: undefined,
  data: dmsDealerListSchema,
  errors: [],
});

export const createInquiryOperation = defineOperation({
  method: 'post',
  path: '/inquiries',
  operationId: 'createInquiry',
  summary: 'Send an inquiry to chosen dealers',
  description:
    'The vehicle (VIN, HSN/TSN or a description) and 1–100 lines, to one or more of the workshop’s active dealers, open for quotes for `closes_in_minutes` (15 minutes to 14 days). The same rules as the portal’s new-inquiry form; the dealers are notified at once.',
  tags: ['Inquiries'],
  body: inquiryCreateSchema,
  query: undefined,
  data: inquiryDetailSchema,
  errors: [400, 409, 413, 415, 422],
  headers: [idempotencyKeyHeader],
});

export const listInquiriesOperation = defineOperation({
  method: 'get',
  path: '/inquiries',
  operationId: 'listInquiries',
  summary: "The workshop's inquiries",
  description:
    '20 per page, newest first; `q` searches part numbers, descriptions and the vehicle; `status=open` are those dealers may still answer.',
  tags: ['Inquiries'],
  body: undefined,
  query: inquiryListQuerySchema,
  data: dmsInquiryPageSchema,
  errors: [400],
});

export const readInquiry = defineOperation({
  method: 'get',
  path: `/inquiries/:id${ID}`,
  operationId: 'readInquiry',
  summary: 'An inquiry with its quotes',
  description:
    'The lines, every dealer’s answer (quote lines with price, availability, ETA, alternatives) and the orders placed from it. `version` is what an order placement must send back.',
  tags: ['Inquiries'],
  body: undefined,
  query: undefined,
  data: inquiryDetailSchema,
  errors: [404],
});

export const placeOrdersOperation = defineOperation({
  method: 'post',
  path: `/inquiries/:id${ID}/orders`,
  operationId: 'placeOrders',
  summary: 'Order chosen quote lines',
  description:
    'Each choice names an inquiry line and the recipient (dealer answer) whose quote is ordered; one order per dealer is placed. `version` is the inquiry’s version as last read: if it changed since (a new quote, the closing time), the answer is 409 and nothing is ordered.',
  tags: ['Orders'],
  body: orderPlacementSchema,
  query: undefined,
  data: dmsPlacedOrdersSchema,
  errors: [400, 404, 409, 413, 415, 422],
  headers: [idempotencyKeyHeader],
});

export const listOrdersOperation = defineOperation({
  method: 'get',
  path: '/orders',
  operationId: 'listOrders',
  summary: "The workshop's orders",
  description: '20 per page, newest first, with the same filters as the portal’s order list.',
  tags: ['Orders'],
  body: undefined,
  query: orderListQuerySchema,
  data: dmsOrderPageSchema,
  errors: [400],
});

export const readOrder = defineOperation({
  method: 'get',
  path: `/orders/:id${ID}`,
  operationId: 'readOrder',
  summary: 'An order’s status',
  description: 'The order’s status, each line’s status and ETA (with its history), returns and the event history.',
  tags: ['Orders'],
  body: undefined,
  query: undefined,
  data: orderDetailSchema,
  errors: [404],
});

export const streamEvents = defineOperation({
  method: 'get',
  path: '/events',
  operationId: 'streamEvents',
  summary: "The workshop's trade events, live (Server-Sent Events)",
  description:
    'Every event of the workshop’s inquiries and orders as it happens (`order.placed`, `line.confirmed`, `line.backorder` (a new ETA), `line.shipped`, …): `id` is the event’s position among this workshop’s events (1, 2, 3 …, the same `id` as in the order’s `events` and in webhook bodies; it says nothing about other organisations’ trade), `event` its kind, `data` the event as JSON. After a dropped connection send the last id seen as `Last-Event-ID` (or `?after=`) and the stream replays what was missed before going live; a position too far back (or unknown) gets `event: reload` (read your data again, then follow from its id). At most 6 streams per key and 30 per organisation. A revoked key’s stream ends at once with `event: ended`.',
  tags: ['Orders'],
  body: undefined,
  query: undefined,
  data: null,
  errors: [400, 429],
  headers: [{ name: 'Last-Event-ID', description: 'The id of the last event received: resume after it.' }],
});

export const tradeOperations: readonly ApiOperation[] = [
  listDealers,
  createInquiryOperation,
  listInquiriesOperation,
  readInquiry,
  placeOrdersOperation,
  listOrdersOperation,
  readOrder,
  streamEvents,
];

/**
 * The trade loop for a DMS (issue 15, ADR 031): the same server functions as the portal's
 * /svc/workshop routes, scoped to the key's workshop; another workshop's id is 404.
 */
export function createTradeApiRoutes(deps: ServerDeps) {
  const { db } = deps.database;
  const routes = new Hono<ApiKeyEnv>();
  const actorOf = (c: Context<ApiKeyEnv>): TradeActor => ({
    organisationId: c.get('organisation').id,
    userId: c.get('actorUserId'),
  });

  routes.get(listDealers.path, describeOperation(listDealers), async (c) => {
    const rows = await db
      .select({
        relationId: supplierRelations.id,
        partDealerId: partDealers.id,
        dealerName: partDealers.name,
        city: dealerProfiles.city,
        customerNumber: supplierRelations.customerNumber,
      })
      .from(supplierRelations)
      .innerJoin(workshops, eq(workshops.id, supplierRelations.workshopId))
      .innerJoin(partDealers, eq(partDealers.id, supplierRelations.partDealerId))
      .innerJoin(organisations, eq(organisations.id, partDealers.organisationId))
      .leftJoin(dealerProfiles, eq(dealerProfiles.organisationId, partDealers.organisationId))
      .where(and(eq(workshops.organisationId, c.get('organisation').id), recipientCondition))
      .orderBy(asc(partDealers.name), asc(supplierRelations.id));
    const items = rows.map(
      (row): DmsDealer => ({
        relation_id: row.relationId,
        part_dealer_id: row.partDealerId,
        dealer_name: row.dealerName,
        city: row.city,
        customer_number: row.customerNumber,
      }),
    );
    return ok(c, { items });
  });

  routes.post(createInquiryOperation.path, describeOperation(createInquiryOperation), idempotent(db), async (c) => {
    const body = await parseJsonBody(c, createInquiryOperation.body);
    const { inquiryId } = await createInquiry(db, actorOf(c), body);
    const created = await inquiryDetail(db, { inquiryId, workshopOrganisationId: c.get('organisation').id });
    if (!created) throw new ApiRefusal(404, 'notFound');
    return ok(c, created, 'inquirySent');
  });

  routes.get(listInquiriesOperation.path, describeOperation(listInquiriesOperation), async (c) => {
    const query = parseQuery(c, listInquiriesOperation.query);
    return ok(c, await listInquiries(db, c.get('organisation').id, query));
  });

  routes.get(readInquiry.path, describeOperation(readInquiry), async (c) => {
    const detail = await inquiryDetail(db, {
      inquiryId: Number(c.req.param('id')),
      workshopOrganisationId: c.get('organisation').id,
    });
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail);
  });

  routes.post(placeOrdersOperation.path, describeOperation(placeOrdersOperation), idempotent(db), async (c) => {
    const placement = await parseJsonBody(c, placeOrdersOperation.body);
    const placed = await placeOrders(db, actorOf(c), Number(c.req.param('id')), placement);
    return ok(c, await placedOrders(db, placed), 'ordersPlaced');
  });

  routes.get(listOrdersOperation.path, describeOperation(listOrdersOperation), async (c) => {
    const query = parseQuery(c, listOrdersOperation.query);
    return ok(c, await listOrders(db, { kind: 'workshop', organisationId: c.get('organisation').id }, query));
  });

  routes.get(readOrder.path, describeOperation(readOrder), async (c) => {
    const detail = await readOrderDetail(
      db,
      { kind: 'workshop', organisationId: c.get('organisation').id },
      Number(c.req.param('id')),
    );
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail);
  });

  routes.get(streamEvents.path, describeOperation(streamEvents), (c) => {
    return streamTradeEvents(
      c,
      deps,
      { kind: 'workshop', organisationId: c.get('organisation').id },
      keyStreamAccess(db, c),
    );
  });

  return routes;
}
