import type { UserOrganisation } from '../../common/contracts/auth';
import type { users } from '../db/schema';
import type { AccessChange, AccessChanges } from './access-changes';

type CachedUser = typeof users.$inferSelect & { organisation: UserOrganisation | null };

type Entry = { user: CachedUser; expiresAt: number };

/** Sessions held at most (~1 KB each: up to ~10 MB); the oldest filled entry goes first beyond it. */
export const SESSION_CACHE_LIMIT = 10_000;

export type SessionCache = {
  /**
   * The signed-in user of this session id hash: from memory when known and not expired, else from
   * `load` (which answers null for no valid session, and is then kept out of memory).
   */
  read: (
    idHash: string,
    load: () => Promise<{ user: CachedUser; expiresAt: Date } | null>,
  ) => Promise<CachedUser | null>;
  size: () => number;
  stop: () => void;
};

/**
 * A process's sessions held in memory (ADR 048): filled on first use, dropped on every access
 * change the database announces (ADR 043) for the session, its user or its organisation, and
 * all of them on `everything`. The writer's own process is covered by `AccessChanges.settle`,
 * which every writing request awaits before it answers.
 */
export function createSessionCache(accessChanges: AccessChanges, limit = SESSION_CACHE_LIMIT): SessionCache {
  const entries = new Map<string, Entry>();
  // Bumped by every change: a read that began before a change must not store what it read, which
  // may be what the change just ended.
  let generation = 0;

  function forget(change: AccessChange) {
    generation += 1;
    if (change.kind === 'session') entries.delete(change.idHash);
    else if (change.kind === 'everything') entries.clear();
    else if (change.kind === 'user' || change.kind === 'organisation') {
      for (const [idHash, entry] of entries) {
        const matches =
          change.kind === 'user' ? entry.user.id === change.id : entry.user.organisation?.id === change.id;
        if (matches) entries.delete(idHash);
      }
    }
  }
  const unsubscribe = accessChanges.subscribe(forget);

  // Each request gets its own copies: a handler changing its user must not change the next request's.
  const copyOf = (user: CachedUser): CachedUser => ({
    ...user,
    organisation: user.organisation ? { ...user.organisation } : null,
  });

  return {
    async read(idHash, load) {
      const known = entries.get(idHash);
      if (known) {
        if (known.expiresAt > Date.now()) return copyOf(known.user);
        entries.delete(idHash);
      }
      const readFrom = generation;
      const loaded = await load();
      if (!loaded) return null;
      if (generation === readFrom) {
        if (entries.size >= limit) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(idHash, { user: copyOf(loaded.user), expiresAt: loaded.expiresAt.getTime() });
      }
      return loaded.user;
    },
    size: () => entries.size,
    stop: unsubscribe,
  };
}
