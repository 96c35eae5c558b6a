import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { ADMIN_PAGE_SIZE } from '../../../common/contracts/admin-users';
import { USER_ROLE } from '../../../common/contracts/auth';
import {
  INVITATION_VALID_DAYS,
  invitationRequestSchema,
  leadDecisionSchema,
  leadListQuerySchema,
  type WorkshopLead,
} from '../../../common/contracts/workshop';
import { audit } from '../../audit';
import { requireSolvedCaptcha } from '../../captcha';
import type { ServerDeps } from '../../context';
import { users, workshopLeads } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';
import { issueToken, revokeTokens } from '../../tokens';
import { requireAdmin } from '../auth/guards';
import { createOnboardingRoutes } from './onboarding-routes';

const REQUESTS_PER_IP: RateWindow = { name: 'lead-ip', limit: 20, windowSeconds: 3600 };

function toLead(row: typeof workshopLeads.$inferSelect): WorkshopLead {
  return {
    id: row.id,
    email: row.email,
    workshop_account_name: row.workshopAccountName,
    mode: row.mode,
    status: row.status,
    review_note: row.reviewNote,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The workshop service, mounted under /svc/workshop: invitation requests, their review by the
 * system administrators, and the onboarding wizard the invitation opens. Who the invited person
 * is (e-mail, workshop name, lead, mode) always comes from the signed invitation and the lead
 * record, never from the request body.
 */
export function createWorkshopService(deps: ServerDeps) {
  const { db } = deps.database;
  const { config } = deps;
  const cookieSettings = { secure: config.isProduction };
  const service = new Hono();

  service.post('/lead', async (c) => {
    const form = await parseJsonBody(c, invitationRequestSchema);
    await enforceRateLimits(db, [[REQUESTS_PER_IP, clientIp(c)]]);
    await requireSolvedCaptcha(db, config, form.recaptcha, clientIp(c));
    const locale = requestLocale(c);
    await db.transaction(async (tx) => {
      // The partial unique index allows one open request per address; a repeat changes nothing.
      const [lead] = await tx
        .insert(workshopLeads)
        .values({
          email: form.workshop_primary_email,
          workshopAccountName: form.workshop_account_name,
          mode: form.mode,
          locale,
        })
        .onConflictDoNothing()
        .returning();
      if (!lead) return;
      await enqueueMail(
        tx,
        'invitation-request-received',
        lead.email,
        mailTemplates.invitationRequestReceived(locale, { workshopName: lead.workshopAccountName }),
      );
      for (const admin of await tx.select().from(users).where(eq(users.role, USER_ROLE.systemAdmin))) {
        await enqueueMail(
          tx,
          'invitation-request-review',
          admin.email,
          mailTemplates.invitationRequestAwaitsReview(admin.locale, {
            workshopName: lead.workshopAccountName,
            email: lead.email,
            reviewUrl: `${config.publicUrl}/users/leads`,
          }),
        );
      }
      await audit(tx, {
        actorUserId: null,
        action: 'lead.requested',
        target: `workshop-lead:${lead.id}`,
        ip: clientIp(c),
      });
    });
    return ok(c, { email: form.workshop_primary_email }, 'invitationRequested');
  });

  service.get('/leads', async (c) => {
    await requireAdmin(c, db, cookieSettings);
    const query = v.safeParse(leadListQuerySchema, c.req.query());
    if (!query.success) throw new ApiRefusal(400, 'invalidRequest');
    const { page, status } = query.output;
    const where: SQL | undefined = status ? eq(workshopLeads.status, status) : undefined;
    const [totals] = await db.select({ total: count() }).from(workshopLeads).where(where);
    const rows = await db
      .select()
      .from(workshopLeads)
      .where(where)
      .orderBy(desc(workshopLeads.createdAt), desc(workshopLeads.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE);
    return ok(c, { items: rows.map(toLead), total: totals?.total ?? 0, page, page_size: ADMIN_PAGE_SIZE });
  });

  service.post('/leads/:id{[0-9]{1,9}}/approve', async (c) => {
    const admin = await requireAdmin(c, db, cookieSettings);
    await parseJsonBody(c, leadDecisionSchema);
    const leadId = Number(c.req.param('id'));
    const approved = await db.transaction(async (tx) => {
      // Conditional on "requested": approving twice (or concurrently) sends one invitation.
      const [lead] = await tx
        .update(workshopLeads)
        .set({ status: 'approved', reviewerId: admin.id, reviewedAt: new Date() })
        .where(and(eq(workshopLeads.id, leadId), eq(workshopLeads.status, 'requested')))
        .returning();
      if (!lead) throw new ApiRefusal(409, 'leadNotOpen');
      const { token } = await issueToken(tx, config.sessionSecret, {
        purpose: 'workshop-invitation',
        subject: String(lead.id),
        claims: {
          email: lead.email,
          workshop_account_name: lead.workshopAccountName,
          leadId: lead.id,
          mode: lead.mode,
        },
        ttlSeconds: INVITATION_VALID_DAYS * 24 * 3600,
      });
      await enqueueMail(
        tx,
        'workshop-invitation',
        lead.email,
        mailTemplates.workshopInvitation(lead.locale, {
          workshopName: lead.workshopAccountName,
          onboardingUrl: `${config.publicUrl}/onboarding?token=${encodeURIComponent(token)}`,
          validDays: INVITATION_VALID_DAYS,
        }),
      );
      await audit(tx, {
        actorUserId: admin.id,
        action: 'lead.approved',
        target: `workshop-lead:${lead.id}`,
        ip: clientIp(c),
      });
      return lead;
    });
    return ok(c, toLead(approved), 'leadApproved');
  });

  service.post('/leads/:id{[0-9]{1,9}}/reject', async (c) => {
    const admin = await requireAdmin(c, db, cookieSettings);
    const { reason } = await parseJsonBody(c, leadDecisionSchema);
    const leadId = Number(c.req.param('id'));
    const rejected = await db.transaction(async (tx) => {
      const [lead] = await tx
        .update(workshopLeads)
        .set({ status: 'rejected', reviewerId: admin.id, reviewedAt: new Date(), reviewNote: reason || null })
        .where(and(eq(workshopLeads.id, leadId), inArray(workshopLeads.status, ['requested', 'approved'])))
        .returning();
      if (!lead) throw new ApiRefusal(409, 'leadNotOpen');
      // A rejected lead's invitation stops working at once.
      await revokeTokens(tx, 'workshop-invitation', String(lead.id));
      await enqueueMail(
        tx,
        'invitation-rejected',
        lead.email,
        mailTemplates.invitationRejected(lead.locale, { workshopName: lead.workshopAccountName, reason }),
      );
      await audit(tx, {
        actorUserId: admin.id,
        action: 'lead.rejected',
        target: `workshop-lead:${lead.id}`,
        ip: clientIp(c),
        details: { reason: reason || null },
      });
      return lead;
    });
    return ok(c, toLead(rejected), 'leadRejected');
  });

  service.route('/', createOnboardingRoutes(deps));
  return service;
}
