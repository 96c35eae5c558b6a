import { Hono } from 'hono';
import { linkCheckRequestSchema } from '../../../common/contracts/link-check';
import type { ServerDeps } from '../../context';
import { ok, parseJsonBody } from '../../http/respond';
import { refuseUnlessUsable, verifyToken } from '../../tokens';
import { usableResetUser } from './reset-user';
import { refuseUnusableUserInvitation } from './user-invitations';

/**
 * Whether a mailed link can still be used, asked by the SPA before it shows the link's form, so a
 * person who opens the link again (after success, after expiry) is told at once what to do
 * instead of filling a form that can only fail (docs/product.md §4.6). Nothing is consumed; only
 * the holder of the signed token learns anything, and only about that token.
 */
export function createLinkCheckRoutes(deps: ServerDeps) {
  const { db } = deps.database;
  const routes = new Hono();

  routes.post('/reset-password/check', async (c) => {
    const { token } = await parseJsonBody(c, linkCheckRequestSchema);
    const claims = await verifyToken(deps.config.sessionSecret, 'password-reset', token);
    await refuseUnlessUsable(db, 'password-reset', claims.jti);
    await usableResetUser(db, claims);
    return ok(c, null);
  });

  routes.post('/user-invite/check', async (c) => {
    const { token } = await parseJsonBody(c, linkCheckRequestSchema);
    await refuseUnusableUserInvitation(db, deps.config, token);
    return ok(c, null);
  });

  return routes;
}
