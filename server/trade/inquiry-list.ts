import { and, count, desc, eq, getTableColumns, ilike, inArray, or } from 'drizzle-orm';
import type * as v from 'valibot';
import { type InquirySummary, type inquiryListQuerySchema, TRADE_PAGE_SIZE } from '../../common/contracts/trading';
import type { Database } from '../db/database';
import { inquiries } from '../db/schema';
import { inquiryCounts } from './inquiry-detail';
import { vehicleView } from './order-summaries';
import { inquirySearchHits, joinSearchHits, likePattern, searchTerms, totalInRows, totalOfPage } from './part-search';

/** Statuses the list's `open` filter stands for: the dealers may still answer. */
const OPEN_INQUIRY_STATUSES = ['sent', 'quoted'] as const;

/** One page of a workshop's inquiries, newest first (closest part-number match first when searching). */
export async function listInquiries(
  db: Database,
  organisationId: number,
  { page, status, q }: v.InferOutput<typeof inquiryListQuerySchema>,
) {
  const terms = q ? searchTerms(q) : null;
  const hits = terms === null ? null : await inquirySearchHits(db, terms, { workshopOrganisationId: organisationId });
  const pattern = terms === null ? '' : likePattern(terms.text);
  const where = and(
    eq(inquiries.workshopOrganisationId, organisationId),
    hits === null
      ? undefined
      : // The workshop's own reference is searched here only, never in a dealer's inbox.
        or(
          hits.found,
          ilike(inquiries.vin, pattern),
          ilike(inquiries.vehicleDescription, pattern),
          ilike(inquiries.workshopReference, pattern),
        ),
    status === 'open'
      ? inArray(inquiries.status, [...OPEN_INQUIRY_STATUSES])
      : status
        ? eq(inquiries.status, status)
        : undefined,
  );
  const countAll = async () => {
    const [counted] = await joinSearchHits(
      db.select({ total: count() }).from(inquiries).$dynamic(),
      hits,
      inquiries.id,
    ).where(where);
    return counted?.total ?? 0;
  };
  const [rows, counted] = await Promise.all([
    joinSearchHits(
      db
        .select({ ...getTableColumns(inquiries), rowsTotal: totalInRows(hits !== null) })
        .from(inquiries)
        .$dynamic(),
      hits,
      inquiries.id,
    )
      .where(where)
      // Searching: the closest part-number match first.
      .orderBy(...(hits === null ? [] : [hits.closestFirst]), desc(inquiries.createdAt), desc(inquiries.id))
      .limit(TRADE_PAGE_SIZE)
      .offset((page - 1) * TRADE_PAGE_SIZE),
    hits === null ? countAll() : null,
  ]);
  const total = counted ?? (await totalOfPage(page, rows[0], countAll));
  const counts = await inquiryCounts(
    db,
    rows.map((inquiry) => inquiry.id),
  );
  const items = rows.map(
    (inquiry): InquirySummary => ({
      id: inquiry.id,
      status: inquiry.status,
      vehicle: vehicleView(inquiry),
      workshop_reference: inquiry.workshopReference,
      line_count: counts.get(inquiry.id)?.lines ?? 0,
      recipient_count: counts.get(inquiry.id)?.recipients ?? 0,
      answered_count: counts.get(inquiry.id)?.answered ?? 0,
      created_at: inquiry.createdAt.toISOString(),
      closes_at: inquiry.closesAt.toISOString(),
    }),
  );
  return { items, total, page, page_size: TRADE_PAGE_SIZE };
}
