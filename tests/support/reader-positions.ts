import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { tradeEventReaders } from '../../server/db/schema';

/**
 * Readers see their own positions of events, not the log's ids (ADR 045). Tests that append
 * through the log (and get log ids back) or look rows up by log id translate with these.
 */
async function readerRows(db: Database, organisationId: number) {
  return db.select().from(tradeEventReaders).where(eq(tradeEventReaders.organisationId, organisationId));
}

/** The organisation's positions of these events (by log id), in the order given; throws for one it may not read. */
export async function positionsOf(db: Database, organisationId: number, logIds: readonly number[]) {
  const byEvent = new Map((await readerRows(db, organisationId)).map((row) => [row.eventId, row.position]));
  return logIds.map((logId) => {
    const position = byEvent.get(logId);
    if (position === undefined) throw new Error(`organisation ${organisationId} may not read event ${logId}`);
    return position;
  });
}

/** The log ids of the organisation's positions, in the order given. */
export async function logIdsOf(db: Database, organisationId: number, positions: readonly number[]) {
  if (positions.length === 0) return [];
  const rows = await db
    .select()
    .from(tradeEventReaders)
    .where(
      and(eq(tradeEventReaders.organisationId, organisationId), inArray(tradeEventReaders.position, [...positions])),
    );
  const byPosition = new Map(rows.map((row) => [row.position, row.eventId]));
  return positions.map((position) => byPosition.get(position) ?? -1);
}
