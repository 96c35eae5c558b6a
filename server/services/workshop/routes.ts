import { and, asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { USER_ROLE, USER_STATUS } from '../../../common/contracts/auth';
import {
  createWorkshopAccountSchema,
  INVITATION_VALID_DAYS,
  invitationRequestSchema,
  leadDecisionSchema,
  leadListQuerySchema,
  OTHER_DMS_ID,
  OTHER_DMS_NAME,
  type WorkshopLead,
  workshopDetailsSchema,
} from '../../../common/contracts/workshop';
import { decideLead } from '../../admin/lead-decision';
import { pagedList } from '../../admin/paged-list';
import { audit } from '../../audit';
import { cachedFor } from '../../cache';
import { requireSolvedCaptcha } from '../../captcha';
import type { ServerDeps } from '../../context';
import {
  dmsSystems,
  oneTimeTokens,
  partDealers,
  users,
  workshopAdditionalSuppliers,
  workshopLeads,
  workshopSuppliers,
  workshops,
} from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import { requestLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { enqueueMailToAdmins } from '../../mail/to-admins';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';
import { consumeToken, issueToken, revokeTokens, verifyToken } from '../../tokens';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import type { SessionAccess } from '../auth/session-access';

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
export function createWorkshopService(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const { config } = deps;
  const service = new Hono();

  /** The lead an invitation names, checked for signature, purpose, expiry and revocation. */
  async function invitedLead(token: string) {
    const claims = await verifyToken(config.sessionSecret, 'workshop-invitation', token);
    const [record] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.jti, claims.jti)).limit(1);
    if (!record || record.revokedAt) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
    const [lead] = await db
      .select()
      .from(workshopLeads)
      .where(eq(workshopLeads.id, Number(claims.sub)))
      .limit(1);
    if (!lead || lead.status === 'rejected') throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
    return { claims, lead, used: record.usedAt !== null };
  }

  // Reference data for the onboarding wizard; spec §7: "data.data is the list". Only the seed
  // writes it, so it is read from the database at most once a minute (every wizard opens both).
  const dmsList = cachedFor(60_000, async () => {
    const rows = await db.select().from(dmsSystems).orderBy(asc(dmsSystems.id));
    return rows.map((row) => ({ id: row.id, name: row.name }));
  });
  const partDealerList = cachedFor(60_000, async () => {
    const rows = await db.select().from(partDealers).orderBy(asc(partDealers.name));
    return rows.map((row) => ({ id: row.id, name: row.name, logo_url: row.logoUrl }));
  });
  service.get('/lead/dms', async (c) => ok(c, { data: await dmsList() }));
  service.get('/lead/part-dealers', async (c) => ok(c, { data: await partDealerList() }));

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
      await enqueueMailToAdmins(tx, 'invitation-request-review', (adminLocale) =>
        mailTemplates.invitationRequestAwaitsReview(adminLocale, {
          workshopName: lead.workshopAccountName,
          email: lead.email,
          reviewUrl: `${config.publicUrl}/users/leads`,
        }),
      );
      await audit(tx, {
        actorUserId: null,
        action: 'lead.requested',
        target: `workshop-lead:${lead.id}`,
        ip: clientIp(c),
      });
    });
    return ok(c, { email: form.workshop_primary_email }, 'invitationRequested');
  });

  service.get('/lead/invitation', async (c) => {
    const token = v.safeParse(v.pipe(v.string(), v.minLength(20), v.maxLength(2000)), c.req.query('token'));
    if (!token.success) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
    const { lead, used } = await invitedLead(token.output);
    if (used || lead.status !== 'approved') throw new ApiRefusal(409, 'tokenUsed', { field: 'token' });
    return ok(c, {
      email: lead.email,
      workshop_account_name: lead.workshopAccountName,
      lead_id: lead.id,
      mode: lead.mode,
    });
  });

  service.post('/lead/account', async (c) => {
    const form = await parseJsonBody(c, createWorkshopAccountSchema);
    const { claims, lead } = await invitedLead(form.token);
    assertPasswordNotCommon(form.password);
    const passwordHash = await hashPassword(form.password);
    const created = await db.transaction(async (tx) => {
      await consumeToken(tx, 'workshop-invitation', claims.jti);
      const [current] = await tx.select().from(workshopLeads).where(eq(workshopLeads.id, lead.id)).limit(1);
      if (current?.status !== 'approved') throw new ApiRefusal(409, 'tokenUsed', { field: 'token' });
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, lead.email)).limit(1);
      if (existing) throw new ApiRefusal(409, 'accountExists');
      const [user] = await tx
        .insert(users)
        .values({
          email: lead.email,
          passwordHash,
          firstName: form.first_name,
          lastName: form.last_name,
          companyName: lead.workshopAccountName,
          role: 'user',
          status: USER_STATUS.pendingVerification,
          services: ['WORKSHOP'],
          locale: lead.locale,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      // Plain mode creates the workshop with the account (steps 2–4 follow); account-creation
      // mode only creates the account and leaves the wizard (spec §4).
      const [workshop] =
        lead.mode === 'plain'
          ? await tx
              .insert(workshops)
              .values({ name: lead.workshopAccountName, leadId: lead.id, ownerUserId: user.id })
              .returning({ id: workshops.id })
          : [];
      await tx
        .update(workshopLeads)
        .set({ status: 'registered', userId: user.id })
        .where(eq(workshopLeads.id, lead.id));
      for (const admin of await tx.select().from(users).where(eq(users.role, USER_ROLE.systemAdmin))) {
        await enqueueMail(
          tx,
          'account-awaits-review',
          admin.email,
          mailTemplates.accountAwaitsReview(admin.locale, {
            name: `${user.firstName} ${user.lastName}`.trim(),
            company: lead.workshopAccountName,
            email: user.email,
            reviewUrl: `${config.publicUrl}/users`,
          }),
        );
      }
      await audit(tx, {
        actorUserId: user.id,
        action: 'lead.account_created',
        target: `workshop-lead:${lead.id}`,
        ip: clientIp(c),
      });
      return { user, workshop: workshop ?? null };
    });
    return ok(
      c,
      {
        user_id: created.user.id,
        first_name: created.user.firstName,
        email: created.user.email,
        workshop: created.workshop,
      },
      'accountCreated',
    );
  });

  service.put('/:leadId{[0-9]{1,9}}/workshop/:workshopId{[0-9]{1,9}}/details', async (c) => {
    const body = await parseJsonBody(c, workshopDetailsSchema);
    const { lead } = await invitedLead(body.token);
    const leadId = Number(c.req.param('leadId'));
    const workshopId = Number(c.req.param('workshopId'));
    if (lead.id !== leadId || (lead.status !== 'registered' && lead.status !== 'verified'))
      throw new ApiRefusal(403, 'forbidden');
    const [workshop] = await db
      .select()
      .from(workshops)
      .where(and(eq(workshops.id, workshopId), eq(workshops.leadId, leadId)))
      .limit(1);
    if (!workshop) throw new ApiRefusal(404, 'notFound');

    if ('dms_id' in body) {
      const [dms] = await db.select().from(dmsSystems).where(eq(dmsSystems.id, body.dms_id)).limit(1);
      if (!dms) throw new ApiRefusal(400, 'selectDMSID', { field: 'dms_id' });
      await db
        .update(workshops)
        .set({
          dmsId: body.dms_id,
          dmsAccountId: body.dms_account_id,
          additionalDmsName: body.dms_id === OTHER_DMS_ID ? OTHER_DMS_NAME : null,
          updatedAt: new Date(),
        })
        .where(eq(workshops.id, workshopId));
    } else {
      const dealerIds = [...new Set(body.part_dealer_data.map((item) => item.part_dealer_id))];
      const known =
        dealerIds.length > 0
          ? await db.select({ id: partDealers.id }).from(partDealers).where(inArray(partDealers.id, dealerIds))
          : [];
      if (known.length !== dealerIds.length) throw new ApiRefusal(400, 'invalidRequest', { field: 'part_dealer_data' });
      if (body.part_dealer_data.length === 0 && body.additional_part_dealer_data.length === 0) {
        throw new ApiRefusal(400, 'atLeastPartsSupplier', { field: 'part_dealer_data' });
      }
      await db.transaction(async (tx) => {
        await tx.delete(workshopSuppliers).where(eq(workshopSuppliers.workshopId, workshopId));
        await tx.delete(workshopAdditionalSuppliers).where(eq(workshopAdditionalSuppliers.workshopId, workshopId));
        if (body.part_dealer_data.length > 0) {
          await tx.insert(workshopSuppliers).values(
            dealerIds.map((id) => ({
              workshopId,
              partDealerId: id,
              customerNumber: String(
                body.part_dealer_data.find((item) => item.part_dealer_id === id)?.part_dealer_customer_number ?? '',
              ),
            })),
          );
        }
        if (body.additional_part_dealer_data.length > 0) {
          await tx.insert(workshopAdditionalSuppliers).values(
            body.additional_part_dealer_data.map((item) => ({
              workshopId,
              name: item.part_dealer_name,
              customerNumber: item.part_dealer_customer_number,
            })),
          );
        }
      });
    }
    return ok(c, true, 'detailsSaved');
  });

  const requireAdmin = access.requireRole(USER_ROLE.systemAdmin);

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

  return service;
}
