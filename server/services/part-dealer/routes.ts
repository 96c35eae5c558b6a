import { and, asc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { MEMBER_ROLE_OF_KIND, USER_ROLE, USER_STATUS } from '../../../common/contracts/auth';
import {
  type DealerLead,
  dealerDecisionSchema,
  dealerLeadQuerySchema,
  dealerOnboardingSchema,
  type ReferenceDealer,
} from '../../../common/contracts/dealer';
import { invitedRegistrationRequestSchema } from '../../../common/contracts/user-invitation';
import { decideLead } from '../../admin/lead-decision';
import { pagedList } from '../../admin/paged-list';
import { createApiKeyRoutes } from '../../api-keys/routes';
import { audit } from '../../audit';
import { requireSolvedCaptcha } from '../../captcha';
import type { ServerDeps } from '../../context';
import { partDealerLeads, partDealers, users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { SessionAccess } from '../../http/session-access';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { enqueueMailToAdmins } from '../../mail/to-admins';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';
import { createDashboardRoutes } from '../../trade/dashboard-routes';
import { createLiveEventRoutes } from '../../trade/live-routes';
import { createWebhookRoutes } from '../../webhooks/routes';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { checkUserInvitation, consumeUserInvitation, invitedMembership } from '../auth/user-invitations';
import { createCustomerRoutes } from './customer-routes';
import { toDealerLeadRow } from './dealer-lead-row';
import { createDealerOrganisation } from './dealer-organisation';
import { createDealerInquiryRoutes } from './inquiry-routes';
import { createDealerOrderRoutes } from './order-routes';
import { createDealerOrganisationRoutes } from './organisation-routes';

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

/**
 * The part-dealer service, mounted under /svc/part-dealer (docs/product.md §7: /part-dealer/leads and
 * /part-dealer/leads/user-register): dealer onboarding, its review, and invited-user registration.
 */
export function createPartDealerService(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
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
      await enqueueMailToAdmins(tx, 'dealer-awaits-review', (adminLocale) =>
        mailTemplates.dealerAwaitsReview(adminLocale, {
          companyName: lead.companyName,
          email: lead.email,
          reviewUrl: `${deps.config.publicUrl}/users/dealers`,
        }),
      );
      await audit(tx, {
        actorUserId: null,
        action: 'dealer.registered',
        target: `dealer-lead:${lead.id}`,
        ip: clientIp(c),
      });
    });
    return ok(c, null, 'dealerRegistered');
  });

  const { requireAdmin } = access;

  service.get('/part-dealer/leads', requireAdmin, async (c) => {
    const { page, status } = parseQuery(c, dealerLeadQuerySchema);
    return ok(c, await pagedList(db, { table: partDealerLeads, page, status, toItem: toDealerLead }));
  });

  // The listed dealers no organisation stands for yet: what the verify dialog offers to link to.
  service.get('/part-dealer/reference-dealers', requireAdmin, async (c) => {
    const rows = await db
      .select({ id: partDealers.id, name: partDealers.name })
      .from(partDealers)
      .where(isNull(partDealers.organisationId))
      .orderBy(asc(partDealers.name), asc(partDealers.id));
    return ok(c, rows satisfies ReferenceDealer[]);
  });

  service.post('/part-dealer/leads/:id{[0-9]{1,9}}/:decision{verify|reject}', requireAdmin, async (c) => {
    const { reason, reference_dealer_id: referenceDealerId } = await parseJsonBody(c, dealerDecisionSchema);
    const verified = c.req.param('decision') === 'verify';
    // What the verification created, for the audit entry and the message (set inside the transaction).
    const outcome: { created: Awaited<ReturnType<typeof createDealerOrganisation>> | null } = { created: null };
    const decided = await decideLead(c, db, {
      update: (tx, review) =>
        tx
          .update(partDealerLeads)
          .set({ status: verified ? 'VERIFIED' : 'REJECTED', ...review, reviewNote: reason || null })
          .where(and(eq(partDealerLeads.id, Number(c.req.param('id'))), eq(partDealerLeads.status, 'UNVERIFIED')))
          .returning(),
      consequences: async (tx, lead) => {
        if (verified) outcome.created = await createDealerOrganisation(tx, deps.config, lead, referenceDealerId);
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
      },
      audit: (lead) => ({
        action: verified ? 'dealer.verified' : 'dealer.rejected',
        target: `dealer-lead:${lead.id}`,
        ...(outcome.created && {
          details: {
            organisation_id: outcome.created.organisationId,
            part_dealer_id: outcome.created.partDealerId,
            reference_dealer: referenceDealerId !== null,
            contact_invited: outcome.created.invited,
          },
        }),
      }),
    });
    const message = !verified
      ? 'dealerRejected'
      : outcome.created?.invited === false
        ? 'dealerVerifiedNotInvited'
        : 'dealerVerified';
    return ok(c, toDealerLead(decided), message);
  });

  service.post('/part-dealer/leads/user-register', async (c) => {
    const form = await parseJsonBody(c, invitedRegistrationRequestSchema);
    const invitation = await checkUserInvitation(deps.config, form.token);
    assertPasswordNotCommon(form.password);
    const passwordHash = await hashPassword(form.password);
    const created = await db.transaction(async (tx) => {
      await consumeUserInvitation(tx, invitation);
      const membership = await invitedMembership(tx, invitation);
      // Name, e-mail and company come from the signed invitation, never from the body.
      const [user] = await tx
        .insert(users)
        .values({
          email: invitation.email,
          passwordHash,
          firstName: invitation.firstName,
          lastName: form.last_name,
          companyName: membership?.name ?? invitation.companyName,
          contactNumber: form.contact_number,
          role: membership ? MEMBER_ROLE_OF_KIND[membership.kind] : USER_ROLE.user,
          organisationId: membership?.id ?? null,
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

  service.route('/', createCustomerRoutes(deps, access));
  // The dealer's own portal (issue 12): /organisation/… and the public /organisation-logos/:id.
  service.route('/', createDealerOrganisationRoutes(deps, access));
  // The trade loop (issue 13): inquiries this dealer received, its answers.
  service.route('/', createDealerInquiryRoutes(deps, access));
  // The trade loop's orders (issue 13, ADR 023): /orders/….
  service.route('/', createDealerOrderRoutes(deps, access));
  service.route('/', createLiveEventRoutes(deps, access, 'dealer'));
  service.route('/', createWebhookRoutes(deps, access, 'dealer'));
  // The dealer's API keys for its ERP (ADR 040): /api-keys….
  service.route('/', createApiKeyRoutes(deps, access, 'dealer'));
  // The dashboard's figures (issue 15, ADR 029).
  service.route('/', createDashboardRoutes(deps, access, 'dealer'));

  return service;
}
