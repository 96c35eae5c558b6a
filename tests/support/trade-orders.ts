import { count, eq } from 'drizzle-orm';
import type { AvailabilityClass, InquiryStatus, RecipientStatus } from '../../common/contracts/trading';
import { normalisePartNumber } from '../../common/contracts/trading';
import type { Database } from '../../server/db/database';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  orderLines,
  orderReturns,
  orders,
  quoteLines,
  tradeEvents,
} from '../../server/db/schema';

/*
 * The inquiry side of the trade loop written straight into the test database (its endpoints are
 * another slice), so the order endpoints can be tested from a quoted inquiry.
 */

type LineInput = { partNumber?: string; description?: string; quantity: number };

/** A workshop's inquiry with its lines, as the inquiry endpoint leaves it (quoted unless told). */
export async function insertInquiry(
  db: Database,
  inquiry: {
    workshopOrganisationId: number;
    createdBy: number;
    lines: readonly LineInput[];
    status?: InquiryStatus;
    version?: number;
    vin?: string;
    hsn?: string;
    tsn?: string;
    vehicleDescription?: string;
  },
) {
  const [row] = await db
    .insert(inquiries)
    .values({
      workshopOrganisationId: inquiry.workshopOrganisationId,
      createdBy: inquiry.createdBy,
      status: inquiry.status ?? 'quoted',
      version: inquiry.version ?? 3,
      vin: inquiry.vin ?? 'WVWZZZ1KZAW000001',
      hsn: inquiry.hsn ?? '',
      tsn: inquiry.tsn ?? '',
      vehicleDescription: inquiry.vehicleDescription ?? 'VW Golf VI 1.4 TSI',
      closesAt: new Date(Date.now() + 2 * 3600_000),
    })
    .returning();
  if (!row) throw new Error('inquiry insert returned nothing');
  const lines = await db
    .insert(inquiryLines)
    .values(
      inquiry.lines.map((line, index) => ({
        inquiryId: row.id,
        position: index + 1,
        partNumber: line.partNumber ?? '',
        partNumberNormalised: normalisePartNumber(line.partNumber ?? ''),
        description: line.description ?? '',
        quantity: line.quantity,
      })),
    )
    .returning();
  return { inquiry: row, lines: lines.sort((a, b) => a.position - b.position) };
}

export type QuoteInput =
  | {
      inquiryLineId: number;
      offered: true;
      netPriceCents: number;
      depositCents?: number;
      availability?: AvailabilityClass;
      eta?: string | null;
      alternativePartNumber?: string;
      alternativeBrand?: string;
      fitsVehicle?: boolean;
    }
  | { inquiryLineId: number; offered: false; declineReason: string };

/** A dealer's copy of the inquiry with its answer (answered unless told), and its quote lines. */
export async function insertRecipient(
  db: Database,
  inquiryId: number,
  dealer: { partDealerId: number; organisationId: number },
  answer: {
    status?: RecipientStatus;
    customerNumber?: string;
    validUntil?: string | null;
    freightCents?: number;
    freeFreightFromCents?: number | null;
    quotes?: readonly QuoteInput[];
  } = {},
) {
  const status = answer.status ?? 'answered';
  const [recipient] = await db
    .insert(inquiryRecipients)
    .values({
      inquiryId,
      partDealerId: dealer.partDealerId,
      dealerOrganisationId: dealer.organisationId,
      customerNumber: answer.customerNumber ?? 'K-100',
      status,
      version: status === 'answered' ? 1 : 0,
      answeredAt: status === 'answered' ? new Date() : null,
      validUntil: answer.validUntil === undefined ? '2099-12-31' : answer.validUntil,
      freightCents: answer.freightCents ?? 0,
      freeFreightFromCents: answer.freeFreightFromCents ?? null,
    })
    .returning();
  if (!recipient) throw new Error('recipient insert returned nothing');
  const quotes = answer.quotes ?? [];
  if (quotes.length > 0) {
    await db.insert(quoteLines).values(
      quotes.map((quote) =>
        quote.offered
          ? {
              recipientId: recipient.id,
              inquiryLineId: quote.inquiryLineId,
              offered: true,
              netPriceCents: quote.netPriceCents,
              depositCents: quote.depositCents ?? 0,
              availability: quote.availability ?? 'branch_today',
              eta: quote.eta ?? null,
              alternativePartNumber: quote.alternativePartNumber ?? '',
              // As the answer route writes it (ADR 028): the search reads the normalised form.
              alternativePartNumberNormalised: normalisePartNumber(quote.alternativePartNumber ?? ''),
              alternativeBrand: quote.alternativeBrand ?? '',
              fitsVehicle: quote.fitsVehicle ?? false,
            }
          : {
              recipientId: recipient.id,
              inquiryLineId: quote.inquiryLineId,
              offered: false,
              declineReason: quote.declineReason,
            },
      ),
    );
  }
  return recipient;
}

/** How many events the log holds (a refused request must not add one). */
export async function tradeEventCount(db: Database) {
  const [row] = await db.select({ total: count() }).from(tradeEvents);
  return row?.total ?? 0;
}

/**
 * A whole trade written straight into the database: an inquiry of `workshop` quoted by `dealer`,
 * ordered, one line delivered with a return requested and one on backorder. For tests that need
 * every kind of trade row to exist (the fuzzer aims their ids at other organisations' endpoints).
 */
export async function insertTrade(
  db: Database,
  workshop: { organisationId: number; userId: number },
  dealer: { partDealerId: number; organisationId: number },
) {
  const { inquiry, lines } = await insertInquiry(db, {
    workshopOrganisationId: workshop.organisationId,
    createdBy: workshop.userId,
    status: 'ordered',
    lines: [
      { partNumber: '1K0 615 301 AA', description: 'Bremsscheibe', quantity: 2 },
      { partNumber: '5Q0 698 151 A', description: 'Bremsbeläge', quantity: 1 },
    ],
  });
  const [first, second] = lines;
  if (!first || !second) throw new Error('inquiry lines missing');
  const recipient = await insertRecipient(db, inquiry.id, dealer, {
    quotes: [
      { inquiryLineId: first.id, offered: true, netPriceCents: 4890 },
      { inquiryLineId: second.id, offered: true, netPriceCents: 5290 },
    ],
  });
  const quotes = await db.select().from(quoteLines).where(eq(quoteLines.recipientId, recipient.id));
  const [order] = await db
    .insert(orders)
    .values({
      inquiryId: inquiry.id,
      recipientId: recipient.id,
      workshopOrganisationId: workshop.organisationId,
      dealerOrganisationId: dealer.organisationId,
      partDealerId: dealer.partDealerId,
      status: 'confirmed',
      version: 4,
      customerNumber: 'K-100',
      totalCents: 4890 * 2 + 5290,
      placedBy: workshop.userId,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  const orderLineRows = await db
    .insert(orderLines)
    .values(
      [first, second].map((line, index) => {
        const quote = quotes.find((candidate) => candidate.inquiryLineId === line.id);
        return {
          orderId: order.id,
          inquiryLineId: line.id,
          quoteLineId: quote?.id ?? 0,
          partNumber: line.partNumber,
          partNumberNormalised: line.partNumberNormalised,
          description: line.description,
          quantity: line.quantity,
          netPriceCents: quote?.netPriceCents ?? 0,
          status: index === 0 ? ('delivered' as const) : ('backorder' as const),
          eta: index === 0 ? null : '2099-01-15',
        };
      }),
    )
    .returning();
  const delivered = orderLineRows.find((line) => line.status === 'delivered');
  if (!delivered) throw new Error('order line insert returned nothing');
  const [orderReturn] = await db
    .insert(orderReturns)
    .values({ orderLineId: delivered.id, reason: 'does_not_fit', requestedBy: workshop.userId })
    .returning();
  if (!orderReturn) throw new Error('return insert returned nothing');
  return { inquiry, lines, recipient, order, orderLines: orderLineRows, orderReturn };
}
