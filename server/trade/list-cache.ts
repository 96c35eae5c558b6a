import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type * as v from 'valibot';
import type { DatabaseHandle } from '../db/database';
import type { AccessChanges } from '../http/access-changes';
import { ok, parseQuery } from '../http/respond';
import { TRADE_EVENT_CHANNEL } from './event-log';

/** Which first page: the workshop's inquiries or orders, or the dealer's inbox or orders. */
export type CachedListKind = 'workshopInquiries' | 'workshopOrders' | 'dealerInbox' | 'dealerOrders';

/** Pages held at most (a page is ~2–20 KB: up to ~20 MB); the oldest filled goes first beyond it. */
export const LIST_CACHE_LIMIT = 1_000;

export type ListCache = {
  /** The page from memory when held, else from `load` (kept when nothing changed while it ran). */
  read: <TPage>(kind: CachedListKind, organisationId: number, load: () => Promise<TPage>) => Promise<TPage>;
  /** The page when it is held, without reading anything. */
  held: (kind: CachedListKind, organisationId: number) => unknown;
  /** Forgets every page: after any write in this process, before its response (ADR 048). */
  clear: () => void;
  size: () => number;
  stop: () => Promise<void>;
};

/**
 * The first pages of the trade lists, per organisation, held in memory (ADR 048). A page shows
 * trade rows (each trade command appends events, announced on TRADE_EVENT_CHANNEL), organisation
 * names (announced as access changes, ADR 043) and part dealers' names (only ever set when a
 * dealer is listed). Any of these in any process clears every page: an event's payload names
 * only ids, and a cleared page costs one read to fill again. When the listener's connection
 * dropped and is back (notifications sent meanwhile are lost) every page is cleared as well.
 */
export async function startListCache(
  database: Pick<DatabaseHandle, 'listen'>,
  accessChanges: AccessChanges,
  limit = LIST_CACHE_LIMIT,
): Promise<ListCache> {
  const pages = new Map<string, unknown>();
  // Bumped by every clear: a read that began before a change must not keep what it read.
  let generation = 0;
  const clear = () => {
    generation += 1;
    pages.clear();
  };
  const unsubscribe = accessChanges.subscribe((change) => {
    if (change.kind === 'organisation' || change.kind === 'everything') clear();
  });
  const stopListening = await database.listen(TRADE_EVENT_CHANNEL, clear, clear);
  return {
    async read<TPage>(kind: CachedListKind, organisationId: number, load: () => Promise<TPage>) {
      const key = `${kind}:${organisationId}`;
      if (pages.has(key)) return pages.get(key) as TPage;
      const readFrom = generation;
      const page = await load();
      if (generation === readFrom) {
        if (pages.size >= limit) {
          const oldest = pages.keys().next();
          if (!oldest.done) pages.delete(oldest.value);
        }
        pages.set(key, page);
      }
      return page;
    },
    held: (kind: CachedListKind, organisationId: number) => pages.get(`${kind}:${organisationId}`),
    clear,
    size: () => pages.size,
    async stop() {
      unsubscribe();
      clear();
      await stopListening();
    },
  };
}

/**
 * Whether a list query asks for what people load most, the first page without a search or filter:
 * the only page kept in memory (a search or a later page is read from the database).
 */
export function isPlainFirstPage(query: { page: number } & Record<string, unknown>) {
  return Object.entries(query).every(([name, value]) => (name === 'page' ? Number(value) === 1 : value === ''));
}

/**
 * A list page: the plain first page through the cache (filled on a miss), any other page from
 * `load`. The one place that decides which pages are kept.
 */
export function readListPage<TPage>(
  cache: ListCache,
  kind: CachedListKind,
  organisationId: number,
  query: { page: number } & Record<string, unknown>,
  load: () => Promise<TPage>,
): Promise<TPage> {
  return isPlainFirstPage(query) ? cache.read(kind, organisationId, load) : load();
}

/**
 * Answers a plain first page held in memory before the expensive-read limit (issue 27, ADR 044):
 * a page from memory costs no query, so it neither waits for nor takes one of the places the
 * database's readers share. Anything else goes on to the limit and the route.
 */
export function answerHeldFirstPage(
  cache: ListCache,
  kind: CachedListKind,
  schema: v.GenericSchema<Record<string, string>, { page: number } & Record<string, unknown>>,
): MiddlewareHandler<{ Variables: { organisation: { id: number } } }> {
  return createMiddleware<{ Variables: { organisation: { id: number } } }>(async (c, next) => {
    if (!isPlainFirstPage(parseQuery(c, schema))) return next();
    const page = cache.held(kind, c.get('organisation').id);
    if (page === undefined) return next();
    return ok(c, page);
  });
}
