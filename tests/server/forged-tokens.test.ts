import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { users, workshopLeads } from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import { issueToken, type TokenPurpose } from '../../server/tokens';
import {
  assertFuzzed,
  expectCleanAnswer,
  FUZZ_RUNS,
  fuzzRunsEnded,
  fuzzTimeout,
  send,
  storedRowCounts,
} from '../support/fuzz';
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
 * Issue 7 §1: forged and mutated link tokens (JWT) — `alg: none`, flipped bytes, the wrong
 * purpose, expired, signed with another secret, another algorithm. Each is refused with a
 * translated 400, nothing is stored, and the real token still works afterwards, once.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());

type TokenUse = {
  purpose: TokenPurpose;
  /** Obtains a real token through the real flow (mail link). */
  issue: () => Promise<string>;
  use: (token: string) => Promise<Response>;
};

function post(path: string, body: Record<string, unknown>) {
  return send(server, { method: 'POST', path, body: JSON.stringify(body), language: 'en' });
}

const uses: Record<string, TokenUse> = {
  'password reset': {
    purpose: 'password-reset',
    issue: async () => {
      await server.db
        .insert(users)
        .values({
          email: 'reset@forged.de',
          passwordHash: await hashPassword('Old-password-2026'),
          firstName: 'R',
          lastName: 'R',
          status: 1,
        })
        .onConflictDoNothing();
      await postJson(server, '/svc/auth/api/v1/forgot-password', { email: 'reset@forged.de' });
      return tokenFromLink(await linkFromLatestMail(server, 'reset@forged.de', 'reset-password?token='));
    },
    use: (token) =>
      post('/svc/auth/api/v1/reset-password', {
        token,
        password: 'New-password-2026',
        confirm_password: 'New-password-2026',
      }),
  },
  'workshop invitation (read)': {
    purpose: 'workshop-invitation',
    issue: () => workshopInvitation('read@forged.de'),
    use: (token) =>
      send(server, {
        method: 'GET',
        path: `/svc/workshop/lead/invitation?token=${encodeURIComponent(token)}`,
        language: 'en',
      }),
  },
  'workshop invitation (account)': {
    purpose: 'workshop-invitation',
    issue: () => workshopInvitation('account@forged.de'),
    use: (token) => post('/svc/workshop/lead/account', { token, first_name: 'Anna', password: 'Radlager-2026' }),
  },
  'user invitation': {
    purpose: 'user-invitation',
    issue: async () => {
      await postJson(
        server,
        '/svc/auth/api/v1/users/invite',
        { first_name: 'Ines', email: 'invited@forged.de', company_name: 'Teile Nord GmbH' },
        { cookie: admin },
      );
      return tokenFromLink(await linkFromLatestMail(server, 'invited@forged.de', '/user-invite?token='));
    },
    use: (token) =>
      post('/svc/part-dealer/part-dealer/leads/user-register', {
        token,
        last_name: 'Nord',
        contact_number: '+49 40 123456',
        password: 'Lagerhalle-2026',
      }),
  },
};

async function workshopInvitation(email: string) {
  await postJson(server, '/svc/workshop/lead', {
    workshop_primary_email: email,
    workshop_account_name: 'Forged KFZ',
    recaptcha: await solvedCaptcha(server),
  });
  const [lead] = await server.db.select().from(workshopLeads).where(eq(workshopLeads.email, email));
  await postJson(server, `/svc/workshop/leads/${lead?.id}/approve`, {}, { cookie: admin });
  return tokenFromLink(await linkFromLatestMail(server, email, '/onboarding?token='));
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const otherPurpose: Record<TokenPurpose, TokenPurpose> = {
  'password-reset': 'user-invitation',
  'workshop-invitation': 'password-reset',
  'user-invitation': 'workshop-invitation',
  'dms-punch-in': 'user-invitation',
};

/** A quarter of the endpoints' runs per token use, at least 100. */
const tokenRuns = Math.max(100, Math.floor(FUZZ_RUNS / 4));
afterEach(() => fuzzRunsEnded());

describe.each(Object.entries(uses))('%s', (_name, tokenUse) => {
  test('forged tokens are refused, the real one still works once', { timeout: fuzzTimeout(tokenRuns) }, async ({
    signal,
  }) => {
    const real = await tokenUse.issue();
    const [, payload] = real.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    const forgeries: Record<string, string> = {
      'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg none, signature kept': `${base64url({ alg: 'none', typ: 'JWT' })}.${real.split('.').slice(1).join('.')}`,
      'claims changed, signature kept': `${real.split('.')[0]}.${base64url({ ...claims, sub: '1', email: ADMIN.email })}.${real.split('.')[2]}`,
      'signed with another secret': (
        await issueToken(server.db, 'another-secret-another-secret-another-secret', {
          purpose: tokenUse.purpose,
          subject: claims.sub,
          claims: { email: claims.email ?? '' },
          ttlSeconds: 3600,
        })
      ).token,
      'HS512 with a guessed key': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS512' })
        .sign(new TextEncoder().encode(server.config.sessionSecret.padEnd(64, 'x'))),
      'wrong purpose': (
        await issueToken(server.db, server.config.sessionSecret, {
          purpose: otherPurpose[tokenUse.purpose],
          subject: claims.sub,
          claims: { email: claims.email ?? '' },
          ttlSeconds: 3600,
        })
      ).token,
      expired: (
        await issueToken(server.db, server.config.sessionSecret, {
          purpose: tokenUse.purpose,
          subject: claims.sub,
          claims: { email: claims.email ?? '' },
          ttlSeconds: -60,
        })
      ).token,
      'not a JWT': 'x'.repeat(120),
    };
    const before = await storedRowCounts(server);
    for (const [kind, forged] of Object.entries(forgeries)) {
      const response = await tokenUse.use(forged);
      expect(response.status, kind).toBe(400);
      await expectCleanAnswer(response, 'en');
    }
    expect(await storedRowCounts(server)).toEqual(before);

    await assertFuzzed(
      signal,
      fc.asyncProperty(
        fc.nat({ max: real.length - 1 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'),
        async (position, replacement) => {
          // The last character of a base64url segment carries unused bits: changing only those
          // gives the same bytes, i.e. the same token written differently, not a forgery.
          const lastOfSegment = real[position + 1] === '.' || position === real.length - 1;
          fc.pre(real[position] !== replacement && !lastOfSegment && real[position] !== '.');
          const mutated = `${real.slice(0, position)}${replacement}${real.slice(position + 1)}`;
          const response = await tokenUse.use(mutated);
          expect(response.status).toBeGreaterThanOrEqual(400);
          await expectCleanAnswer(response, 'en');
        },
      ),
      tokenRuns,
    );
    expect(await storedRowCounts(server)).toEqual(before);

    const genuine = await tokenUse.use(real);
    expect(genuine.status).toBe(200);
  });
});
