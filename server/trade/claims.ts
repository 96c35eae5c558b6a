import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type ClaimDetail,
  type ClaimLine,
  type ClaimListQuery,
  type ClaimPage,
  type ClaimSummary,
  delayDays,
} from '../../common/contracts/claims';
import { type OrderSummary, TRADE_PAGE_SIZE, type TradeEvent } from '../../common/contracts/trading';
import { portalDateOf, portalToday } from '../../common/format/formats';
import type { Database, Transaction } from '../db/database';
import { claimShares, inquiryLines, orderLines, orders, quoteLines, tradeEvents } from '../db/schema';
import { readTimeline } from './event-log';
import { orderSummaries } from './order-summaries';

type Reader = Database | Transaction;

/** The shares an insurer may read now: shared with its organisation and not withdrawn. */
export function currentSharesOf(insurerOrganisationId: number) {
  return and(eq(claimShares.insurerOrganisationId, insurerOrganisationId), isNull(claimShares.withdrawnAt));
}

/** The order events an insurer reads on a claim: the order's and its lines' (not returns, not the inquiry). */
const INSURER_EVENT_ENTITIES: ReadonlySet<TradeEvent['entity']> = new Set(['order', 'line']);

/**
 * The claim lines of some orders with their promise, ETA history, delivery day and delay: the ETA
 * history from the append-only event log (ADR 025), the promised and delivery days from the facts
 * stored when the order was placed and the line delivered (ADR 029).
 */
async function claimLinesOf(db: Reader, orderIds: readonly number[], today: string) {
  if (orderIds.length === 0) return new Map<number, ClaimLine[]>();
  const [rows, lineEvents] = await Promise.all([
    db
      .select({
        line: orderLines,
        placedAt: orders.createdAt,
        quoteEta: quoteLines.eta,
        availability: quoteLines.availability,
        requestedPartNumber: inquiryLines.partNumber,
        alternativePartNumber: quoteLines.alternativePartNumber,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(quoteLines, eq(quoteLines.id, orderLines.quoteLineId))
      .innerJoin(inquiryLines, eq(inquiryLines.id, orderLines.inquiryLineId))
      .where(inArray(orderLines.orderId, [...orderIds]))
      .orderBy(asc(orderLines.id)),
    db
      .select({
        kind: tradeEvents.kind,
        entityId: tradeEvents.entityId,
        details: tradeEvents.details,
        at: tradeEvents.createdAt,
      })
      .from(tradeEvents)
      .where(
        and(
          inArray(tradeEvents.orderId, [...orderIds]),
          eq(tradeEvents.entity, 'line'),
          eq(tradeEvents.kind, 'line.backorder'),
        ),
      )
      .orderBy(asc(tradeEvents.id)),
  ]);
  const byOrder = new Map<number, ClaimLine[]>();
  for (const { line, placedAt, quoteEta, availability, requestedPartNumber, alternativePartNumber } of rows) {
    const ownEvents = lineEvents.filter((event) => event.entityId === line.id);
    const etaHistory = quoteEta === null ? [] : [{ eta: quoteEta, at: placedAt.toISOString() }];
    for (const event of ownEvents) {
      const eta = event.details.eta;
      if (event.kind === 'line.backorder' && typeof eta === 'string')
        etaHistory.push({ eta, at: event.at.toISOString() });
    }
    // The promise and the delivery are the facts stored with the order and the delivery (ADR 029),
    // so a claim and the dashboards measure the same delay.
    const promisedOn = line.promisedOn;
    const deliveredOn = line.deliveredAt ? portalDateOf(line.deliveredAt) : null;
    const claimLine: ClaimLine = {
      id: line.id,
      requested_part_number: requestedPartNumber,
      part_number: line.partNumber,
      brand: line.brand,
      description: line.description,
      quantity: line.quantity,
      origin: alternativePartNumber.trim() === '' ? 'oe' : 'equivalent',
      net_price_cents: line.netPriceCents,
      availability,
      status: line.status,
      promised_on: promisedOn,
      eta_history: etaHistory,
      delivered_on: deliveredOn,
      delay_days: delayDays({ promisedOn, deliveredOn, cancelled: line.status === 'cancelled' }, today),
    };
    byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), claimLine]);
  }
  return byOrder;
}

const maxDelay = (lines: readonly ClaimLine[]) => Math.max(0, ...lines.map((line) => line.delay_days ?? 0));

/** What the claim list shows of a share; the claim page shows the same and more. */
function claimSummaryOf(
  share: typeof claimShares.$inferSelect,
  summary: OrderSummary,
  claimLines: readonly ClaimLine[],
): ClaimSummary {
  return {
    id: share.id,
    claim_number: share.claimNumber,
    workshop_name: summary.workshop_name,
    dealer_name: summary.dealer_name,
    vehicle: summary.vehicle,
    order_status: summary.status,
    placed_at: summary.placed_at,
    shared_at: share.sharedAt.toISOString(),
    line_count: summary.line_count,
    max_delay_days: maxDelay(claimLines),
  };
}

/**
 * A page of the claims shared with an insurer and not withdrawn, newest share first, with their
 * total; a page beyond the end is empty (the screen offers the way back, as the order list does).
 */
export async function listClaims(db: Reader, insurerOrganisationId: number, query: ClaimListQuery): Promise<ClaimPage> {
  const current = currentSharesOf(insurerOrganisationId);
  const [shares, counted] = await Promise.all([
    db
      .select()
      .from(claimShares)
      .where(current)
      .orderBy(desc(claimShares.sharedAt), desc(claimShares.id))
      .limit(TRADE_PAGE_SIZE)
      .offset((query.page - 1) * TRADE_PAGE_SIZE),
    db.select({ total: count() }).from(claimShares).where(current),
  ]);
  const page = { total: counted[0]?.total ?? 0, page: query.page, page_size: TRADE_PAGE_SIZE };
  if (shares.length === 0) return { items: [], ...page };
  const orderIds = shares.map((share) => share.orderId);
  const today = portalToday();
  const [summaries, lines] = await Promise.all([
    orderSummaries(db, inArray(orders.id, orderIds), { limit: orderIds.length, offset: 0 }),
    claimLinesOf(db, orderIds, today),
  ]);
  const summaryOf = new Map(summaries.map((summary) => [summary.id, summary]));
  const items = shares.flatMap((share) => {
    const summary = summaryOf.get(share.orderId);
    if (!summary) return [];
    return [claimSummaryOf(share, summary, lines.get(share.orderId) ?? [])];
  });
  return { items, ...page };
}

/**
 * One claim as the insurer reads it; null when the share is not this insurer's, was withdrawn or
 * does not exist (the route answers 404 alike, so nobody learns which claims exist elsewhere).
 */
export async function readClaimDetail(
  db: Reader,
  insurerOrganisationId: number,
  claimId: number,
): Promise<ClaimDetail | null> {
  const [share] = await db
    .select()
    .from(claimShares)
    .where(and(eq(claimShares.id, claimId), currentSharesOf(insurerOrganisationId)));
  if (!share) return null;
  const today = portalToday();
  const [[summary], lines, timeline] = await Promise.all([
    orderSummaries(db, eq(orders.id, share.orderId), { limit: 1, offset: 0 }),
    claimLinesOf(db, [share.orderId], today),
    // The insurer reads the order through the workshop that shared it, limited to order and line events.
    readTimeline(db, { kind: 'workshop', organisationId: share.workshopOrganisationId }, { orderId: share.orderId }),
  ]);
  if (!summary) return null;
  const claimLines = lines.get(share.orderId) ?? [];
  const equivalent = claimLines.filter((line) => line.origin === 'equivalent').length;
  return {
    ...claimSummaryOf(share, summary, claimLines),
    order_id: share.orderId,
    currency: summary.currency,
    total_cents: summary.total_cents,
    lines: claimLines,
    equivalent_share: claimLines.length === 0 ? 0 : equivalent / claimLines.length,
    events: timeline.filter((event) => INSURER_EVENT_ENTITIES.has(event.entity)),
    today,
  };
}
