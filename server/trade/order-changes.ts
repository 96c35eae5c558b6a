import { and, asc, eq, inArray } from 'drizzle-orm';
import type * as v from 'valibot';
import { LINE_ACTION_EVENT_KIND, orderStatusEventKind, TRADE_MAIL_OF_EVENT } from '../../common/contracts/trade-events';
import {
  dealerTotal,
  isLineCharged,
  type OrderLineStatus,
  type OrderStatus,
  type orderLineActionSchema,
  type returnDecisionSchema,
  type returnRequestSchema,
} from '../../common/contracts/trading';
import { lifecycleAllows, lifecycleStep } from '../../machines/lifecycle';
import { orderLifecycleMachine } from '../../machines/order-lifecycle.machine';
import { orderLineLifecycleMachine } from '../../machines/order-line-lifecycle.machine';
import { orderReturnLifecycleMachine } from '../../machines/order-return-lifecycle.machine';
import type { Database, Transaction } from '../db/database';
import { inquiryRecipients, orderLines, orderReturns, orders } from '../db/schema';
import { ApiRefusal } from '../http/respond';
import { appendTradeEvents, type EventReader, type TradeEventInput } from './event-log';
import { claimOrderVersion } from './order-version';
import { commandTime, type TradeActor } from './trade-actor';
import { queueTradeMails } from './trade-mail';

/*
 * The commands on a placed order (ADR 023 and 035): the dealer's line actions and decisions on
 * returns, the workshop's return requests. Each names the order's version it read (a stale one is
 * 409 `orderChanged` with the current order), is scoped to the actor's organisation (another
 * organisation's order is 404), lets the lifecycle machines decide every status change (a refused
 * event stores nothing: 409 `actionNotAllowed`) and returns `{ orderId }`; the routes answer with
 * the actor's `readOrderDetail` read after it (ADR 035).
 */

type ClaimedOrder = typeof orders.$inferSelect;

const dealerOf = (actor: TradeActor): EventReader => ({ kind: 'dealer', organisationId: actor.organisationId });
const workshopOf = (actor: TradeActor): EventReader => ({ kind: 'workshop', organisationId: actor.organisationId });

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
function orderStatusEvent(order: ClaimedOrder, status: OrderStatus, actorUserId: number): TradeEventInput {
  return {
    kind: orderStatusEventKind(status),
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
 * A dealer's action on lines of one of its orders (confirm, backorder with an ETA, cancel with a
 * reason, ship, deliver): all named lines or none. A backorder or a cancelled line is mailed to
 * the workshop.
 */
export async function changeOrderLines(
  db: Database,
  actor: TradeActor,
  orderId: number,
  body: v.InferOutput<typeof orderLineActionSchema>,
) {
  const reader = dealerOf(actor);
  const now = commandTime(actor);
  await db.transaction(async (tx) => {
    const order = await claimOrderVersion(tx, reader, orderId, body.version, now);
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
        ...(body.action === 'deliver' && { deliveredAt: now }),
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
      kind: LINE_ACTION_EVENT_KIND[body.action],
      inquiryId: order.inquiryId,
      orderId: order.id,
      entity: 'line',
      entityId: line.id,
      before: line.status,
      after: nextStatus,
      actorUserId: actor.userId,
      details: lineDetails,
      workshopOrganisationId: order.workshopOrganisationId,
      dealerOrganisationIds: [order.dealerOrganisationId],
    }));
    if (orderStatus) events.push(orderStatusEvent(order, orderStatus, actor.userId));
    const appended = await appendTradeEvents(tx, events, now);
    // The workshop hears of a line told by mail (a backorder, a cancelled line), each line once.
    await queueTradeMails(
      tx,
      appended
        .filter((event) => event.entity === 'line' && TRADE_MAIL_OF_EVENT[event.kind] !== null)
        .map((event) => ({ organisationId: order.workshopOrganisationId, event })),
    );
  });
  return { orderId };
}

/**
 * A dealer accepts or refuses (with a reason) a return requested on one of its orders; an
 * accepted return moves the line to `returned` and the order follows its lines.
 */
export async function decideReturn(
  db: Database,
  actor: TradeActor,
  target: { orderId: number; returnId: number; accepted: boolean },
  body: v.InferOutput<typeof returnDecisionSchema>,
) {
  const { orderId, returnId, accepted } = target;
  if (!accepted && body.reason === '') throw new ApiRefusal(400, 'reasonRequired', { field: 'reason' });
  const reader = dealerOf(actor);
  const now = commandTime(actor);
  await db.transaction(async (tx) => {
    const order = await claimOrderVersion(tx, reader, orderId, body.version, now);
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
    const lineAfter = accepted ? lifecycleStep(orderLineLifecycleMachine, line.status, { type: 'line.return' }) : null;
    if (decided === null || (accepted && lineAfter === null)) throw new ApiRefusal(409, 'actionNotAllowed');
    await tx
      .update(orderReturns)
      .set({
        status: decided as (typeof orderReturns.$inferSelect)['status'],
        refusalReason: accepted ? null : body.reason,
        decidedBy: actor.userId,
        decidedAt: now,
      })
      .where(eq(orderReturns.id, orderReturn.id));
    const shared = {
      inquiryId: order.inquiryId,
      orderId: order.id,
      actorUserId: actor.userId,
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
      if (orderStatus) events.push(orderStatusEvent(order, orderStatus, actor.userId));
    }
    await appendTradeEvents(tx, events, now);
  });
  return { orderId };
}

/**
 * A workshop asks to return a line of one of its orders; one return in progress per line (a
 * partial unique index keeps it so, also under concurrent requests).
 */
export async function requestReturn(
  db: Database,
  actor: TradeActor,
  target: { orderId: number; lineId: number },
  request: v.InferOutput<typeof returnRequestSchema>,
) {
  const { orderId, lineId } = target;
  const reader = workshopOf(actor);
  const now = commandTime(actor);
  await db.transaction(async (tx) => {
    const order = await claimOrderVersion(tx, reader, orderId, request.version, now);
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)));
    if (!line) throw new ApiRefusal(404, 'notFound');
    const requested = lifecycleStep(orderReturnLifecycleMachine, 'none', { type: 'return.request' });
    if (requested === null || !lifecycleAllows(orderLineLifecycleMachine, line.status, { type: 'line.return' })) {
      throw new ApiRefusal(409, 'actionNotAllowed');
    }
    const [created] = await tx
      .insert(orderReturns)
      .values({
        orderLineId: line.id,
        status: 'requested',
        reason: request.reason,
        note: request.note,
        requestedBy: actor.userId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new ApiRefusal(409, 'actionNotAllowed');
    await appendTradeEvents(
      tx,
      [
        {
          kind: 'return.requested',
          inquiryId: order.inquiryId,
          orderId: order.id,
          entity: 'return',
          entityId: created.id,
          before: null,
          after: requested,
          actorUserId: actor.userId,
          details: { line_id: line.id, reason: request.reason, note: request.note },
          workshopOrganisationId: order.workshopOrganisationId,
          dealerOrganisationIds: [order.dealerOrganisationId],
        },
      ],
      now,
    );
  });
  return { orderId };
}
