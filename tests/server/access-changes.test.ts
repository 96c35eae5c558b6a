import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiKeys, organisations, sessions, users } from '../../server/db/schema';
import type { AccessChange } from '../../server/http/access-changes';
import { hashOpaqueValue } from '../../server/http/opaque-cookie';
import { insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let heard: AccessChange[] = [];
beforeAll(async () => {
  server = await startTestServer();
  server.accessChanges.subscribe((change) => heard.push(change));
});
afterAll(() => server.stop());

/** Waits until the change has been announced (notifications arrive after the commit, asynchronously). */
async function announced(expected: AccessChange) {
  await expect.poll(() => heard, { timeout: 30_000 }).toContainEqual(expected);
}

test('a logout announces the ended session, and only that session', async () => {
  await insertWorkshop(server.db, { name: 'Werkstatt Ende', ownerEmail: 'ende@werkstatt.test' });
  const cookie = await loginCookie(server, 'ende@werkstatt.test', MEMBER_PASSWORD);
  const idHash = hashOpaqueValue(cookie.slice(cookie.indexOf('=') + 1));
  heard = [];
  const { response } = await postJson(server, '/svc/auth/api/v1/logout', {}, { cookie });
  expect(response.status).toBe(200);
  await announced({ kind: 'session', idHash });
  expect(heard.filter((change) => change.kind === 'session')).toEqual([{ kind: 'session', idHash }]);
});

test('a changed user, organisation or key power (not a key’s last use) is announced; a rolled-back change is not', async () => {
  const { organisation: workshop, owner: member } = await insertWorkshop(server.db, {
    name: 'Werkstatt Wechsel',
    ownerEmail: 'wechsel@werkstatt.test',
  });
  const [key] = await server.db
    .insert(apiKeys)
    .values({
      organisationId: workshop.id,
      name: 'DMS',
      prefix: 'tpk_accesstest',
      secretHash: 'x'.repeat(64),
      createdBy: member.id,
    })
    .returning();
  if (!key) throw new Error('no key');
  heard = [];

  await server.db
    .transaction(async (tx) => {
      await tx.update(users).set({ status: 3 }).where(eq(users.id, member.id));
      tx.rollback();
    })
    .catch(() => undefined);
  await server.db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, key.id));
  await server.db.update(users).set({ firstName: 'Moritz' }).where(eq(users.id, member.id));
  await announced({ kind: 'user', id: member.id });
  // Everything before the name change was announced before it, had it been announced at all.
  expect(heard).toEqual([{ kind: 'user', id: member.id }]);

  await server.db.update(organisations).set({ deactivatedAt: new Date() }).where(eq(organisations.id, workshop.id));
  await announced({ kind: 'organisation', id: workshop.id });
  await server.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
  await announced({ kind: 'apiKey', id: key.id });
});

test('every session of a deactivated user is announced as ended', async () => {
  const { owner: member } = await insertWorkshop(server.db, {
    name: 'Werkstatt Sitzungen',
    ownerEmail: 'sitzungen@werkstatt.test',
  });
  const cookies = [
    await loginCookie(server, 'sitzungen@werkstatt.test', MEMBER_PASSWORD),
    await loginCookie(server, 'sitzungen@werkstatt.test', MEMBER_PASSWORD),
  ];
  heard = [];
  await server.db.delete(sessions).where(eq(sessions.userId, member.id));
  for (const cookie of cookies) {
    await announced({ kind: 'session', idHash: hashOpaqueValue(cookie.slice(cookie.indexOf('=') + 1)) });
  }
});
