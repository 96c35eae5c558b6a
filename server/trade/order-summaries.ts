import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { OrderSummary } from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import { inquiries, orderLines, orderReturns, orders, organisations, partDealers } from '../db/schema';
import { joinSearchHits, type SearchHits, totalInRows } from './part-search';

type Reader = Database | Transaction;

/** Vehicle columns of an inquiry as the contract's `VehicleView`. */
export function vehicleView(row: Pick<typeof inquiries.$inferSelect, 'vin' | 'hsn' | 'tsn' | 'vehicleDescription'>) {
  return { vin: row.vin, hsn: row.hsn, tsn: row.tsn, description: row.vehicleDescription };
}

/**
 * Who reads an order summary: only the workshop's own reads carry its private reference (issue 24
 * §9); a dealer's or an insurer's read has no such key at all.
 */
export type OrderAudience = 'workshop' | 'dealer' | 'insurer';

/**
 * Orders as lists and the inquiry page show them (one reader for the workshop's, the dealer's and
 * the insurer's screens). The caller scopes `where` to its organisation and pages with `limit`/`offset`.
 */
export async function orderSummaries(
  db: Reader,
  where: SQL | undefined,
  audience: OrderAudience,
  page: { limit: number; offset: number; orderBy?: SQL[] } = { limit: 100, offset: 0 },
): Promise<OrderSummary[]> {
  return (await searchedOrderSummaries(db, where, audience, { ...page, search: null, totalInRows: false })).items;
}

/**
 * `orderSummaries` with a search's hits joined; with `totalInRows`, `rowsTotal` is how many orders
 * the search and filter found in all (ADR 050), null otherwise or when the page is past the end.
 */
export async function searchedOrderSummaries(
  db: Reader,
  where: SQL | undefined,
  audience: OrderAudience,
  page: { limit: number; offset: number; orderBy?: SQL[]; search: SearchHits | null; totalInRows: boolean },
): Promise<{ items: OrderSummary[]; rowsTotal: number | null }> {
  const workshop = organisations;
  const query = db
    .select({
      order: orders,
      dealerName: partDealers.name,
      workshopName: workshop.name,
      vin: inquiries.vin,
      hsn: inquiries.hsn,
      tsn: inquiries.tsn,
      vehicleDescription: inquiries.vehicleDescription,
      workshopReference: inquiries.workshopReference,
      rowsTotal: totalInRows(page.totalInRows),
    })
    .from(orders)
    .innerJoin(partDealers, eq(partDealers.id, orders.partDealerId))
    .innerJoin(workshop, eq(workshop.id, orders.workshopOrganisationId))
    .innerJoin(inquiries, eq(inquiries.id, orders.inquiryId))
    .$dynamic();
  const rows = await joinSearchHits(query, page.search, orders.id)
    .where(where)
    .orderBy(...(page.orderBy ?? [sql`${orders.createdAt} desc`, sql`${orders.id} desc`]))
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length === 0) return { items: [], rowsTotal: null };
  const ids = rows.map((row) => row.order.id);
  const [lineFacts, returnFacts] = await Promise.all([
    db
      .select({
        orderId: orderLines.orderId,
        lines: count(),
        backorders: sql<number>`count(*) filter (where ${orderLines.status} = 'backorder')`.mapWith(Number),
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .groupBy(orderLines.orderId),
    db
      .select({ orderId: orderLines.orderId, open: count() })
      .from(orderReturns)
      .innerJoin(orderLines, eq(orderLines.id, orderReturns.orderLineId))
      .where(and(inArray(orderLines.orderId, ids), eq(orderReturns.status, 'requested')))
      .groupBy(orderLines.orderId),
  ]);
  const linesOf = new Map(lineFacts.map((fact) => [fact.orderId, fact]));
  const returnsOf = new Map(returnFacts.map((fact) => [fact.orderId, fact.open]));
  const items = rows.map(({ order, dealerName, workshopName, workshopReference, rowsTotal: _, ...vehicle }) => ({
    id: order.id,
    inquiry_id: order.inquiryId,
    part_dealer_id: order.partDealerId,
    dealer_name: dealerName,
    workshop_name: workshopName,
    customer_number: order.customerNumber,
    vehicle: vehicleView(vehicle),
    status: order.status,
    line_count: linesOf.get(order.id)?.lines ?? 0,
    total_cents: order.totalCents,
    currency: order.currency,
    placed_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    handover: order.handover,
    note: order.note,
    ...(audience === 'workshop' && { workshop_reference: workshopReference }),
    has_backorder: (linesOf.get(order.id)?.backorders ?? 0) > 0,
    open_returns: returnsOf.get(order.id) ?? 0,
  }));
  return { items, rowsTotal: rows[0]?.rowsTotal ?? null };
}

/**
 * How many orders match `where` (for a list's pager). `where` may name the inquiry's columns when
 * `throughInquiry` says so; otherwise the count reads the orders' index alone (a list's pager on
 * every page load). A workshop's name is matched without a join (`organisationNamed`).
 */
export async function countOrders(
  db: Reader,
  where: SQL | undefined,
  throughInquiry: boolean,
  search: SearchHits | null = null,
) {
  const base = joinSearchHits(db.select({ total: count() }).from(orders).$dynamic(), search, orders.id);
  if (throughInquiry) base.innerJoin(inquiries, eq(inquiries.id, orders.inquiryId));
  const [row] = await base.where(where);
  return row?.total ?? 0;
}
