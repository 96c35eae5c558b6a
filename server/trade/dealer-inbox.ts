import { and, desc, eq, gt, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { DealerApiInboxPage, DealerApiInboxQuery } from '../../common/contracts/dealer-api';
import type { DealerInboxItem, RecipientStatus } from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import { inquiries, inquiryRecipients, organisations } from '../db/schema';
import { UNANSWERED } from './dealer-answers';
import { inquiryCounts } from './inquiry-detail';
import { vehicleView } from './order-summaries';

type Reader = Database | Transaction;

/**
 * The dealer's inbox filter by status (the screen's inbox and the dealer API read the same rule):
 * `open` is not yet answered or declined and still taking answers, even before the sweeper closed
 * an inquiry past its closing time; any other value is the recipient's own status.
 */
export function inboxStatusCondition(status: '' | 'open' | RecipientStatus, now: Date): SQL | undefined {
  if (status === 'open') {
    return and(
      inArray(inquiryRecipients.status, [...UNANSWERED]),
      inArray(inquiries.status, ['sent', 'quoted']),
      gt(inquiries.closesAt, now),
    );
  }
  return status ? eq(inquiryRecipients.status, status) : undefined;
}

/** The row an inbox reads per inquiry: the dealer's recipient row, the inquiry and its workshop's name. */
export type InboxRow = {
  recipient: typeof inquiryRecipients.$inferSelect;
  inquiry: typeof inquiries.$inferSelect;
  workshopName: string;
};

export function inboxRowsQuery(db: Reader) {
  return db
    .select({ recipient: inquiryRecipients, inquiry: inquiries, workshopName: organisations.name })
    .from(inquiryRecipients)
    .innerJoin(inquiries, eq(inquiries.id, inquiryRecipients.inquiryId))
    .innerJoin(organisations, eq(organisations.id, inquiries.workshopOrganisationId));
}

/** The inbox entries of these rows, with each inquiry's number of lines. */
export async function toInboxItems(db: Reader, rows: readonly InboxRow[]): Promise<DealerInboxItem[]> {
  const counts = await inquiryCounts(
    db,
    rows.map((row) => row.inquiry.id),
  );
  return rows.map(({ recipient, inquiry, workshopName }) => ({
    id: inquiry.id,
    workshop_name: workshopName,
    customer_number: recipient.customerNumber,
    vehicle: vehicleView(inquiry),
    line_count: counts.get(inquiry.id)?.lines ?? 0,
    status: recipient.status,
    inquiry_status: inquiry.status,
    created_at: inquiry.createdAt.toISOString(),
    closes_at: inquiry.closesAt.toISOString(),
  }));
}

/**
 * The dealer API's inbox (ADR 040): the inquiries addressed to this dealer, newest arrival first,
 * filtered by status and arrival time, one page after `cursor`. The cursor is the last entry's
 * recipient row: ids only grow, so a page never repeats or skips an entry while new inquiries
 * arrive in front of it (unlike page numbers).
 */
export async function dealerInboxPage(
  db: Reader,
  dealerOrganisationId: number,
  query: DealerApiInboxQuery,
  now: Date,
): Promise<DealerApiInboxPage> {
  const rows = await inboxRowsQuery(db)
    .where(
      and(
        eq(inquiryRecipients.dealerOrganisationId, dealerOrganisationId),
        inboxStatusCondition(query.status, now),
        query.since ? gte(inquiryRecipients.createdAt, new Date(query.since)) : undefined,
        query.until ? lt(inquiryRecipients.createdAt, new Date(query.until)) : undefined,
        query.cursor ? lt(inquiryRecipients.id, Number(query.cursor)) : undefined,
      ),
    )
    .orderBy(desc(inquiryRecipients.id))
    // One more than asked tells whether another page follows.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toInboxItems(db, page),
    next_cursor: rows.length > query.limit && last ? String(last.recipient.id) : null,
  };
}
