import { and, eq, inArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  dealerTotal,
  type InquiryStatus,
  normalisePartNumber,
  type orderPlacementSchema,
  quoteRefusal,
} from '../../common/contracts/trading';
import { portalToday } from '../../common/format/formats';
import { promisedDay } from '../../common/format/working-days';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { lifecycleStep } from '../../machines/lifecycle';
import type { Database, Transaction } from '../db/database';
import { inquiries, inquiryLines, inquiryRecipients, orderLines, orders, quoteLines } from '../db/schema';
import { ApiRefusal, conflictWithCurrent } from '../http/respond';
import { fillPlacedOrderFacts } from './dashboard-facts';
import { appendTradeEvents, type TradeEventInput } from './event-log';
import { inquiryDetail } from './inquiry-detail';
import { orderSummaries } from './order-summaries';
import { commandTime, type TradeActor } from './trade-actor';
import { queueTradeMails } from './trade-mail';

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

/** A stale inquiry version: 409 `inquiryChanged` with the workshop's current inquiry (ADR 035). */
async function inquiryChanged(tx: Transaction, inquiryId: number, workshopOrganisationId: number): Promise<never> {
  const current = await inquiryDetail(tx, { inquiryId, workshopOrganisationId });
  if (!current) throw new ApiRefusal(404, 'notFound');
  throw conflictWithCurrent('inquiryChanged', current);
}

type Offered = Awaited<ReturnType<typeof offeredChoices>>[number];

/** The contract's `quoteRefusal` on a stored quote line: why it cannot be ordered, or null. */
function refusalOf({ recipient, quote }: Offered, today: string) {
  return quoteRefusal(
    { status: recipient.status, valid_until: recipient.validUntil },
    { offered: quote.offered, net_price_cents: quote.netPriceCents, availability: quote.availability },
    today,
  );
}

/**
 * Places a workshop's orders from chosen quote lines of one of its inquiries (ADR 023): one order
 * per dealer, from the SPA and from a DMS (ADR 031) alike. The inquiry's `version` must be the one
 * the caller saw (else 409 `inquiryChanged` with the current inquiry); a line without an offer is a 400 `choiceNotOffered`,
 * one whose quote ran out (valid-until before the server's today) a 400 `quoteExpired`; either
 * way the transaction rolls back and nothing is written. Returns the new orders' ids; the routes
 * answer with their `orderSummaries` (ADR 035).
 */
export async function placeOrders(
  db: Database,
  actor: TradeActor,
  inquiryId: number,
  placement: v.InferOutput<typeof orderPlacementSchema>,
) {
  const { organisationId } = actor;
  const now = commandTime(actor);
  const orderIds = await db.transaction(async (tx) => {
    // One lock per inquiry (ADR 023, inquiry side): answers, declines, the sweep and ordering take
    // the inquiry row first, so the quotes read below are those of the version the workshop saw.
    const [inquiry] = await tx
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.id, inquiryId), eq(inquiries.workshopOrganisationId, organisationId)))
      .for('update');
    if (!inquiry) throw new ApiRefusal(404, 'notFound');
    if (inquiry.version !== placement.version) return inquiryChanged(tx, inquiryId, organisationId);
    const ordered = lifecycleStep(inquiryLifecycleMachine, inquiry.status, { type: 'inquiry.order' });
    if (ordered === null) throw new ApiRefusal(409, 'actionNotAllowed');

    const [claimed] = await tx
      .update(inquiries)
      .set({ status: ordered as InquiryStatus, version: sql`${inquiries.version} + 1`, updatedAt: now })
      .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.version, placement.version)))
      .returning({ id: inquiries.id });
    if (!claimed) return inquiryChanged(tx, inquiryId, organisationId);

    const chosenRecipients = [...new Set(placement.choices.map((choice) => choice.recipient_id))];
    const offered = await offeredChoices(tx, inquiry.id, chosenRecipients);
    // Every dealer the inquiry went to hears that it was ordered (without the details).
    const allRecipients = await tx
      .selectDistinct({ dealerOrganisationId: inquiryRecipients.dealerOrganisationId })
      .from(inquiryRecipients)
      .where(eq(inquiryRecipients.inquiryId, inquiry.id));
    const offerOf = new Map(offered.map((row) => [`${row.recipient.id}:${row.line.id}`, row]));
    const today = portalToday(now);
    const perRecipient = new Map<number, Offered[]>();
    for (const choice of placement.choices) {
      const row = offerOf.get(`${choice.recipient_id}:${choice.inquiry_line_id}`);
      if (!row) throw new ApiRefusal(400, 'choiceNotOffered');
      const refusal = refusalOf(row, today);
      if (refusal) throw new ApiRefusal(400, refusal);
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
    const handoverOf = new Map(placement.orders.map((order) => [order.recipient_id, order]));
    const placed = await tx
      .insert(orders)
      .values(
        groups.map(({ recipient, totals }) => ({
          handover: handoverOf.get(recipient.id)?.handover ?? 'delivery',
          note: handoverOf.get(recipient.id)?.note ?? '',
          inquiryId: inquiry.id,
          recipientId: recipient.id,
          workshopOrganisationId: organisationId,
          dealerOrganisationId: recipient.dealerOrganisationId,
          partDealerId: recipient.partDealerId,
          status: 'placed' as const,
          customerNumber: recipient.customerNumber,
          freightCents: totals.freight,
          totalCents: totals.total,
          placedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
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
          // The promise is made now (issue 24 §5): an availability class becomes a day counted from
          // today's placement in Berlin working days; only a still-future explicit ETA is kept as the line's ETA.
          const promisedOn = promisedDay(quote, today);
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
            eta: quote.availability === 'ordered_eta' && quote.eta === promisedOn ? quote.eta : null,
            promisedOn,
          };
        }),
      ),
    );

    // The dashboards' other facts of these orders (ADR 029): best other offers, won quotes.
    await fillPlacedOrderFacts(tx, inquiry.id);

    const events: TradeEventInput[] = groups.map(({ recipient, rows, totals }) => ({
      kind: 'order.placed',
      inquiryId: inquiry.id,
      orderId: orderOfRecipient(recipient.id),
      entity: 'order',
      entityId: orderOfRecipient(recipient.id),
      before: null,
      after: 'placed',
      actorUserId: actor.userId,
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
      actorUserId: actor.userId,
      workshopOrganisationId: organisationId,
      dealerOrganisationIds: allRecipients.map((row) => row.dealerOrganisationId),
    });
    const appended = await appendTradeEvents(tx, events, now);
    const dealerOfOrder = new Map(
      groups.map(({ recipient }) => [orderOfRecipient(recipient.id), recipient.dealerOrganisationId]),
    );
    await queueTradeMails(
      tx,
      appended.flatMap((event) => {
        const organisationId =
          event.kind === 'order.placed' && event.orderId !== null && dealerOfOrder.get(event.orderId);
        return organisationId ? [{ organisationId, event }] : [];
      }),
    );
    return placed.map((order) => order.id);
  });
  return { orderIds };
}

/** What the workshop's routes answer after `placeOrders`: the summaries of the orders it placed (ADR 035). */
export async function placedOrders(db: Database, { orderIds }: { orderIds: readonly number[] }) {
  return { orders: await orderSummaries(db, inArray(orders.id, [...orderIds]), 'workshop') };
}
