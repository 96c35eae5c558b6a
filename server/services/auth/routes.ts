import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { loginRequestSchema, USER_STATUS } from '../../../common/contracts/auth';
import type { ServerDeps } from '../../context';
import { users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import type { SessionAccess } from '../../http/session-access';
import { endSession, startSession, withOrganisation } from '../../http/sessions';
import { createAccountRoutes } from './account-routes';
import { createAdminOrganisationsRoutes } from './admin-organisations-routes';
import { createAdminUsersRoutes } from './admin-users-routes';
import { createContactRoutes } from './contact-routes';
import { createLinkCheckRoutes } from './link-check-routes';
import { passwordFailureWindows, recordPasswordFailure, refuseWhileThrottled } from './password-throttle';
import { verifyPassword } from './passwords';
import { toPublicUser } from './public-user';

/**
 * The authentication service, mounted under /svc/auth/api/v1. Every answer is the envelope
 * `{code, data, message}`; refusals are thrown as ApiRefusal and rendered once in app.ts.
 */
export function createAuthService(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const { cookieSettings } = access;
  const service = new Hono();

  service.post('/login', async (c) => {
    const credentials = await parseJsonBody(c, loginRequestSchema);
    const ip = clientIp(c);
    const failureWindows = passwordFailureWindows(deps.config, credentials.email, ip);
    const slowedMs = await refuseWhileThrottled(db, failureWindows);
    if (slowedMs > 0) deps.logger.info({ event: 'login.slowed', ip, delayMs: slowedMs }, 'login slowed down');
    const [stored] = await db.select().from(users).where(eq(users.email, credentials.email)).limit(1);
    const passwordMatches = await verifyPassword(stored?.passwordHash ?? null, credentials.password);
    if (!stored || !passwordMatches) {
      await recordPasswordFailure(db, failureWindows);
      deps.logger.info({ event: 'login.failed', ip }, 'login refused');
      throw new ApiRefusal(401, 'invalidCredentials');
    }
    const user = await withOrganisation(db, stored);
    // Pending (2) and deactivated (3) accounts (or members of a deactivated organisation) learn their status, which the SPA turns into the
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
  service.route('/', createAdminOrganisationsRoutes(deps, access));
  service.route('/', createLinkCheckRoutes(deps));
  return service;
}
