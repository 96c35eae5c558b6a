import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { ADMIN_PAGE_SIZE } from '../../../common/contracts/admin-users';
import { USER_ROLE, USER_STATUS } from '../../../common/contracts/auth';
import { type DealerLead, dealerLeadQuerySchema, dealerOnboardingSchema } from '../../../common/contracts/dealer';
import { invitedRegistrationRequestSchema } from '../../../common/contracts/user-invitation';
import { leadDecisionSchema } from '../../../common/contracts/workshop';
import { audit } from '../../audit';
import { requireSolvedCaptcha } from '../../captcha';
import type { ServerDeps } from '../../context';
import { partDealerLeads, users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';
import { consumeToken, verifyToken } from '../../tokens';
import { requireAdmin } from '../auth/guards';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { toDealerLeadRow } from './dealer-lead-row';

const DEALER_REGISTRATIONS_PER_IP: RateWindow = { name: 'dealer-ip', limit: 20, windowSeconds: 3600 };

function toDealerLead(row: typeof partDealerLeads.$inferSelect): DealerLead {
  return {
    id: row.id,
    company_name: row.companyName,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    contact_number: row.contactNumber,
    city: row.city,
    country: row.country,
    brands_served: row.brandsServed,
    status: row.status,
    review_note: row.reviewNote,
    created_at: row.createdAt.toISOString(),
  };
}

const invitationClaims = v.object({ first_name: v.string(), email: v.string(), company_name: v.string() });

/**
 * The part-dealer service, mounted under /svc/part-dealer (spec §7: /part-dealer/leads and
 * /part-dealer/leads/user-register): dealer onboarding, its review, and invited-user registration.
 */
export function createPartDealerService(deps: ServerDeps) {
  const { db } = deps.database;
  const cookieSettings = { secure: deps.config.isProduction };
  const service = new Hono();

  service.post('/part-dealer/leads', async (c) => {
    const form = await parseJsonBody(c, dealerOnboardingSchema);
    await enforceRateLimits(db, [[DEALER_REGISTRATIONS_PER_IP, clientIp(c)]]);
    await requireSolvedCaptcha(db, deps.config, form.recaptcha, clientIp(c));
    const locale = requestLocale(c);
    await db.transaction(async (tx) => {
      const [lead] = await tx.insert(partDealerLeads).values(toDealerLeadRow(form, locale)).returning();
      if (!lead) throw new Error('dealer lead insert returned nothing');
      await enqueueMail(
        tx,
        'dealer-registration-received',
        lead.email,
        mailTemplates.dealerRegistrationReceived(locale, { firstName: lead.firstName, companyName: lead.companyName }),
      );
      for (const admin of await tx.select().from(users).where(eq(users.role, USER_ROLE.systemAdmin))) {
        await enqueueMail(
          tx,
          'dealer-awaits-review',
          admin.email,
          mailTemplates.dealerAwaitsReview(admin.locale, {
            companyName: lead.companyName,
            email: lead.email,
            reviewUrl: `${deps.config.publicUrl}/users/dealers`,
          }),
        );
      }
      await audit(tx, {
        actorUserId: null,
        action: 'dealer.registered',
        target: `dealer-lead:${lead.id}`,
        ip: clientIp(c),
      });
    });
    return ok(c, null, 'dealerRegistered');
  });

  service.get('/part-dealer/leads', async (c) => {
    await requireAdmin(c, db, cookieSettings);
    const query = v.safeParse(dealerLeadQuerySchema, c.req.query());
    if (!query.success) throw new ApiRefusal(400, 'invalidRequest');
    const where: SQL | undefined = query.output.status ? eq(partDealerLeads.status, query.output.status) : undefined;
    const [totals] = await db.select({ total: count() }).from(partDealerLeads).where(where);
    const rows = await db
      .select()
      .from(partDealerLeads)
      .where(where)
      .orderBy(desc(partDealerLeads.createdAt), desc(partDealerLeads.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.output.page - 1) * ADMIN_PAGE_SIZE);
    return ok(c, {
      items: rows.map(toDealerLead),
      total: totals?.total ?? 0,
      page: query.output.page,
      page_size: ADMIN_PAGE_SIZE,
    });
  });

  service.post('/part-dealer/leads/:id{[0-9]{1,9}}/:decision{verify|reject}', async (c) => {
    const admin = await requireAdmin(c, db, cookieSettings);
    const { reason } = await parseJsonBody(c, leadDecisionSchema);
    const verified = c.req.param('decision') === 'verify';
    const decided = await db.transaction(async (tx) => {
      const [lead] = await tx
        .update(partDealerLeads)
        .set({
          status: verified ? 'VERIFIED' : 'REJECTED',
          reviewerId: admin.id,
          reviewedAt: new Date(),
          reviewNote: reason || null,
        })
        .where(and(eq(partDealerLeads.id, Number(c.req.param('id'))), eq(partDealerLeads.status, 'UNVERIFIED')))
        .returning();
      if (!lead) throw new ApiRefusal(409, 'leadNotOpen');
      await enqueueMail(
        tx,
        'dealer-decision',
        lead.email,
        mailTemplates.dealerDecision(lead.locale, {
          firstName: lead.firstName,
          companyName: lead.companyName,
          verified,
          reason,
        }),
      );
      await audit(tx, {
        actorUserId: admin.id,
        action: verified ? 'dealer.verified' : 'dealer.rejected',
        target: `dealer-lead:${lead.id}`,
        ip: clientIp(c),
      });
      return lead;
    });
    return ok(c, toDealerLead(decided), verified ? 'dealerVerified' : 'dealerRejected');
  });

  service.post('/part-dealer/leads/user-register', async (c) => {
    const form = await parseJsonBody(c, invitedRegistrationRequestSchema);
    const claims = await verifyToken(deps.config.sessionSecret, 'user-invitation', form.token);
    const invited = v.safeParse(invitationClaims, claims);
    if (!invited.success) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
    assertPasswordNotCommon(form.password);
    const passwordHash = await hashPassword(form.password);
    const created = await db.transaction(async (tx) => {
      await consumeToken(tx, 'user-invitation', claims.jti);
      // Name, e-mail and company come from the signed invitation, never from the body.
      const email = invited.output.email.toLowerCase();
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) throw new ApiRefusal(409, 'accountExists');
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstName: invited.output.first_name,
          lastName: form.last_name,
          companyName: invited.output.company_name,
          contactNumber: form.contact_number,
          role: 'user',
          status: USER_STATUS.active,
          services: [],
          locale: requestLocale(c),
        })
        .returning({ id: users.id, email: users.email });
      await audit(tx, {
        actorUserId: user?.id ?? null,
        action: 'user.registered_by_invitation',
        target: `user:${user?.id}`,
        ip: clientIp(c),
      });
      return user;
    });
    return ok(c, { email: created?.email ?? '' }, 'registrationComplete');
  });

  return service;
}
