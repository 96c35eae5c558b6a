import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  userListQuerySchema,
  userStatusChangeSchema,
} from '../../../common/contracts/admin-users';
import { USER_STATUS, USER_STATUSES } from '../../../common/contracts/auth';
import { USER_INVITATION_VALID_DAYS, userInviteRequestSchema } from '../../../common/contracts/user-invitation';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import { users, workshopLeads } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { issueToken, revokeTokens } from '../../tokens';
import { requireAdmin } from './guards';
import { endAllSessionsOf } from './sessions';

function toAdminUser(user: typeof users.$inferSelect): AdminUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company_name: user.companyName,
    contact_number: user.contactNumber,
    role: user.role,
    status: user.status,
    created_at: user.createdAt.toISOString(),
  };
}

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The system administrator's user management (every call checks the role on the server). */
export function createAdminUsersRoutes(deps: ServerDeps) {
  const { db } = deps.database;
  const cookieSettings = { secure: deps.config.isProduction };
  const routes = new Hono();

  routes.get('/users/list', async (c) => {
    await requireAdmin(c, db, cookieSettings);
    const parsed = v.safeParse(userListQuerySchema, c.req.query());
    if (!parsed.success) throw new ApiRefusal(400, 'invalidRequest');
    const { page, search, status } = parsed.output;
    const conditions: SQL[] = [];
    if (search) {
      const pattern = likePattern(search);
      const match = or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.companyName, pattern),
      );
      if (match) conditions.push(match);
    }
    const wantedStatus = USER_STATUSES.find((known) => String(known) === status);
    if (wantedStatus) conditions.push(eq(users.status, wantedStatus));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [totals] = await db.select({ total: count() }).from(users).where(where);
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE);
    return ok(c, { items: rows.map(toAdminUser), total: totals?.total ?? 0, page, page_size: ADMIN_PAGE_SIZE });
  });

  routes.post('/users/:id{[0-9]{1,9}}/status', async (c) => {
    const admin = await requireAdmin(c, db, cookieSettings);
    const { status } = await parseJsonBody(c, userStatusChangeSchema);
    const userId = Number(c.req.param('id'));
    if (userId === admin.id) throw new ApiRefusal(400, 'cannotChangeOwnStatus');
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!before) throw new ApiRefusal(404, 'notFound');
      const [after] = await tx
        .update(users)
        .set({ status, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (!after) throw new ApiRefusal(404, 'notFound');
      if (status === USER_STATUS.deactivated) await endAllSessionsOf(tx, userId);
      if (status === USER_STATUS.active) {
        // The pilot loop's last step: an account created from an invitation is now verified.
        await tx
          .update(workshopLeads)
          .set({ status: 'verified' })
          .where(and(eq(workshopLeads.userId, userId), eq(workshopLeads.status, 'registered')));
      }
      if (status === USER_STATUS.active && before.status !== USER_STATUS.active) {
        await enqueueMail(
          tx,
          'account-activated',
          after.email,
          mailTemplates.accountActivated(after.locale, {
            firstName: after.firstName,
            loginUrl: `${deps.config.publicUrl}/login`,
          }),
        );
      }
      await audit(tx, {
        actorUserId: admin.id,
        action: status === USER_STATUS.active ? 'user.activated' : 'user.deactivated',
        target: `user:${userId}`,
        ip: clientIp(c),
        details: { from: before.status, to: status },
      });
      return after;
    });
    return ok(c, toAdminUser(updated), status === USER_STATUS.active ? 'userActivated' : 'userDeactivated');
  });

  // The administrator invites a person (spec §2 /user-invite); the mail links to the registration.
  routes.post('/users/invite', async (c) => {
    const admin = await requireAdmin(c, db, cookieSettings);
    const invite = await parseJsonBody(c, userInviteRequestSchema);
    const locale = requestLocale(c);
    await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invite.email)).limit(1);
      if (existing) throw new ApiRefusal(409, 'accountExists', { field: 'email' });
      // A new invitation replaces any older one for the same address.
      await revokeTokens(tx, 'user-invitation', invite.email);
      const { token } = await issueToken(tx, deps.config.sessionSecret, {
        purpose: 'user-invitation',
        subject: invite.email,
        claims: { first_name: invite.first_name, email: invite.email, company_name: invite.company_name },
        ttlSeconds: USER_INVITATION_VALID_DAYS * 24 * 3600,
      });
      await enqueueMail(
        tx,
        'user-invitation',
        invite.email,
        mailTemplates.userInvitation(locale, {
          firstName: invite.first_name,
          companyName: invite.company_name,
          registrationUrl: `${deps.config.publicUrl}/user-invite?token=${encodeURIComponent(token)}`,
          validDays: USER_INVITATION_VALID_DAYS,
        }),
      );
      await audit(tx, {
        actorUserId: admin.id,
        action: 'user.invited',
        target: `email:${invite.email}`,
        ip: clientIp(c),
      });
    });
    return ok(c, { email: invite.email }, 'userInvited');
  });

  return routes;
}
