import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  INVITATION_VALID_DAYS,
  invitationRequestSchema,
  leadDecisionSchema,
  leadListQuerySchema,
  type WorkshopLead,
} from '../../../common/contracts/workshop';
import { decideLead } from '../../admin/lead-decision';
import { pagedList } from '../../admin/paged-list';
import { createApiKeyRoutes } from '../../api-keys/routes';
import type { ServerDeps } from '../../context';
import { workshopLeads } from '../../db/schema';
import { ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { SessionAccess } from '../../http/session-access';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { issueToken, revokeTokens } from '../../tokens';
import { createDashboardRoutes } from '../../trade/dashboard-routes';
import { createLiveEventRoutes } from '../../trade/live-routes';
import { createWebhookRoutes } from '../../webhooks/routes';
import { createWorkshopClaimRoutes } from './claim-routes';
import { createInquiryRoutes } from './inquiry-routes';
import { requestInvitation } from './invitation-request';
import { createOnboardingRoutes } from './onboarding-routes';
import { createWorkshopOrderRoutes } from './order-routes';
import { createPunchInRoutes } from './punch-in-routes';
import { createSupplierRoutes } from './supplier-routes';
import { createUploadLayoutRoutes } from './upload-layout-routes';

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
export function createWorkshopService(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const { config } = deps;
  const service = new Hono();

  service.post('/lead', async (c) => {
    const form = await parseJsonBody(c, invitationRequestSchema);
    await requestInvitation(deps, c, form);
    return ok(c, { email: form.workshop_primary_email }, 'invitationRequested');
  });

  const { requireAdmin } = access;

  service.get('/leads', requireAdmin, async (c) => {
    const { page, status } = parseQuery(c, leadListQuerySchema);
    return ok(c, await pagedList(db, { table: workshopLeads, page, status, toItem: toLead }));
  });

  service.post('/leads/:id{[0-9]{1,9}}/approve', requireAdmin, async (c) => {
    await parseJsonBody(c, leadDecisionSchema);
    const approved = await decideLead(c, db, {
      // Only from "requested": approving twice (or concurrently) sends one invitation.
      update: (tx, review) =>
        tx
          .update(workshopLeads)
          .set({ status: 'approved', ...review })
          .where(and(eq(workshopLeads.id, Number(c.req.param('id'))), eq(workshopLeads.status, 'requested')))
          .returning(),
      consequences: async (tx, lead) => {
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
      },
      audit: (lead) => ({ action: 'lead.approved', target: `workshop-lead:${lead.id}` }),
    });
    return ok(c, toLead(approved), 'leadApproved');
  });

  service.post('/leads/:id{[0-9]{1,9}}/reject', requireAdmin, async (c) => {
    const { reason } = await parseJsonBody(c, leadDecisionSchema);
    const rejected = await decideLead(c, db, {
      update: (tx, review) =>
        tx
          .update(workshopLeads)
          .set({ status: 'rejected', ...review, reviewNote: reason || null })
          .where(
            and(
              eq(workshopLeads.id, Number(c.req.param('id'))),
              inArray(workshopLeads.status, ['requested', 'approved']),
            ),
          )
          .returning(),
      consequences: async (tx, lead) => {
        // A rejected lead's invitation stops working at once.
        await revokeTokens(tx, 'workshop-invitation', String(lead.id));
        await enqueueMail(
          tx,
          'invitation-rejected',
          lead.email,
          mailTemplates.invitationRejected(lead.locale, { workshopName: lead.workshopAccountName, reason }),
        );
      },
      audit: (lead) => ({
        action: 'lead.rejected',
        target: `workshop-lead:${lead.id}`,
        details: { reason: reason || null },
      }),
    });
    return ok(c, toLead(rejected), 'leadRejected');
  });

  service.route('/', createOnboardingRoutes(deps, access.cookieSettings));
  service.route('/', createSupplierRoutes(deps, access));
  // The trade loop (issue 13): the workshop's inquiries to its dealers.
  service.route('/', createInquiryRoutes(deps, access));
  // The trade loop's orders (issue 13, ADR 023): placing them from an inquiry, /orders/….
  service.route('/', createWorkshopOrderRoutes(deps, access));
  // Orders from a file (issue 14): the workshop's saved column mappings.
  service.route('/', createUploadLayoutRoutes(deps, access));
  // Insurance claims (issue 15, ADR 030): the workshop shares an order (the insurer reads it in
  // its own service, /svc/insurer).
  service.route('/', createWorkshopClaimRoutes(deps, access));
  // The DMS API's keys (issue 15, ADR 031).
  service.route('/', createApiKeyRoutes(deps, access, 'workshop'));
  service.route('/', createWebhookRoutes(deps, access, 'workshop'));
  // The DMS punch-in (issue 15, ADR 034): redeeming a link into the new-inquiry form.
  service.route('/', createPunchInRoutes(deps, access));
  service.route('/', createLiveEventRoutes(deps, access, 'workshop'));
  // The dashboard's figures (issue 15, ADR 029).
  service.route('/', createDashboardRoutes(deps, access, 'workshop'));
  return service;
}
