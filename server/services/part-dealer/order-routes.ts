import { and, asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  dealerTotal,
  isLineCharged,
  type OrderLineAction,
  type OrderLineStatus,
  orderLineActionSchema,
  orderListQuerySchema,
  returnDecisionSchema,
} from '../../../common/contracts/trading';
import { lifecycleStep } from '../../../machines/lifecycle';
import { orderLifecycleMachine } from '../../../machines/order-lifecycle.machine';
import { orderLineLifecycleMachine } from '../../../machines/order-line-lifecycle.machine';
import { orderReturnLifecycleMachine } from '../../../machines/order-return-lifecycle.machine';
import type { ServerDeps } from '../../context';
import type { Transaction } from '../../db/database';
import { inquiryRecipients, orderLines, orderReturns, orders } from '../../db/schema';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import { appendTradeEvents, type EventReader, type TradeEventInput } from '../../trade/event-log';
import { readOrderDetail } from '../../trade/order-detail';
import { listOrders } from '../../trade/order-list';
import { claimOrderVersion } from '../../trade/order-version';
import { queueTradeMails } from '../../trade/trade-mail';
import type { MemberEnv, SessionAccess } from '../auth/session-access';

/** The log's name for what a line action did. */
const LINE_EVENT_KIND: Record<OrderLineAction, string> = {
  confirm: 'line.confirmed',
  backorder: 'line.backorder',
  cancel: 'line.cancelled',
  ship: 'line.shipped',
  deliver: 'line.delivered',
};

type ClaimedOrder = typeof orders.$inferSelect;

/**
 * The order follows its lines (order machine), and its freight and total are computed again over
 * the lines still charged (the contract's `dealerTotal` with the dealer's freight rule from its
 * quote). Returns the order's new status, or null when it stays.
 */
async function followLines(tx: Transaction, order: ClaimedOrder) {
  const lines = await tx
    .select({
      status: orderLines.status,
      net_price_cents: orderLines.netPriceCents,
      deposit_cents: orderLines.depositCents,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const [rule] = await tx
    .select({
      freight_cents: inquiryRecipients.freightCents,
      free_freight_from_cents: inquiryRecipients.freeFreightFromCents,
    })
    .from(inquiryRecipients)
    .where(eq(inquiryRecipients.id, order.recipientId));
  const totals = dealerTotal(
    lines.filter((line) => isLineCharged(line.status)),
    rule ?? { freight_cents: order.freightCents, free_freight_from_cents: null },
  );
  const next = lifecycleStep(orderLifecycleMachine, order.status, {
    type: 'order.linesChanged',
    lines: lines.map((line) => line.status),
  });
  const status = next === null || next === order.status ? null : (next as ClaimedOrder['status']);
  await tx
    .update(orders)
    .set({ totalCents: totals.total, freightCents: totals.freight, ...(status ? { status } : {}) })
    .where(eq(orders.id, order.id));
  return status;
}

/** The event of an order's status change, for the workshop and this dealer. */
function orderStatusEvent(order: ClaimedOrder, status: string, actorUserId: number): TradeEventInput {
  return {
    kind: `order.${status}`,
    inquiryId: order.inquiryId,
    orderId: order.id,
    entity: 'order',
    entityId: order.id,
    before: order.status,
    after: status,
    actorUserId,
    workshopOrganisationId: order.workshopOrganisationId,
    dealerOrganisationIds: [order.dealerOrganisationId],
  };
}

/**
 * The dealer's side of orders (ADR 023): its order list and page, the line actions (confirm,
 * backorder with an ETA, cancel with a reason, ship, deliver) and decisions on returns. Scoped to
 * the orders placed with the caller's dealer organisation; others answer 404. The lifecycle
 * machines decide every status change; a refused event stores nothing (409 `actionNotAllowed`).
 */
export function createDealerOrderRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireDealer = access.requireMember('dealer');
  const readerOf = (organisationId: number): EventReader => ({ kind: 'dealer', organisationId });

  routes.get('/orders', requireDealer, async (c) => {
    const query = parseQuery(c, orderListQuerySchema);
    return ok(c, await listOrders(db, readerOf(c.get('organisation').id), query));
  });

  routes.get('/orders/:id{[0-9]{1,9}}', requireDealer, async (c) => {
    const detail = await readOrderDetail(db, readerOf(c.get('organisation').id), Number(c.req.param('id')));
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail);
  });

  routes.post('/orders/:id{[0-9]{1,9}}/lines', requireDealer, async (c) => {
    const body = await parseJsonBody(c, orderLineActionSchema);
    const orderId = Number(c.req.param('id'));
    const reader = readerOf(c.get('organisation').id);
    const user = c.get('user');
    await db.transaction(async (tx) => {
      const order = await claimOrderVersion(tx, reader, orderId, body.version);
      const lines = await tx
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.orderId, order.id), inArray(orderLines.id, body.line_ids)));
      if (lines.length !== body.line_ids.length) throw new ApiRefusal(404, 'notFound');
      const type = `line.${body.action}` as const;
      const steps = lines.map((line) => ({
        line,
        next: lifecycleStep(orderLineLifecycleMachine, line.status, { type }),
      }));
      // All lines or none: one line the machine refuses refuses the whole action.
      if (steps.some((step) => step.next === null)) throw new ApiRefusal(409, 'actionNotAllowed');
      const nextStatus = steps[0]?.next as OrderLineStatus;
      if (steps.some((step) => step.next !== nextStatus))
        throw new Error(`line.${body.action} leads to several statuses`);
      await tx
        .update(orderLines)
        .set({
          status: nextStatus,
          ...(body.action === 'backorder' && { eta: body.eta }),
          ...(body.action === 'cancel' && { cancelReason: body.reason }),
          ...(body.action === 'ship' && { trackingReference: body.tracking_reference }),
          // The first delivery, kept for the dashboards (ADR 029); a line is delivered once.
          ...(body.action === 'deliver' && { deliveredAt: new Date() }),
        })
        .where(inArray(orderLines.id, body.line_ids));
      const orderStatus = await followLines(tx, order);

      const lineDetails: TradeEventInput['details'] =
        body.action === 'backorder'
          ? { eta: body.eta }
          : body.action === 'cancel'
            ? { reason: body.reason }
            : body.action === 'ship'
              ? { tracking_reference: body.tracking_reference }
              : {};
      const events: TradeEventInput[] = steps.map(({ line }) => ({
        kind: LINE_EVENT_KIND[body.action],
        inquiryId: order.inquiryId,
        orderId: order.id,
        entity: 'line',
        entityId: line.id,
        before: line.status,
        after: nextStatus,
        actorUserId: user.id,
        details: lineDetails,
        workshopOrganisationId: order.workshopOrganisationId,
        dealerOrganisationIds: [order.dealerOrganisationId],
      }));
      if (orderStatus) events.push(orderStatusEvent(order, orderStatus, user.id));
      const appended = await appendTradeEvents(tx, events);
      if (body.action === 'backorder' || body.action === 'cancel') {
        const kind = body.action === 'backorder' ? 'line.backorder' : 'line.cancelled';
        await queueTradeMails(
          tx,
          appended
            .filter((event) => event.kind === kind)
            .map((event) => ({ organisationId: order.workshopOrganisationId, eventId: event.id, kind })),
        );
      }
    });
    return ok(c, await readOrderDetail(db, reader, orderId), 'orderLineUpdated');
  });

  routes.post(
    '/orders/:id{[0-9]{1,9}}/returns/:returnId{[0-9]{1,9}}/:decision{accept|refuse}',
    requireDealer,
    async (c) => {
      const body = await parseJsonBody(c, returnDecisionSchema);
      const accepted = c.req.param('decision') === 'accept';
      if (!accepted && body.reason === '') throw new ApiRefusal(400, 'reasonRequired', { field: 'reason' });
      const orderId = Number(c.req.param('id'));
      const returnId = Number(c.req.param('returnId'));
      const reader = readerOf(c.get('organisation').id);
      const user = c.get('user');
      await db.transaction(async (tx) => {
        const order = await claimOrderVersion(tx, reader, orderId, body.version);
        const [found] = await tx
          .select({ orderReturn: orderReturns, line: orderLines })
          .from(orderReturns)
          .innerJoin(orderLines, eq(orderLines.id, orderReturns.orderLineId))
          .where(and(eq(orderReturns.id, returnId), eq(orderLines.orderId, order.id)));
        if (!found) throw new ApiRefusal(404, 'notFound');
        const { orderReturn, line } = found;
        const decided = lifecycleStep(orderReturnLifecycleMachine, orderReturn.status, {
          type: accepted ? 'return.accept' : 'return.refuse',
        });
        const lineAfter = accepted
          ? lifecycleStep(orderLineLifecycleMachine, line.status, { type: 'line.return' })
          : null;
        if (decided === null || (accepted && lineAfter === null)) throw new ApiRefusal(409, 'actionNotAllowed');
        await tx
          .update(orderReturns)
          .set({
            status: decided as (typeof orderReturns.$inferSelect)['status'],
            refusalReason: accepted ? null : body.reason,
            decidedBy: user.id,
            decidedAt: new Date(),
          })
          .where(eq(orderReturns.id, orderReturn.id));
        const shared = {
          inquiryId: order.inquiryId,
          orderId: order.id,
          actorUserId: user.id,
          workshopOrganisationId: order.workshopOrganisationId,
          dealerOrganisationIds: [order.dealerOrganisationId],
        };
        const events: TradeEventInput[] = [
          {
            ...shared,
            kind: accepted ? 'return.accepted' : 'return.refused',
            entity: 'return',
            entityId: orderReturn.id,
            before: orderReturn.status,
            after: decided,
            details: { line_id: line.id, ...(accepted ? {} : { reason: body.reason }) },
          },
        ];
        if (lineAfter !== null) {
          await tx
            .update(orderLines)
            .set({ status: lineAfter as OrderLineStatus })
            .where(eq(orderLines.id, line.id));
          events.push({
            ...shared,
            kind: 'line.returned',
            entity: 'line',
            entityId: line.id,
            before: line.status,
            after: lineAfter,
            details: { reason: orderReturn.reason },
          });
          const orderStatus = await followLines(tx, order);
          if (orderStatus) events.push(orderStatusEvent(order, orderStatus, user.id));
        }
        await appendTradeEvents(tx, events);
      });
      return ok(c, await readOrderDetail(db, reader, orderId), accepted ? 'returnAccepted' : 'returnRefused');
    },
  );

  return routes;
}
