import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiRefusal } from './respond';

/** What the limit reads from a member guard (`MemberEnv` in session-access.ts, which builds the limit). */
type MemberIdentity = { Variables: { user: { id: number }; organisation: { id: number } } };

/** How many requests of one key may run at once, and how many more may wait for a place. */
export type ConcurrencyLimit = { running: number; waiting: number };

/*
 * The expensive reads (dashboards, searches, learned fitment, claims and their delay statements)
 * are limited by how many of them one user and one organisation have in this process at once
 * (issue 27: one account floods, the others keep being served). A browser sends at most six
 * requests to one host at a time and a screen starts one or two expensive ones, so four running
 * and eight waiting per user is more than a person with several tabs reaches, while a script with
 * thirty loops is refused rather than filling the database's queue in front of everybody else.
 * The organisation's bound leaves room for several colleagues at once. Counts are per process
 * (concurrency is); a waiting request holds no database connection.
 */
export const EXPENSIVE_PER_USER: ConcurrencyLimit = { running: 4, waiting: 8 };
export const EXPENSIVE_PER_ORGANISATION: ConcurrencyLimit = { running: 8, waiting: 16 };
/** Seconds a refused caller is asked to wait: its own requests in flight end within that, as a rule. */
export const CONCURRENCY_RETRY_AFTER_SECONDS = 1;

type Waiter = { admit: () => void; giveUp: () => void };
type Place = { running: number; queue: Waiter[] };

/**
 * Places per key: `enter` admits at once while fewer than `running` run, queues while fewer than
 * `waiting` wait (first come, first served), and answers null beyond. The function it resolves to
 * gives the place back (to the next waiter, if any); calling it twice gives back one place.
 */
export function createConcurrencyLimiter() {
  const places = new Map<string, Place>();

  function leave(key: string) {
    const place = places.get(key);
    if (!place) return;
    const next = place.queue.shift();
    // The running place passes straight to the next waiter, so nobody overtakes the queue.
    if (next) next.admit();
    else {
      place.running -= 1;
      if (place.running === 0) places.delete(key);
    }
  }

  function releaser(key: string) {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      leave(key);
    };
  }

  return {
    async enter(key: string, limit: ConcurrencyLimit, signal?: AbortSignal): Promise<(() => void) | null> {
      let place = places.get(key);
      if (!place) {
        place = { running: 0, queue: [] };
        places.set(key, place);
      }
      if (place.running < limit.running) {
        place.running += 1;
        return releaser(key);
      }
      if (place.queue.length >= limit.waiting || signal?.aborted) return null;
      const queue = place.queue;
      const admitted = await new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          admit: () => {
            signal?.removeEventListener('abort', waiter.giveUp);
            resolve(true);
          },
          giveUp: () => {
            // The caller went away while it waited: its place in the queue is free again.
            const index = queue.indexOf(waiter);
            if (index !== -1) queue.splice(index, 1);
            resolve(false);
          },
        };
        queue.push(waiter);
        signal?.addEventListener('abort', waiter.giveUp, { once: true });
      });
      return admitted ? releaser(key) : null;
    },
    /** Running and waiting requests of a key (0 and 0 once all have left). */
    usage(key: string) {
      const place = places.get(key);
      return { running: place?.running ?? 0, waiting: place?.queue.length ?? 0 };
    },
    /** Keys with a request running or waiting: 0 when the process is idle. */
    busyKeys() {
      return places.size;
    },
  };
}

export type ConcurrencyLimiter = ReturnType<typeof createConcurrencyLimiter>;

function tooManyConcurrentRequests() {
  return new ApiRefusal(429, 'tooManyConcurrentRequests', {
    headers: { 'Retry-After': String(CONCURRENCY_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Behind a member guard: counts the request against its user's and its organisation's places
 * (user first, always in that order, so two requests never wait on each other crosswise) and
 * answers a translated 429 `tooManyConcurrentRequests` with Retry-After once either is full.
 * The places are held until the handler has produced its whole response.
 */
export function limitConcurrency<Env extends MemberIdentity>(
  limiter: ConcurrencyLimiter,
  limits: { perUser: ConcurrencyLimit; perOrganisation: ConcurrencyLimit } = {
    perUser: EXPENSIVE_PER_USER,
    perOrganisation: EXPENSIVE_PER_ORGANISATION,
  },
): MiddlewareHandler<Env> {
  return createMiddleware<Env>(async (c, next) => {
    const signal = c.req.raw.signal;
    const leaveUser = await limiter.enter(`user:${c.get('user').id}`, limits.perUser, signal);
    if (!leaveUser) throw tooManyConcurrentRequests();
    try {
      const leaveOrganisation = await limiter.enter(
        `organisation:${c.get('organisation').id}`,
        limits.perOrganisation,
        signal,
      );
      if (!leaveOrganisation) throw tooManyConcurrentRequests();
      try {
        await next();
      } finally {
        leaveOrganisation();
      }
    } finally {
      leaveUser();
    }
  });
}
