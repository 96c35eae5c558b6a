import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEvents } from '../../server/db/schema';
import {
  postJson,
  type ReachableServer,
  solvedCaptcha,
  startTestServer,
  type TestServer,
} from '../support/test-server';

// The contact form allows 10 messages per client address an hour (contact-routes.ts); the limit is
// counted before the captcha is checked, so an unsolved captcha still uses up the budget.
const CONTACT_LIMIT = 10;

function sendContact(server: ReachableServer, headers: Record<string, string>, recaptcha = 'not-solved') {
  return postJson(
    server,
    '/svc/auth/api/v1/contact-info',
    { name: 'Jana Schulz', email: 'jana@schulz-kfz.de', info: 'Pilotphase?', recaptcha },
    headers,
  );
}

describe('without TRUSTED_PROXIES (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  test('a forged X-Forwarded-For or Forwarded changes nothing: the limit still hits the peer', async () => {
    for (let index = 0; index < CONTACT_LIMIT; index++) {
      const forged: Record<string, string> =
        index % 2 === 0 ? { 'x-forwarded-for': `198.51.100.${index}` } : { forwarded: `for=198.51.100.${index}` };
      expect((await sendContact(server, forged)).response.status).not.toBe(429);
    }
    const next = await sendContact(server, { 'x-forwarded-for': '198.51.100.200', forwarded: 'for=198.51.100.201' });
    expect(next.response.status).toBe(429);
  });

  test('the audit entry names the peer, not a forged address', async () => {
    const fresh = await startTestServer();
    try {
      const { response } = await sendContact(fresh, { 'x-forwarded-for': '198.51.100.77' }, await solvedCaptcha(fresh));
      expect(response.status).toBe(200);
      const [entry] = await fresh.db.select().from(auditEvents).where(eq(auditEvents.action, 'contact.received'));
      expect(entry?.ip).toBe('127.0.0.1');
    } finally {
      await fresh.stop();
    }
  });

  test("a client's own X-Request-Id is not believed: the request gets an id of its own", async () => {
    const response = await fetch(server.url('/healthz'), { headers: { 'x-request-id': 'someone-elses-request' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
  });
  afterAll(() => server.stop());

  test('two clients are limited separately; a spoofed leftmost hop does not escape the limit', async () => {
    for (let index = 0; index < CONTACT_LIMIT; index++) {
      // The client writes any address it likes; the proxy appends the one it saw.
      const headers = { 'x-forwarded-for': `6.6.6.${index}, 203.0.113.7` };
      expect((await sendContact(server, headers)).response.status).not.toBe(429);
    }
    expect((await sendContact(server, { 'x-forwarded-for': '203.0.113.7' })).response.status).toBe(429);
    expect((await sendContact(server, { 'x-forwarded-for': '9.9.9.9, 203.0.113.7' })).response.status).toBe(429);
    const other = await sendContact(server, { 'x-forwarded-for': '203.0.113.8' });
    expect(other.response.status).toBe(400);
    expect(other.body.field).toBe('recaptcha');
  });

  test('the audit entry and the log lines show the client address and the proxy’s request id', async () => {
    const { response } = await sendContact(
      server,
      { 'x-forwarded-for': '2001:db8::5', 'x-request-id': 'proxy-req-7f3a9c' },
      await solvedCaptcha(server),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('proxy-req-7f3a9c');
    const [entry] = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'contact.received'));
    expect(entry?.ip).toBe('2001:db8::5');

    const loginRefused = await postJson(
      server,
      '/svc/auth/api/v1/login',
      { email: 'nobody@teileportal.local', password: 'Wrong-password-2026' },
      { 'x-forwarded-for': '198.51.100.23', 'x-request-id': 'login-attempt-1' },
    );
    expect(loginRefused.response.status).toBe(401);
    const line = server.logLines.map((text) => JSON.parse(text)).find((entry) => entry.event === 'login.failed');
    expect(line).toMatchObject({ requestId: 'login-attempt-1', clientIp: '198.51.100.23', ip: '198.51.100.23' });
  });

  test('a request id that is too long or has other characters is replaced, never echoed', async () => {
    for (const bad of ['a'.repeat(129), 'id with spaces', 'id;drop', 'x"y', '../../etc/passwd', '{"json":1}']) {
      const response = await fetch(server.url('/healthz'), { headers: { 'x-request-id': bad } });
      expect(response.headers.get('x-request-id'), bad).toMatch(/^[0-9a-f-]{36}$/);
    }
    const kept = await fetch(server.url('/healthz'), { headers: { 'x-request-id': 'a'.repeat(128) } });
    expect(kept.headers.get('x-request-id')).toBe('a'.repeat(128));
  });

  test('a peer not in the list is not believed: its header is ignored', async () => {
    const elsewhere = await startTestServer({ TRUSTED_PROXIES: '10.0.0.0/8, ::1' });
    try {
      for (let index = 0; index < CONTACT_LIMIT; index++) {
        await sendContact(elsewhere, { 'x-forwarded-for': `203.0.113.${index}` });
      }
      expect((await sendContact(elsewhere, { 'x-forwarded-for': '203.0.113.99' })).response.status).toBe(429);
    } finally {
      await elsewhere.stop();
    }
  });
});
