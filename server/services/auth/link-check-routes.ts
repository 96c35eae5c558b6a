import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { linkCheckRequestSchema } from '../../../common/contracts/link-check';
import { userInvitationClaimsSchema } from '../../../common/contracts/user-invitation';
import type { ServerDeps } from '../../context';
import { users } from '../../db/schema';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import { refuseUnlessUsable, verifyToken } from '../../tokens';

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
    return ok(c, null);
  });

  routes.post('/user-invite/check', async (c) => {
    const { token } = await parseJsonBody(c, linkCheckRequestSchema);
    const claims = await verifyToken(deps.config.sessionSecret, 'user-invitation', token);
    await refuseUnlessUsable(db, 'user-invitation', claims.jti);
    const invited = v.safeParse(userInvitationClaimsSchema, claims);
    if (!invited.success) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
    const email = invited.output.email.toLowerCase();
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    // Registered another way meanwhile (or with a newer invitation): the way on is the login.
    if (existing) throw new ApiRefusal(409, 'accountExists', { field: 'token' });
    return ok(c, null);
  });

  return routes;
}
