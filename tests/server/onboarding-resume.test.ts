import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  onboardingCredentials,
  oneTimeTokens,
  rateLimits,
  supplierRelations,
  users,
  workshopLeads,
  workshops,
} from '../../server/db/schema';
import { deleteExpiredOnboardingCredentials } from '../../server/services/workshop/onboarding-credentials';
import {
  ADMIN,
  loginCookie,
  onboardingCookieFrom,
  postJson,
  startTestServer,
  type TestServer,
} from '../support/test-server';
import { approvedInvitation, leadOf, sendJson } from '../support/workshop-invitations';

/** ADR 015: the wizard continues after its invitation was used, for the browser that used it only. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());
// This file requests more leads than one address may in an hour (that limit is tested elsewhere).
beforeEach(() => server.db.delete(rateLimits).where(like(rateLimits.key, 'lead-ip:%')));

const PASSWORD = 'Radlager-2026';
let counter = 0;

/** A plain-mode lead whose account was just created: its token, ids and the credential cookie. */
async function registeredLead() {
  counter += 1;
  const email = `resume-${counter}@mueller-kfz.de`;
  const { lead, token } = await approvedInvitation(server, admin, email);
  const account = await postJson(server, '/svc/workshop/lead/account', {
    token,
    first_name: 'Max',
    last_name: 'Müller',
    password: PASSWORD,
  });
  expect(account.response.status).toBe(200);
  const credential = onboardingCookieFrom(account.response);
  if (!credential) throw new Error('no onboarding credential was set');
  const workshopId = (account.body.data as { workshop: { id: number } }).workshop.id;
  const base = `/svc/workshop/${lead.id}/workshop/${workshopId}`;
  return { email, lead, token, credential, workshopId, details: `${base}/details`, skip: `${base}/onboarding/skip` };
}

async function openInvitation(token: string, cookie: string | null = null) {
  const response = await fetch(server.url(`/svc/workshop/lead/invitation?token=${encodeURIComponent(token)}`), {
    headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: string; message?: string; data: Record<string, unknown> | null },
  };
}

const dms = { dms_id: 1, dms_account_id: 'K-4711' };
const suppliers = {
  part_dealer_request: true,
  first_name: 'Max',
  part_dealer_data: [{ part_dealer_id: 2, part_dealer_customer_number: 678 }],
  additional_part_dealer_data: [{ part_dealer_name: 'Teile Schmidt', part_dealer_customer_number: 'S-99' }],
};

async function storedWorkshop(workshopId: number) {
  const [workshop] = await server.db.select().from(workshops).where(eq(workshops.id, workshopId));
  return workshop;
}

describe('with the credential the wizard continues where it stopped', () => {
  test('step 2, then step 3 with the saved DMS, then the completed onboarding is refused', async () => {
    const lead = await registeredLead();
    const atMasterData = await openInvitation(lead.token, lead.credential);
    expect(atMasterData.status).toBe(200);
    expect(atMasterData.body.data).toMatchObject({
      email: lead.email,
      lead_id: lead.lead.id,
      mode: 'plain',
      resume: {
        next_step: 'master-data',
        first_name: 'Max',
        last_name: 'Müller',
        workshop_id: lead.workshopId,
        dms: null,
        suppliers: [],
        additional_suppliers: [],
      },
    });

    expect((await sendJson(server, 'PUT', lead.details, dms, lead.credential)).response.status).toBe(200);
    const atSuppliers = await openInvitation(lead.token, lead.credential);
    expect(atSuppliers.body.data?.resume).toMatchObject({
      next_step: 'suppliers',
      dms: { dms_id: 1, dms_account_id: 'K-4711' },
    });

    expect((await sendJson(server, 'PUT', lead.details, suppliers, lead.credential)).response.status).toBe(200);
    const complete = await openInvitation(lead.token, lead.credential);
    expect(complete).toMatchObject({
      status: 409,
      body: {
        error: 'onboardingComplete',
        message: 'Your onboarding is complete. You can log in once your account has been verified.',
        data: null,
      },
    });
    expect((await leadOf(server, lead.email)).onboardingStep).toBe('done');
    // Nothing more can be written once it is complete.
    const late = await sendJson(server, 'PUT', lead.details, { dms_id: 9999, dms_account_id: 'X' }, lead.credential);
    expect(late.response.status).toBe(403);
    expect((await storedWorkshop(lead.workshopId))?.dmsId).toBe(1);
  });

  test('skips are recorded: step 2 skipped resumes at step 3 with what was saved there', async () => {
    const lead = await registeredLead();
    const skipped = await sendJson(server, 'POST', lead.skip, { step: 'master-data' }, lead.credential);
    expect(skipped.response.status).toBe(200);
    expect((await openInvitation(lead.token, lead.credential)).body.data?.resume).toMatchObject({
      next_step: 'suppliers',
      dms: null,
    });
    // A stale repeat never moves progress back.
    await sendJson(server, 'POST', lead.skip, { step: 'master-data' }, lead.credential);
    expect((await leadOf(server, lead.email)).onboardingStep).toBe('suppliers');
    expect((await sendJson(server, 'POST', lead.skip, { step: 'suppliers' }, lead.credential)).response.status).toBe(
      200,
    );
    expect((await openInvitation(lead.token, lead.credential)).body.error).toBe('onboardingComplete');
    const unknownStep = await sendJson(server, 'POST', lead.skip, { step: 'done' }, lead.credential);
    expect(unknownStep.response.status).toBe(400);
  });

  test('the credential is an httpOnly, SameSite=Lax cookie that ends with the invitation', async () => {
    counter += 1;
    const email = `cookie-${counter}@mueller-kfz.de`;
    const { token } = await approvedInvitation(server, admin, email);
    const account = await postJson(server, '/svc/workshop/lead/account', {
      token,
      first_name: 'C',
      password: PASSWORD,
    });
    const header = account.response.headers.getSetCookie().find((cookie) => cookie.startsWith('tp_onboarding='));
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Path=\//);
    const maxAge = Number(/Max-Age=(\d+)/.exec(header ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(6 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
    const lead = await leadOf(server, email);
    const [credential] = await server.db
      .select()
      .from(onboardingCredentials)
      .where(eq(onboardingCredentials.leadId, lead.id));
    const [invitation] = await server.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.subject, String(lead.id)));
    expect(credential?.expiresAt.getTime()).toBe(invitation?.expiresAt.getTime());
    // Only the hash is stored.
    expect(header).not.toContain(credential?.idHash);
  });

  test('account-creation mode gets no credential: its onboarding ends with step 1', async () => {
    counter += 1;
    const email = `account-mode-${counter}@mueller-kfz.de`;
    const { token } = await approvedInvitation(server, admin, email, 'account-creation');
    const account = await postJson(server, '/svc/workshop/lead/account', {
      token,
      first_name: 'A',
      password: PASSWORD,
    });
    expect(onboardingCookieFrom(account.response)).toBeNull();
    expect((await leadOf(server, email)).onboardingStep).toBe('done');
    expect((await openInvitation(token)).body.error).toBe('tokenUsed');
  });
});

async function credentialsOf(leadId: number) {
  return server.db.select().from(onboardingCredentials).where(eq(onboardingCredentials.leadId, leadId));
}

async function setUserStatus(email: string, status: 1 | 3) {
  const [user] = await server.db.select().from(users).where(eq(users.email, email));
  const changed = await postJson(server, `/svc/auth/api/v1/users/${user?.id}/status`, { status }, { cookie: admin });
  expect(changed.response.status).toBe(200);
}

describe('a credential lives as long as there is an onboarding to continue or to confirm', () => {
  test('after the suppliers are saved only the browser that finished sees the confirmation; the link alone is "already used"', async () => {
    const lead = await registeredLead();
    const saved = await sendJson(server, 'PUT', lead.details, suppliers, lead.credential);
    expect(saved.response.status).toBe(200);
    expect(await credentialsOf(lead.lead.id)).toHaveLength(1);
    expect((await openInvitation(lead.token, lead.credential)).body.error).toBe('onboardingComplete');
    expect((await openInvitation(lead.token, null)).body.error).toBe('tokenUsed');
    // The kept credential writes nothing any more.
    const late = await sendJson(server, 'POST', lead.skip, { step: 'suppliers' }, lead.credential);
    expect(late.response.status).toBe(403);
  });

  test('skipping the last step: the same', async () => {
    const lead = await registeredLead();
    await sendJson(server, 'POST', lead.skip, { step: 'master-data' }, lead.credential);
    await sendJson(server, 'POST', lead.skip, { step: 'suppliers' }, lead.credential);
    expect((await leadOf(server, lead.email)).onboardingStep).toBe('done');
    expect((await openInvitation(lead.token, lead.credential)).body.error).toBe('onboardingComplete');
    expect((await openInvitation(lead.token, null)).body.error).toBe('tokenUsed');
  });

  test('once the account is verified the onboarding is no longer “complete, awaiting verification”', async () => {
    const lead = await registeredLead();
    await sendJson(server, 'PUT', lead.details, suppliers, lead.credential);
    await setUserStatus(lead.email, 1);
    expect((await openInvitation(lead.token, lead.credential)).body.error).toBe('tokenUsed');
    const resumed = await postJson(server, '/svc/workshop/lead/resume', { token: lead.token, password: PASSWORD });
    expect(resumed.body.error).toBe('tokenUsed');
  });

  test('verifying or deactivating the account deletes an open onboarding’s credentials', async () => {
    for (const status of [1, 3] as const) {
      const lead = await registeredLead();
      await setUserStatus(lead.email, status);
      expect(await credentialsOf(lead.lead.id)).toHaveLength(0);
      expect((await openInvitation(lead.token, lead.credential)).body.error).toBe('tokenUsed');
    }
  });

  test('expired credentials are swept with the expired sessions', async () => {
    const lead = await registeredLead();
    const other = await registeredLead();
    await server.db
      .update(onboardingCredentials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(onboardingCredentials.leadId, lead.lead.id));
    await deleteExpiredOnboardingCredentials(server.db);
    expect(await credentialsOf(lead.lead.id)).toHaveLength(0);
    expect(await credentialsOf(other.lead.id)).toHaveLength(1);
  });
});

describe('without this lead’s valid credential nothing is shown and nothing changes', () => {
  test('the token alone: the invitation is refused (with the password offer) and no write is accepted', async () => {
    const lead = await registeredLead();
    const refused = await openInvitation(lead.token);
    expect(refused).toMatchObject({ status: 409, body: { error: 'onboardingNeedsPassword', data: null } });
    expect(refused.body.message).toMatch(/continue with your password/);
    const put = await sendJson(server, 'PUT', lead.details, { token: lead.token, ...dms });
    expect(put.response.status).toBe(403);
    const skip = await sendJson(server, 'POST', lead.skip, { token: lead.token, step: 'master-data' });
    expect(skip.response.status).toBe(403);
    expect((await storedWorkshop(lead.workshopId))?.dmsId).toBeNull();
    expect((await leadOf(server, lead.email)).onboardingStep).toBe('master-data');
  });

  test('another lead’s credential opens neither that invitation nor that workshop', async () => {
    const first = await registeredLead();
    const second = await registeredLead();
    expect((await openInvitation(first.token, second.credential)).body.error).toBe('onboardingNeedsPassword');
    expect((await sendJson(server, 'PUT', first.details, dms, second.credential)).response.status).toBe(403);
    // Its own lead id with the other workshop's id is refused too.
    const crossed = `/svc/workshop/${second.lead.id}/workshop/${first.workshopId}/details`;
    expect((await sendJson(server, 'PUT', crossed, dms, second.credential)).response.status).toBe(403);
    expect((await storedWorkshop(first.workshopId))?.dmsId).toBeNull();
  });

  test('a forged cookie is no credential', async () => {
    const lead = await registeredLead();
    const forged = `tp_onboarding=${'A'.repeat(43)}`;
    expect((await openInvitation(lead.token, forged)).body.error).toBe('onboardingNeedsPassword');
    expect((await sendJson(server, 'PUT', lead.details, dms, forged)).response.status).toBe(403);
  });

  test('once the lead is rejected: its invitation stops working, and so does a credential', async () => {
    counter += 1;
    const { lead, token } = await approvedInvitation(server, admin, `rejected-${counter}@mueller-kfz.de`);
    await postJson(server, `/svc/workshop/leads/${lead.id}/reject`, { reason: '' }, { cookie: admin });
    expect((await openInvitation(token)).body.error).toBe('tokenInvalid');

    const registered = await registeredLead();
    await server.db.update(workshopLeads).set({ status: 'rejected' }).where(eq(workshopLeads.id, registered.lead.id));
    expect((await openInvitation(registered.token, registered.credential)).status).toBe(400);
    expect((await sendJson(server, 'PUT', registered.details, dms, registered.credential)).response.status).toBe(403);
    expect((await storedWorkshop(registered.workshopId))?.dmsId).toBeNull();
  });

  test('an expired credential is refused; the password offer remains while the invitation lasts', async () => {
    const lead = await registeredLead();
    await server.db
      .update(onboardingCredentials)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(onboardingCredentials.leadId, lead.lead.id));
    expect((await openInvitation(lead.token, lead.credential)).body.error).toBe('onboardingNeedsPassword');
    expect((await sendJson(server, 'PUT', lead.details, dms, lead.credential)).response.status).toBe(403);
    expect((await storedWorkshop(lead.workshopId))?.dmsId).toBeNull();
  });

  test('an account the administrator deactivated cannot be continued', async () => {
    const lead = await registeredLead();
    await server.db.update(users).set({ status: 3 }).where(eq(users.email, lead.email));
    expect((await openInvitation(lead.token, lead.credential)).status).toBe(409);
    expect((await sendJson(server, 'PUT', lead.details, dms, lead.credential)).response.status).toBe(403);
  });
});

describe('continue with your password (another browser)', () => {
  test('the right password sets a credential and returns what was saved', async () => {
    const lead = await registeredLead();
    await sendJson(server, 'PUT', lead.details, dms, lead.credential);
    const resumed = await postJson(server, '/svc/workshop/lead/resume', { token: lead.token, password: PASSWORD });
    expect(resumed.response.status).toBe(200);
    expect(resumed.body.data).toMatchObject({
      lead_id: lead.lead.id,
      resume: { next_step: 'suppliers', dms: { dms_id: 1, dms_account_id: 'K-4711' } },
    });
    const credential = onboardingCookieFrom(resumed.response);
    expect(credential).not.toBeNull();
    expect((await openInvitation(lead.token, credential)).status).toBe(200);
    expect((await sendJson(server, 'PUT', lead.details, suppliers, credential)).response.status).toBe(200);
    expect(
      await server.db.select().from(supplierRelations).where(eq(supplierRelations.workshopId, lead.workshopId)),
    ).toHaveLength(1);
  });

  test('a credential from a resume never outlives the invitation period, however long the token lasts', async () => {
    const lead = await registeredLead();
    await server.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000) })
      .where(eq(oneTimeTokens.subject, String(lead.lead.id)));
    const resumed = await postJson(server, '/svc/workshop/lead/resume', { token: lead.token, password: PASSWORD });
    expect(resumed.response.status).toBe(200);
    const latest = Date.now() + 7 * 24 * 3600 * 1000;
    for (const credential of await credentialsOf(lead.lead.id)) {
      expect(credential.expiresAt.getTime()).toBeLessThanOrEqual(latest);
    }
    const maxAge = Number(/Max-Age=(\d+)/.exec(resumed.response.headers.get('set-cookie') ?? '')?.[1]);
    expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
  });

  test('a wrong password is a translated 400 and changes nothing', async () => {
    const lead = await registeredLead();
    const before = await server.db
      .select()
      .from(onboardingCredentials)
      .where(eq(onboardingCredentials.leadId, lead.lead.id));
    const wrong = await postJson(server, '/svc/workshop/lead/resume', { token: lead.token, password: 'Falsch-2026' });
    expect(wrong.response.status).toBe(400);
    expect(wrong.body).toMatchObject({
      error: 'onboardingPasswordWrong',
      field: 'password',
      message: 'Das Passwort ist nicht korrekt.',
      data: null,
    });
    expect(onboardingCookieFrom(wrong.response)).toBeNull();
    expect(
      await server.db.select().from(onboardingCredentials).where(eq(onboardingCredentials.leadId, lead.lead.id)),
    ).toHaveLength(before.length);
    const missing = await postJson(server, '/svc/workshop/lead/resume', { token: lead.token });
    expect(missing.body).toMatchObject({ error: 'passwordRequired', field: 'password' });
  });

  test('a completed onboarding, an unused or a foreign token cannot be continued with a password', async () => {
    const done = await registeredLead();
    await sendJson(server, 'POST', done.skip, { step: 'master-data' }, done.credential);
    await sendJson(server, 'POST', done.skip, { step: 'suppliers' }, done.credential);
    const complete = await postJson(server, '/svc/workshop/lead/resume', { token: done.token, password: PASSWORD });
    expect(complete.body.error).toBe('tokenUsed');
    expect(onboardingCookieFrom(complete.response)).toBeNull();

    counter += 1;
    const fresh = await approvedInvitation(server, admin, `fresh-${counter}@mueller-kfz.de`);
    const unused = await postJson(server, '/svc/workshop/lead/resume', { token: fresh.token, password: PASSWORD });
    expect(unused.response.status).toBe(409);
    const forged = await postJson(server, '/svc/workshop/lead/resume', { token: 'x'.repeat(40), password: PASSWORD });
    expect(forged.body.error).toBe('tokenInvalid');
  });

  test('wrong passwords are limited per account like login (429 with Retry-After), even for the right one', async () => {
    const lead = await registeredLead();
    const limit = server.config.loginMaxFailures;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const wrong = await postJson(server, '/svc/workshop/lead/resume', { token: lead.token, password: 'Falsch-2026' });
      expect(wrong.response.status).toBe(400);
    }
    const blocked = await postJson(server, '/svc/workshop/lead/resume', { token: lead.token, password: PASSWORD });
    expect(blocked.response.status).toBe(429);
    expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(onboardingCookieFrom(blocked.response)).toBeNull();
    // The same budget guards the login of that account.
    const login = await postJson(server, '/svc/auth/api/v1/login', { email: lead.email, password: PASSWORD });
    expect(login.response.status).toBe(429);
  });
});

test('two parallel account creations from one invitation: one account, one credential', async () => {
  counter += 1;
  const email = `parallel-${counter}@mueller-kfz.de`;
  const { lead, token } = await approvedInvitation(server, admin, email);
  const attempts = await Promise.all(
    Array.from({ length: 6 }, () =>
      postJson(server, '/svc/workshop/lead/account', { token, first_name: 'Race', password: PASSWORD }),
    ),
  );
  expect(attempts.filter((attempt) => attempt.response.status === 200)).toHaveLength(1);
  expect(attempts.filter((attempt) => onboardingCookieFrom(attempt.response) !== null)).toHaveLength(1);
  expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  expect(
    await server.db.select().from(onboardingCredentials).where(eq(onboardingCredentials.leadId, lead.id)),
  ).toHaveLength(1);
});
