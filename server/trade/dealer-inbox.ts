import { and, count, desc, eq, gt, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { DealerApiInboxPage, DealerApiInboxQuery } from '../../common/contracts/dealer-api';
import {
  type DealerInboxItem,
  type dealerInboxQuerySchema,
  type RecipientStatus,
  TRADE_PAGE_SIZE,
} from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import { inquiries, inquiryRecipients, organisations } from '../db/schema';
import { UNANSWERED } from './dealer-answers';
import { inquiryCounts } from './inquiry-detail';
import { vehicleView } from './order-summaries';
import {
  inquirySearchHits,
  joinSearchHits,
  likePattern,
  organisationNamed,
  searchTerms,
  totalInRows,
  totalOfPage,
} from './part-search';

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

/** The dealer's recipient rows with their inquiry and its workshop; `rowsTotal` as `totalInRows()` gives it. */
export function inboxRowsQuery(db: Reader, rowsTotal: SQL<number | null> = sql<null>`null`) {
  return db
    .select({ recipient: inquiryRecipients, inquiry: inquiries, workshopName: organisations.name, rowsTotal })
    .from(inquiryRecipients)
    .innerJoin(inquiries, eq(inquiries.id, inquiryRecipients.inquiryId))
    .innerJoin(organisations, eq(organisations.id, inquiries.workshopOrganisationId));
}

/**
 * One page of a dealer's inbox on the screen: newest first (closest part-number match first when
 * searching); `q` finds a part number, description or quoted alternative of the dealer's own
 * quotes, the vehicle, or the workshop's name.
 */
export async function readDealerInbox(
  db: Database,
  organisationId: number,
  { page, status, q }: v.InferOutput<typeof dealerInboxQuerySchema>,
) {
  const terms = q ? searchTerms(q) : null;
  const hits = terms === null ? null : await inquirySearchHits(db, terms, { dealerOrganisationId: organisationId });
  const pattern = terms === null ? '' : likePattern(terms.text);
  const where = and(
    eq(inquiryRecipients.dealerOrganisationId, organisationId),
    hits === null
      ? undefined
      : or(
          hits.found,
          ilike(inquiries.vin, pattern),
          ilike(inquiries.vehicleDescription, pattern),
          organisationNamed(inquiries.workshopOrganisationId, pattern),
        ),
    inboxStatusCondition(status, new Date()),
  );
  const countAll = async () => {
    // Only the open filter and a search read the inquiry; other counts stay on the dealer's own index.
    const [counted] =
      status === 'open' || hits !== null
        ? await db
            .select({ total: count() })
            .from(joinSearchHits(inboxRowsQuery(db).$dynamic(), hits, inquiries.id).where(where).as('matching'))
        : await db.select({ total: count() }).from(inquiryRecipients).where(where);
    return counted?.total ?? 0;
  };
  const [rows, counted] = await Promise.all([
    joinSearchHits(inboxRowsQuery(db, totalInRows(hits !== null)).$dynamic(), hits, inquiries.id)
      .where(where)
      // The recipient row is created with its inquiry: its own time walks the dealer's index.
      // Searching: the closest part-number match first.
      .orderBy(
        ...(hits === null ? [] : [hits.closestFirst]),
        desc(inquiryRecipients.createdAt),
        desc(inquiryRecipients.id),
      )
      .limit(TRADE_PAGE_SIZE)
      .offset((page - 1) * TRADE_PAGE_SIZE),
    hits === null ? countAll() : null,
  ]);
  const total = counted ?? (await totalOfPage(page, rows[0], countAll));
  return { items: await toInboxItems(db, rows), total, page, page_size: TRADE_PAGE_SIZE };
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
