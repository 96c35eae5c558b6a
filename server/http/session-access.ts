import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  MEMBER_ROLE_OF_KIND,
  type OrganisationKind,
  USER_ROLE,
  type UserOrganisation,
} from '../../common/contracts/auth';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { users } from '../db/schema';
import {
  createConcurrencyLimiter,
  EXPENSIVE_PER_ORGANISATION,
  EXPENSIVE_PER_USER,
  expensiveCapacity,
  limitConcurrency,
} from './concurrency-limit';
import type { OpaqueCookieSettings } from './opaque-cookie';
import { ApiRefusal } from './respond';
import type { SessionCache } from './session-cache';
import { currentSessionUser } from './sessions';

/** The signed-in user with the organisation it acts for (null for admins and role `user`). */
export type SessionUser = typeof users.$inferSelect & { organisation: UserOrganisation | null };

/** The Hono environment of a route behind a session guard: `c.get('user')` is the signed-in user. */
export type SignedInEnv = { Variables: { user: SessionUser } };

/**
 * Behind a member guard: `c.get('organisation')` is the caller's own organisation, taken from the
 * session on the server. Every query of such a route is scoped to its id (ADR 022).
 */
export type MemberEnv = { Variables: { user: SessionUser; organisation: UserOrganisation } };

/** What every service needs to know about sessions, built once per app from the configuration. */
export type SessionAccess = {
  cookieSettings: OpaqueCookieSettings;
  /** Any signed-in, active user, else 401 (the SPA clears its stored profile on any 401). */
  requireSignedIn: MiddlewareHandler<SignedInEnv>;
  /** A signed-in system administrator, else 401 (no session) or 403 (another role). */
  requireAdmin: MiddlewareHandler<SignedInEnv>;
  /** A signed-in member of an active organisation of this kind with that kind's role, else 401/403. */
  requireMember: (kind: OrganisationKind) => MiddlewareHandler<MemberEnv>;
  /**
   * After a member guard, on the expensive reads (dashboards, searches, fitment, claims, delay
   * statements): a bound on how many one user and one organisation run at once in this process,
   * else a translated 429 (issue 27; `concurrency-limit.ts`).
   */
  expensive: MiddlewareHandler<MemberEnv>;
};

/**
 * The guards resolve the user from the session cookie on every request that passes one, through
 * the process's session cache when given (ADR 048: a logged-out or deactivated user still loses
 * access with the next request in the writer's process, and within the notification's delay in
 * every other), and only there: public routes pay no session lookup. A route takes exactly one guard, so the session
 * is read once per request. Whatever the browser stores about itself (`userResponse`) is never read.
 */
export function createSessionAccess(
  config: ServerConfig,
  db: Database,
  /** Connections in the database pool (PGlite: 1), for how many expensive reads may run at once. */
  poolSize: number,
  cache?: SessionCache,
): SessionAccess {
  // Cookies are Secure (and so may carry the __Host- prefix) in production and wherever the portal is
  // reached over https (staging, pre-production); a developer's machine runs on plain http.
  const cookieSettings: OpaqueCookieSettings = { secure: config.secureCookies };

  function guard(allows: (user: SessionUser) => boolean) {
    return createMiddleware<SignedInEnv>(async (c, next) => {
      const user = await currentSessionUser(c, db, cookieSettings, cache);
      if (!user) throw new ApiRefusal(401, 'sessionMissing');
      if (!allows(user)) throw new ApiRefusal(403, 'forbidden');
      c.set('user', user);
      await next();
    });
  }

  const memberGuards = new Map<OrganisationKind, MiddlewareHandler<MemberEnv>>();
  function requireMember(kind: OrganisationKind) {
    let memberGuard = memberGuards.get(kind);
    if (!memberGuard) {
      memberGuard = createMiddleware<MemberEnv>(async (c, next) => {
        const user = await currentSessionUser(c, db, cookieSettings, cache);
        if (!user) throw new ApiRefusal(401, 'sessionMissing');
        const { organisation } = user;
        if (organisation?.kind !== kind || user.role !== MEMBER_ROLE_OF_KIND[kind]) {
          throw new ApiRefusal(403, 'forbidden');
        }
        c.set('user', user);
        c.set('organisation', organisation);
        await next();
      });
      memberGuards.set(kind, memberGuard);
    }
    return memberGuard;
  }

  return {
    cookieSettings,
    expensive: limitConcurrency<MemberEnv>(
      createConcurrencyLimiter({
        capacity: expensiveCapacity(poolSize),
        perUser: EXPENSIVE_PER_USER,
        perOrganisation: EXPENSIVE_PER_ORGANISATION,
      }),
    ),
    requireSignedIn: guard(() => true),
    requireAdmin: guard((user) => user.role === USER_ROLE.systemAdmin),
    requireMember,
  };
}
