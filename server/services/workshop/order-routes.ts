import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { orderListQuerySchema, orderPlacementSchema, returnRequestSchema } from '../../../common/contracts/trading';
import { lifecycleAllows, lifecycleStep } from '../../../machines/lifecycle';
import { orderLineLifecycleMachine } from '../../../machines/order-line-lifecycle.machine';
import { orderReturnLifecycleMachine } from '../../../machines/order-return-lifecycle.machine';
import type { ServerDeps } from '../../context';
import { orderLines, orderReturns } from '../../db/schema';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import { appendTradeEvents, type EventReader } from '../../trade/event-log';
import { readOrderDetail } from '../../trade/order-detail';
import { listOrders } from '../../trade/order-list';
import { claimOrderVersion } from '../../trade/order-version';
import { placeOrders } from '../../trade/place-orders';
import type { MemberEnv, SessionAccess } from '../auth/session-access';

/**
 * The workshop's orders (ADR 023): placing orders from an inquiry's quotes (one order per dealer),
 * the order list and page, and return requests. Scoped to the caller's workshop organisation; an
 * id of another organisation answers 404.
 */
export function createWorkshopOrderRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireWorkshop = access.requireMember('workshop');

  routes.post('/inquiries/:id{[0-9]{1,9}}/orders', requireWorkshop, async (c) => {
    const placement = await parseJsonBody(c, orderPlacementSchema);
    const placed = await placeOrders(db, {
      inquiryId: Number(c.req.param('id')),
      organisationId: c.get('organisation').id,
      actorUserId: c.get('user').id,
      placement,
    });
    return ok(c, placed, 'ordersPlaced');
  });

  routes.get('/orders', requireWorkshop, async (c) => {
    const query = parseQuery(c, orderListQuerySchema);
    return ok(c, await listOrders(db, { kind: 'workshop', organisationId: c.get('organisation').id }, query));
  });

  routes.get('/orders/:id{[0-9]{1,9}}', requireWorkshop, async (c) => {
    const reader: EventReader = { kind: 'workshop', organisationId: c.get('organisation').id };
    const detail = await readOrderDetail(db, reader, Number(c.req.param('id')));
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail);
  });

  routes.post('/orders/:id{[0-9]{1,9}}/lines/:lineId{[0-9]{1,9}}/return', requireWorkshop, async (c) => {
    const request = await parseJsonBody(c, returnRequestSchema);
    const orderId = Number(c.req.param('id'));
    const lineId = Number(c.req.param('lineId'));
    const reader: EventReader = { kind: 'workshop', organisationId: c.get('organisation').id };
    const user = c.get('user');
    await db.transaction(async (tx) => {
      const order = await claimOrderVersion(tx, reader, orderId, request.version);
      const [line] = await tx
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)));
      if (!line) throw new ApiRefusal(404, 'notFound');
      const requested = lifecycleStep(orderReturnLifecycleMachine, 'none', { type: 'return.request' });
      if (requested === null || !lifecycleAllows(orderLineLifecycleMachine, line.status, { type: 'line.return' })) {
        throw new ApiRefusal(409, 'actionNotAllowed');
      }
      // The partial unique index keeps one return in progress per line, also under concurrent requests.
      const [created] = await tx
        .insert(orderReturns)
        .values({
          orderLineId: line.id,
          status: 'requested',
          reason: request.reason,
          note: request.note,
          requestedBy: user.id,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw new ApiRefusal(409, 'actionNotAllowed');
      await appendTradeEvents(tx, [
        {
          kind: 'return.requested',
          inquiryId: order.inquiryId,
          orderId: order.id,
          entity: 'return',
          entityId: created.id,
          before: null,
          after: requested,
          actorUserId: user.id,
          details: { line_id: line.id, reason: request.reason, note: request.note },
          workshopOrganisationId: order.workshopOrganisationId,
          dealerOrganisationIds: [order.dealerOrganisationId],
        },
      ]);
    });
    const detail = await readOrderDetail(db, reader, orderId);
    return ok(c, detail, 'returnRequested');
  });

  return routes;
}
