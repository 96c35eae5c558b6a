import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, postJson, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 27 §7: a staging server (anything but APP_ENV=development) has no dev mailbox — whoever
 * asked for a password reset of any account could read its link there — and, reached over https,
 * sets Secure cookies as production does.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ APP_ENV: 'staging', PUBLIC_URL: 'https://staging.teileportal.example' });
});
afterAll(() => server.stop());

test('on staging the dev mailbox does not exist, even for a loopback client', async () => {
  await postJson(server, '/svc/auth/api/v1/forgot-password', { email: ADMIN.email });
  for (const pathname of ['/dev/mailbox', '/dev/mailbox/1']) {
    const response = await fetch(server.url(pathname));
    expect(response.status).not.toBe(200);
    expect(await response.text()).not.toMatch(/Dev mailbox|reset-password/);
  }
});

test('on staging behind https the session cookie is Secure with the __Host- prefix', async () => {
  const { response } = await postJson(
    server,
    '/svc/auth/api/v1/login',
    { email: ADMIN.email, password: ADMIN.password },
    { origin: 'https://staging.teileportal.example' },
  );
  expect(response.status).toBe(200);
  const cookies = response.headers.getSetCookie();
  expect(cookies.find((value) => value.startsWith('tp_session='))).toBeUndefined();
  expect(cookies.find((value) => value.startsWith('__Host-tp_session='))).toMatch(/; Secure/);
});
