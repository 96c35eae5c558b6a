import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiKeySummary } from '../../common/contracts/api-keys';
import { API_KEY_REQUESTS } from '../../server/api-keys/middleware';
import { apiKeys, auditEvents, organisations, users } from '../../server/db/schema';
import { recordHit } from '../../server/rate-limit';
import { callApi, createApiKey } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/test-server';
import { getJson, send, workshopWithDealers } from '../support/trade-inquiries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('API keys (issue 15, ADR 031)', () => {
  test('a workshop creates a key: shown once, stored hashed, listed by prefix, audited', async () => {
    const workshop = await workshopWithDealers(server, []);
    const created = await createApiKey(server, workshop.cookie, 'Mein DMS', [
      'https://dms.example.com/',
      'http://localhost:5173',
    ]);
    expect(created.secret).toMatch(/^tp_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    expect(created.key.allowed_origins).toEqual(['https://dms.example.com', 'http://localhost:5173']);

    const [stored] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(14));

    const listed = await getJson<{ items: ApiKeySummary[] }>(server, '/svc/workshop/api-keys', workshop.cookie);
    expect(listed.body.data.items).toEqual([created.key]);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret.slice(14));

    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `api-key:${created.key.id}`));
    expect(audited.map((event) => event.action)).toEqual(['api-key.created']);
  });

  test('bad names and origins are refused with a translated message and store nothing', async () => {
    const workshop = await workshopWithDealers(server, []);
    const cases: [unknown, string][] = [
      [{ name: '  ', allowed_origins: [] }, 'apiKeyNameRequired'],
      [{ name: 'x', allowed_origins: ['http://dms.example.com'] }, 'apiKeyOriginInvalid'],
      [{ name: 'x', allowed_origins: ['https://dms.example.com/path'] }, 'apiKeyOriginInvalid'],
      [{ name: 'x', allowed_origins: ['javascript:alert(1)'] }, 'apiKeyOriginInvalid'],
      [{ name: 'x', allowed_origins: 'https://dms.example.com' }, 'apiKeyOriginInvalid'],
    ];
    for (const [body, error] of cases) {
      const refused = await send(server, '/svc/workshop/api-keys', workshop.cookie, body);
      expect(refused.response.status).toBe(400);
      expect(refused.body.error).toBe(error);
      expect(refused.body.message).toMatch(/Schlüssel|Ursprünge/);
    }
    const stored = await server.db.select().from(apiKeys).where(eq(apiKeys.organisationId, workshop.organisation.id));
    expect(stored).toEqual([]);
  });

  test('GET /api/v1/me: a valid key answers with its workshop; no, malformed, unknown and revoked keys get 401', async () => {
    const workshop = await workshopWithDealers(server, []);
    const created = await createApiKey(server, workshop.cookie);

    const holder = await callApi<{ workshop: { id: number } }>(server, '/api/v1/me', created.secret);
    expect(holder.response.status).toBe(200);
    expect(holder.body.data.workshop.id).toBe(workshop.organisation.id);

    const missing = await callApi(server, '/api/v1/me', null, { language: 'de' });
    expect(missing.response.status).toBe(401);
    expect(missing.response.headers.get('www-authenticate')).toBe('Bearer');
    expect(missing.body).toMatchObject({ code: 401, data: null, error: 'apiKeyMissing' });
    expect(missing.body.message).toContain('API-Schlüssel');

    for (const key of [
      'nonsense',
      `${created.secret}x`,
      created.secret.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
    ]) {
      const refused = await callApi(server, '/api/v1/me', key);
      expect(refused.response.status).toBe(401);
      expect(refused.body.error).toBe('apiKeyInvalid');
    }

    const revoked = await send<ApiKeySummary>(
      server,
      `/svc/workshop/api-keys/${created.key.id}/revoke`,
      workshop.cookie,
      {},
    );
    expect(revoked.response.status).toBe(200);
    expect(revoked.body.data.revoked_at).not.toBeNull();
    const afterRevoke = await callApi(server, '/api/v1/me', created.secret);
    expect(afterRevoke.response.status).toBe(401);
    expect(afterRevoke.body.error).toBe('apiKeyInvalid');
  });

  test("another workshop cannot list or revoke this workshop's key (404)", async () => {
    const owner = await workshopWithDealers(server, []);
    const other = await workshopWithDealers(server, []);
    const created = await createApiKey(server, owner.cookie);
    const revoke = await send(server, `/svc/workshop/api-keys/${created.key.id}/revoke`, other.cookie, {});
    expect(revoke.response.status).toBe(404);
    const listed = await getJson<{ items: ApiKeySummary[] }>(server, '/svc/workshop/api-keys', other.cookie);
    expect(listed.body.data.items).toEqual([]);
    expect((await callApi(server, '/api/v1/me', created.secret)).response.status).toBe(200);
  });

  test('a deactivated workshop or key creator ends the key', async () => {
    const workshop = await workshopWithDealers(server, []);
    const created = await createApiKey(server, workshop.cookie);
    await server.db
      .update(organisations)
      .set({ deactivatedAt: new Date() })
      .where(eq(organisations.id, workshop.organisation.id));
    const deactivated = await callApi(server, '/api/v1/me', created.secret);
    expect(deactivated.response.status).toBe(403);
    expect(deactivated.body.error).toBe('organisationDeactivated');

    const second = await workshopWithDealers(server, []);
    const secondKey = await createApiKey(server, second.cookie);
    await server.db.update(users).set({ status: 3 }).where(eq(users.id, second.owner.id));
    expect((await callApi(server, '/api/v1/me', secondKey.secret)).response.status).toBe(401);
  });

  test('each key has its own rate limit: 429 with Retry-After once the window is full', async () => {
    const workshop = await workshopWithDealers(server, []);
    const limited = await createApiKey(server, workshop.cookie, 'busy');
    const calm = await createApiKey(server, workshop.cookie, 'calm');
    for (let hit = 0; hit < API_KEY_REQUESTS.limit; hit++) {
      await recordHit(server.db, API_KEY_REQUESTS, String(limited.key.id));
    }
    const refused = await callApi(server, '/api/v1/me', limited.secret, { language: 'de' });
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.error).toBe('tooManyAttempts');
    expect(refused.body.message).toContain('Zu viele');
    expect((await callApi(server, '/api/v1/me', calm.secret)).response.status).toBe(200);
  });
});
