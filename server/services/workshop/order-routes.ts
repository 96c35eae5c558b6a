import { and, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  dealerTotal,
  type InquiryStatus,
  isQuoteOrderable,
  normalisePartNumber,
  orderListQuerySchema,
  orderPlacementSchema,
  portalToday,
  returnRequestSchema,
} from '../../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../../machines/inquiry-lifecycle.machine';
import { lifecycleAllows, lifecycleStep } from '../../../machines/lifecycle';
import { orderLineLifecycleMachine } from '../../../machines/order-line-lifecycle.machine';
import { orderReturnLifecycleMachine } from '../../../machines/order-return-lifecycle.machine';
import type { ServerDeps } from '../../context';
import type { Transaction } from '../../db/database';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  orderLines,
  orderReturns,
  orders,
  quoteLines,
} from '../../db/schema';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import { fillDashboardFacts } from '../../trade/dashboard-facts';
import { appendTradeEvents, type EventReader, type TradeEventInput } from '../../trade/event-log';
import { readOrderDetail } from '../../trade/order-detail';
import { listOrders } from '../../trade/order-list';
import { orderSummaries } from '../../trade/order-summaries';
import { claimOrderVersion } from '../../trade/order-version';
import { queueTradeMails } from '../../trade/trade-mail';
import type { MemberEnv, SessionAccess } from '../auth/session-access';

/** The quote lines the workshop may order from: offered, available, by an answered recipient. */
async function offeredChoices(tx: Transaction, inquiryId: number, recipientIds: readonly number[]) {
  return tx
    .select({
      recipient: inquiryRecipients,
      quote: quoteLines,
      line: inquiryLines,
    })
    .from(quoteLines)
    .innerJoin(inquiryRecipients, eq(inquiryRecipients.id, quoteLines.recipientId))
    .innerJoin(inquiryLines, eq(inquiryLines.id, quoteLines.inquiryLineId))
    .where(
      and(
        eq(inquiryRecipients.inquiryId, inquiryId),
        eq(inquiryLines.inquiryId, inquiryId),
        inArray(inquiryRecipients.id, [...recipientIds]),
      ),
    );
}

type Offered = Awaited<ReturnType<typeof offeredChoices>>[number];

function isOrderable({ recipient, quote }: Offered, today: string) {
  return isQuoteOrderable(
    { status: recipient.status, valid_until: recipient.validUntil },
    { offered: quote.offered, net_price_cents: quote.netPriceCents, availability: quote.availability },
    today,
  );
}

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
    const inquiryId = Number(c.req.param('id'));
    const organisationId = c.get('organisation').id;
    const user = c.get('user');
    const orderIds = await db.transaction(async (tx) => {
      // One lock per inquiry (ADR 023, inquiry side): answers, declines, the sweep and ordering take
      // the inquiry row first, so the quotes read below are those of the version the workshop saw.
      const [inquiry] = await tx
        .select()
        .from(inquiries)
        .where(and(eq(inquiries.id, inquiryId), eq(inquiries.workshopOrganisationId, organisationId)))
        .for('update');
      if (!inquiry) throw new ApiRefusal(404, 'notFound');
      if (inquiry.version !== placement.version) throw new ApiRefusal(409, 'inquiryChanged');
      const ordered = lifecycleStep(inquiryLifecycleMachine, inquiry.status, { type: 'inquiry.order' });
      if (ordered === null) throw new ApiRefusal(409, 'actionNotAllowed');

      const [claimed] = await tx
        .update(inquiries)
        .set({ status: ordered as InquiryStatus, version: sql`${inquiries.version} + 1`, updatedAt: new Date() })
        .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.version, placement.version)))
        .returning({ id: inquiries.id });
      if (!claimed) throw new ApiRefusal(409, 'inquiryChanged');

      const chosenRecipients = [...new Set(placement.choices.map((choice) => choice.recipient_id))];
      const offered = await offeredChoices(tx, inquiry.id, chosenRecipients);
      // Every dealer the inquiry went to hears that it was ordered (without the details).
      const allRecipients = await tx
        .selectDistinct({ dealerOrganisationId: inquiryRecipients.dealerOrganisationId })
        .from(inquiryRecipients)
        .where(eq(inquiryRecipients.inquiryId, inquiry.id));
      const offerOf = new Map(offered.map((row) => [`${row.recipient.id}:${row.line.id}`, row]));
      const today = portalToday();
      const perRecipient = new Map<number, Offered[]>();
      for (const choice of placement.choices) {
        const row = offerOf.get(`${choice.recipient_id}:${choice.inquiry_line_id}`);
        if (!row || !isOrderable(row, today)) throw new ApiRefusal(400, 'choiceNotOffered');
        perRecipient.set(row.recipient.id, [...(perRecipient.get(row.recipient.id) ?? []), row]);
      }

      const groups = [...perRecipient.values()].map((rows) => {
        const { recipient } = rows[0] as Offered;
        const lines = rows.map(({ quote, line }) => ({
          net_price_cents: quote.netPriceCents ?? 0,
          deposit_cents: quote.depositCents,
          quantity: line.quantity,
        }));
        const totals = dealerTotal(lines, {
          freight_cents: recipient.freightCents,
          free_freight_from_cents: recipient.freeFreightFromCents,
        });
        return { recipient, rows, totals };
      });
      const placed = await tx
        .insert(orders)
        .values(
          groups.map(({ recipient, totals }) => ({
            inquiryId: inquiry.id,
            recipientId: recipient.id,
            workshopOrganisationId: organisationId,
            dealerOrganisationId: recipient.dealerOrganisationId,
            partDealerId: recipient.partDealerId,
            status: 'placed' as const,
            customerNumber: recipient.customerNumber,
            freightCents: totals.freight,
            totalCents: totals.total,
            placedBy: user.id,
          })),
        )
        .returning({ id: orders.id, recipientId: orders.recipientId });
      const orderIdOf = new Map(placed.map((order) => [order.recipientId, order.id]));
      const orderOfRecipient = (recipientId: number) => {
        const orderId = orderIdOf.get(recipientId);
        if (orderId === undefined) throw new Error(`no order was inserted for recipient ${recipientId}`);
        return orderId;
      };
      await tx.insert(orderLines).values(
        groups.flatMap(({ recipient, rows }) =>
          rows.map(({ quote, line }) => {
            const partNumber = quote.alternativePartNumber || line.partNumber;
            return {
              orderId: orderOfRecipient(recipient.id),
              inquiryLineId: line.id,
              quoteLineId: quote.id,
              partNumber,
              partNumberNormalised: normalisePartNumber(partNumber),
              brand: quote.alternativeBrand,
              description: line.description,
              quantity: line.quantity,
              netPriceCents: quote.netPriceCents ?? 0,
              depositCents: quote.depositCents,
              fitsVehicle: quote.fitsVehicle,
              eta: quote.eta,
            };
          }),
        ),
      );

      // The dashboards' facts of these orders (ADR 029): promised days, best other offers, won quotes.
      await fillDashboardFacts(tx, { inquiryId: inquiry.id });

      const events: TradeEventInput[] = groups.map(({ recipient, rows, totals }) => ({
        kind: 'order.placed',
        inquiryId: inquiry.id,
        orderId: orderOfRecipient(recipient.id),
        entity: 'order',
        entityId: orderOfRecipient(recipient.id),
        before: null,
        after: 'placed',
        actorUserId: user.id,
        details: { line_count: rows.length, total_cents: totals.total },
        workshopOrganisationId: organisationId,
        dealerOrganisationIds: [recipient.dealerOrganisationId],
      }));
      events.push({
        kind: 'inquiry.ordered',
        inquiryId: inquiry.id,
        entity: 'inquiry',
        entityId: inquiry.id,
        before: inquiry.status,
        after: ordered,
        actorUserId: user.id,
        workshopOrganisationId: organisationId,
        dealerOrganisationIds: allRecipients.map((row) => row.dealerOrganisationId),
      });
      const appended = await appendTradeEvents(tx, events);
      const dealerOfOrder = new Map(
        groups.map(({ recipient }) => [orderOfRecipient(recipient.id), recipient.dealerOrganisationId]),
      );
      await queueTradeMails(
        tx,
        appended.flatMap((event) => {
          const organisationId =
            event.kind === 'order.placed' && event.orderId !== null && dealerOfOrder.get(event.orderId);
          return organisationId ? [{ organisationId, eventId: event.id, kind: 'order.placed' as const }] : [];
        }),
      );
      return placed.map((order) => order.id);
    });
    const summaries = await orderSummaries(db, inArray(orders.id, orderIds));
    return ok(c, { orders: summaries }, 'ordersPlaced');
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
