import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { oneTimeTokens, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import { issueToken } from '../../server/tokens';
import {
  ADMIN,
  linkFromLatestMail,
  loginCookie,
  postJson,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from '../support/test-server';
import { invitedUserToken } from '../support/user-invitations';

/** docs/product.md §4.6: a mailed link says whether it still works before its form is shown. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());

const check = (kind: 'reset-password' | 'user-invite', token: unknown) =>
  postJson(server, `/svc/auth/api/v1/${kind}/check`, { token });

async function resetToken(email: string) {
  await server.db.insert(users).values({
    email,
    passwordHash: await hashPassword('Old-password-2026'),
    firstName: 'Rita',
    lastName: 'Reset',
    status: 1,
  });
  await postJson(server, '/svc/auth/api/v1/forgot-password', { email });
  return tokenFromLink(await linkFromLatestMail(server, email, 'reset-password?token='));
}

const invitationToken = (email: string) => invitedUserToken(server, admin, email);

test('a fresh reset link checks out and stays usable; once used, the check says so in the caller’s language', async () => {
  const token = await resetToken('check-reset@example.de');
  for (let round = 0; round < 2; round += 1) expect((await check('reset-password', token)).response.status).toBe(200);
  const reset = await postJson(server, '/svc/auth/api/v1/reset-password', {
    token,
    password: 'New-password-2026',
    confirm_password: 'New-password-2026',
  });
  expect(reset.response.status).toBe(200);
  const used = await check('reset-password', token);
  expect(used.response.status).toBe(409);
  expect(used.body).toMatchObject({ error: 'tokenUsed', field: 'token' });
  expect(used.body.message).toBe('Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen an.');
});

test('a superseded, expired, forged or wrong-purpose reset link is refused with its reason', async () => {
  const first = await resetToken('check-stale@example.de');
  await postJson(server, '/svc/auth/api/v1/forgot-password', { email: 'check-stale@example.de' });
  expect((await check('reset-password', first)).body.error).toBe('tokenInvalid');

  const fresh = tokenFromLink(await linkFromLatestMail(server, 'check-stale@example.de', 'reset-password?token='));
  const claims = JSON.parse(Buffer.from(fresh.split('.')[1] ?? '', 'base64url').toString()) as { jti: string };
  await server.db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.jti, claims.jti));
  expect((await check('reset-password', fresh)).body.error).toBe('tokenExpired');

  expect((await check('reset-password', `${fresh.slice(0, -4)}AAAA`)).body.error).toBe('tokenInvalid');
  expect((await check('reset-password', 42)).response.status).toBe(400);
  const invitation = await invitationToken('check-purpose@example.de');
  expect((await check('reset-password', invitation)).body.error).toBe('tokenInvalid');
});

test('a reset link says what the reset itself would answer: refused for a deactivated account or a newer password', async () => {
  const resetWith = (token: string) =>
    postJson(server, '/svc/auth/api/v1/reset-password', {
      token,
      password: 'New-password-2026',
      confirm_password: 'New-password-2026',
    });

  const deactivated = await resetToken('check-deactivated@example.de');
  await server.db.update(users).set({ status: 3 }).where(eq(users.email, 'check-deactivated@example.de'));
  const refused = await check('reset-password', deactivated);
  expect(refused.response.status).toBe(400);
  expect(refused.body).toMatchObject({ error: 'tokenInvalid', field: 'token' });
  expect((await resetWith(deactivated)).body).toMatchObject({ error: 'tokenInvalid', field: 'token' });

  const outdated = await resetToken('check-changed@example.de');
  await server.db
    .update(users)
    .set({ passwordChangedAt: new Date(Date.now() + 5000) })
    .where(eq(users.email, 'check-changed@example.de'));
  expect((await check('reset-password', outdated)).body.error).toBe('tokenInvalid');
  expect((await resetWith(outdated)).body.error).toBe('tokenInvalid');
});

test('an invitation checks out until it is used; then, or once the address has an account, it says so', async () => {
  const token = await invitationToken('check-invite@example.de');
  expect((await check('user-invite', token)).response.status).toBe(200);
  const registered = await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', {
    token,
    last_name: 'Nord',
    contact_number: '+49 40 123456',
    password: 'Lagerhalle-2026',
  });
  expect(registered.response.status).toBe(200);
  const used = await check('user-invite', token);
  expect(used.response.status).toBe(409);
  expect(used.body.error).toBe('tokenUsed');

  // Issued directly, so the address can get an account before the invitation is used.
  const { token: unused } = await issueToken(server.db, server.config.sessionSecret, {
    purpose: 'user-invitation',
    subject: 'check-invite@example.de',
    claims: { first_name: 'Ines', email: 'check-invite@example.de', company_name: 'Teile Nord GmbH' },
    ttlSeconds: 3600,
  });
  const exists = await check('user-invite', unused);
  expect(exists.response.status).toBe(409);
  expect(exists.body.error).toBe('accountExists');
});
