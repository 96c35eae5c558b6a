import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { USER_ROLE, USER_STATUS } from '../../../common/contracts/auth';
import {
  createWorkshopAccountSchema,
  type Invitation,
  invitationTokenField,
  type OnboardingResume,
  type OnboardingStep,
  OTHER_DMS_ID,
  OTHER_DMS_NAME,
  onboardingSteps,
  resumeOnboardingSchema,
  type SkippableStep,
  skipOnboardingStepSchema,
  workshopDetailsSchema,
} from '../../../common/contracts/workshop';
import { audit } from '../../audit';
import { cachedFor } from '../../cache';
import type { ServerDeps } from '../../context';
import type { Database } from '../../db/database';
import {
  dmsSystems,
  oneTimeTokens,
  organisations,
  partDealers,
  supplierRelations,
  users,
  workshopAdditionalSuppliers,
  workshopLeads,
  workshops,
} from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import type { OpaqueCookieSettings } from '../../http/opaque-cookie';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import { mailTemplates } from '../../mail/templates';
import { enqueueMailToAdmins } from '../../mail/to-admins';
import { consumeToken, verifyToken } from '../../tokens';
import { assertPasswordNotCommon } from '../auth/password-policy';
import { passwordFailureWindows, recordPasswordFailure, refuseWhileThrottled } from '../auth/password-throttle';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { logoUrlOf, offeredDealer, selectDealers } from './offered-dealers';
import {
  presentedOnboardingCredential,
  setOnboardingCookie,
  storeOnboardingCredential,
} from './onboarding-credentials';
import { saveWizardRelations } from './wizard-relations';

type Lead = typeof workshopLeads.$inferSelect;

const NEXT_STEP: Record<SkippableStep, OnboardingStep> = { 'master-data': 'suppliers', suppliers: 'done' };

/** The steps progress may still move forward from when it reaches `step` (it never goes back). */
function stepsBefore(step: OnboardingStep) {
  return onboardingSteps.slice(0, onboardingSteps.indexOf(step));
}

function invitationOf(lead: Lead, resume: OnboardingResume | null): Invitation {
  return {
    email: lead.email,
    workshop_account_name: lead.workshopAccountName,
    lead_id: lead.id,
    mode: lead.mode,
    resume,
  };
}

/**
 * The onboarding wizard's endpoints, mounted by the workshop service (same URLs under
 * /svc/workshop). Until its account exists the invitation token authorises; after that only the
 * onboarding credential of ADR 015 does, for the one lead and workshop it was issued for.
 */
export function createOnboardingRoutes(deps: ServerDeps, cookieSettings: OpaqueCookieSettings) {
  const { db } = deps.database;
  const { config } = deps;
  const routes = new Hono();

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
    return { claims, lead, used: record.usedAt !== null, expiresAt: record.expiresAt };
  }

  /**
   * A plain-mode onboarding that may still be continued: account created and still pending,
   * workshop present, steps left. Null for anything else (not yet registered, complete,
   * verified, deactivated).
   */
  async function openOnboarding(lead: Lead) {
    if (lead.status !== 'registered' || lead.mode !== 'plain' || lead.userId === null) return null;
    if (lead.onboardingStep !== 'master-data' && lead.onboardingStep !== 'suppliers') return null;
    const [user] = await db.select().from(users).where(eq(users.id, lead.userId)).limit(1);
    if (user?.status !== USER_STATUS.pendingVerification) return null;
    const [workshop] = await db.select().from(workshops).where(eq(workshops.leadId, lead.id)).limit(1);
    if (!workshop) return null;
    return { lead, nextStep: lead.onboardingStep, user, workshop };
  }

  type OpenOnboarding = NonNullable<Awaited<ReturnType<typeof openOnboarding>>>;

  async function resumeData(open: OpenOnboarding): Promise<OnboardingResume> {
    const { workshop, user } = open;
    const suppliers = await db
      .select()
      .from(supplierRelations)
      .where(eq(supplierRelations.workshopId, workshop.id))
      .orderBy(asc(supplierRelations.partDealerId));
    const additional = await db
      .select()
      .from(workshopAdditionalSuppliers)
      .where(eq(workshopAdditionalSuppliers.workshopId, workshop.id))
      .orderBy(asc(workshopAdditionalSuppliers.id));
    return {
      next_step: open.nextStep,
      user_id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      workshop_id: workshop.id,
      dms: workshop.dmsId !== null ? { dms_id: workshop.dmsId, dms_account_id: workshop.dmsAccountId ?? '' } : null,
      suppliers: suppliers.map((row) => ({ part_dealer_id: row.partDealerId, customer_number: row.customerNumber })),
      additional_suppliers: additional.map((row) => ({ name: row.name, customer_number: row.customerNumber })),
    };
  }

  /**
   * Why a used invitation cannot be opened by this caller: an open onboarding offers the password;
   * a finished plain-mode one shows its step-4 confirmation while the account awaits verification,
   * but only to the browser holding its credential (`ownsLead`); anyone else gets the plain
   * "already used".
   */
  async function usedInvitationRefusal(lead: Lead, open: OpenOnboarding | null, ownsLead: boolean) {
    if (open) return new ApiRefusal(409, 'onboardingNeedsPassword', { field: 'token' });
    if (ownsLead && lead.mode === 'plain' && lead.onboardingStep === 'done' && lead.userId !== null) {
      const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, lead.userId)).limit(1);
      if (user?.status === USER_STATUS.pendingVerification) {
        return new ApiRefusal(409, 'onboardingComplete', { field: 'token' });
      }
    }
    return new ApiRefusal(409, 'tokenUsed', { field: 'token' });
  }

  /** The open onboarding of these path ids, when this request carries the credential issued for it. */
  async function requireOnboardingAccess(c: Context) {
    const leadId = Number(c.req.param('leadId'));
    const workshopId = Number(c.req.param('workshopId'));
    const credential = await presentedOnboardingCredential(c, db, cookieSettings);
    if (!credential || credential.leadId !== leadId || credential.workshopId !== workshopId) {
      throw new ApiRefusal(403, 'forbidden');
    }
    const [lead] = await db.select().from(workshopLeads).where(eq(workshopLeads.id, leadId)).limit(1);
    const open = lead ? await openOnboarding(lead) : null;
    if (!open || open.user.id !== credential.userId || open.workshop.id !== workshopId) {
      throw new ApiRefusal(403, 'forbidden');
    }
    return open;
  }

  /**
   * Moves progress forward to `step`; a repeated or stale call changes nothing. A finished
   * onboarding keeps its credentials (they open nothing for writing any more) so that the browser
   * that finished still sees its confirmation on a reload; verification, deactivation and expiry
   * remove them.
   */
  async function advanceTo(writer: Pick<Database, 'update'>, leadId: number, step: OnboardingStep) {
    await writer
      .update(workshopLeads)
      .set({ onboardingStep: step })
      .where(and(eq(workshopLeads.id, leadId), inArray(workshopLeads.onboardingStep, stepsBefore(step))));
  }

  // Reference data for the onboarding wizard; docs/product.md §7: "data.data is the list". Only the seed
  // writes the DMS list, so it is read from the database at most once a minute (every wizard opens it).
  const dmsList = cachedFor(60_000, async () => {
    const rows = await db.select().from(dmsSystems).orderBy(asc(dmsSystems.id));
    return rows.map((row) => ({ id: row.id, name: row.name }));
  });
  // The dealers change with every verified or deactivated dealer organisation, on any server
  // process, so an in-process cache could neither be invalidated everywhere nor be right: the list
  // is one small indexed query, read on every request (ADR 022).
  const partDealerList = async () => {
    const rows = await selectDealers(db).where(offeredDealer).orderBy(asc(partDealers.name), asc(partDealers.id));
    return rows.map((row) => ({ id: row.id, name: row.name, logo_url: logoUrlOf(row) }));
  };
  routes.get('/lead/dms', async (c) => ok(c, { data: await dmsList() }));
  routes.get('/lead/part-dealers', async (c) => ok(c, { data: await partDealerList() }));

  routes.get('/lead/invitation', async (c) => {
    const token = v.safeParse(invitationTokenField, c.req.query('token'));
    if (!token.success) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
    const { lead, used } = await invitedLead(token.output);
    if (!used && lead.status === 'approved') return ok(c, invitationOf(lead, null));
    const credential = await presentedOnboardingCredential(c, db, cookieSettings);
    const ownCredential = credential?.leadId === lead.id;
    const open = await openOnboarding(lead);
    if (open && ownCredential) return ok(c, invitationOf(lead, await resumeData(open)));
    throw await usedInvitationRefusal(lead, open, ownCredential);
  });

  routes.post('/lead/resume', async (c) => {
    const form = await parseJsonBody(c, resumeOnboardingSchema);
    const { lead, used, expiresAt } = await invitedLead(form.token);
    const failureWindows = passwordFailureWindows(config, lead.email, clientIp(c));
    await refuseWhileThrottled(db, failureWindows);
    const open = used ? await openOnboarding(lead) : null;
    // Nothing proves ownership before the password is checked, so a finished onboarding is "used".
    if (!open) throw await usedInvitationRefusal(lead, null, false);
    if (!(await verifyPassword(open.user.passwordHash, form.password))) {
      await recordPasswordFailure(db, failureWindows);
      throw new ApiRefusal(400, 'onboardingPasswordWrong', { field: 'password' });
    }
    const credential = await db.transaction(async (tx) => {
      const stored = await storeOnboardingCredential(tx, {
        leadId: lead.id,
        userId: open.user.id,
        workshopId: open.workshop.id,
        invitationExpiresAt: expiresAt,
      });
      await audit(tx, {
        actorUserId: open.user.id,
        action: 'lead.onboarding_resumed',
        target: `workshop-lead:${lead.id}`,
        ip: clientIp(c),
      });
      return stored;
    });
    setOnboardingCookie(c, cookieSettings, credential);
    return ok(c, invitationOf(lead, await resumeData(open)));
  });

  routes.post('/lead/account', async (c) => {
    const form = await parseJsonBody(c, createWorkshopAccountSchema);
    const { claims, lead, expiresAt } = await invitedLead(form.token);
    assertPasswordNotCommon(form.password);
    const passwordHash = await hashPassword(form.password);
    const created = await db.transaction(async (tx) => {
      await consumeToken(tx, 'workshop-invitation', claims.jti);
      const [current] = await tx.select().from(workshopLeads).where(eq(workshopLeads.id, lead.id)).limit(1);
      if (current?.status !== 'approved') throw new ApiRefusal(409, 'tokenUsed', { field: 'token' });
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, lead.email)).limit(1);
      if (existing) throw new ApiRefusal(409, 'accountExists');
      // Both modes create the workshop organisation with its first member (ADR 022); only plain
      // mode continues with steps 2–4, account-creation mode leaves the wizard (docs/product.md §4).
      const [organisation] = await tx
        .insert(organisations)
        .values({ kind: 'workshop', name: lead.workshopAccountName })
        .returning({ id: organisations.id });
      if (!organisation) throw new Error('organisation insert returned nothing');
      const [user] = await tx
        .insert(users)
        .values({
          email: lead.email,
          passwordHash,
          firstName: form.first_name,
          lastName: form.last_name,
          companyName: lead.workshopAccountName,
          role: USER_ROLE.workshopUser,
          organisationId: organisation.id,
          status: USER_STATUS.pendingVerification,
          services: ['WORKSHOP'],
          locale: lead.locale,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      const [created] = await tx
        .insert(workshops)
        .values({
          name: lead.workshopAccountName,
          leadId: lead.id,
          ownerUserId: user.id,
          organisationId: organisation.id,
        })
        .returning({ id: workshops.id });
      const workshop = lead.mode === 'plain' ? created : undefined;
      await tx
        .update(workshopLeads)
        .set({ status: 'registered', userId: user.id, onboardingStep: workshop ? 'master-data' : 'done' })
        .where(eq(workshopLeads.id, lead.id));
      // The token is spent now; this browser continues steps 2–4 with the credential (ADR 015).
      const credential = workshop
        ? await storeOnboardingCredential(tx, {
            leadId: lead.id,
            userId: user.id,
            workshopId: workshop.id,
            invitationExpiresAt: expiresAt,
          })
        : null;
      await enqueueMailToAdmins(tx, 'account-awaits-review', (locale) =>
        mailTemplates.accountAwaitsReview(locale, {
          name: `${user.firstName} ${user.lastName}`.trim(),
          company: lead.workshopAccountName,
          email: user.email,
          reviewUrl: `${config.publicUrl}/users`,
        }),
      );
      await audit(tx, {
        actorUserId: user.id,
        action: 'lead.account_created',
        target: `workshop-lead:${lead.id}`,
        ip: clientIp(c),
      });
      return { user, workshop: workshop ?? null, credential };
    });
    if (created.credential) setOnboardingCookie(c, cookieSettings, created.credential);
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

  routes.put('/:leadId{[0-9]{1,9}}/workshop/:workshopId{[0-9]{1,9}}/details', async (c) => {
    const body = await parseJsonBody(c, workshopDetailsSchema);
    const { lead, workshop } = await requireOnboardingAccess(c);

    if ('dms_id' in body) {
      const [dms] = await db.select().from(dmsSystems).where(eq(dmsSystems.id, body.dms_id)).limit(1);
      if (!dms) throw new ApiRefusal(400, 'selectDMSID', { field: 'dms_id' });
      await db.transaction(async (tx) => {
        await tx
          .update(workshops)
          .set({
            dmsId: body.dms_id,
            dmsAccountId: body.dms_account_id,
            additionalDmsName: body.dms_id === OTHER_DMS_ID ? OTHER_DMS_NAME : null,
            updatedAt: new Date(),
          })
          .where(eq(workshops.id, workshop.id));
        await advanceTo(tx, lead.id, 'suppliers');
      });
    } else {
      const dealerIds = [...new Set(body.part_dealer_data.map((item) => item.part_dealer_id))];
      const known =
        dealerIds.length > 0
          ? await selectDealers(db).where(and(inArray(partDealers.id, dealerIds), offeredDealer))
          : [];
      if (known.length !== dealerIds.length) throw new ApiRefusal(400, 'invalidRequest', { field: 'part_dealer_data' });
      await db.transaction(async (tx) => {
        await saveWizardRelations(tx, workshop.id, body.part_dealer_data);
        await tx.delete(workshopAdditionalSuppliers).where(eq(workshopAdditionalSuppliers.workshopId, workshop.id));
        if (body.additional_part_dealer_data.length > 0) {
          await tx.insert(workshopAdditionalSuppliers).values(
            body.additional_part_dealer_data.map((item) => ({
              workshopId: workshop.id,
              name: item.part_dealer_name,
              customerNumber: item.part_dealer_customer_number,
            })),
          );
        }
        await advanceTo(tx, lead.id, 'done');
      });
    }
    return ok(c, true, 'detailsSaved');
  });

  routes.post('/:leadId{[0-9]{1,9}}/workshop/:workshopId{[0-9]{1,9}}/onboarding/skip', async (c) => {
    const { step } = await parseJsonBody(c, skipOnboardingStepSchema);
    const { lead } = await requireOnboardingAccess(c);
    await db.transaction((tx) => advanceTo(tx, lead.id, NEXT_STEP[step]));
    return ok(c, true);
  });

  return routes;
}
