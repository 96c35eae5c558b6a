import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiRefusal } from './respond';

/** How many requests may run at once, and how many more may wait for a place. */
export type ConcurrencyLimit = { running: number; waiting: number };

export type ExpensiveLimits = {
  /** Expensive requests running at once in this process, over all organisations. */
  capacity: number;
  perUser: ConcurrencyLimit;
  perOrganisation: ConcurrencyLimit;
};

/*
 * The expensive reads (dashboards, searches, learned fitment, claims and their delay statements)
 * share a few places in each process (issue 27: one account floods, the others keep being
 * served). Three rules:
 * - capacity: only so many run at once, so the database's connections (PGlite has one) are never
 *   all taken by them and every cheap request (a session read, a page) finds one soon;
 * - fairness: a free place goes to the organisation with the fewest running, so an organisation
 *   that just arrived does not wait behind another one's queue;
 * - bounds per user and per organisation: a browser sends at most six requests to one host at a
 *   time and a screen starts one or two expensive ones, so four running and eight waiting per
 *   user is more than a person with several tabs reaches, while a script with thirty loops is
 *   refused (429) rather than queued; the organisation's bound leaves room for colleagues.
 * Counts are per process (so is concurrency); a waiting request holds no database connection.
 */
export const EXPENSIVE_PER_USER: ConcurrencyLimit = { running: 4, waiting: 8 };
export const EXPENSIVE_PER_ORGANISATION: ConcurrencyLimit = { running: 8, waiting: 16 };
/** Half the database pool (at least two): the other half stays free for everything else. */
export function expensiveCapacity(poolSize: number) {
  return Math.max(2, Math.floor(poolSize / 2));
}
/** Seconds a refused caller is asked to wait: its own requests in flight end within that, as a rule. */
export const CONCURRENCY_RETRY_AFTER_SECONDS = 1;

type Waiter = { userId: number; sequence: number; admit: () => void };
type Usage = { running: number; waiting: number };
type OrganisationPlaces = Usage & { queue: Waiter[] };

/**
 * The places: `enter` admits at once while there is capacity and the user and organisation are
 * below their running bounds, queues while they are below their waiting bounds, and answers null
 * beyond. The function it resolves to gives the place back; calling it twice gives back one.
 */
export function createConcurrencyLimiter(limits: ExpensiveLimits) {
  let running = 0;
  let sequence = 0;
  const users = new Map<number, Usage>();
  const organisations = new Map<number, OrganisationPlaces>();

  const userUsage = (userId: number) => users.get(userId) ?? { running: 0, waiting: 0 };

  function forget(userId: number, organisationId: number) {
    const user = users.get(userId);
    if (user && user.running === 0 && user.waiting === 0) users.delete(userId);
    const organisation = organisations.get(organisationId);
    if (organisation && organisation.running === 0 && organisation.queue.length === 0) {
      organisations.delete(organisationId);
    }
  }

  function start(userId: number, organisation: OrganisationPlaces) {
    running += 1;
    organisation.running += 1;
    const user = users.get(userId) ?? { running: 0, waiting: 0 };
    user.running += 1;
    users.set(userId, user);
  }

  /** The first waiter of an organisation whose user may run one more, if the organisation may. */
  function eligibleWaiter(organisation: OrganisationPlaces) {
    if (organisation.running >= limits.perOrganisation.running) return null;
    return organisation.queue.find((waiter) => userUsage(waiter.userId).running < limits.perUser.running) ?? null;
  }

  /** Hands free places to waiters: the organisation with the fewest running first, then the longest waiting. */
  function dispatch() {
    while (running < limits.capacity) {
      let chosen: { waiter: Waiter; organisation: OrganisationPlaces } | null = null;
      for (const organisation of organisations.values()) {
        const waiter = eligibleWaiter(organisation);
        if (!waiter) continue;
        if (
          !chosen ||
          organisation.running < chosen.organisation.running ||
          (organisation.running === chosen.organisation.running && waiter.sequence < chosen.waiter.sequence)
        ) {
          chosen = { waiter, organisation };
        }
      }
      if (!chosen) return;
      const { waiter, organisation } = chosen;
      organisation.queue.splice(organisation.queue.indexOf(waiter), 1);
      organisation.waiting -= 1;
      userUsage(waiter.userId).waiting -= 1;
      start(waiter.userId, organisation);
      waiter.admit();
    }
  }

  function releaser(userId: number, organisationId: number) {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      running -= 1;
      userUsage(userId).running -= 1;
      const organisation = organisations.get(organisationId);
      if (organisation) organisation.running -= 1;
      dispatch();
      forget(userId, organisationId);
    };
  }

  return {
    async enter(userId: number, organisationId: number, signal?: AbortSignal): Promise<(() => void) | null> {
      const user = userUsage(userId);
      let organisation = organisations.get(organisationId);
      const organisationUse = organisation ?? { running: 0, waiting: 0 };
      const { perUser, perOrganisation } = limits;
      if (
        signal?.aborted ||
        user.running + user.waiting >= perUser.running + perUser.waiting ||
        organisationUse.running + organisationUse.waiting >= perOrganisation.running + perOrganisation.waiting
      ) {
        return null;
      }
      if (!organisation) {
        organisation = { running: 0, waiting: 0, queue: [] };
        organisations.set(organisationId, organisation);
      }
      if (
        running < limits.capacity &&
        user.running < perUser.running &&
        // No waiter is overtaken: after every dispatch the capacity is full or no waiter may run.
        organisation.running < perOrganisation.running
      ) {
        start(userId, organisation);
        return releaser(userId, organisationId);
      }
      const places = organisation;
      const waitingUser = users.get(userId) ?? { running: 0, waiting: 0 };
      users.set(userId, waitingUser);
      const admitted = await new Promise<boolean>((resolve) => {
        const giveUp = () => {
          // The caller went away while it waited: its place in the queue is free again.
          const index = places.queue.indexOf(waiter);
          if (index === -1) return;
          places.queue.splice(index, 1);
          places.waiting -= 1;
          waitingUser.waiting -= 1;
          forget(userId, organisationId);
          resolve(false);
        };
        const waiter: Waiter = {
          userId,
          sequence: sequence++,
          admit: () => {
            signal?.removeEventListener('abort', giveUp);
            resolve(true);
          },
        };
        places.queue.push(waiter);
        places.waiting += 1;
        waitingUser.waiting += 1;
        signal?.addEventListener('abort', giveUp, { once: true });
      });
      return admitted ? releaser(userId, organisationId) : null;
    },
    /** Running and waiting expensive requests: in all, of one user, of one organisation. */
    usage() {
      return {
        running,
        waiting: [...organisations.values()].reduce((sum, organisation) => sum + organisation.waiting, 0),
        ofUser: (userId: number) => ({ ...userUsage(userId) }),
        ofOrganisation: (organisationId: number) => {
          const organisation = organisations.get(organisationId);
          return { running: organisation?.running ?? 0, waiting: organisation?.waiting ?? 0 };
        },
        /** Users and organisations with a request running or waiting: 0 when the process is idle. */
        busy: users.size + organisations.size,
      };
    },
  };
}

export type ConcurrencyLimiter = ReturnType<typeof createConcurrencyLimiter>;

/*
 * Before any of that, each session's requests are bounded before they reach the database: every
 * request with a session cookie costs at least its session lookup, and the database serves its
 * queue in order (PGlite one query at a time), so a hundred loops of one session would put a
 * hundred queries in front of everybody else's. Six may run (what a browser sends at once to one
 * host) and twenty-six wait per session (a person's tabs sharing the session wait a moment at most,
 * and are not refused); beyond, a 429 that costs no query at all. Sessions held in memory (ADR 048)
 * make most lookups free, so the bound is about the work behind them. The live
 * streams are left out: they stay open for hours, and have bounds of their own.
 */
export const REQUESTS_PER_SESSION: ConcurrencyLimit = { running: 6, waiting: 26 };

/** Places per key: `running` at once, `waiting` more in order; null beyond. */
export function createKeyedLimiter(limit: ConcurrencyLimit) {
  const places = new Map<string, { running: number; queue: (() => void)[] }>();

  function releaser(key: string) {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const place = places.get(key);
      if (!place) return;
      const next = place.queue.shift();
      // The running place passes straight to the next waiter, so nobody overtakes the queue.
      if (next) next();
      else {
        place.running -= 1;
        if (place.running === 0) places.delete(key);
      }
    };
  }

  return {
    /**
     * `abortSignal` is asked for only when the request has to wait: building a request's signal
     * costs an AbortController, which the session read (ADR 048) would otherwise pay every time.
     */
    async enter(key: string, abortSignal?: () => AbortSignal): Promise<(() => void) | null> {
      const place = places.get(key) ?? { running: 0, queue: [] };
      places.set(key, place);
      if (place.running < limit.running) {
        place.running += 1;
        return releaser(key);
      }
      if (place.queue.length >= limit.waiting) return null;
      const signal = abortSignal?.();
      if (signal?.aborted) return null;
      const admitted = await new Promise<boolean>((resolve) => {
        const admit = () => {
          signal?.removeEventListener('abort', giveUp);
          resolve(true);
        };
        const giveUp = () => {
          const index = place.queue.indexOf(admit);
          if (index === -1) return;
          place.queue.splice(index, 1);
          resolve(false);
        };
        place.queue.push(admit);
        signal?.addEventListener('abort', giveUp, { once: true });
      });
      return admitted ? releaser(key) : null;
    },
    usage(key: string) {
      const place = places.get(key);
      return { running: place?.running ?? 0, waiting: place?.queue.length ?? 0 };
    },
    /** Keys with a request running or waiting: 0 when idle. */
    busyKeys: () => places.size,
  };
}

export type KeyedLimiter = ReturnType<typeof createKeyedLimiter>;

function tooManyConcurrentRequests() {
  return new ApiRefusal(429, 'tooManyConcurrentRequests', {
    headers: { 'Retry-After': String(CONCURRENCY_RETRY_AFTER_SECONDS) },
  });
}

/**
 * For every API request that presents a session (`sessionKey` answers null without one, and for a
 * request left out): a place among its session's, else a translated 429 `tooManyConcurrentRequests`
 * before anything reads the database.
 */
export function limitSessionConcurrency(
  limiter: KeyedLimiter,
  sessionKey: (c: Context) => string | null,
): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const key = sessionKey(c);
    if (key === null) return next();
    const leave = await limiter.enter(key, () => c.req.raw.signal);
    if (!leave) throw tooManyConcurrentRequests();
    try {
      await next();
    } finally {
      leave();
    }
  });
}

/** What the limit reads from a member guard (`MemberEnv` in session-access.ts, which builds the limit). */
type MemberIdentity = { Variables: { user: { id: number }; organisation: { id: number } } };

/**
 * Behind a member guard: takes a place for the request (see createConcurrencyLimiter) and answers
 * a translated 429 `tooManyConcurrentRequests` with Retry-After when its user or organisation has
 * no place left. The place is held until the handler has produced its whole response.
 */
export function limitConcurrency<Env extends MemberIdentity>(limiter: ConcurrencyLimiter): MiddlewareHandler<Env> {
  return createMiddleware<Env>(async (c, next) => {
    const leave = await limiter.enter(c.get('user').id, c.get('organisation').id, c.req.raw.signal);
    if (!leave) throw tooManyConcurrentRequests();
    try {
      await next();
    } finally {
      leave();
    }
  });
}
