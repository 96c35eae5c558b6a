import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type * as v from 'valibot';
import { type loginRequestSchema, USER_STATUS } from '../../../common/contracts/auth';
import type { ServerDeps } from '../../context';
import { users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal } from '../../http/respond';
import type { SessionAccess } from '../../http/session-access';
import { startSession, withOrganisation } from '../../http/sessions';
import { passwordFailureWindows, recordPasswordFailure, refuseWhileThrottled } from './password-throttle';
import { verifyPassword } from './passwords';

/**
 * One login attempt with credentials the shared schema has already parsed, for the JSON endpoint
 * and the plain form post alike (ADR 046): the password throttle, the same refusal for unknown
 * e-mail and wrong password, and a session only for an active account. Throws ApiRefusal.
 */
export async function attemptLogin(
  deps: ServerDeps,
  access: SessionAccess,
  c: Context,
  credentials: v.InferOutput<typeof loginRequestSchema>,
) {
  const { db } = deps.database;
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
    await startSession(c, db, access.cookieSettings, user.id, credentials.rememberMe);
  }
  deps.logger.info({ event: 'login.succeeded', userId: user.id, status: user.status }, 'login');
  return user;
}
