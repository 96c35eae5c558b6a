import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { USER_ROLE, USER_STATUS } from '../../common/contracts/auth';
import type { PunchInCreated, PunchInRedeemed } from '../../common/contracts/punch-in';
import { auditEvents, oneTimeTokens, punchIns, users } from '../../server/db/schema';
import { deleteExpiredPunchIns } from '../../server/punch-ins';
import { callApi, createApiKey } from '../support/api-keys';
import { insertMember, MEMBER_PASSWORD } from '../support/organisations';
import { loginCookie, startTestServer, type TestServer } from '../support/test-server';
import { dealerWithUsers, send, type TestWorkshop, workshopWithDealers } from '../support/trade-inquiries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const RETURN_URL = 'https://dms.example.com/auftraege/4711?tab=teile';

function punchInBody(overrides: Record<string, unknown> = {}) {
  return {
    vehicle: { vin: 'wvw zzz 1kz aw000001', hsn: '', tsn: '', description: 'VW Golf VI' },
    lines: [
      { part_number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 2, note: 'Auftrag 4711' },
      { part_number: '', description: 'Bremsbeläge vorne', quantity: 1 },
    ],
    return_url: RETURN_URL,
    ...overrides,
  };
}

async function createPunchIn(server: TestServer, key: string, body: unknown = punchInBody()) {
  return callApi<PunchInCreated>(server, '/api/v1/punch-ins', key, { body, language: 'de' });
}

function tokenOf(url: string) {
  const token = new URL(url).searchParams.get('punchin');
  if (!token) throw new Error(`no punch-in token in ${url}`);
  return token;
}

function redeem(server: TestServer, workshop: Pick<TestWorkshop, 'cookie'>, token: string) {
  return send<PunchInRedeemed>(server, '/svc/workshop/punch-ins/redeem', workshop.cookie, { token });
}

async function storedPunchIns(server: TestServer, organisationId: number) {
  return server.db.select().from(punchIns).where(eq(punchIns.organisationId, organisationId));
}

describe('DMS punch-in (issue 15, ADR 034)', () => {
  test('a key creates a one-time URL; the payload stays on the server; the workshop redeems it once', async () => {
    const dealer = await dealerWithUsers(server, 'Teile Nord');
    const workshop = await workshopWithDealers(server, [dealer]);
    const key = await createApiKey(server, workshop.cookie, 'Werkstattplaner');
    const relationId = workshop.relations[0]?.id ?? 0;

    const created = await createPunchIn(server, key.secret, punchInBody({ recipient_relation_ids: [relationId] }));
    expect(created.response.status).toBe(200);
    const url = new URL(created.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.config.publicUrl}/inquiries/new`);
    expect([...url.searchParams.keys()]).toEqual(['punchin']);
    // Nothing of the inquiry travels in the link.
    const claims = JSON.parse(Buffer.from(tokenOf(url.href).split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(JSON.stringify(claims)).not.toMatch(/Bremsscheibe|WVW|dms\.example/);
    const lifetime = new Date(created.body.data.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
    expect(await storedPunchIns(server, workshop.organisation.id)).toHaveLength(1);

    const redeemed = await redeem(server, workshop, tokenOf(url.href));
    expect(redeemed.response.status).toBe(200);
    expect(redeemed.body.data).toEqual({
      vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI' },
      lines: [
        { part_number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 2, note: 'Auftrag 4711' },
        { part_number: '', description: 'Bremsbeläge vorne', quantity: 1, note: '' },
      ],
      recipient_relation_ids: [relationId],
      closes_in_minutes: null,
      return_url: RETURN_URL,
      source: 'Werkstattplaner',
    } satisfies PunchInRedeemed);

    const again = await redeem(server, workshop, tokenOf(url.href));
    expect(again.response.status).toBe(409);
    expect(again.body.error).toBe('punchInUsed');
    expect(again.body.message).toContain('bereits geöffnet');

    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `api-key:${key.key.id}`));
    expect(audited.map((event) => event.action)).toEqual(['api-key.created', 'punch-in.created', 'punch-in.redeemed']);
  });

  test('no key, a revoked key: 401, nothing stored', async () => {
    const workshop = await workshopWithDealers(server, []);
    const key = await createApiKey(server, workshop.cookie);
    const missing = await callApi(server, '/api/v1/punch-ins', null, { body: punchInBody() });
    expect(missing.response.status).toBe(401);
    expect(missing.body.error).toBe('apiKeyMissing');

    await send(server, `/svc/workshop/api-keys/${key.key.id}/revoke`, workshop.cookie, {});
    const revoked = await createPunchIn(server, key.secret);
    expect(revoked.response.status).toBe(401);
    expect(revoked.body.error).toBe('apiKeyInvalid');
    expect(await storedPunchIns(server, workshop.organisation.id)).toEqual([]);
  });

  test('a return URL off the registered origins, and a bad inquiry, are refused with a translated 400 and store nothing', async () => {
    const workshop = await workshopWithDealers(server, []);
    const other = await workshopWithDealers(server, [await dealerWithUsers(server, 'Fremd')]);
    const key = await createApiKey(server, workshop.cookie, 'DMS', [
      'https://dms.example.com',
      'http://localhost:5173',
    ]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ return_url: 'https://evil.example.com/back' }, 'punchInReturnUrlInvalid', 'return_url'],
      [{ return_url: 'https://dms.example.com:8443/back' }, 'punchInReturnUrlInvalid', 'return_url'],
      [{ return_url: 'http://dms.example.com/back' }, 'punchInReturnUrlInvalid', 'return_url'],
      [{ return_url: 'https://user:pw@dms.example.com/back' }, 'punchInReturnUrlInvalid', 'return_url'],
      [{ return_url: 'javascript:alert(1)' }, 'punchInReturnUrlInvalid', 'return_url'],
      [{ return_url: undefined }, 'invalidRequest', 'return_url'],
      [{ lines: [] }, 'linesRequired', 'lines'],
      [{ lines: [{ part_number: '', description: '', quantity: 1 }] }, 'lineNeedsPartOrDescription', 'lines'],
      [{ lines: [{ part_number: 'X', quantity: 0 }] }, 'quantityInvalid', 'lines'],
      [{ vehicle: { vin: 'WVWZZZ1KZAW00000I' } }, 'vinInvalid', 'vehicle'],
      [{ closes_in_minutes: 1 }, 'closingTimeInvalid', 'closes_in_minutes'],
      // Another workshop's relation is not one of this workshop's dealers.
      [{ recipient_relation_ids: [other.relations[0]?.id] }, 'recipientNotActive', 'recipient_relation_ids'],
    ];
    for (const [overrides, error, field] of cases) {
      const refused = await createPunchIn(server, key.secret, punchInBody(overrides));
      expect(refused.response.status, JSON.stringify(overrides)).toBe(400);
      expect(refused.body.error).toBe(error);
      expect(refused.body.field).toBe(field);
      expect(refused.body.message).toMatch(/[äöüß]|Bitte|muss|ungültig|Anfrage/i);
    }
    const english = await callApi(server, '/api/v1/punch-ins', key.secret, {
      body: punchInBody({ return_url: 'https://evil.example.com/' }),
      language: 'en',
    });
    expect(english.body.message).toContain('registered for this key');
    expect(await storedPunchIns(server, workshop.organisation.id)).toEqual([]);

    // A DMS under development may return to its localhost origin (the key module refuses such origins in production).
    expect(
      (await createPunchIn(server, key.secret, punchInBody({ return_url: 'http://localhost:5173/x' }))).response.status,
    ).toBe(200);
  });

  test("another workshop's user gets 404 and the link still works for its own workshop; without a session 401", async () => {
    const owner = await workshopWithDealers(server, []);
    const other = await workshopWithDealers(server, []);
    const key = await createApiKey(server, owner.cookie);
    const created = await createPunchIn(server, key.secret);
    const token = tokenOf(created.body.data.url);

    const foreign = await redeem(server, other, token);
    expect(foreign.response.status).toBe(404);
    expect(foreign.body.error).toBe('notFound');

    const anonymous = await redeem(server, { cookie: '' }, token);
    expect(anonymous.response.status).toBe(401);

    expect((await redeem(server, owner, token)).response.status).toBe(200);
  });

  test('two redeems at once: exactly one gets the inquiry, the other is told it was used', async () => {
    const workshop = await workshopWithDealers(server, []);
    const key = await createApiKey(server, workshop.cookie);
    const token = tokenOf((await createPunchIn(server, key.secret)).body.data.url);
    const answers = await Promise.all([redeem(server, workshop, token), redeem(server, workshop, token)]);
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.response.status === 409)?.body.error).toBe('punchInUsed');
  });

  test('a forged or cut token is refused as invalid; a revoked key ends its open links', async () => {
    const workshop = await workshopWithDealers(server, []);
    const key = await createApiKey(server, workshop.cookie);
    const token = tokenOf((await createPunchIn(server, key.secret)).body.data.url);
    const [header, , signature] = token.split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ sub: '1', jti: 'x', purpose: 'dms-punch-in' })).toString(
      'base64url',
    );
    for (const bad of [`${header}.${forgedClaims}.${signature}`, token.slice(0, -4), 'x'.repeat(30)]) {
      const refused = await redeem(server, workshop, bad);
      expect(refused.response.status).toBe(400);
      expect(refused.body.error).toBe('punchInInvalid');
    }

    await send(server, `/svc/workshop/api-keys/${key.key.id}/revoke`, workshop.cookie, {});
    const afterRevoke = await redeem(server, workshop, token);
    expect(afterRevoke.response.status).toBe(400);
    expect(afterRevoke.body.error).toBe('punchInInvalid');
  });

  test("a link whose key's creator was deactivated no longer opens, as the key no longer acts", async () => {
    const workshop = await workshopWithDealers(server, []);
    const colleague = await insertMember(server.db, workshop.organisation.id, {
      email: `kollege-${workshop.organisation.id}@werkstatt.de`,
      role: USER_ROLE.workshopUser,
    });
    const key = await createApiKey(server, await loginCookie(server, colleague.email, MEMBER_PASSWORD));
    const token = tokenOf((await createPunchIn(server, key.secret)).body.data.url);
    await server.db.update(users).set({ status: USER_STATUS.deactivated }).where(eq(users.id, colleague.id));
    const refused = await redeem(server, workshop, token);
    expect(refused.response.status).toBe(400);
    expect(refused.body.error).toBe('punchInInvalid');
  });

  test('an expired link is refused with its own message and stays unused', async () => {
    const shortLived = await startTestServer({ PUNCH_IN_TTL_SECONDS: '1' });
    try {
      const workshop = await workshopWithDealers(shortLived, []);
      const key = await createApiKey(shortLived, workshop.cookie);
      const token = tokenOf((await createPunchIn(shortLived, key.secret)).body.data.url);
      // The server runs in this process: its clock moves two seconds on, past the token's expiry
      // (whole seconds) whatever the start, instead of the test waiting for them. Timers stay real.
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(Date.now() + 2_000);
      const expired = await redeem(shortLived, workshop, token);
      expect(expired.response.status).toBe(400);
      expect(expired.body.error).toBe('punchInExpired');
      expect(expired.body.message).toContain('abgelaufen');
      const [stored] = await shortLived.db.select().from(punchIns).limit(1);
      const [record] = await shortLived.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.jti, stored?.jti ?? ''));
      expect(record?.usedAt).toBeNull();

      // Housekeeping drops the expired link's inquiry data; a link still open keeps its own.
      const open = tokenOf((await createPunchIn(shortLived, key.secret)).body.data.url);
      const [openRow] = await shortLived.db
        .select()
        .from(punchIns)
        .where(ne(punchIns.jti, stored?.jti ?? ''));
      const inAnHour = new Date(Date.now() + 3_600_000);
      await shortLived.db
        .update(oneTimeTokens)
        .set({ expiresAt: inAnHour })
        .where(eq(oneTimeTokens.jti, openRow?.jti ?? ''));
      await deleteExpiredPunchIns(shortLived.db);
      const left = await shortLived.db.select().from(punchIns);
      expect(open).not.toBe(token);
      expect(left.map((row) => row.jti)).toEqual([openRow?.jti]);
    } finally {
      vi.useRealTimers();
      await shortLived.stop();
    }
  });
});
