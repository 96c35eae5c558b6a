import { and, asc, countDistinct, desc, eq, inArray, isNull, max } from 'drizzle-orm';
import {
  CLAIM_NUMBER_MAX_LENGTH,
  CLAIM_NUMBER_PATTERN,
  type ClaimDetail,
  type ClaimLine,
  type ClaimListQuery,
  type ClaimOrder,
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
    // Like the order pages: the history starts with the day promised at placement (the quote's own
    // ETA only for lines placed before promised days were kept).
    const firstEta = line.promisedOn ?? quoteEta;
    const etaHistory = firstEta === null ? [] : [{ eta: firstEta, at: placedAt.toISOString() }];
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

/** The values in their first order, each once (by a key). */
function distinct<TValue>(values: readonly TValue[], key: (value: TValue) => string = String) {
  const seen = new Map<string, TValue>();
  for (const value of values) if (!seen.has(key(value))) seen.set(key(value), value);
  return [...seen.values()];
}

type ShareRow = typeof claimShares.$inferSelect;
type SharedOrder = { share: ShareRow; summary: OrderSummary; lines: ClaimLine[] };

/**
 * The orders shared with an insurer and not withdrawn under some claim numbers, with their
 * summaries and claim lines, grouped by claim number; each group first shared first.
 */
async function sharedOrdersUnder(
  db: Reader,
  insurerOrganisationId: number,
  claimNumbers: readonly string[],
  today: string,
) {
  const byNumber = new Map<string, SharedOrder[]>();
  if (claimNumbers.length === 0) return byNumber;
  const shares = await db
    .select()
    .from(claimShares)
    .where(and(currentSharesOf(insurerOrganisationId), inArray(claimShares.claimNumber, [...claimNumbers])))
    .orderBy(asc(claimShares.sharedAt), asc(claimShares.id));
  if (shares.length === 0) return byNumber;
  const orderIds = shares.map((share) => share.orderId);
  const [summaries, lines] = await Promise.all([
    orderSummaries(db, inArray(orders.id, orderIds), 'insurer', { limit: orderIds.length, offset: 0 }),
    claimLinesOf(db, orderIds, today),
  ]);
  const summaryOf = new Map(summaries.map((summary) => [summary.id, summary]));
  for (const share of shares) {
    const summary = summaryOf.get(share.orderId);
    if (!summary) continue;
    const shared = { share, summary, lines: lines.get(share.orderId) ?? [] };
    byNumber.set(share.claimNumber, [...(byNumber.get(share.claimNumber) ?? []), shared]);
  }
  return byNumber;
}

const vehicleKey = (vehicle: OrderSummary['vehicle']) =>
  JSON.stringify([vehicle.description, vehicle.vin, vehicle.hsn, vehicle.tsn]);

/** What the claim list shows of a claim (all its current orders); the claim page shows the same and more. */
function claimSummaryOf(claimNumber: string, shared: readonly SharedOrder[]): ClaimSummary {
  const placed = shared.map(({ summary }) => summary.placed_at).sort();
  const sharedAt = shared.map(({ share }) => share.sharedAt.toISOString()).sort();
  return {
    claim_number: claimNumber,
    workshop_names: distinct(shared.map(({ summary }) => summary.workshop_name)),
    dealer_names: distinct(shared.map(({ summary }) => summary.dealer_name)),
    vehicles: distinct(
      shared.map(({ summary }) => summary.vehicle),
      vehicleKey,
    ),
    order_statuses: distinct(shared.map(({ summary }) => summary.status)),
    order_count: shared.length,
    line_count: shared.reduce((sum, { summary }) => sum + summary.line_count, 0),
    placed_at: placed[0] ?? '',
    shared_at: sharedAt.at(-1) ?? '',
    max_delay_days: Math.max(0, ...shared.map(({ lines }) => maxDelay(lines))),
  };
}

/**
 * A page of the claims of an insurer: its claim numbers with an order shared and not withdrawn,
 * the one shared to last first, with their total; a page beyond the end is empty (the screen
 * offers the way back, as the order list does).
 */
export async function listClaims(db: Reader, insurerOrganisationId: number, query: ClaimListQuery): Promise<ClaimPage> {
  const current = currentSharesOf(insurerOrganisationId);
  const lastShared = max(claimShares.sharedAt);
  const [numbers, counted] = await Promise.all([
    db
      .select({ claimNumber: claimShares.claimNumber })
      .from(claimShares)
      .where(current)
      .groupBy(claimShares.claimNumber)
      .orderBy(desc(lastShared), asc(claimShares.claimNumber))
      .limit(TRADE_PAGE_SIZE)
      .offset((query.page - 1) * TRADE_PAGE_SIZE),
    db
      .select({ total: countDistinct(claimShares.claimNumber) })
      .from(claimShares)
      .where(current),
  ]);
  const page = { total: counted[0]?.total ?? 0, page: query.page, page_size: TRADE_PAGE_SIZE };
  if (numbers.length === 0) return { items: [], ...page };
  const claimNumbers = numbers.map((row) => row.claimNumber);
  const byNumber = await sharedOrdersUnder(db, insurerOrganisationId, claimNumbers, portalToday());
  const items = claimNumbers.flatMap((claimNumber) => {
    const shared = byNumber.get(claimNumber);
    return shared && shared.length > 0 ? [claimSummaryOf(claimNumber, shared)] : [];
  });
  return { items, ...page };
}

/** A share id as the claim links before issue 24 named a claim (`/claims/17`). */
const SHARE_ID = /^[0-9]{1,9}$/;

/**
 * The claim number a reference from a URL names for an insurer: the claim number itself (as
 * stored, upper-cased), or, for an old link by share id, the number that share is current under
 * with this insurer; null when it names nothing of this insurer's.
 */
async function claimNumberOf(db: Reader, insurerOrganisationId: number, reference: string) {
  const claimNumber = claimReferenceOf(reference);
  if (claimNumber === null) return null;
  const current = currentSharesOf(insurerOrganisationId);
  const [byNumber] = await db
    .select({ claimNumber: claimShares.claimNumber })
    .from(claimShares)
    .where(and(current, eq(claimShares.claimNumber, claimNumber)))
    .limit(1);
  if (byNumber) return byNumber.claimNumber;
  if (!SHARE_ID.test(claimNumber)) return null;
  const [byShare] = await db
    .select({ claimNumber: claimShares.claimNumber })
    .from(claimShares)
    .where(and(current, eq(claimShares.id, Number(reference))));
  return byShare?.claimNumber ?? null;
}

/**
 * A reference from a URL as a claim number is stored (trimmed, upper-cased), or null when it
 * cannot be one: what is not a claim number (nor a share id, which is one by its form) names no
 * claim, and is neither looked up nor written to the audit log as given.
 */
export function claimReferenceOf(reference: string) {
  const claimNumber = reference.trim().toUpperCase();
  if (claimNumber.length > CLAIM_NUMBER_MAX_LENGTH || !CLAIM_NUMBER_PATTERN.test(claimNumber)) return null;
  return claimNumber;
}

/**
 * One claim as the insurer reads it: every order shared with its organisation under the claim
 * number and not withdrawn. `reference` is the claim number, or a share id of an old link (the
 * answer names the claim number, so the screen can show the claim's own address). Null when it
 * names nothing current of this insurer's (the route answers 404 alike, so nobody learns which
 * claims exist elsewhere).
 */
export async function readClaimDetail(
  db: Reader,
  insurerOrganisationId: number,
  reference: string,
): Promise<ClaimDetail | null> {
  const claimNumber = await claimNumberOf(db, insurerOrganisationId, reference);
  if (claimNumber === null) return null;
  const today = portalToday();
  const shared = (await sharedOrdersUnder(db, insurerOrganisationId, [claimNumber], today)).get(claimNumber) ?? [];
  if (shared.length === 0) return null;
  const claimOrders = await Promise.all(
    shared.map(async ({ share, summary, lines }): Promise<ClaimOrder> => {
      // The insurer reads the order through the workshop that shared it, limited to order and line events.
      const timeline = await readTimeline(
        db,
        { kind: 'workshop', organisationId: share.workshopOrganisationId },
        { orderId: share.orderId },
      );
      return {
        order_id: share.orderId,
        workshop_name: summary.workshop_name,
        dealer_name: summary.dealer_name,
        vehicle: summary.vehicle,
        order_status: summary.status,
        placed_at: summary.placed_at,
        shared_at: share.sharedAt.toISOString(),
        currency: summary.currency,
        total_cents: summary.total_cents,
        lines,
        // An insurer is no reader of the log (no stream, no webhooks): it sees this order's history
        // as a list, numbered 1, 2, 3 … within it, so no id tells it how much the workshop trades
        // elsewhere (ADR 045).
        events: timeline
          .filter((event) => INSURER_EVENT_ENTITIES.has(event.entity))
          .map((event, index) => ({ ...event, id: index + 1 })),
      };
    }),
  );
  const allLines = claimOrders.flatMap((order) => order.lines);
  const equivalent = allLines.filter((line) => line.origin === 'equivalent').length;
  return {
    ...claimSummaryOf(claimNumber, shared),
    orders: claimOrders,
    total_cents: claimOrders.reduce((sum, order) => sum + order.total_cents, 0),
    equivalent_share: allLines.length === 0 ? 0 : equivalent / allLines.length,
    today,
  };
}
