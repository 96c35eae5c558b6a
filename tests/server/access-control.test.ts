import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { partDealerLeads, users, workshopLeads, workshops } from '../../server/db/schema';
import { translate } from '../../server/i18n';
import { hashPassword } from '../../server/services/auth/passwords';
import { dealerRegistration } from '../support/dealer';
import {
  ADMIN,
  linkFromLatestMail,
  loginCookie,
  postJson,
  solvedCaptcha,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from '../support/test-server';

/**
 * Issue 7 §1: access control on every admin endpoint, and mass assignment: no body can set what
 * the server or the signed token owns (role, status, a lead id, a company).
 */
let server: TestServer;
let admin: string;
let workshopUser: string;
/** What a browser could carry if someone edited the stored profile: the server must not care. */
const forgedProfile = `userResponse=${encodeURIComponent(JSON.stringify({ role: 'system_admin', status: 1 }))}`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
  await server.db.insert(users).values({
    email: 'werkstatt@access.de',
    passwordHash: await hashPassword('Werkstatt-password-2026'),
    firstName: 'Wera',
    lastName: 'Werk',
    status: 1,
    services: ['WORKSHOP'],
  });
  workshopUser = await loginCookie(server, 'werkstatt@access.de', 'Werkstatt-password-2026');
});
afterAll(() => server.stop());

const adminEndpoints: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
  ['GET', '/svc/auth/api/v1/users/list'],
  ['POST', '/svc/auth/api/v1/users/1/status', { status: 3 }],
  ['POST', '/svc/auth/api/v1/users/invite', { first_name: 'Eve', email: 'eve@evil.de', company_name: 'Evil' }],
  ['GET', '/svc/workshop/leads'],
  ['POST', '/svc/workshop/leads/1/approve', {}],
  ['POST', '/svc/workshop/leads/1/reject', {}],
  ['GET', '/svc/part-dealer/part-dealer/leads'],
  ['POST', '/svc/part-dealer/part-dealer/leads/1/verify', {}],
  ['POST', '/svc/part-dealer/part-dealer/leads/1/reject', {}],
  ['GET', '/svc/part-dealer/part-dealer/reference-dealers'],
  ['GET', '/svc/auth/api/v1/organisations'],
  ['GET', '/svc/auth/api/v1/organisations/1'],
  ['POST', '/svc/auth/api/v1/organisations/1/deactivate', {}],
  ['POST', '/svc/auth/api/v1/organisations/1/reactivate', {}],
  ['POST', '/svc/auth/api/v1/organisations/1/invite', { first_name: 'Eve', email: 'eve@evil.de' }],
];

function call(method: 'GET' | 'POST', path: string, body: unknown, cookie: string | null) {
  return fetch(server.url(path), {
    method,
    headers: {
      origin: server.origin,
      'accept-language': 'en',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
}

describe.each(adminEndpoints)('%s %s', (method, path, body) => {
  test('anonymous: 401, even with a forged stored profile', async () => {
    for (const cookie of [null, forgedProfile]) {
      const response = await call(method, path, body, cookie);
      expect(response.status).toBe(401);
      expect((await response.json()).message).toBe(translate('en', 'sessionMissing'));
    }
  });

  test('a workshop user: 403, even with a forged stored profile', async () => {
    for (const cookie of [workshopUser, `${workshopUser}; ${forgedProfile}`]) {
      const response = await call(method, path, body, cookie);
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe(translate('en', 'forbidden'));
    }
  });

  test('an unknown or expired session cookie: 401', async () => {
    for (const cookie of ['tp_session=made-up', `tp_session=${'A'.repeat(43)}`, 'tp_session=']) {
      expect((await call(method, path, body, cookie)).status).toBe(401);
    }
  });
});

describe('the session guards read the session on every request', () => {
  test('a signed-in user passes requireSignedIn, and only an administrator passes the admin role', async () => {
    const own = await call('GET', '/svc/auth/api/v1/user', undefined, `${workshopUser}; ${forgedProfile}`);
    expect(own.status).toBe(200);
    expect((await own.json()).data).toMatchObject({ email: 'werkstatt@access.de', role: 'user' });
    expect((await call('GET', '/svc/auth/api/v1/user', undefined, forgedProfile)).status).toBe(401);
    expect((await call('GET', '/svc/workshop/leads', undefined, workshopUser)).status).toBe(403);
    expect((await call('GET', '/svc/workshop/leads', undefined, admin)).status).toBe(200);
  });

  test('an administrator deactivated in the database is refused once the database has announced it', async () => {
    await server.db.insert(users).values({
      email: 'second-admin@access.de',
      passwordHash: await hashPassword('Second-admin-password-2026'),
      firstName: 'Zweit',
      lastName: 'Admin',
      role: 'system_admin',
      status: 1,
    });
    const secondAdmin = await loginCookie(server, 'second-admin@access.de', 'Second-admin-password-2026');
    expect((await call('GET', '/svc/auth/api/v1/users/list', undefined, secondAdmin)).status).toBe(200);
    // Straight in the database, as another process would: the session row stays, only the
    // account's status changes. This process hears it from the database's notification (ADR 048),
    // not from a request of its own, so the test waits until everything committed has arrived.
    await server.db.update(users).set({ status: 3 }).where(eq(users.email, 'second-admin@access.de'));
    await server.accessChanges.settle();
    const refused = await call('GET', '/svc/auth/api/v1/users/list', undefined, secondAdmin);
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe(translate('en', 'sessionMissing'));
  });

  test('a logged-out session is refused with the next request', async () => {
    const session = await loginCookie(server, ADMIN.email, ADMIN.password);
    expect((await call('GET', '/svc/part-dealer/part-dealer/leads', undefined, session)).status).toBe(200);
    expect((await call('POST', '/svc/auth/api/v1/logout', {}, session)).status).toBe(200);
    expect((await call('GET', '/svc/part-dealer/part-dealer/leads', undefined, session)).status).toBe(401);
  });
});

describe('mass assignment', () => {
  const owned = { role: 'system_admin', status: 1, services: ['WORKSHOP', 'ADMIN'], id: 1, user_id: 1 };

  test('sign-up cannot choose its role, status or services', async () => {
    const { response } = await postJson(server, '/svc/auth/api/v1/sign-up', {
      company_name: 'Greedy GmbH',
      first_name: 'Greta',
      last_name: 'Gier',
      email: 'greta@greedy.de',
      contact_number: '+49 30 1234567',
      postal_code: '10115',
      password: 'Greedy-password-2026',
      confirm_password: 'Greedy-password-2026',
      terms_accepted: true,
      ...owned,
    });
    expect(response.status).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'greta@greedy.de'));
    expect(user).toMatchObject({ role: 'user', status: 2, services: ['WORKSHOP'] });
    expect(user?.id).not.toBe(1);
  });

  test('an invitation request cannot set its own status', async () => {
    await postJson(server, '/svc/workshop/lead', {
      workshop_primary_email: 'pushy@werkstatt.de',
      workshop_account_name: 'Pushy KFZ',
      recaptcha: await solvedCaptcha(server),
      status: 'approved',
      lead_id: 1,
    });
    const [lead] = await server.db.select().from(workshopLeads).where(eq(workshopLeads.email, 'pushy@werkstatt.de'));
    expect(lead?.status).toBe('requested');
  });

  test('the wizard takes e-mail, company and lead from the invitation, not from the body', async () => {
    await postJson(server, '/svc/workshop/lead', {
      workshop_primary_email: 'invited@werkstatt.de',
      workshop_account_name: 'Invited KFZ',
      recaptcha: await solvedCaptcha(server),
    });
    const [lead] = await server.db.select().from(workshopLeads).where(eq(workshopLeads.email, 'invited@werkstatt.de'));
    if (!lead) throw new Error('no lead');
    await postJson(server, `/svc/workshop/leads/${lead.id}/approve`, {}, { cookie: admin });
    const token = tokenFromLink(await linkFromLatestMail(server, 'invited@werkstatt.de', '/onboarding?token='));
    const { response, body } = await postJson(server, '/svc/workshop/lead/account', {
      token,
      first_name: 'Ida',
      password: 'Invited-password-2026',
      email: 'someone-else@evil.de',
      company_name: 'Evil Corp',
      lead_id: lead.id + 1000,
      ...owned,
    });
    expect(response.status).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'invited@werkstatt.de'));
    expect(user).toMatchObject({ role: 'workshop_user', status: 2, companyName: 'Invited KFZ' });
    expect(await server.db.select().from(users).where(eq(users.email, 'someone-else@evil.de'))).toHaveLength(0);
    const workshop = (body.data as { workshop: { id: number } }).workshop;
    const [stored] = await server.db.select().from(workshops).where(eq(workshops.id, workshop.id));
    expect(stored?.leadId).toBe(lead.id);

    // Another lead's workshop cannot be edited with this invitation.
    const foreign = await fetch(server.url(`/svc/workshop/${lead.id + 1}/workshop/${workshop.id}/details`), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.origin, 'accept-language': 'de' },
      body: JSON.stringify({ token, dms_id: 1, dms_account_id: '12345' }),
    });
    expect([403, 404]).toContain(foreign.status);
  });

  test('a dealer registration is stored unverified whatever the body says', async () => {
    const { response } = await postJson(
      server,
      '/svc/part-dealer/part-dealer/leads',
      dealerRegistration({
        email: 'dieter@greedy-dealer.de',
        recaptcha: await solvedCaptcha(server),
        status: 'VERIFIED',
        verified_at: new Date().toISOString(),
        id: 1,
      }),
    );
    expect(response.status).toBe(200);
    const [lead] = await server.db
      .select()
      .from(partDealerLeads)
      .where(eq(partDealerLeads.email, 'dieter@greedy-dealer.de'));
    expect(lead?.status).toBe('UNVERIFIED');
  });

  test('an admin changing a status cannot change a role with it', async () => {
    const [user] = await server.db.select().from(users).where(eq(users.email, 'werkstatt@access.de'));
    if (!user) throw new Error('no user');
    const { response } = await postJson(
      server,
      `/svc/auth/api/v1/users/${user.id}/status`,
      { status: 1, role: 'system_admin', email: 'hijack@evil.de' },
      { cookie: admin },
    );
    expect(response.status).toBe(200);
    const [after] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ role: 'user', email: 'werkstatt@access.de' });
  });
});
