import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from './db/database';
import { rateLimits } from './db/schema';
import { ApiRefusal } from './http/respond';

export type RateWindow = { name: string; limit: number; windowSeconds: number };

function windowStart(windowSeconds: number, now: number) {
  return new Date(Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000);
}

/** Seconds until the current fixed window ends: the Retry-After a refused caller gets. */
export function secondsUntilWindowEnds(window: RateWindow, now = Date.now()) {
  const end = windowStart(window.windowSeconds, now).getTime() + window.windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now) / 1000));
}

/** Fixed-window counters in the database, so every API process sees the same count. */
export async function countHits(db: Database, window: RateWindow, subject: string, now = Date.now()) {
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, `${window.name}:${subject}`),
        eq(rateLimits.windowStart, windowStart(window.windowSeconds, now)),
      ),
    );
  return rows[0]?.count ?? 0;
}

export async function recordHit(db: Database, window: RateWindow, subject: string, now = Date.now()) {
  const rows = await db
    .insert(rateLimits)
    .values({ key: `${window.name}:${subject}`, windowStart: windowStart(window.windowSeconds, now), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return rows[0]?.count ?? 1;
}

export async function deleteStaleRateWindows(db: Database, olderThanSeconds = 24 * 3600) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - olderThanSeconds * 1000)));
}

/** Counts this request against each window and refuses with 429 + Retry-After once one is full. */
export async function enforceRateLimits(db: Database, windows: [RateWindow, string][], now = Date.now()) {
  for (const [window, subject] of windows) {
    if ((await recordHit(db, window, subject, now)) > window.limit) {
      throw new ApiRefusal(429, 'tooManyAttempts', {
        headers: { 'Retry-After': String(secondsUntilWindowEnds(window, now)) },
      });
    }
  }
}
