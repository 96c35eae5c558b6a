import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import { expectCleanAnswer, storedRowCounts } from '../support/fuzz';
import { postJson, sessionCookieFrom, startTestServer, type TestServer } from '../support/test-server';
import {
  dealerWithUsers,
  inquiryBody,
  inquiryCount,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';

/**
 * Issue 27 §5–§8, over real HTTP: what one caller can do to others. A JSON body nested deeper than
 * the portal's bound is a translated 400 (it overflowed the stack in the request guard: 500); wrong
 * passwords from one address no longer lock the account's owner out; the dev mailbox answers only
 * this machine; Unicode bidi controls in free text are refused by one shared rule.
 */
let server: TestServer;
let workshop: TestWorkshop;
let dealer: TestDealer;

beforeAll(async () => {
  // The test acts as a reverse proxy on this machine (ADR 032): X-Forwarded-For names the client.
  server = await startTestServer({
    TRADE_SWEEP_MS: '3600000',
    TRADE_MAIL_POLL_MS: '3600000',
    TRUSTED_PROXIES: '127.0.0.1',
  });
  dealer = await dealerWithUsers(server, 'Abwehr Teile');
  workshop = await workshopWithDealers(server, [dealer]);
});
afterAll(() => server.stop());

/** 15 000 nested arrays: 30 KB, under the body limit, far deeper than any contract. */
const deepArrays = `${'['.repeat(15_000)}${']'.repeat(15_000)}`;

describe('a JSON body nested 15 000 deep (issue 27 §6)', () => {
  test.each([
    ['login', '/svc/auth/api/v1/login', deepArrays],
    ['forgot-password', '/svc/auth/api/v1/forgot-password', `{"email":${deepArrays}}`],
  ])('%s answers a translated 400, never a 5xx', async (_name, pathname, body) => {
    for (const language of ['de', 'en'] as const) {
      const response = await fetch(server.url(pathname), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.origin, 'accept-language': language },
        body,
      });
      expect(response.status).toBe(400);
      await expectCleanAnswer(response, language);
    }
  });

  test('inquiries: a translated 400 and nothing stored', async () => {
    const before = await inquiryCount(server);
    const { response, body } = await postJson(
      server,
      '/svc/workshop/inquiries',
      `{"lines":${deepArrays},"recipient_relation_ids":[${workshop.relations[0]?.id}]}`,
      { cookie: workshop.cookie },
    );
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ code: 400, error: 'invalidRequest', message: 'Die Anfrage ist ungültig.' });
    expect(await inquiryCount(server)).toBe(before);
  });

  test('a valid inquiry still passes the guard and is stored', async () => {
    const { response } = await postJson(
      server,
      '/svc/workshop/inquiries',
      inquiryBody(workshop.relations.map((relation) => relation.id)),
      { cookie: workshop.cookie },
    );
    expect(response.status).toBe(200);
  });
});

describe('the dev mailbox answers only this machine (issue 27 §7)', () => {
  test('a loopback client reads it; a client the proxy names from elsewhere gets 404', async () => {
    const own = await fetch(server.url('/dev/mailbox'));
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('Dev mailbox');
    for (const pathname of ['/dev/mailbox', '/dev/mailbox/1']) {
      const remote = await fetch(server.url(pathname), { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(remote.status).toBe(404);
      expect(await remote.text()).not.toContain('Dev mailbox');
    }
    const forwardedLoopback = await fetch(server.url('/dev/mailbox'), { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forwardedLoopback.status).toBe(200);
  });
});

describe('wrong passwords for someone else’s e-mail (issue 27 §5)', () => {
  const email = 'ausgesperrt@werkstatt.de';
  const password = 'Richtiges-Passwort-2026';
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const login = (secret: string, address: string) =>
    postJson(server, '/svc/auth/api/v1/login', { email, password: secret }, from(address));

  beforeAll(async () => {
    await server.db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(password), firstName: 'A', lastName: 'B', status: 1 });
  });

  test('ten from one address stop that address, not the owner elsewhere, who is slowed down', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login('falsch', '198.51.100.66')).response.status).toBe(401);
    }
    // The guessing address is refused for this account, even with the right password …
    const guesser = await login(password, '198.51.100.66');
    expect(guesser.response.status).toBe(429);
    expect(Number(guesser.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(guesser.body).toMatchObject({ error: 'tooManyAttempts', message: expect.stringContaining('Zu viele') });
    // … while the owner, from another address, gets in: later than usual, but in.
    const slowedBefore = server.logLines.filter((line) => line.includes('"login.slowed"')).length;
    const owner = await login(password, '203.0.113.20');
    expect(owner.response.status).toBe(200);
    expect(sessionCookieFrom(owner.response)).toBeTruthy();
    const slowed = server.logLines.filter((line) => line.includes('"login.slowed"'));
    expect(slowed.length).toBe(slowedBefore + 1);
    expect(slowed.at(-1)).toMatch(/"delayMs":500\b/);
  });
});

describe('Unicode direction controls in free text (issue 27 §8)', () => {
  const relationIds = () => workshop.relations.map((relation) => relation.id);
  const lines = inquiryBody([]).lines;
  type Case = { pathname: string; caller: 'workshop' | 'dealer'; body: () => unknown; field: string };
  const cases: [string, Case][] = [
    [
      'the vehicle of an inquiry',
      {
        pathname: '/svc/workshop/inquiries',
        caller: 'workshop',
        body: () =>
          inquiryBody(relationIds(), {
            vehicle: { vin: '', hsn: '', tsn: '', description: 'VW Golf \u202Eetiesknil' },
          }),
        field: 'vehicle',
      },
    ],
    [
      'a line note of an inquiry',
      {
        pathname: '/svc/workshop/inquiries',
        caller: 'workshop',
        body: () => inquiryBody(relationIds(), { lines: [lines[0], { ...lines[1], note: 'mit \u2066Anzeige\u2069' }] }),
        field: 'lines',
      },
    ],
    [
      'an API key name',
      {
        pathname: '/svc/workshop/api-keys',
        caller: 'workshop',
        body: () => ({ name: 'Kasse \u202Dvorne', allowed_origins: [] }),
        field: 'name',
      },
    ],
    [
      'a colleague’s name',
      {
        pathname: '/svc/part-dealer/organisation/invitations',
        caller: 'dealer',
        body: () => ({ first_name: 'Jan\u202Ba', email: 'kollegin@abwehr-teile.de' }),
        field: 'first_name',
      },
    ],
  ];

  test.each(cases)(
    '%s is refused with the translated message, nothing stored',
    async (_name, { pathname, caller, body, field }) => {
      const { auditEvents: _auditBefore, ...before } = await storedRowCounts(server);
      const cookie = caller === 'workshop' ? workshop.cookie : dealer.cookie;
      for (const [language, message] of [
        ['de', 'Der Text enthält unsichtbare Steuerzeichen für die Schreibrichtung.'],
        ['en', 'The text contains invisible text-direction control characters.'],
      ] as const) {
        const { response, body: answer } = await postJson(server, pathname, body(), {
          cookie,
          'accept-language': language,
        });
        expect(response.status).toBe(400);
        expect(answer).toMatchObject({
          error: 'textDirectionControls',
          field,
          message: expect.stringContaining(message),
        });
      }
      const { auditEvents: _auditAfter, ...after } = await storedRowCounts(server);
      expect(after).toEqual(before);
    },
  );

  test('right-to-left letters and the implicit direction marks stay allowed', async () => {
    const { response } = await postJson(
      server,
      '/svc/workshop/api-keys',
      { name: 'מחסן \u200Fكراج', allowed_origins: [] },
      { cookie: workshop.cookie },
    );
    expect(response.status).toBe(200);
  });
});
