import { count } from 'drizzle-orm';
import type { AvailabilityClass, InquiryStatus, RecipientStatus } from '../../common/contracts/trading';
import { normalisePartNumber } from '../../common/contracts/trading';
import type { Database } from '../../server/db/database';
import { inquiries, inquiryLines, inquiryRecipients, quoteLines, tradeEvents } from '../../server/db/schema';

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
