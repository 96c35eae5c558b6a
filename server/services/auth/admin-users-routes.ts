import { and, eq, ilike, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AdminUser, userListQuerySchema, userStatusChangeSchema } from '../../../common/contracts/admin-users';
import { USER_STATUS, USER_STATUSES } from '../../../common/contracts/auth';
import { userInviteRequestSchema } from '../../../common/contracts/user-invitation';
import { pagedList } from '../../admin/paged-list';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import { users, workshopLeads } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { SessionAccess } from '../../http/session-access';
import { endAllSessionsOf } from '../../http/sessions';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { deleteOnboardingCredentialsOf } from '../workshop/onboarding-credentials';
import { issueUserInvitation } from './user-invitations';

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
export function createAdminUsersRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const { requireAdmin } = access;
  const routes = new Hono();

  routes.get('/users/list', requireAdmin, async (c) => {
    const { page, search, status } = parseQuery(c, userListQuerySchema);
    const pattern = likePattern(search);
    const matchesSearch = search
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.companyName, pattern),
        )
      : undefined;
    const wantedStatus = USER_STATUSES.find((known) => String(known) === status);
    return ok(
      c,
      await pagedList(db, { table: users, page, status: wantedStatus, where: matchesSearch, toItem: toAdminUser }),
    );
  });

  routes.post('/users/:id{[0-9]{1,9}}/status', requireAdmin, async (c) => {
    const admin = c.get('user');
    const { status } = await parseJsonBody(c, userStatusChangeSchema);
    const userId = Number(c.req.param('id'));
    if (userId === admin.id) throw new ApiRefusal(400, 'cannotChangeOwnStatus');
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!before) throw new ApiRefusal(404, 'notFound');
      const [after] = await tx
        .update(users)
        .set({ status, deactivatedByAdmin: status === USER_STATUS.deactivated, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (!after) throw new ApiRefusal(404, 'notFound');
      if (status === USER_STATUS.deactivated) await endAllSessionsOf(tx, userId);
      // Verified or deactivated, the account is no longer pending: its onboarding cannot be continued.
      await deleteOnboardingCredentialsOf(tx, { userId });
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

  // The administrator invites a person (docs/product.md §2.4); the mail links to the registration.
  routes.post('/users/invite', requireAdmin, async (c) => {
    const invite = await parseJsonBody(c, userInviteRequestSchema);
    const locale = requestLocale(c);
    await db.transaction(async (tx) => {
      await issueUserInvitation(tx, deps.config, invite, locale);
      await audit(tx, {
        actorUserId: c.get('user').id,
        action: 'user.invited',
        target: `email:${invite.email}`,
        ip: clientIp(c),
      });
    });
    return ok(c, { email: invite.email }, 'userInvited');
  });

  return routes;
}
