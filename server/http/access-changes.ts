import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/database';

/** The channel the database announces access changes on (migration 0024, ADR 043). */
export const ACCESS_CHANGE_CHANNEL = 'access_changed';

/**
 * A change that may end or narrow what a session or an API key may do. `everything` is said after
 * the listener's connection dropped and came back: the notifications sent meanwhile are lost, so a
 * holder of anything derived from access (a cached session, an open stream) must check it all again.
 */
export type AccessChange =
  | { kind: 'session'; idHash: string }
  | { kind: 'user'; id: number }
  | { kind: 'organisation'; id: number }
  | { kind: 'apiKey'; id: number }
  | { kind: 'everything' };

const NUMERIC_KINDS = { user: 'user', organisation: 'organisation', api_key: 'apiKey' } as const;

/** The change a notification's payload names, or null for a payload this version does not know. */
export function parseAccessChange(payload: string): AccessChange | null {
  const separator = payload.indexOf(':');
  if (separator < 0) return null;
  const prefix = payload.slice(0, separator);
  const value = payload.slice(separator + 1);
  if (prefix === 'session') return value ? { kind: 'session', idHash: value } : null;
  if (!Object.hasOwn(NUMERIC_KINDS, prefix) || !/^\d+$/.test(value)) return null;
  return { kind: NUMERIC_KINDS[prefix as keyof typeof NUMERIC_KINDS], id: Number(value) };
}

export type AccessChanges = {
  /** Calls `listener` for every change from now on, in this and every other process; returns the unsubscribe. */
  subscribe: (listener: (change: AccessChange) => void) => () => void;
  /**
   * Resolves once every change committed before the call has reached the subscribers of this
   * process. A request that wrote awaits it before answering, so its own process can never serve
   * the next request from what that write just ended (ADR 048). When the database cannot confirm
   * it within SETTLE_TIMEOUT_MS, the subscribers are told `everything` instead.
   */
  settle: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Payloads of this prefix are a process's own fences (`settle`); every parser ignores them. */
const FENCE_PREFIX = 'fence:';
export const SETTLE_TIMEOUT_MS = 2000;

/**
 * The process's one listener on the access-change channel. Subscribers are called synchronously
 * in the order the database delivered the notifications; one that throws does not stop the others.
 */
export async function listenToAccessChanges(
  database: Pick<DatabaseHandle, 'listen' | 'db'>,
  onListenerError: (error: unknown) => void = () => {},
): Promise<AccessChanges> {
  const listeners = new Set<(change: AccessChange) => void>();
  const announce = (change: AccessChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        onListenerError(error);
      }
    }
  };
  // A fence is a notification of our own sent after the writer's commit: PostgreSQL delivers a
  // channel's notifications in commit order, so when it arrives everything committed before it
  // has arrived too (and been announced, synchronously, above it).
  const fencePrefix = `${FENCE_PREFIX}${randomBytes(6).toString('hex')}:`;
  let fenceCount = 0;
  const fencesWaiting = new Map<string, () => void>();
  const stopListening = await database.listen(
    ACCESS_CHANGE_CHANNEL,
    (payload) => {
      if (payload.startsWith(FENCE_PREFIX)) {
        fencesWaiting.get(payload)?.();
        return;
      }
      const change = parseAccessChange(payload);
      if (change) announce(change);
    },
    () => announce({ kind: 'everything' }),
  );
  function settle() {
    fenceCount += 1;
    const fence = `${fencePrefix}${fenceCount}`;
    return new Promise<void>((resolve) => {
      const unconfirmed = () => {
        if (!fencesWaiting.delete(fence)) return;
        announce({ kind: 'everything' });
        resolve();
      };
      const timer = setTimeout(unconfirmed, SETTLE_TIMEOUT_MS);
      fencesWaiting.set(fence, () => {
        fencesWaiting.delete(fence);
        clearTimeout(timer);
        resolve();
      });
      database.db.execute(sql`select pg_notify(${ACCESS_CHANGE_CHANNEL}, ${fence})`).catch(() => {
        clearTimeout(timer);
        unconfirmed();
      });
    });
  }
  return {
    settle,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      listeners.clear();
      await stopListening();
    },
  };
}
