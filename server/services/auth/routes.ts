import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { loginRequestSchema, USER_STATUS } from '../../../common/contracts/auth';
import type { ServerDeps } from '../../context';
import { users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import { countHits, type RateWindow, recordHit, secondsUntilWindowEnds } from '../../rate-limit';
import { createAccountRoutes } from './account-routes';
import { createAdminUsersRoutes } from './admin-users-routes';
import { createContactRoutes } from './contact-routes';
import { createLinkCheckRoutes } from './link-check-routes';
import { verifyPassword } from './passwords';
import { toPublicUser } from './public-user';
import type { SessionAccess } from './session-access';
import { endSession, startSession } from './sessions';

const IP_LOGIN_FAILURES: RateWindow = { name: 'login-ip', limit: 50, windowSeconds: 15 * 60 };

/**
 * The authentication service, mounted under /svc/auth/api/v1. Every answer is the envelope
 * `{code, data, message}`; refusals are thrown as ApiRefusal and rendered once in app.ts.
 */
export function createAuthService(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const { cookieSettings } = access;
  const accountFailures: RateWindow = {
    name: 'login-account',
    limit: deps.config.loginMaxFailures,
    windowSeconds: 15 * 60,
  };
  const service = new Hono();

  service.post('/login', async (c) => {
    const credentials = await parseJsonBody(c, loginRequestSchema);
    const ip = clientIp(c);
    for (const [window, subject] of [
      [accountFailures, credentials.email],
      [IP_LOGIN_FAILURES, ip],
    ] as const) {
      if ((await countHits(db, window, subject)) >= window.limit) {
        throw new ApiRefusal(429, 'tooManyAttempts', {
          headers: { 'Retry-After': String(secondsUntilWindowEnds(window)) },
        });
      }
    }
    const [user] = await db.select().from(users).where(eq(users.email, credentials.email)).limit(1);
    const passwordMatches = await verifyPassword(user?.passwordHash ?? null, credentials.password);
    if (!user || !passwordMatches) {
      await recordHit(db, accountFailures, credentials.email);
      await recordHit(db, IP_LOGIN_FAILURES, ip);
      deps.logger.info({ event: 'login.failed', ip }, 'login refused');
      throw new ApiRefusal(401, 'invalidCredentials');
    }
    // Pending (2) and deactivated (3) accounts learn their status, which the SPA turns into the
    // account status page, but get no session.
    if (user.status === USER_STATUS.active) {
      await startSession(c, db, cookieSettings, user.id, credentials.rememberMe);
    }
    deps.logger.info({ event: 'login.succeeded', userId: user.id, status: user.status }, 'login');
    return ok(c, toPublicUser(user, deps.config), 'loginSuccess');
  });

  service.post('/logout', async (c) => {
    await endSession(c, db, cookieSettings);
    return ok(c, null, 'loggedOut');
  });

  service.get('/user', access.requireSignedIn, async (c) => ok(c, toPublicUser(c.get('user'), deps.config)));

  service.route('/', createAccountRoutes(deps, access));
  service.route('/', createContactRoutes(deps));
  service.route('/', createAdminUsersRoutes(deps, access));
  service.route('/', createLinkCheckRoutes(deps));
  return service;
}
