import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  auditEvents,
  outbox,
  supplierRelations,
  users,
  workshopAdditionalSuppliers,
  workshopLeads,
  workshops,
} from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import { issueToken } from '../../server/tokens';
import {
  ADMIN,
  loginCookie,
  onboardingCookieFrom,
  postJson,
  solvedCaptcha,
  startTestServer,
  type TestServer,
} from '../support/test-server';
import {
  approvedInvitation as approveInvitation,
  leadOf as leadOfEmail,
  requestInvitation as requestInvitationAs,
  sendJson,
} from '../support/workshop-invitations';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());

const requestInvitation = (email: string, mode?: 'plain' | 'account-creation') =>
  requestInvitationAs(server, email, mode);
const leadOf = (email: string) => leadOfEmail(server, email);
const approvedInvitation = (email: string, mode?: 'plain' | 'account-creation') =>
  approveInvitation(server, admin, email, mode);
const put = (path: string, body: unknown, cookie: string | null = null) => sendJson(server, 'PUT', path, body, cookie);

describe('invitation request', () => {
  test('stores the lead, mails the requester and the admins', async () => {
    const { response, body } = await requestInvitation('anfrage@mueller-kfz.de');
    expect(response.status).toBe(200);
    expect(body.message).toBe('Vielen Dank! Ihre Anfrage ist eingegangen. Bitte prüfen Sie Ihr Postfach.');
    expect(await leadOf('anfrage@mueller-kfz.de')).toMatchObject({
      status: 'requested',
      mode: 'plain',
      workshopAccountName: 'Werkstatt Müller',
    });
    const mails = await server.db.select().from(outbox);
    expect(
      mails.some((mail) => mail.recipient === 'anfrage@mueller-kfz.de' && mail.kind === 'invitation-request-received'),
    ).toBe(true);
    expect(mails.some((mail) => mail.recipient === ADMIN.email && mail.kind === 'invitation-request-review')).toBe(
      true,
    );
  });

  test('a second request while one is open answers the same and creates no duplicate', async () => {
    await requestInvitation('twice@mueller-kfz.de');
    const again = await requestInvitation('TWICE@mueller-kfz.de');
    expect(again.response.status).toBe(200);
    expect(
      await server.db.select().from(workshopLeads).where(eq(workshopLeads.email, 'twice@mueller-kfz.de')),
    ).toHaveLength(1);
  });

  test('without a solved captcha nothing is stored', async () => {
    for (const recaptcha of ['', 'forged', undefined]) {
      const { response, body } = await postJson(server, '/svc/workshop/lead', {
        workshop_primary_email: 'bot@spam.de',
        workshop_account_name: 'Spam',
        recaptcha,
      });
      expect(response.status).toBe(400);
      expect(body.field).toBe('recaptcha');
    }
    expect(await server.db.select().from(workshopLeads).where(eq(workshopLeads.email, 'bot@spam.de'))).toHaveLength(0);
  });

  test('a reused captcha answer is refused', async () => {
    const recaptcha = await solvedCaptcha(server);
    const first = await postJson(server, '/svc/workshop/lead', {
      workshop_primary_email: 'one@mueller-kfz.de',
      workshop_account_name: 'Eins',
      recaptcha,
    });
    const second = await postJson(server, '/svc/workshop/lead', {
      workshop_primary_email: 'two@mueller-kfz.de',
      workshop_account_name: 'Zwei',
      recaptcha,
    });
    expect(first.response.status).toBe(200);
    expect(second.response.status).toBe(400);
  });

  test('field rules: e-mail required and valid, workshop name required', async () => {
    const recaptcha = await solvedCaptcha(server);
    const noName = await postJson(server, '/svc/workshop/lead', {
      workshop_primary_email: 'x@y.de',
      workshop_account_name: ' ',
      recaptcha,
    });
    expect(noName.body).toMatchObject({ field: 'workshop_account_name', message: 'Dieses Feld ist erforderlich' });
    const noEmail = await postJson(server, '/svc/workshop/lead', { workshop_account_name: 'X', recaptcha });
    expect(noEmail.body).toMatchObject({ field: 'workshop_primary_email', message: 'E-Mail ist erforderlich' });
  });
});

describe('admin review', () => {
  test('only system administrators may list, approve or reject (401 / 403)', async () => {
    expect((await fetch(server.url('/svc/workshop/leads'))).status).toBe(401);
    await server.db.insert(users).values({
      email: 'worker@x.de',
      passwordHash: await hashPassword('Worker-password-2026'),
      firstName: 'W',
      lastName: 'W',
      status: 1,
    });
    const worker = await loginCookie(server, 'worker@x.de', 'Worker-password-2026');
    expect((await fetch(server.url('/svc/workshop/leads'), { headers: { cookie: worker } })).status).toBe(403);
    expect((await postJson(server, '/svc/workshop/leads/1/approve', {}, { cookie: worker })).response.status).toBe(403);
    expect((await postJson(server, '/svc/workshop/leads/1/reject', {}, { cookie: worker })).response.status).toBe(403);
  });

  test('approving sends one invitation, even when approved twice or concurrently', async () => {
    await requestInvitation('approve@mueller-kfz.de');
    const lead = await leadOf('approve@mueller-kfz.de');
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        postJson(server, `/svc/workshop/leads/${lead.id}/approve`, {}, { cookie: admin }),
      ),
    );
    expect(results.filter((result) => result.response.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.response.status === 409)).toHaveLength(7);
    const invitations = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'approve@mueller-kfz.de'), eq(outbox.kind, 'workshop-invitation')));
    expect(invitations).toHaveLength(1);
    expect(
      await server.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.target, `workshop-lead:${lead.id}`)),
    ).toContainEqual(expect.objectContaining({ action: 'lead.approved' }));
  });

  test('the list filters by status, newest first', async () => {
    const response = await fetch(server.url('/svc/workshop/leads?status=approved'), { headers: { cookie: admin } });
    const body = (await response.json()) as { data: { items: { status: string }[]; page_size: number } };
    expect(body.data.page_size).toBe(20);
    expect(body.data.items.length).toBeGreaterThan(0);
    expect(body.data.items.every((item) => item.status === 'approved')).toBe(true);
    expect((await fetch(server.url('/svc/workshop/leads?status=bogus'), { headers: { cookie: admin } })).status).toBe(
      400,
    );
  });

  test('rejecting mails the reason and revokes an invitation already sent', async () => {
    const { lead, token } = await approvedInvitation('reject@mueller-kfz.de');
    const { body } = await postJson(
      server,
      `/svc/workshop/leads/${lead.id}/reject`,
      { reason: 'Nicht im Pilotgebiet' },
      { cookie: admin },
    );
    expect(body).toMatchObject({ code: 200, data: { status: 'rejected', review_note: 'Nicht im Pilotgebiet' } });
    const [mail] = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'reject@mueller-kfz.de'), eq(outbox.kind, 'invitation-rejected')));
    expect(mail?.textBody).toContain('Nicht im Pilotgebiet');
    const check = await fetch(server.url(`/svc/workshop/lead/invitation?token=${token}`));
    expect(check.status).toBe(400);
  });
});

describe('onboarding wizard', () => {
  test('plain mode: the invitation shows its details; account, DMS and suppliers are saved', async () => {
    const { lead, token } = await approvedInvitation('plain@mueller-kfz.de');
    const check = await fetch(server.url(`/svc/workshop/lead/invitation?token=${token}`));
    expect(await check.json()).toMatchObject({
      data: {
        email: 'plain@mueller-kfz.de',
        workshop_account_name: 'Werkstatt Müller',
        lead_id: lead.id,
        mode: 'plain',
      },
    });

    const account = await postJson(server, '/svc/workshop/lead/account', {
      token,
      email: 'attacker@evil.de',
      company_name: 'Evil Corp',
      lead_id: 999,
      services: ['WORKSHOP'],
      create_workshop: true,
      first_name: 'Max',
      last_name: 'Müller',
      password: 'Radlager-2026',
      role: 'system_admin',
    });
    expect(account.response.status).toBe(200);
    const workshopId = (account.body.data as { workshop: { id: number } }).workshop.id;
    const credential = onboardingCookieFrom(account.response);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'plain@mueller-kfz.de'));
    expect(user).toMatchObject({
      status: 2,
      role: 'workshop_user',
      services: ['WORKSHOP'],
      companyName: 'Werkstatt Müller',
      firstName: 'Max',
    });
    expect(await server.db.select().from(users).where(eq(users.email, 'attacker@evil.de'))).toHaveLength(0);
    expect(await leadOf('plain@mueller-kfz.de')).toMatchObject({ status: 'registered', userId: user?.id });

    const dms = await put(
      `/svc/workshop/${lead.id}/workshop/${workshopId}/details`,
      {
        token,
        dms_id: 9999,
        dms_account_id: 'K-4711',
        additional_dms_name: 'Anderes',
      },
      credential,
    );
    expect(dms.response.status).toBe(200);
    expect(dms.body.data).toBe(true);
    const suppliers = await put(
      `/svc/workshop/${lead.id}/workshop/${workshopId}/details`,
      {
        token,
        part_dealer_request: true,
        first_name: 'Max',
        part_dealer_data: [
          { part_dealer_id: 1, part_dealer_customer_number: 'K-10001' },
          { part_dealer_id: 2, part_dealer_customer_number: 678 },
        ],
        additional_part_dealer_data: [{ part_dealer_name: 'Teile Schmidt', part_dealer_customer_number: 'S-99' }],
      },
      credential,
    );
    expect(suppliers.response.status).toBe(200);
    const [saved] = await server.db.select().from(workshops).where(eq(workshops.id, workshopId));
    expect(saved).toMatchObject({ dmsId: 9999, dmsAccountId: 'K-4711', additionalDmsName: 'Anderes', leadId: lead.id });
    const relations = await server.db
      .select()
      .from(supplierRelations)
      .where(eq(supplierRelations.workshopId, workshopId))
      .orderBy(supplierRelations.partDealerId);
    // Issue 24 §6: a number as the dealer issues it, and the old request shape (a whole number) still taken.
    expect(relations.map((row) => row.customerNumber)).toEqual(['K-10001', '678']);
    expect(
      await server.db
        .select()
        .from(workshopAdditionalSuppliers)
        .where(eq(workshopAdditionalSuppliers.workshopId, workshopId)),
    ).toEqual([expect.objectContaining({ name: 'Teile Schmidt', customerNumber: 'S-99' })]);

    // The invitation cannot create a second account, and the admin's activation verifies the lead.
    const reuse = await postJson(server, '/svc/workshop/lead/account', {
      token,
      first_name: 'Max',
      password: 'Radlager-2026',
    });
    expect(reuse.response.status).toBe(409);
    expect(reuse.body.error).toBe('tokenUsed');
    await postJson(server, `/svc/auth/api/v1/users/${user?.id}/status`, { status: 1 }, { cookie: admin });
    expect(await leadOf('plain@mueller-kfz.de')).toMatchObject({ status: 'verified' });
    await loginCookie(server, 'plain@mueller-kfz.de', 'Radlager-2026');
  });

  test('account-creation mode creates the account and its workshop, but no wizard steps', async () => {
    const { token } = await approvedInvitation('account@mueller-kfz.de', 'account-creation');
    const account = await postJson(server, '/svc/workshop/lead/account', {
      token,
      first_name: 'Anna',
      password: 'Radlager-2026',
    });
    expect(account.response.status).toBe(200);
    expect(account.body.data).toMatchObject({ workshop: null, first_name: 'Anna' });
    const [user] = await server.db.select().from(users).where(eq(users.email, 'account@mueller-kfz.de'));
    const [workshop] = await server.db
      .select()
      .from(workshops)
      .where(eq(workshops.ownerUserId, user?.id ?? 0));
    expect(user).toMatchObject({ role: 'workshop_user', organisationId: workshop?.organisationId });
    expect(await leadOf('account@mueller-kfz.de')).toMatchObject({ onboardingStep: 'done' });
  });

  test('step 1 rules in order: first name, password, 8 characters', async () => {
    const { token } = await approvedInvitation('rules@mueller-kfz.de');
    const cases: [Record<string, string>, string, string][] = [
      [{ password: 'Radlager-2026' }, 'first_name', 'enterName'],
      [{ first_name: 'Max' }, 'password', 'enterPassword'],
      [{ first_name: 'Max', password: 'kurz' }, 'password', 'password8CharLong'],
      [{ first_name: 'Max', password: 'password123' }, 'password', 'passwordTooCommon'],
    ];
    for (const [fields, field, error] of cases) {
      const { response, body } = await postJson(server, '/svc/workshop/lead/account', { token, ...fields });
      expect(response.status).toBe(400);
      expect(body).toMatchObject({ field, error });
    }
  });

  test('expired, forged and foreign tokens are refused with a clear message', async () => {
    const { lead } = await approvedInvitation('tokens@mueller-kfz.de');
    const expired = await issueToken(server.db, server.config.sessionSecret, {
      purpose: 'workshop-invitation',
      subject: String(lead.id),
      claims: { email: lead.email },
      ttlSeconds: -5,
    });
    const reset = await issueToken(server.db, server.config.sessionSecret, {
      purpose: 'password-reset',
      subject: String(lead.id),
      claims: { email: lead.email },
      ttlSeconds: 600,
    });
    for (const [token, error] of [
      [expired.token, 'tokenExpired'],
      [reset.token, 'tokenInvalid'],
      ['x'.repeat(40), 'tokenInvalid'],
    ] as const) {
      const check = await fetch(server.url(`/svc/workshop/lead/invitation?token=${token}`), {
        headers: { 'accept-language': 'en' },
      });
      expect(check.status).toBe(400);
      expect(await check.json()).toMatchObject({ error, message: expect.stringMatching(/link/) });
      const account = await postJson(server, '/svc/workshop/lead/account', {
        token,
        first_name: 'X',
        password: 'Radlager-2026',
      });
      expect(account.body.error).toBe(error);
    }
  });

  test('details cannot be written for another lead’s workshop, nor without a supplier', async () => {
    const first = await approvedInvitation('first@mueller-kfz.de');
    const second = await approvedInvitation('second@mueller-kfz.de');
    const account = await postJson(server, '/svc/workshop/lead/account', {
      token: first.token,
      first_name: 'F',
      password: 'Radlager-2026',
    });
    const workshopId = (account.body.data as { workshop: { id: number } }).workshop.id;
    const firstCredential = onboardingCookieFrom(account.response);
    const secondAccount = await postJson(server, '/svc/workshop/lead/account', {
      token: second.token,
      first_name: 'S',
      password: 'Radlager-2026',
    });
    const foreign = await put(
      `/svc/workshop/${first.lead.id}/workshop/${workshopId}/details`,
      { token: second.token, dms_id: 1, dms_account_id: 'X' },
      onboardingCookieFrom(secondAccount.response),
    );
    expect(foreign.response.status).toBe(403);
    const details = `/svc/workshop/${first.lead.id}/workshop/${workshopId}/details`;
    const empty = await put(
      details,
      { token: first.token, part_dealer_request: true, part_dealer_data: [], additional_part_dealer_data: [] },
      firstCredential,
    );
    expect(empty.body.error).toBe('atLeastPartsSupplier');
    const unknownDms = await put(details, { token: first.token, dms_id: 424242, dms_account_id: 'X' }, firstCredential);
    expect(unknownDms.body.error).toBe('selectDMSID');
    const textNumber = await put(
      details,
      {
        token: first.token,
        part_dealer_request: true,
        part_dealer_data: [{ part_dealer_id: 1, part_dealer_customer_number: 'K#1' }],
        additional_part_dealer_data: [],
      },
      firstCredential,
    );
    expect(textNumber.response.status).toBe(400);
    const inexact = await put(
      details,
      {
        part_dealer_request: true,
        part_dealer_data: [{ part_dealer_id: 1, part_dealer_customer_number: 2 ** 53 + 2 }],
        additional_part_dealer_data: [],
      },
      firstCredential,
    );
    expect(inexact.body).toMatchObject({ error: 'customerNoInvalid' });
    const tooLong = await put(
      details,
      {
        part_dealer_request: true,
        part_dealer_data: [{ part_dealer_id: 1, part_dealer_customer_number: 'K'.repeat(33) }],
        additional_part_dealer_data: [],
      },
      firstCredential,
    );
    expect(tooLong.body).toMatchObject({ error: 'customerNoInvalid' });
    const noDmsAccount = await put(details, { dms_id: 1, dms_account_id: ' ' }, firstCredential);
    expect(noDmsAccount.body).toMatchObject({ error: 'selectDMSAccId', field: 'dms_account_id' });
    const [untouched] = await server.db.select().from(workshops).where(eq(workshops.id, workshopId));
    expect(untouched?.dmsId).toBeNull();
  });
});
