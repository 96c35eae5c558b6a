import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import { ADMIN, postJson, sessionCookieFrom, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES: '5' });
  const passwordHash = await hashPassword('pending-password');
  await server.db.insert(users).values([
    {
      email: 'pending@example.de',
      passwordHash,
      firstName: 'Paul',
      lastName: 'Pending',
      status: 2,
      services: ['WORKSHOP'],
    },
    { email: 'off@example.de', passwordHash, firstName: 'Olga', lastName: 'Off', status: 3, services: ['WORKSHOP'] },
  ]);
});
afterAll(() => server.stop());

test('the seeded admin logs in: envelope, public profile, httpOnly SameSite=Lax session cookie', async () => {
  const { response, body } = await postJson(server, '/svc/auth/api/v1/login', {
    email: ADMIN.email,
    password: ADMIN.password,
  });
  expect(response.status).toBe(200);
  expect(body).toMatchObject({
    code: 200,
    message: 'Anmeldung erfolgreich',
    data: { email: ADMIN.email, role: 'system_admin', status: 1 },
  });
  expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tp_session='));
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  expect(setCookie).not.toMatch(/Max-Age/);
  const cookie = sessionCookieFrom(response);
  const me = await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie: cookie ?? '' } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { data: { email: string } }).data.email).toBe(ADMIN.email);
});

test('remember me makes the cookie last 30 days', async () => {
  const { response } = await postJson(server, '/svc/auth/api/v1/login', { ...ADMIN, rememberMe: true });
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tp_session='));
  expect(setCookie).toMatch(/Max-Age=2592000/);
});

test('the e-mail is matched case-insensitively', async () => {
  const { response } = await postJson(server, '/svc/auth/api/v1/login', {
    email: ADMIN.email.toUpperCase(),
    password: ADMIN.password,
  });
  expect(response.status).toBe(200);
});

test('every login gets a new session id, stored only as a hash', async () => {
  const first = sessionCookieFrom((await postJson(server, '/svc/auth/api/v1/login', ADMIN)).response);
  const second = sessionCookieFrom((await postJson(server, '/svc/auth/api/v1/login', ADMIN)).response);
  expect(first).not.toEqual(second);
  const stored = await server.db.select().from(sessions);
  const rawValue = first?.split('=')[1] ?? '';
  expect(stored.some((row) => row.idHash === rawValue)).toBe(false);
});

test('wrong password and unknown e-mail get the same answer', async () => {
  const wrong = await postJson(server, '/svc/auth/api/v1/login', { email: ADMIN.email, password: 'not-the-password' });
  const unknown = await postJson(server, '/svc/auth/api/v1/login', {
    email: 'nobody@example.de',
    password: 'not-the-password',
  });
  expect(wrong.response.status).toBe(401);
  expect(unknown.response.status).toBe(401);
  expect(wrong.body).toEqual(unknown.body);
  expect(wrong.body).toMatchObject({
    code: 401,
    message: 'E-Mail oder Passwort ist falsch',
    error: 'invalidCredentials',
  });
  expect(sessionCookieFrom(wrong.response)).toBeNull();
});

test('messages follow the language cookie, then Accept-Language', async () => {
  const english = await postJson(
    server,
    '/svc/auth/api/v1/login',
    { email: 'x@example.de', password: 'y' },
    { cookie: 'defaultLanguage=en' },
  );
  expect(english.body.message).toBe('Email or password is incorrect');
  const acceptEnglish = await postJson(
    server,
    '/svc/auth/api/v1/login',
    { email: 'x@example.de', password: 'y' },
    { 'accept-language': 'en-GB,en;q=0.8' },
  );
  expect(acceptEnglish.body.message).toBe('Email or password is incorrect');
});

test.each([
  [{}, 'email', 'E-Mail ist erforderlich'],
  [{ email: 'admin@teileportal.local' }, 'password', 'Passwort erforderlich'],
  [{ email: 'no-at-sign', password: 'x' }, 'email', 'E-Mail ist ungültig'],
  [{ email: ['a@b.de'], password: 'x' }, 'email', 'E-Mail ist erforderlich'],
  [{ email: 'a@b.de', password: 'x'.repeat(129) }, 'password', 'Das Passwort darf höchstens 128 Zeichen lang sein'],
])('invalid body %j is refused naming %s', async (body, field, message) => {
  const { response, body: answer } = await postJson(server, '/svc/auth/api/v1/login', body);
  expect(response.status).toBe(400);
  expect(answer).toMatchObject({ code: 400, field, message });
});

test('pending (2) and deactivated (3) accounts learn their status but get no session', async () => {
  for (const [email, status] of [
    ['pending@example.de', 2],
    ['off@example.de', 3],
  ] as const) {
    const { response, body } = await postJson(server, '/svc/auth/api/v1/login', {
      email,
      password: 'pending-password',
    });
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({ status });
    expect(sessionCookieFrom(response)).toBeNull();
  }
});

test('a body naming role or status changes nothing (unknown keys are dropped)', async () => {
  await postJson(server, '/svc/auth/api/v1/login', {
    email: 'pending@example.de',
    password: 'pending-password',
    role: 'system_admin',
    status: 1,
  });
  const [row] = await server.db.select().from(users).where(eq(users.email, 'pending@example.de'));
  expect(row).toMatchObject({ role: 'user', status: 2 });
});

test('logout ends the server session and clears the cookie', async () => {
  const cookie = sessionCookieFrom((await postJson(server, '/svc/auth/api/v1/login', ADMIN)).response) ?? '';
  const { response, body } = await postJson(server, '/svc/auth/api/v1/logout', {}, { cookie });
  expect(body).toMatchObject({ code: 200, message: 'Sie wurden abgemeldet.' });
  expect(response.headers.getSetCookie().join(';')).toMatch(/tp_session=;.*Max-Age=0/);
  // The hint a login posted as a form leaves the app (ADR 046) goes with the session.
  expect(response.headers.getSetCookie().join(';')).toMatch(/tp_signed_in_without_app=;.*Max-Age=0/);
  const me = await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie } });
  expect(me.status).toBe(401);
});

test('GET /user without or with a forged cookie is 401 with the envelope', async () => {
  for (const cookie of ['', 'tp_session=forged', `tp_session=${'x'.repeat(500)}`]) {
    const response = await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie, 'accept-language': 'en' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 401, message: 'Please log in.' });
  }
});

test('after LOGIN_MAX_FAILURES failures the account is throttled with 429 and Retry-After, even with the right password', async () => {
  const email = 'throttled@example.de';
  await server.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword('right-password'), firstName: 'T', lastName: 'T', status: 1 });
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await postJson(server, '/svc/auth/api/v1/login', { email, password: 'wrong' })).response.status).toBe(401);
  }
  const { response, body } = await postJson(server, '/svc/auth/api/v1/login', { email, password: 'right-password' });
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(body).toMatchObject({ code: 429, message: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.' });
  // Unknown accounts are throttled the same way, so a 429 reveals nothing about existence.
  for (let attempt = 0; attempt < 5; attempt++)
    await postJson(server, '/svc/auth/api/v1/login', { email: 'ghost@example.de', password: 'x' });
  expect(
    (await postJson(server, '/svc/auth/api/v1/login', { email: 'ghost@example.de', password: 'x' })).response.status,
  ).toBe(429);
});

test('no password reaches the logs', () => {
  const logs = server.logLines.join('\n');
  expect(logs).not.toContain(ADMIN.password);
  expect(logs).not.toContain('pending-password');
  expect(logs).not.toContain('right-password');
});
