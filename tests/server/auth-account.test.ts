import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { USER_STATUS } from '../../common/contracts/auth';
import { auditEvents, oneTimeTokens, outbox, sessions, users } from '../../server/db/schema';
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

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://portal.example.de' });
});
afterAll(() => server.stop());

const signUpForm = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Kfz-Technik Schulz',
  first_name: 'Jana',
  last_name: 'Schulz',
  email: 'jana@schulz-kfz.de',
  contact_number: '+49 30 1234567',
  postal_code: '10115',
  password: 'Bremsscheibe-2026',
  confirm_password: 'Bremsscheibe-2026',
  terms_accepted: true,
  ...overrides,
});

async function activeUser(email: string, password: string) {
  await server.db.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Tom',
    lastName: 'Test',
    status: 1,
    services: ['WORKSHOP'],
  });
}

describe('sign-up', () => {
  test('creates a pending workshop user, mails the registrant and the admins', async () => {
    const { response, body } = await postJson(
      server,
      '/svc/auth/api/v1/sign-up',
      signUpForm({ role: 'system_admin', status: 1 }),
    );
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      code: 200,
      data: { email: 'jana@schulz-kfz.de', status: 2 },
      message: expect.stringContaining('Vielen Dank'),
    });
    const [row] = await server.db.select().from(users).where(eq(users.email, 'jana@schulz-kfz.de'));
    expect(row).toMatchObject({
      role: 'user',
      status: 2,
      services: ['WORKSHOP'],
      companyName: 'Kfz-Technik Schulz',
      postalCode: '10115',
      locale: 'de',
    });
    const mails = await server.db.select().from(outbox);
    expect(mails.some((mail) => mail.recipient === 'jana@schulz-kfz.de' && mail.kind === 'sign-up-received')).toBe(
      true,
    );
    expect(mails.some((mail) => mail.recipient === ADMIN.email && mail.kind === 'account-awaits-review')).toBe(true);
  });

  test('a second sign-up with the same e-mail answers the same, creates nothing and tells the owner', async () => {
    const before = await server.db.select().from(users);
    const { response, body } = await postJson(
      server,
      '/svc/auth/api/v1/sign-up',
      signUpForm({ first_name: 'Mallory', email: 'JANA@schulz-kfz.de' }),
    );
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({ status: 2 });
    expect(await server.db.select().from(users)).toHaveLength(before.length);
    const notices = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, 'jana@schulz-kfz.de'), eq(outbox.kind, 'sign-up-duplicate')));
    expect(notices).toHaveLength(1);
  });

  test.each([
    [{ company_name: ' ' }, 'company_name', 'Firmenname ist erforderlich'],
    [{ first_name: '' }, 'first_name', 'Vorname ist erforderlich'],
    [{ last_name: undefined }, 'last_name', 'Nachname ist erforderlich'],
    [{ email: 'jana@' }, 'email', 'E-Mail ist ungültig'],
    [{ contact_number: '12ab' }, 'contact_number', 'Ungültige Telefonnummer'],
    [{ postal_code: '1011' + 'x' }, 'postal_code', 'Ungültige Postleitzahl'],
    [{ password: 'short', confirm_password: 'short' }, 'password', 'Passwort sollte mindestens 8 Zeichen lang sein'],
    [{ confirm_password: 'Bremsscheibe-2027' }, 'confirm_password', 'Passwörter stimmen nicht überein'],
    [{ confirm_password: '' }, 'confirm_password', 'Bitte Passwort bestätigen'],
    [
      { terms_accepted: false },
      'terms_accepted',
      'Bitte akzeptieren Sie die Nutzungsbedingungen und die Datenschutzerklärung',
    ],
    [
      { password: 'password123', confirm_password: 'password123' },
      'password',
      'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
    ],
    [{ company_name: 'x'.repeat(121) }, 'company_name', 'Dieser Eintrag ist zu lang'],
  ])('%j is refused on %s', async (change, field, message) => {
    const { response, body } = await postJson(
      server,
      '/svc/auth/api/v1/sign-up',
      signUpForm({ email: `bad-${field}@example.de`, ...change }),
    );
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ field, message });
    expect(
      await server.db
        .select()
        .from(users)
        .where(eq(users.email, `bad-${field}@example.de`)),
    ).toHaveLength(0);
  });
});

describe('forgot and reset password', () => {
  test('known and unknown e-mails get the same answer; only the known one gets a mail, linked to PUBLIC_URL', async () => {
    await activeUser('reset-me@example.de', 'Old-password-2026');
    const known = await postJson(
      server,
      '/svc/auth/api/v1/forgot-password',
      { email: 'reset-me@example.de' },
      { host: 'evil.example' },
    );
    const unknown = await postJson(server, '/svc/auth/api/v1/forgot-password', { email: 'nobody-here@example.de' });
    expect(known.response.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(
      'Wenn ein Konto mit dieser E-Mail-Adresse verknüpft ist, haben wir einen Link zum Zurücksetzen gesendet.',
    );
    const link = await linkFromLatestMail(server, 'reset-me@example.de', 'reset-password?token=');
    expect(link.startsWith('https://portal.example.de/reset-password?token=')).toBe(true);
    expect(await server.db.select().from(outbox).where(eq(outbox.recipient, 'nobody-here@example.de'))).toHaveLength(0);
  });

  test('a reset sets the new password, ends every session, mails a notice, and the link works once', async () => {
    await activeUser('once@example.de', 'Old-password-2026');
    const oldSession = await loginCookie(server, 'once@example.de', 'Old-password-2026');
    await postJson(server, '/svc/auth/api/v1/forgot-password', { email: 'once@example.de' });
    const token = tokenFromLink(await linkFromLatestMail(server, 'once@example.de', 'reset-password?token='));
    const reset = await postJson(server, '/svc/auth/api/v1/reset-password', {
      token,
      password: 'New-password-2026',
      confirm_password: 'New-password-2026',
    });
    expect(reset.response.status).toBe(200);
    expect(reset.body.message).toBe('Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt anmelden.');
    expect((await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie: oldSession } })).status).toBe(401);
    expect(
      (await postJson(server, '/svc/auth/api/v1/login', { email: 'once@example.de', password: 'Old-password-2026' }))
        .response.status,
    ).toBe(401);
    await loginCookie(server, 'once@example.de', 'New-password-2026');
    expect(
      await server.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, 'once@example.de'), eq(outbox.kind, 'password-changed'))),
    ).toHaveLength(1);
    const again = await postJson(server, '/svc/auth/api/v1/reset-password', {
      token,
      password: 'Other-password-2026',
      confirm_password: 'Other-password-2026',
    });
    expect(again.response.status).toBe(409);
    expect(again.body.message).toBe('Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen an.');
  });

  test('a newer request invalidates the older link', async () => {
    await activeUser('twice@example.de', 'Old-password-2026');
    await postJson(server, '/svc/auth/api/v1/forgot-password', { email: 'twice@example.de' });
    const first = tokenFromLink(await linkFromLatestMail(server, 'twice@example.de', 'reset-password?token='));
    await postJson(server, '/svc/auth/api/v1/forgot-password', { email: 'twice@example.de' });
    const second = tokenFromLink(await linkFromLatestMail(server, 'twice@example.de', 'reset-password?token='));
    expect(second).not.toBe(first);
    const stale = await postJson(server, '/svc/auth/api/v1/reset-password', {
      token: first,
      password: 'New-password-2026',
      confirm_password: 'New-password-2026',
    });
    expect(stale.response.status).toBe(400);
    expect(stale.body.error).toBe('tokenInvalid');
    const fresh = await postJson(server, '/svc/auth/api/v1/reset-password', {
      token: second,
      password: 'New-password-2026',
      confirm_password: 'New-password-2026',
    });
    expect(fresh.response.status).toBe(200);
  });

  test('an expired, forged or mistyped token is refused with a clear message and changes nothing', async () => {
    await activeUser('forged@example.de', 'Old-password-2026');
    const [user] = await server.db.select().from(users).where(eq(users.email, 'forged@example.de'));
    const subject = String(user?.id);
    const expired = await issueToken(server.db, server.config.sessionSecret, {
      purpose: 'password-reset',
      subject,
      claims: { email: 'forged@example.de' },
      ttlSeconds: -10,
    });
    const otherSecret = await new SignJWT({ purpose: 'password-reset', email: 'forged@example.de' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setJti('x-jti')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-completely-different-secret-0123456789'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ purpose: 'password-reset', sub: subject, jti: 'y', exp: 9_999_999_999 })).toString('base64url')}.`;
    const invitation = await issueToken(server.db, server.config.sessionSecret, {
      purpose: 'user-invitation',
      subject,
      claims: { email: 'forged@example.de' },
      ttlSeconds: 600,
    });
    const cases: [string, string][] = [
      [expired.token, 'tokenExpired'],
      [otherSecret, 'tokenInvalid'],
      [unsigned, 'tokenInvalid'],
      [invitation.token, 'tokenInvalid'],
      [`${expired.token.slice(0, -4)}AAAA`, 'tokenInvalid'],
      ['not-a-token-at-all-but-long-enough', 'tokenInvalid'],
    ];
    for (const [token, error] of cases) {
      const { response, body } = await postJson(server, '/svc/auth/api/v1/reset-password', {
        token,
        password: 'New-password-2026',
        confirm_password: 'New-password-2026',
      });
      expect(response.status, token.slice(0, 30)).toBe(400);
      expect(body.error).toBe(error);
    }
    await loginCookie(server, 'forged@example.de', 'Old-password-2026');
  });

  test('a deactivated account gets no reset mail', async () => {
    await server.db
      .insert(users)
      .values({ email: 'off@example.de', passwordHash: 'x', firstName: 'O', lastName: 'O', status: 3 });
    await postJson(server, '/svc/auth/api/v1/forgot-password', { email: 'off@example.de' });
    expect(
      await server.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.purpose, 'password-reset')),
    ).not.toContainEqual(expect.objectContaining({ subject: 'off' }));
    expect(await server.db.select().from(outbox).where(eq(outbox.recipient, 'off@example.de'))).toHaveLength(0);
  });

  test('forgot-password is throttled per e-mail, for unknown addresses too', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push(
        (await postJson(server, '/svc/auth/api/v1/forgot-password', { email: 'hammer@example.de' })).response.status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('signed-in password change', () => {
  test('needs a session', async () => {
    const { response } = await postJson(server, '/svc/auth/api/v1/new-user/reset-password', {
      current_password: 'x',
      password: 'New-password-2026',
      confirm_password: 'New-password-2026',
    });
    expect(response.status).toBe(401);
  });

  test('needs the right current password', async () => {
    await activeUser('change@example.de', 'Old-password-2026');
    const cookie = await loginCookie(server, 'change@example.de', 'Old-password-2026');
    const { response, body } = await postJson(
      server,
      '/svc/auth/api/v1/new-user/reset-password',
      { current_password: 'wrong-one', password: 'New-password-2026', confirm_password: 'New-password-2026' },
      { cookie },
    );
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ field: 'current_password', message: 'Das aktuelle Passwort ist falsch' });
  });

  test('changes the password, keeps this session and ends the others', async () => {
    await activeUser('change2@example.de', 'Old-password-2026');
    const here = await loginCookie(server, 'change2@example.de', 'Old-password-2026');
    const elsewhere = await loginCookie(server, 'change2@example.de', 'Old-password-2026');
    const { response, body } = await postJson(
      server,
      '/svc/auth/api/v1/new-user/reset-password',
      { current_password: 'Old-password-2026', password: 'New-password-2026', confirm_password: 'New-password-2026' },
      { cookie: here },
    );
    expect(response.status).toBe(200);
    expect(body.message).toBe('Ihr Passwort wurde geändert.');
    expect((await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie: here } })).status).toBe(200);
    expect((await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie: elsewhere } })).status).toBe(401);
  });
});

describe('admin user management', () => {
  test('anonymous callers get 401 and workshop users 403, whatever they claim', async () => {
    expect((await fetch(server.url('/svc/auth/api/v1/users/list'))).status).toBe(401);
    await activeUser('plain@example.de', 'Plain-password-2026');
    const cookie = await loginCookie(server, 'plain@example.de', 'Plain-password-2026');
    const list = await fetch(server.url('/svc/auth/api/v1/users/list'), {
      headers: { cookie, 'x-role': 'system_admin' },
    });
    expect(list.status).toBe(403);
    const change = await postJson(server, '/svc/auth/api/v1/users/1/status', { status: 3 }, { cookie });
    expect(change.response.status).toBe(403);
  });

  test('lists 20 per page, newest first, with search and status filter', async () => {
    const admin = await loginCookie(server, ADMIN.email, ADMIN.password);
    await server.db.insert(users).values(
      Array.from({ length: 25 }, (_, index) => ({
        email: `bulk${index}@werkstatt.de`,
        passwordHash: 'x',
        firstName: `Bulk${index}`,
        lastName: 'Werkstatt',
        status: USER_STATUS.pendingVerification,
      })),
    );
    const first = (await (
      await fetch(server.url('/svc/auth/api/v1/users/list?search=werkstatt.de'), { headers: { cookie: admin } })
    ).json()) as {
      data: { items: { email: string }[]; total: number; page_size: number };
    };
    expect(first.data).toMatchObject({ total: 25, page_size: 20 });
    expect(first.data.items).toHaveLength(20);
    const second = (await (
      await fetch(server.url('/svc/auth/api/v1/users/list?search=werkstatt.de&page=2'), { headers: { cookie: admin } })
    ).json()) as { data: { items: unknown[] } };
    expect(second.data.items).toHaveLength(5);
    const pending = (await (
      await fetch(server.url('/svc/auth/api/v1/users/list?status=2&search=Bulk1'), { headers: { cookie: admin } })
    ).json()) as { data: { total: number } };
    expect(pending.data.total).toBe(11);
    const wildcard = (await (
      await fetch(server.url('/svc/auth/api/v1/users/list?search=%25'), { headers: { cookie: admin } })
    ).json()) as { data: { total: number } };
    expect(wildcard.data.total).toBe(0);
    expect((await fetch(server.url('/svc/auth/api/v1/users/list?page=0'), { headers: { cookie: admin } })).status).toBe(
      400,
    );
    expect(
      (await fetch(server.url('/svc/auth/api/v1/users/list?status=9'), { headers: { cookie: admin } })).status,
    ).toBe(400);
  });

  test('activating a pending account mails the user and is audited; deactivating ends its sessions', async () => {
    const admin = await loginCookie(server, ADMIN.email, ADMIN.password);
    await server.db.insert(users).values({
      email: 'verify-me@example.de',
      passwordHash: await hashPassword('Verify-password-2026'),
      firstName: 'Vera',
      lastName: 'V',
      status: 2,
    });
    const [pending] = await server.db.select().from(users).where(eq(users.email, 'verify-me@example.de'));
    const activated = await postJson(
      server,
      `/svc/auth/api/v1/users/${pending?.id}/status`,
      { status: 1 },
      { cookie: admin },
    );
    expect(activated.body).toMatchObject({ code: 200, data: { status: 1 }, message: 'Das Konto ist freigeschaltet.' });
    expect(
      await server.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, 'verify-me@example.de'), eq(outbox.kind, 'account-activated'))),
    ).toHaveLength(1);
    const userCookie = await loginCookie(server, 'verify-me@example.de', 'Verify-password-2026');
    await postJson(server, `/svc/auth/api/v1/users/${pending?.id}/status`, { status: 3 }, { cookie: admin });
    expect((await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie: userCookie } })).status).toBe(401);
    expect(
      await server.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, pending?.id ?? -1)),
    ).toHaveLength(0);
    const trail = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `user:${pending?.id}`));
    expect(trail.map((event) => event.action)).toEqual(expect.arrayContaining(['user.activated', 'user.deactivated']));
  });

  test('status 2 cannot be set, an admin cannot change their own account, unknown ids are 404', async () => {
    const admin = await loginCookie(server, ADMIN.email, ADMIN.password);
    expect(
      (await postJson(server, '/svc/auth/api/v1/users/2/status', { status: 2 }, { cookie: admin })).response.status,
    ).toBe(400);
    expect(
      (await postJson(server, '/svc/auth/api/v1/users/1/status', { status: 3 }, { cookie: admin })).body.error,
    ).toBe('cannotChangeOwnStatus');
    expect(
      (await postJson(server, '/svc/auth/api/v1/users/999999/status', { status: 1 }, { cookie: admin })).response
        .status,
    ).toBe(404);
  });
});
