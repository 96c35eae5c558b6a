import type { DatabaseHandle } from '../db/database';
import { TRADE_ORGANISATIONS_CHANNEL } from './event-log';

/** The organisation's figures over one period, as of one Berlin day (the lists compare with today). */
export type DashboardKey = {
  kind: 'workshop' | 'dealer';
  organisationId: number;
  from: string;
  to: string;
  today: string;
};

/**
 * What a kept dashboard may be at most: figures that move with the clock alone (an ETA that became
 * late during the day, an inquiry whose closing time passed before the sweeper closed it) are at
 * most this old. Everything a person or the sweeper does is a trade event and forgets at once.
 */
const MAX_AGE_MS = 60_000;
/** Ten users of a few hundred organisations with a handful of periods each stay well inside it. */
const MAX_ENTRIES = 5_000;

type Entry = { value: Promise<unknown>; storedAt: number; organisationId: number };

export type DashboardCache = {
  /**
   * The kept figures for `key`, else `compute()`'s, shared by everyone asking while it runs. A
   * change of the organisation drops the running computation too: it may have read the state
   * before the change, so whoever asks after the change computes afresh.
   */
  read: <T>(key: DashboardKey, compute: () => Promise<T>) => Promise<T>;
  /** Forgets every organisation's kept figures that a committed trade change touched. */
  forget: (organisationIds: Iterable<number>) => void;
  forgetAll: () => void;
  /** How many dashboards are kept (for tests and the benchmark). */
  size: () => number;
  stop: () => Promise<void>;
};

/** The organisation ids a `trade_organisations` notification names (see `appendTradeEvents`). */
export function parseOrganisationIds(payload: string) {
  return payload
    .split(',')
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

/**
 * The dashboards kept per organisation, period and day (ADR 049). PGlite answers one query at a
 * time, so ten people opening their dashboards queue behind each other's aggregates; most of those
 * are the same figures again. Kept figures are forgotten when a trade change of the organisation
 * commits, in every process: the database announces the organisations of every trade event on
 * `trade_organisations` at commit (PGlite delivers it in-process before the committing call
 * returns), and the writing process forgets its own organisation before it answers.
 */
export async function createDashboardCache(
  database: Pick<DatabaseHandle, 'listen'>,
  options: { maxAgeMs?: number; maxEntries?: number; now?: () => number } = {},
): Promise<DashboardCache> {
  const maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  function forget(organisationIds: Iterable<number>) {
    const changed = new Set(organisationIds);
    if (changed.size === 0) return;
    for (const [key, entry] of entries) if (changed.has(entry.organisationId)) entries.delete(key);
  }
  function forgetAll() {
    entries.clear();
  }

  const stopListening = await database.listen(
    TRADE_ORGANISATIONS_CHANNEL,
    (payload) => forget(parseOrganisationIds(payload)),
    forgetAll,
  );

  return {
    read<T>(key: DashboardKey, compute: () => Promise<T>) {
      const cacheKey = `${key.kind}:${key.organisationId}:${key.from}:${key.to}:${key.today}`;
      const kept = entries.get(cacheKey);
      if (kept && now() - kept.storedAt < maxAgeMs) return kept.value as Promise<T>;
      const value = compute();
      const entry: Entry = { value, storedAt: now(), organisationId: key.organisationId };
      entries.delete(cacheKey);
      entries.set(cacheKey, entry);
      // Map order is insertion order: the first key is the one stored longest ago.
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // A failed computation is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(cacheKey) === entry) entries.delete(cacheKey);
      });
      return value;
    },
    forget,
    forgetAll,
    size: () => entries.size,
    async stop() {
      entries.clear();
      await stopListening();
    },
  };
}
