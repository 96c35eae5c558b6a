import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  RESET_TOKEN_MINUTES,
  resetPasswordRequestSchema,
  signUpRequestSchema,
} from '../../../common/contracts/account';
import { USER_STATUS } from '../../../common/contracts/auth';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import type { Transaction } from '../../db/database';
import { users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import type { SessionAccess } from '../../http/session-access';
import { endAllSessionsOf, endOtherSessionsOf } from '../../http/sessions';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { enqueueMailToAdmins } from '../../mail/to-admins';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';
import { consumeToken, issueToken, revokeTokens, verifyToken } from '../../tokens';
import { assertPasswordNotCommon } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { usableResetUser } from './reset-user';

const SIGN_UPS_PER_IP: RateWindow = { name: 'sign-up-ip', limit: 10, windowSeconds: 3600 };
const RESETS_PER_EMAIL: RateWindow = { name: 'forgot-email', limit: 5, windowSeconds: 3600 };
const RESETS_PER_IP: RateWindow = { name: 'forgot-ip', limit: 30, windowSeconds: 3600 };

/**
 * Sign-up, forgotten and reset passwords, and the signed-in password change. Every answer that
 * could reveal whether an e-mail is registered is the same for known and unknown addresses.
 */
export function createAccountRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const { config } = deps;
  const routes = new Hono();

  /**
   * Saves a new password hash and everything that must go with it: older reset links revoked,
   * a "password changed" mail, an audit entry. Runs inside the caller's transaction.
   */
  async function storeNewPassword(
    tx: Transaction,
    user: typeof users.$inferSelect,
    passwordHash: string,
    event: { action: 'password.reset' | 'password.changed'; ip: string },
  ) {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await revokeTokens(tx, 'password-reset', String(user.id));
    await enqueueMail(
      tx,
      'password-changed',
      user.email,
      mailTemplates.passwordChanged(user.locale, { firstName: user.firstName, loginUrl: `${config.publicUrl}/login` }),
    );
    await audit(tx, { actorUserId: user.id, action: event.action, target: `user:${user.id}`, ip: event.ip });
  }

  routes.post('/sign-up', async (c) => {
    const form = await parseJsonBody(c, signUpRequestSchema);
    await enforceRateLimits(db, [[SIGN_UPS_PER_IP, clientIp(c)]]);
    assertPasswordNotCommon(form.password);
    const locale = requestLocale(c);
    // Hash before looking the address up, so both branches take the same time.
    const passwordHash = await hashPassword(form.password);
    await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, form.email)).limit(1);
      if (existing) {
        // Enumeration-safe: the caller sees the usual answer; the owner is told by mail.
        await enqueueMail(
          tx,
          'sign-up-duplicate',
          existing.email,
          mailTemplates.signUpAlreadyRegistered(existing.locale, {
            firstName: existing.firstName,
            loginUrl: `${config.publicUrl}/login`,
            forgotUrl: `${config.publicUrl}/forgot-password`,
          }),
        );
        return;
      }
      const [created] = await tx
        .insert(users)
        .values({
          email: form.email,
          passwordHash,
          firstName: form.first_name,
          lastName: form.last_name,
          companyName: form.company_name,
          contactNumber: form.contact_number,
          postalCode: form.postal_code,
          role: 'user',
          status: USER_STATUS.pendingVerification,
          services: ['WORKSHOP'],
          locale,
        })
        .returning({ id: users.id });
      await enqueueMail(
        tx,
        'sign-up-received',
        form.email,
        mailTemplates.signUpReceived(locale, { firstName: form.first_name }),
      );
      await enqueueMailToAdmins(tx, 'account-awaits-review', (adminLocale) =>
        mailTemplates.accountAwaitsReview(adminLocale, {
          name: `${form.first_name} ${form.last_name}`,
          company: form.company_name,
          email: form.email,
          reviewUrl: `${config.publicUrl}/users`,
        }),
      );
      await audit(tx, {
        actorUserId: created?.id ?? null,
        action: 'account.signed_up',
        target: `user:${created?.id}`,
        ip: clientIp(c),
      });
    });
    return ok(
      c,
      { email: form.email, first_name: form.first_name, status: USER_STATUS.pendingVerification },
      'signUpReceived',
    );
  });

  routes.post('/forgot-password', async (c) => {
    const { email } = await parseJsonBody(c, forgotPasswordRequestSchema);
    await requestPasswordReset(deps, c, email);
    return ok(c, null, 'resetLinkSent');
  });

  routes.post('/reset-password', async (c) => {
    const form = await parseJsonBody(c, resetPasswordRequestSchema);
    const claims = await verifyToken(config.sessionSecret, 'password-reset', form.token);
    assertPasswordNotCommon(form.password);
    const passwordHash = await hashPassword(form.password);
    await db.transaction(async (tx) => {
      await consumeToken(tx, 'password-reset', claims.jti);
      const user = await usableResetUser(tx, claims);
      await endAllSessionsOf(tx, user.id);
      await storeNewPassword(tx, user, passwordHash, { action: 'password.reset', ip: clientIp(c) });
    });
    return ok(c, null, 'passwordReset');
  });

  routes.post('/new-user/reset-password', access.requireSignedIn, async (c) => {
    const user = c.get('user');
    const form = await parseJsonBody(c, changePasswordRequestSchema);
    if (!(await verifyPassword(user.passwordHash, form.current_password))) {
      throw new ApiRefusal(400, 'currentPasswordWrong', { field: 'current_password' });
    }
    assertPasswordNotCommon(form.password);
    const passwordHash = await hashPassword(form.password);
    await db.transaction(async (tx) => {
      await endOtherSessionsOf(c, tx, access.cookieSettings, user.id);
      await storeNewPassword(tx, user, passwordHash, { action: 'password.changed', ip: clientIp(c) });
    });
    return ok(c, null, 'passwordChanged');
  });

  return routes;
}

/**
 * Sends a reset link if the address belongs to a usable account, for the JSON endpoint and the
 * plain form post alike (ADR 046). Answers the same for known and unknown addresses; rate-limited
 * per address and per client (ApiRefusal 429).
 */
export async function requestPasswordReset(deps: ServerDeps, c: Context, email: string) {
  const { db } = deps.database;
  const { config } = deps;
  await enforceRateLimits(db, [
    [RESETS_PER_EMAIL, email],
    [RESETS_PER_IP, clientIp(c)],
  ]);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && user.status !== USER_STATUS.deactivated) {
    await db.transaction(async (tx) => {
      // A newer request invalidates every older link.
      await revokeTokens(tx, 'password-reset', String(user.id));
      const { token } = await issueToken(tx, config.sessionSecret, {
        purpose: 'password-reset',
        subject: String(user.id),
        claims: { email: user.email },
        ttlSeconds: RESET_TOKEN_MINUTES * 60,
      });
      await enqueueMail(
        tx,
        'password-reset',
        user.email,
        mailTemplates.passwordReset(user.locale, {
          firstName: user.firstName,
          resetUrl: `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
          validMinutes: RESET_TOKEN_MINUTES,
        }),
      );
      await audit(tx, {
        actorUserId: user.id,
        action: 'password.reset_requested',
        target: `user:${user.id}`,
        ip: clientIp(c),
      });
    });
  }
}
