import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';
import { orders } from '../db/schema';
import { ApiRefusal, conflictWithCurrent } from '../http/respond';
import type { EventReader } from './event-log';
import { ordersOf, readOrderDetail } from './order-detail';

/**
 * Bumps the version of the reader's order if it still is the one the caller read; else 404 (not
 * the reader's) or 409 `orderChanged` with the current order, and the transaction stores nothing.
 */
export async function claimOrderVersion(
  tx: Transaction,
  reader: EventReader,
  orderId: number,
  version: number,
  now: Date,
) {
  const [claimed] = await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedAt: now })
    .where(and(eq(orders.id, orderId), ordersOf(reader), eq(orders.version, version)))
    .returning();
  if (claimed) return claimed;
  const current = await readOrderDetail(tx, reader, orderId);
  if (!current) throw new ApiRefusal(404, 'notFound');
  throw conflictWithCurrent('orderChanged', current);
}
