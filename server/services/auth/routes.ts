import { Hono } from 'hono';
import { loginRequestSchema } from '../../../common/contracts/auth';
import type { ServerDeps } from '../../context';
import { ok, parseJsonBody } from '../../http/respond';
import type { SessionAccess } from '../../http/session-access';
import { endSession } from '../../http/sessions';
import { createAccountRoutes } from './account-routes';
import { createAdminOrganisationsRoutes } from './admin-organisations-routes';
import { createAdminUsersRoutes } from './admin-users-routes';
import { createContactRoutes } from './contact-routes';
import { createLinkCheckRoutes } from './link-check-routes';
import { attemptLogin } from './login';
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
    const user = await attemptLogin(deps, access, c, credentials);
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
