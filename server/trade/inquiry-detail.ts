import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { vehicleTypeKey } from '../../common/contracts/fitment';
import type {
  DealerInquiry,
  InquiryDetail,
  InquiryLine,
  LearnedFitment,
  QuoteLine,
  Recipient,
} from '../../common/contracts/trading';
import { portalToday } from '../../common/format/formats';
import type { Database, Transaction } from '../db/database';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  orderLines,
  orders,
  organisations,
  partDealers,
  quoteLines,
} from '../db/schema';
import { learnedFitment } from './learned-fitment';
import { orderSummaries, vehicleView } from './order-summaries';

type Reader = Database | Transaction;
type RecipientRow = typeof inquiryRecipients.$inferSelect;

function toInquiryLine(row: typeof inquiryLines.$inferSelect, fitment: Map<string, LearnedFitment>): InquiryLine {
  return {
    id: row.id,
    position: row.position,
    part_number: row.partNumber,
    description: row.description,
    quantity: row.quantity,
    note: row.note,
    fitment: fitment.get(row.partNumberNormalised) ?? null,
  };
}

/** The inquiry's lines as the contract shows them, each with what earlier orders for its vehicle type tell (ADR 028). */
async function linesWithFitment(
  db: Reader,
  inquiry: typeof inquiries.$inferSelect,
  rows: readonly (typeof inquiryLines.$inferSelect)[],
) {
  const fitment = await learnedFitment(
    db,
    vehicleTypeKey(inquiry),
    rows.map((row) => row.partNumberNormalised),
    { excludeInquiryId: inquiry.id },
  );
  return rows.map((row) => toInquiryLine(row, fitment));
}

function toQuoteLine(row: typeof quoteLines.$inferSelect): QuoteLine {
  return {
    inquiry_line_id: row.inquiryLineId,
    offered: row.offered,
    net_price_cents: row.netPriceCents,
    deposit_cents: row.depositCents,
    currency: row.currency,
    availability: row.availability,
    eta: row.eta,
    alternative_part_number: row.alternativePartNumber,
    alternative_brand: row.alternativeBrand,
    fits_vehicle: row.fitsVehicle,
    note: row.note,
    decline_reason: row.declineReason,
  };
}

/** The lines of an inquiry in their order. */
export async function inquiryLinesOf(db: Reader, inquiryId: number) {
  return db
    .select()
    .from(inquiryLines)
    .where(eq(inquiryLines.inquiryId, inquiryId))
    .orderBy(asc(inquiryLines.position), asc(inquiryLines.id));
}

/** Recipient rows as the contract shows them, each with its dealer's name and its quote lines. */
async function recipientViews(db: Reader, rows: readonly { recipient: RecipientRow; dealerName: string }[]) {
  if (rows.length === 0) return [];
  const quotes = await db
    .select()
    .from(quoteLines)
    .where(
      inArray(
        quoteLines.recipientId,
        rows.map((row) => row.recipient.id),
      ),
    )
    .orderBy(asc(quoteLines.inquiryLineId));
  return rows.map(
    ({ recipient, dealerName }): Recipient => ({
      id: recipient.id,
      part_dealer_id: recipient.partDealerId,
      dealer_name: dealerName,
      status: recipient.status,
      version: recipient.version,
      seen_at: recipient.seenAt?.toISOString() ?? null,
      answered_at: recipient.answeredAt?.toISOString() ?? null,
      decline_reason: recipient.declineReason,
      valid_until: recipient.validUntil,
      freight_cents: recipient.freightCents,
      free_freight_from_cents: recipient.freeFreightFromCents,
      quote_lines: quotes.filter((quote) => quote.recipientId === recipient.id).map(toQuoteLine),
    }),
  );
}

/** The inquiry with its workshop's name, or null when it is not this workshop organisation's. */
async function inquiryOf(db: Reader, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({ inquiry: inquiries, workshopName: organisations.name })
    .from(inquiries)
    .innerJoin(organisations, eq(organisations.id, inquiries.workshopOrganisationId))
    .where(where)
    .limit(1);
  return row ?? null;
}

/**
 * The workshop's view of one of its inquiries: lines, every recipient with its quote, the orders
 * made from it. Null when the inquiry does not exist or belongs to another workshop (the caller
 * answers 404 for both).
 */
export async function inquiryDetail(
  db: Reader,
  scope: { inquiryId: number; workshopOrganisationId: number },
): Promise<InquiryDetail | null> {
  const found = await inquiryOf(
    db,
    and(eq(inquiries.id, scope.inquiryId), eq(inquiries.workshopOrganisationId, scope.workshopOrganisationId)),
  );
  if (!found) return null;
  const { inquiry, workshopName } = found;
  const [lines, recipientRows, orderList, orderedLines] = await Promise.all([
    inquiryLinesOf(db, inquiry.id),
    db
      .select({ recipient: inquiryRecipients, dealerName: partDealers.name })
      .from(inquiryRecipients)
      .innerJoin(partDealers, eq(partDealers.id, inquiryRecipients.partDealerId))
      .where(eq(inquiryRecipients.inquiryId, inquiry.id))
      .orderBy(asc(partDealers.name), asc(inquiryRecipients.id)),
    orderSummaries(db, eq(orders.inquiryId, inquiry.id), 'workshop'),
    db
      .select({ inquiry_line_id: orderLines.inquiryLineId, recipient_id: orders.recipientId, order_id: orders.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.inquiryId, inquiry.id))
      .orderBy(asc(orderLines.inquiryLineId), asc(orders.id)),
  ]);
  return {
    id: inquiry.id,
    status: inquiry.status,
    version: inquiry.version,
    workshop_name: workshopName,
    vehicle: vehicleView(inquiry),
    workshop_reference: inquiry.workshopReference,
    lines: await linesWithFitment(db, inquiry, lines),
    recipients: await recipientViews(db, recipientRows),
    orders: orderList,
    ordered_lines: orderedLines,
    created_at: inquiry.createdAt.toISOString(),
    closes_at: inquiry.closesAt.toISOString(),
    cancel_reason: inquiry.cancelReason,
    today: portalToday(),
  };
}

/**
 * A dealer's view of an inquiry it received: the workshop's request and its own recipient row
 * only (never another dealer's quote). Null when this dealer organisation is not a recipient.
 */
export async function dealerInquiry(
  db: Reader,
  scope: { inquiryId: number; dealerOrganisationId: number },
): Promise<DealerInquiry | null> {
  const [row] = await db
    .select({ recipient: inquiryRecipients, dealerName: partDealers.name })
    .from(inquiryRecipients)
    .innerJoin(partDealers, eq(partDealers.id, inquiryRecipients.partDealerId))
    .where(
      and(
        eq(inquiryRecipients.inquiryId, scope.inquiryId),
        eq(inquiryRecipients.dealerOrganisationId, scope.dealerOrganisationId),
      ),
    )
    .limit(1);
  if (!row) return null;
  const found = await inquiryOf(db, and(eq(inquiries.id, scope.inquiryId)));
  if (!found) return null;
  const { inquiry, workshopName } = found;
  const [lines, [recipient], [order]] = await Promise.all([
    inquiryLinesOf(db, inquiry.id),
    recipientViews(db, [row]),
    db.select({ id: orders.id }).from(orders).where(eq(orders.recipientId, row.recipient.id)).limit(1),
  ]);
  if (!recipient) return null;
  return {
    id: inquiry.id,
    inquiry_status: inquiry.status,
    workshop_name: workshopName,
    customer_number: row.recipient.customerNumber,
    vehicle: vehicleView(inquiry),
    lines: await linesWithFitment(db, inquiry, lines),
    created_at: inquiry.createdAt.toISOString(),
    closes_at: inquiry.closesAt.toISOString(),
    recipient,
    order_id: order?.id ?? null,
  };
}

/** Per inquiry: how many lines, recipients and answered recipients it has (for the lists). */
export async function inquiryCounts(db: Reader, inquiryIds: readonly number[]) {
  const counts = new Map<number, { lines: number; recipients: number; answered: number }>();
  if (inquiryIds.length === 0) return counts;
  const ids = [...inquiryIds];
  const [lineRows, recipientRows] = await Promise.all([
    db
      .select({ inquiryId: inquiryLines.inquiryId, total: count() })
      .from(inquiryLines)
      .where(inArray(inquiryLines.inquiryId, ids))
      .groupBy(inquiryLines.inquiryId),
    db
      .select({
        inquiryId: inquiryRecipients.inquiryId,
        total: count(),
        answered: sql<number>`count(*) filter (where ${inquiryRecipients.status} = 'answered')`.mapWith(Number),
      })
      .from(inquiryRecipients)
      .where(inArray(inquiryRecipients.inquiryId, ids))
      .groupBy(inquiryRecipients.inquiryId),
  ]);
  const linesOf = new Map(lineRows.map((row) => [row.inquiryId, row.total]));
  const recipientsOf = new Map(recipientRows.map((row) => [row.inquiryId, row]));
  for (const id of ids) {
    counts.set(id, {
      lines: linesOf.get(id) ?? 0,
      recipients: recipientsOf.get(id)?.total ?? 0,
      answered: recipientsOf.get(id)?.answered ?? 0,
    });
  }
  return counts;
}
