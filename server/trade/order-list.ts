import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  type OrderSummary,
  type orderListQuerySchema,
  PORTAL_TIME_ZONE,
  TRADE_PAGE_SIZE,
} from '../../common/contracts/trading';
import type { Database } from '../db/database';
import { inquiries, orders, organisations } from '../db/schema';
import type { EventReader } from './event-log';
import { ordersOf } from './order-detail';
import { countOrders, orderSummaries } from './order-summaries';

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The start of a Berlin calendar day as a timestamptz expression. */
const berlinDayStart = (isoDate: string, plusDays = 0) =>
  sql`((${isoDate}::date + ${plusDays}::integer)::timestamp at time zone ${PORTAL_TIME_ZONE})`;

type OrderListQuery = v.InferOutput<typeof orderListQuerySchema>;

/**
 * A page of the reader's orders: by status, dealer (a part_dealers id), vehicle (VIN or
 * description), the workshop's name (dealers' `q`), and the placing day from/to in Europe/Berlin.
 */
export async function listOrders(
  db: Database,
  reader: EventReader,
  query: OrderListQuery,
): Promise<{ items: OrderSummary[]; total: number; page: number; page_size: number }> {
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
    reader.kind === 'dealer' && query.q ? ilike(organisations.name, likePattern(query.q)) : undefined,
    query.from ? sql`${orders.createdAt} >= ${berlinDayStart(query.from)}` : undefined,
    query.to ? sql`${orders.createdAt} < ${berlinDayStart(query.to, 1)}` : undefined,
  ];
  const where = and(...filters);
  const [items, total] = await Promise.all([
    orderSummaries(db, where, { limit: TRADE_PAGE_SIZE, offset: (query.page - 1) * TRADE_PAGE_SIZE }),
    // The pager counts through the inquiry or the workshop only when the filter names them.
    countOrders(db, where, { inquiry: query.vehicle !== '', workshop: reader.kind === 'dealer' && query.q !== '' }),
  ]);
  return { items, total, page: query.page, page_size: TRADE_PAGE_SIZE };
}
