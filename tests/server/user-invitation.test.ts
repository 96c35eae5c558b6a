import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { auditEvents, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import { issueToken } from '../../server/tokens';
import { ADMIN, loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';
import { invitedUserToken } from '../support/user-invitations';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());

const invite = (email: string) => invitedUserToken(server, admin, email);

const form = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  first_name: 'Ines',
  email: 'ignored@example.de',
  company_name: 'Ignored',
  last_name: 'Nord',
  contact_number: '+49 40 123456',
  password: 'Lagerhalle-2026',
  ...overrides,
});

test('only administrators invite (401 / 403), and only new addresses', async () => {
  expect(
    (await postJson(server, '/svc/auth/api/v1/users/invite', { first_name: 'A', email: 'a@b.de', company_name: 'C' }))
      .response.status,
  ).toBe(401);
  await server.db.insert(users).values({
    email: 'plain@x.de',
    passwordHash: await hashPassword('Plain-password-2026'),
    firstName: 'P',
    lastName: 'P',
    status: 1,
  });
  const plain = await loginCookie(server, 'plain@x.de', 'Plain-password-2026');
  expect(
    (
      await postJson(
        server,
        '/svc/auth/api/v1/users/invite',
        { first_name: 'A', email: 'a@b.de', company_name: 'C' },
        { cookie: plain },
      )
    ).response.status,
  ).toBe(403);
  const taken = await postJson(
    server,
    '/svc/auth/api/v1/users/invite',
    { first_name: 'A', email: ADMIN.email, company_name: 'C' },
    { cookie: admin },
  );
  expect(taken.response.status).toBe(409);
  expect(taken.body.error).toBe('accountExists');
});

test('the invited person registers once, active at once, with name, e-mail and company from the invitation', async () => {
  const token = await invite('ines@teile-nord.de');
  const { response, body } = await postJson(
    server,
    '/svc/part-dealer/part-dealer/leads/user-register',
    form(token, { role: 'system_admin', status: 9 }),
  );
  expect(response.status).toBe(200);
  expect(body.message).toBe('Registrierung abgeschlossen. Sie können sich jetzt anmelden.');
  const [user] = await server.db.select().from(users).where(eq(users.email, 'ines@teile-nord.de'));
  expect(user).toMatchObject({
    firstName: 'Ines',
    lastName: 'Nord',
    companyName: 'Teile Nord GmbH',
    status: 1,
    role: 'user',
    contactNumber: '+49 40 123456',
  });
  expect(await server.db.select().from(users).where(eq(users.email, 'ignored@example.de'))).toHaveLength(0);
  await loginCookie(server, 'ines@teile-nord.de', 'Lagerhalle-2026');
  const reuse = await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', form(token));
  expect(reuse.response.status).toBe(409);
  expect(reuse.body.error).toBe('tokenUsed');
  expect(await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.invited'))).not.toHaveLength(0);
});

test('a newer invitation replaces the older one', async () => {
  const first = await invite('again@teile-nord.de');
  await invite('again@teile-nord.de');
  const { body } = await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', form(first));
  expect(body.error).toBe('tokenInvalid');
});

test.each([
  [{ token: undefined }, 'token', 'Der Registrierungslink ist unvollständig'],
  [{ last_name: ' ' }, 'last_name', 'Nachname ist erforderlich'],
  [{ contact_number: '' }, 'contact_number', 'Telefonnummer ist erforderlich'],
  [{ password: 'kurz' }, 'password', 'Passwort sollte mindestens 8 Zeichen lang sein'],
])('%j is refused on %s', async (change, field, message) => {
  const { response, body } = await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', {
    ...form('x'.repeat(40)),
    ...change,
  });
  expect(response.status).toBe(400);
  expect(body).toMatchObject({ field, message });
});

test('expired and wrong-purpose tokens are refused', async () => {
  const expired = await issueToken(server.db, server.config.sessionSecret, {
    purpose: 'user-invitation',
    subject: 'late@x.de',
    claims: { first_name: 'L', email: 'late@x.de', company_name: 'C' },
    ttlSeconds: -1,
  });
  const reset = await issueToken(server.db, server.config.sessionSecret, {
    purpose: 'password-reset',
    subject: '1',
    claims: { email: 'x@x.de' },
    ttlSeconds: 600,
  });
  expect(
    (await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', form(expired.token))).body.error,
  ).toBe('tokenExpired');
  expect(
    (await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', form(reset.token))).body.error,
  ).toBe('tokenInvalid');
});
