import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { type OrderSummary, type orderListQuerySchema, TRADE_PAGE_SIZE } from '../../common/contracts/trading';
import { PORTAL_TIME_ZONE } from '../../common/format/formats';
import type { Database } from '../db/database';
import { inquiries, orders } from '../db/schema';
import type { EventReader } from './event-log';
import { ordersOf } from './order-detail';
import { countOrders, searchedOrderSummaries } from './order-summaries';
import { likePattern, orderSearchHits, organisationNamed, searchTerms, totalOfPage } from './part-search';

/** The start of a Berlin calendar day as a timestamptz expression. */
const berlinDayStart = (isoDate: string, plusDays = 0) =>
  sql`((${isoDate}::date + ${plusDays}::integer)::timestamp at time zone ${PORTAL_TIME_ZONE})`;

type OrderListQuery = v.InferOutput<typeof orderListQuerySchema>;

/**
 * A page of the reader's orders: by status, dealer (a part_dealers id), vehicle (VIN or
 * description), a part number or line description (`q`, normalised and by trigram similarity;
 * a dealer's `q` also finds the workshop's name), and the placing day from/to in the portal's time zone.
 */
export async function listOrders(
  db: Database,
  reader: EventReader,
  query: OrderListQuery,
): Promise<{ items: OrderSummary[]; total: number; page: number; page_size: number }> {
  const terms = query.q ? searchTerms(query.q) : null;
  const hits = terms === null ? null : await orderSearchHits(db, terms, ordersOf(reader));
  const filters: (SQL | undefined)[] = [
    ordersOf(reader),
    query.status ? eq(orders.status, query.status) : undefined,
    query.dealer ? eq(orders.partDealerId, Number(query.dealer)) : undefined,
    query.vehicle
      ? or(
          ilike(inquiries.vin, likePattern(query.vehicle)),
          ilike(inquiries.vehicleDescription, likePattern(query.vehicle)),
        )
      : undefined,
    // `q`: a part number or a line's description; a dealer also finds its customers by name.
    terms === null
      ? undefined
      : reader.kind === 'dealer'
        ? or(organisationNamed(orders.workshopOrganisationId, likePattern(terms.text)), hits?.found)
        : // The workshop also finds its own reference (never a dealer: it is private to the workshop).
          or(ilike(inquiries.workshopReference, likePattern(terms.text)), hits?.found),
    query.from ? sql`${orders.createdAt} >= ${berlinDayStart(query.from)}` : undefined,
    query.to ? sql`${orders.createdAt} < ${berlinDayStart(query.to, 1)}` : undefined,
  ];
  const where = and(...filters);
  // Searching a part number: the closest match first, a mistyped one after the exact ones. A
  // dealer's list otherwise puts the new orders waiting for its confirmation first (issue 24 §8).
  const orderBy =
    hits !== null
      ? [hits.closestFirst, sql`${orders.createdAt} desc`, sql`${orders.id} desc`]
      : reader.kind === 'dealer'
        ? [sql`${orders.status} = 'placed' desc`, sql`${orders.createdAt} desc`, sql`${orders.id} desc`]
        : undefined;
  // The pager counts through the inquiry only when the filter names it (the vehicle, the
  // workshop's own reference).
  const countAll = () =>
    countOrders(db, where, query.vehicle !== '' || (reader.kind === 'workshop' && query.q !== ''), hits);
  // A search or the vehicle filter is read once, its total beside the rows (their ILIKEs are most
  // of the cost, ADR 050); the other filters are counted on the orders alone, which costs less than
  // reading every matching row beside the page.
  const countInRows = query.q !== '' || query.vehicle !== '';
  const [found, counted] = await Promise.all([
    searchedOrderSummaries(db, where, reader.kind, {
      limit: TRADE_PAGE_SIZE,
      offset: (query.page - 1) * TRADE_PAGE_SIZE,
      ...(orderBy && { orderBy }),
      search: hits,
      totalInRows: countInRows,
    }),
    countInRows ? null : countAll(),
  ]);
  const items = found.items;
  const total = counted ?? (await totalOfPage(query.page, found, countAll));
  return { items, total, page: query.page, page_size: TRADE_PAGE_SIZE };
}
