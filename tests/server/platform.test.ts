import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { outbox } from '../../server/db/schema';
import { enqueueMail } from '../../server/mail/outbox';
import { mailTemplates } from '../../server/mail/templates';
import { ADMIN, postJson, sessionCookieFrom, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

test('a test server starts from the run’s migrated template: its migrator finds nothing left to do (ADR 038)', () => {
  const migrated = server.logLines
    .map((line) => JSON.parse(line) as { event?: string; migrationsApplied?: number })
    .find((line) => line.event === 'database.migrated');
  expect(migrated?.migrationsApplied).toBe(0);
});

test('/healthz reports the database', async () => {
  const response = await fetch(server.url('/healthz'));
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
});

test('a state-changing request that is not JSON is refused with 415', async () => {
  const response = await fetch(server.url('/svc/auth/api/v1/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: 'email=a@b.de&password=x',
  });
  expect(response.status).toBe(415);
  expect(await response.json()).toMatchObject({ code: 415, message: 'Requests must be sent as JSON.' });
});

test('a request from a foreign origin is refused with 403 (CSRF)', async () => {
  const byOrigin = await postJson(server, '/svc/auth/api/v1/login', ADMIN, { origin: 'https://evil.example' });
  expect(byOrigin.response.status).toBe(403);
  expect(byOrigin.body).toMatchObject({ code: 403, error: 'foreignOrigin' });
  const byFetchSite = await postJson(server, '/svc/auth/api/v1/login', ADMIN, { 'sec-fetch-site': 'cross-site' });
  expect(byFetchSite.response.status).toBe(403);
  expect(sessionCookieFrom(byFetchSite.response)).toBeNull();
});

test('a body over 32 KB is refused with 413', async () => {
  const { response, body } = await postJson(server, '/svc/auth/api/v1/login', {
    email: 'a@b.de',
    password: 'x'.repeat(40_000),
  });
  expect(response.status).toBe(413);
  expect(body).toMatchObject({ code: 413, error: 'bodyTooLarge' });
});

test('malformed JSON is a 400 with the envelope, never a 500', async () => {
  for (const raw of ['{"email":', 'null', '[]', '"text"', '42']) {
    const { response, body } = await postJson(server, '/svc/auth/api/v1/login', raw);
    expect(response.status, raw).toBe(400);
    expect(body.code).toBe(400);
  }
});

test('an unknown API path answers the 404 envelope, not the SPA', async () => {
  const response = await fetch(server.url('/svc/workshop/nope'), { headers: { 'accept-language': 'en' } });
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ code: 404, message: 'Not found.' });
});

test('security headers: CSP, no framing, nosniff, request id', async () => {
  const response = await fetch(server.url('/healthz'));
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('without ANALYTICS_SCRIPT_URL the CSP allows no foreign script', async () => {
  const csp = (await fetch(server.url('/healthz'))).headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/script-src 'self';/);
});

test('reference data: the DMS list ends with 9999 "Anderes" and dealers carry shipped logos', async () => {
  const dms = (await (await fetch(server.url('/svc/workshop/lead/dms'))).json()) as {
    code: number;
    data: { data: { id: number; name: string }[] };
  };
  expect(dms.code).toBe(200);
  expect(dms.data.data.at(-1)).toEqual({ id: 9999, name: 'Anderes' });
  const dealers = (await (await fetch(server.url('/svc/workshop/lead/part-dealers'))).json()) as {
    data: { data: { logo_url: string }[] };
  };
  expect(dealers.data.data.length).toBeGreaterThanOrEqual(6);
  for (const dealer of dealers.data.data) {
    expect(existsSync(path.join(import.meta.dirname, '../../public', dealer.logo_url))).toBe(true);
  }
});

test('a queued mail is delivered to DATA_DIR/outbox as .eml and listed in the dev mailbox', async () => {
  const id = await enqueueMail(
    server.db,
    'password-reset',
    'jana@example.de',
    mailTemplates.passwordReset('de', {
      firstName: '<Jana>',
      resetUrl: 'http://localhost/reset-password?token=abc',
      validMinutes: 60,
    }),
  );
  const deadline = Date.now() + 10_000;
  let sentAt: Date | null = null;
  while (Date.now() < deadline && !sentAt) {
    [{ sentAt = null } = { sentAt: null }] = await server.db
      .select({ sentAt: outbox.sentAt })
      .from(outbox)
      .where(eq(outbox.id, id ?? -1));
    if (!sentAt) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(sentAt).not.toBeNull();
  const folder = path.join(server.dataDir, 'outbox');
  const file = readdirSync(folder).find((name) => name.startsWith(String(id).padStart(6, '0')));
  expect(file).toBeDefined();
  const eml = readFileSync(path.join(folder, file ?? ''), 'utf8');
  expect(eml).toContain('To: jana@example.de');
  expect(eml).toContain('&lt;Jana&gt;');
  const mailbox = await (await fetch(server.url('/dev/mailbox'))).text();
  expect(mailbox).toContain('Ihr Link zum Zurücksetzen des Passworts');
  expect(mailbox).toContain('sent');
  const single = await (await fetch(server.url(`/dev/mailbox/${id}`))).text();
  expect(single).toContain('href="http://localhost/reset-password?token=abc"');
});

test('without a build, a client route explains how to build the SPA', async () => {
  const response = await fetch(server.url('/login'));
  expect(response.status).toBe(503);
  expect(await response.text()).toContain('npm run build');
});
