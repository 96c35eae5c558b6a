import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, postJson, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    APP_ENV: 'production',
    PUBLIC_URL: 'https://teileportal.example',
    ADMIN_PASSWORD: 'production-admin-password',
    SESSION_SECRET: 's'.repeat(48),
    CAPTCHA_HMAC_KEY: 'k'.repeat(48),
  });
});
afterAll(() => server.stop());

test('in production the session cookie is Secure with the __Host- prefix', async () => {
  const { response } = await postJson(
    server,
    '/svc/auth/api/v1/login',
    { email: ADMIN.email, password: 'production-admin-password' },
    { origin: 'https://teileportal.example' },
  );
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('__Host-tp_session='));
  expect(cookie).toMatch(/Secure/);
  expect(cookie).toMatch(/Path=\//);
  expect(cookie).not.toMatch(/Domain=/);
});

test('in production the dev mailbox does not exist', async () => {
  const response = await fetch(server.url('/dev/mailbox'));
  expect(await response.text()).not.toContain('Dev mailbox');
});

test('in production HSTS is sent', async () => {
  const response = await fetch(server.url('/healthz'));
  expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
});
