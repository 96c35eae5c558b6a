import { type Context, Hono } from 'hono';
import { orderListQuerySchema, orderPlacementSchema, returnRequestSchema } from '../../../common/contracts/trading';
import type { ServerDeps } from '../../context';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import type { EventReader } from '../../trade/event-log';
import { answerHeldFirstPage, readListPage } from '../../trade/list-cache';
import { requestReturn } from '../../trade/order-changes';
import { readOrderDetail } from '../../trade/order-detail';
import { listOrders } from '../../trade/order-list';
import { placedOrders, placeOrders } from '../../trade/place-orders';
import type { TradeActor } from '../../trade/trade-actor';

/**
 * The workshop's orders (ADR 023): placing orders from an inquiry's quotes (one order per dealer),
 * the order list and page, and return requests. Scoped to the caller's workshop organisation; an
 * id of another organisation answers 404.
 */
export function createWorkshopOrderRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireWorkshop = access.requireMember('workshop');
  const actorOf = (c: Context<MemberEnv>): TradeActor => ({
    organisationId: c.get('organisation').id,
    userId: c.get('user').id,
  });

  routes.post('/inquiries/:id{[0-9]{1,9}}/orders', requireWorkshop, async (c) => {
    const placement = await parseJsonBody(c, orderPlacementSchema);
    const placed = await placeOrders(db, actorOf(c), Number(c.req.param('id')), placement);
    return ok(c, await placedOrders(db, placed), 'ordersPlaced');
  });

  routes.get(
    '/orders',
    requireWorkshop,
    answerHeldFirstPage(deps.readCaches.lists, 'workshopOrders', orderListQuerySchema),
    access.expensive,
    async (c) => {
      const query = parseQuery(c, orderListQuerySchema);
      const organisationId = c.get('organisation').id;
      const load = () => listOrders(db, { kind: 'workshop', organisationId }, query);
      return ok(c, await readListPage(deps.readCaches.lists, 'workshopOrders', organisationId, query, load));
    },
  );

  routes.get('/orders/:id{[0-9]{1,9}}', requireWorkshop, async (c) => {
    const reader: EventReader = { kind: 'workshop', organisationId: c.get('organisation').id };
    const detail = await readOrderDetail(db, reader, Number(c.req.param('id')));
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail);
  });

  routes.post('/orders/:id{[0-9]{1,9}}/lines/:lineId{[0-9]{1,9}}/return', requireWorkshop, async (c) => {
    const request = await parseJsonBody(c, returnRequestSchema);
    const target = { orderId: Number(c.req.param('id')), lineId: Number(c.req.param('lineId')) };
    await requestReturn(db, actorOf(c), target, request);
    const detail = await readOrderDetail(
      db,
      { kind: 'workshop', organisationId: c.get('organisation').id },
      target.orderId,
    );
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail, 'returnRequested');
  });

  return routes;
}
