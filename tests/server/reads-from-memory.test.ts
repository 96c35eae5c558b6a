import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { USER_ROLE, USER_STATUS } from '../../common/contracts/auth';
import type { InquiryDetail, OrderDetail } from '../../common/contracts/trading';
import { openDatabase } from '../../server/db/database';
import { organisations, users } from '../../server/db/schema';
import { closeDueInquiries } from '../../server/trade/closing-sweeper';
import { copyPgliteTemplate } from '../support/database-templates';
import { insertMember, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { startTcpProxy } from '../support/tcp-proxy';
import { ADMIN, loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  dealerView,
  dealerWithUsers,
  getJson,
  inquiryBody,
  send,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';

/**
 * ADR 048: sessions and the trade lists' first pages are answered from memory, and still a
 * logout, a deactivation, a role change or an organisation's deactivation bites on the very next
 * request in the process that made it, and every trade write shows in every list at once, for the
 * writer and for anyone else of either organisation.
 */
let server: TestServer;
let adminCookie = '';
beforeAll(async () => {
  server = await startTestServer();
  adminCookie = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());
afterEach(() => {
  vi.useRealTimers();
});

const sessionRead = (cookie: string) =>
  fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie } }).then((response) => response.status);

/** A signed-in workshop owner whose session is in the cache (read twice). */
async function cachedWorkshopOwner(name: string) {
  const ownerEmail = `${name.toLowerCase()}@werkstatt.test`;
  const created = await insertWorkshop(server.db, { name: `Werkstatt ${name}`, ownerEmail });
  const cookie = await loginCookie(server, ownerEmail, MEMBER_PASSWORD);
  expect(await sessionRead(cookie)).toBe(200);
  expect(await sessionRead(cookie)).toBe(200);
  return { ...created, cookie };
}

describe('sessions held in memory', () => {
  test('the cache holds the session, and a logout bites on the very next request', async () => {
    const { cookie } = await cachedWorkshopOwner('Abmeldung');
    expect(server.readCaches.sessions.size()).toBeGreaterThan(0);
    const { response } = await postJson(server, '/svc/auth/api/v1/logout', {}, { cookie });
    expect(response.status).toBe(200);
    expect(await sessionRead(cookie)).toBe(401);
  });

  test('a deactivation by the administrator bites on the member’s very next request', async () => {
    const { owner, cookie } = await cachedWorkshopOwner('Deaktiviert');
    const { response } = await postJson(
      server,
      `/svc/auth/api/v1/users/${owner.id}/status`,
      { status: USER_STATUS.deactivated },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(200);
    expect(await sessionRead(cookie)).toBe(401);
  });

  test('an organisation’s deactivation bites on its members’ very next request', async () => {
    const { workshop, cookie } = await cachedWorkshopOwner('Stillgelegt');
    const { response } = await postJson(
      server,
      `/svc/auth/api/v1/organisations/${workshop.id}/deactivate`,
      {},
      { cookie: adminCookie },
    );
    expect(response.status).toBe(200);
    expect(await sessionRead(cookie)).toBe(401);
  });

  test('a role change bites on the very next request', async () => {
    const { cookie } = await cachedWorkshopOwner('Rolle');
    const orders = () =>
      fetch(server.url('/svc/workshop/orders'), { headers: { cookie } }).then((response) => response.status);
    expect(await orders()).toBe(200);
    const workshopOwner = await server.db.query.users.findFirst({ where: eq(users.email, 'rolle@werkstatt.test') });
    // No screen turns a workshop member into another role; what the database announces is the same.
    await server.db
      .update(users)
      .set({ role: 'user' })
      .where(eq(users.id, workshopOwner?.id ?? 0));
    await expect.poll(orders, { timeout: 30_000 }).toBe(403);
  });

  test('a change written by another process is heard: a deactivation straight in the database', async () => {
    const { owner, cookie } = await cachedWorkshopOwner('Anderswo');
    await server.db.update(users).set({ status: USER_STATUS.deactivated }).where(eq(users.id, owner.id));
    await expect.poll(() => sessionRead(cookie), { timeout: 30_000 }).toBe(401);
    const { workshop, cookie: second } = await cachedWorkshopOwner('Anderswo2');
    await server.db.update(organisations).set({ deactivatedAt: new Date() }).where(eq(organisations.id, workshop.id));
    await expect.poll(() => sessionRead(second), { timeout: 30_000 }).toBe(401);
  });

  test('a session held in memory still expires', async () => {
    const { cookie } = await cachedWorkshopOwner('Ablauf');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 13 * 3600 * 1000 });
    expect(await sessionRead(cookie)).toBe(401);
  });
});

describe('while the database works through a queue', () => {
  test('a session read from memory is answered before the queue has drained: queries leave the event loop its turns', async () => {
    // Issue 27: PGlite ran queued queries one after the other without the event loop turning
    // in between, so a request that needs no query at all waited for the whole queue.
    const { cookie } = await cachedWorkshopOwner('Warteschlange');
    const queued = 60;
    let done = 0;
    const queue = Array.from({ length: queued }, () =>
      server.db.execute(sql`select count(*) from generate_series(1, 200000) as n where n % 7 = 3`).then(() => {
        done += 1;
      }),
    );
    const status = await sessionRead(cookie);
    const doneWhenAnswered = done;
    await Promise.all(queue);
    expect(status).toBe(200);
    expect(doneWhenAnswered).toBeLessThan(queued);
  });

  const slowQuery = sql`select count(*) from generate_series(1, 100000) as n where n % 7 = 3`;

  test.skipIf(Boolean(process.env.DATABASE_URL))(
    'background work waits while people’s queries are queued, though it asked first (PGlite)',
    async () => {
      // A database of its own whose background work never counts as late here, so the order
      // below does not depend on how fast a busy machine answers twelve queries.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-background-'));
      copyPgliteTemplate(dataDir);
      const database = await openDatabase({ databaseUrl: null, dataDir, backgroundMaxWaitMs: 600_000 });
      try {
        const finished: string[] = [];
        const backgroundQuery = database.backgroundDb.execute(slowQuery).then(() => finished.push('background query'));
        const backgroundTransaction = database.backgroundDb
          .transaction(async (tx) => {
            await tx.execute(slowQuery);
            await tx.execute(slowQuery);
          })
          .then(() => finished.push('background transaction'));
        const people = Array.from({ length: 12 }, (_, index) =>
          database.db.execute(slowQuery).then(() => finished.push(`person ${index}`)),
        );
        await Promise.all([backgroundQuery, backgroundTransaction, ...people]);
        expect(finished).toEqual([
          ...Array.from({ length: 12 }, (_, index) => `person ${index}`),
          'background query',
          'background transaction',
        ]);
      } finally {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  test('background work still gets its turn while people’s queries never stop coming, one late piece at a time', async () => {
    const finished: string[] = [];
    const backgroundPieces = 3;
    const background = Array.from({ length: backgroundPieces }, (_, index) =>
      server.backgroundDb.execute(sql`select ${index}::int`).then(() => finished.push('background')),
    );
    const backgroundDone = () => finished.filter((name) => name === 'background').length === backgroundPieces;
    // Two people, each sending the next query as soon as the last is answered: the queue is never empty.
    let peopleQueries = 0;
    const person = async () => {
      while (!backgroundDone() && peopleQueries < 5000) {
        await server.db.execute(slowQuery);
        peopleQueries += 1;
        finished.push('person');
      }
    };
    await Promise.all([person(), person(), ...background]);
    expect(backgroundDone()).toBe(true);
    expect(peopleQueries).toBeLessThan(5000);
    if (process.env.DATABASE_URL) return;
    // On PGlite the late pieces went one at a time, with people's queries between them, not in a burst.
    const firstBackground = finished.indexOf('background');
    const between = finished.slice(firstBackground).join(' ').split('background').slice(1, -1);
    expect(between).toHaveLength(backgroundPieces - 1);
    for (const gap of between) expect(gap).toContain('person');
  });
});

describe('list pages held in memory', () => {
  let dealer: TestDealer;
  let workshop: TestWorkshop;
  let colleague = '';

  beforeAll(async () => {
    dealer = await dealerWithUsers(server, 'Teile Speicher', 2);
    workshop = await workshopWithDealers(server, [dealer]);
    const email = `kollege@speicher-${workshop.organisation.id}.test`;
    await insertMember(server.db, workshop.organisation.id, { email, role: USER_ROLE.workshopUser });
    colleague = await loginCookie(server, email, MEMBER_PASSWORD);
  });

  /** Every cached first page as each user of both organisations reads it. */
  const pages = () => [
    ['/svc/workshop/inquiries', workshop.cookie],
    ['/svc/workshop/inquiries', colleague],
    ['/svc/workshop/orders', workshop.cookie],
    ['/svc/workshop/orders', colleague],
    ['/svc/part-dealer/inquiries', dealer.cookies[0] ?? ''],
    ['/svc/part-dealer/inquiries', dealer.cookies[1] ?? ''],
    ['/svc/part-dealer/orders', dealer.cookies[0] ?? ''],
    ['/svc/part-dealer/orders', dealer.cookies[1] ?? ''],
  ];
  const readAll = () =>
    Promise.all(
      pages().map(async ([pathname, cookie]) => {
        const { response, body } = await getJson<unknown>(server, pathname ?? '', cookie ?? '');
        expect({ pathname, status: response.status }).toEqual({ pathname, status: 200 });
        return body.data;
      }),
    );

  /**
   * Runs a write with every page in memory, then checks that every page read afterwards is what
   * the database holds (memory cleared, read again) and that the write changed at least one.
   */
  async function expectFreshAfter<TResult>(write: () => Promise<TResult>, settled = false) {
    await readAll();
    const before = await readAll();
    const result = await write();
    const read = async () => readAll();
    if (settled) {
      // A write no request of this process made: the trade event's notification clears the pages.
      await expect
        .poll(
          async () => {
            const afterwards = await read();
            server.readCaches.lists.clear();
            return JSON.stringify(afterwards) === JSON.stringify(await readAll());
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    } else {
      const afterwards = await read();
      server.readCaches.lists.clear();
      expect(afterwards).toEqual(await readAll());
    }
    server.readCaches.lists.clear();
    expect(await readAll()).not.toEqual(before);
    return result;
  }

  async function createInquiry(cookie: string) {
    const { response, body } = await send<InquiryDetail>(
      server,
      '/svc/workshop/inquiries',
      cookie,
      inquiryBody(
        workshop.relations.map((relation) => relation.id),
        { workshop_reference: `Auftrag ${Math.random()}` },
      ),
    );
    expect(response.status).toBe(200);
    return body.data;
  }

  test('every kind of trade write, by the same and by another user, shows at once', async () => {
    expect(server.readCaches.lists.size()).toBeGreaterThanOrEqual(0);
    const first = await expectFreshAfter(() => createInquiry(workshop.cookie));
    expect(server.readCaches.lists.size()).toBeGreaterThan(0);
    await expectFreshAfter(() =>
      send(server, `/svc/part-dealer/inquiries/${first.id}/seen`, dealer.cookies[0] ?? '', {}),
    );
    const seen = await dealerView(server, dealer, first.id);
    await expectFreshAfter(async () => {
      const { response } = await send(
        server,
        `/svc/part-dealer/inquiries/${first.id}/answer`,
        dealer.cookies[1] ?? '',
        answerBody(seen),
        'PUT',
      );
      expect(response.status).toBe(200);
    });

    const second = await expectFreshAfter(() => createInquiry(colleague));
    const secondSeen = await dealerView(server, dealer, second.id);
    await expectFreshAfter(async () => {
      const { response } = await send(server, `/svc/part-dealer/inquiries/${second.id}/decline`, dealer.cookie, {
        version: secondSeen.recipient.version,
        reason: 'Nicht lieferbar',
      });
      expect(response.status).toBe(200);
    });

    const third = await expectFreshAfter(() => createInquiry(workshop.cookie));
    await expectFreshAfter(async () => {
      const { response } = await send(server, `/svc/workshop/inquiries/${third.id}/cancel`, colleague, {
        version: third.version,
      });
      expect(response.status).toBe(200);
    });

    const quoted = (await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${first.id}`, colleague)).body.data;
    const recipient = quoted.recipients[0];
    const offeredLine = quoted.lines[0];
    if (!recipient || !offeredLine) throw new Error('no quote to order');
    const placed = await expectFreshAfter(async () => {
      const { response, body } = await send<{ orders: { id: number }[] }>(
        server,
        `/svc/workshop/inquiries/${first.id}/orders`,
        colleague,
        {
          version: quoted.version,
          choices: [{ inquiry_line_id: offeredLine.id, recipient_id: recipient.id }],
          orders: [{ recipient_id: recipient.id, handover: 'pickup', note: 'Abholung morgen' }],
        },
      );
      expect(response.status).toBe(200);
      return body.data.orders[0]?.id ?? 0;
    });

    const order = async () =>
      (await getJson<OrderDetail>(server, `/svc/part-dealer/orders/${placed}`, dealer.cookie)).body.data;
    for (const [action, cookie] of [
      ['confirm', dealer.cookies[0]],
      ['ship', dealer.cookies[1]],
      ['deliver', dealer.cookies[0]],
    ] as const) {
      const current = await order();
      await expectFreshAfter(async () => {
        const { response } = await send(server, `/svc/part-dealer/orders/${placed}/lines`, cookie ?? '', {
          version: current.version,
          action,
          line_ids: current.lines.map((line) => line.id),
        });
        expect(response.status).toBe(200);
      });
    }

    const delivered = await order();
    const deliveredLine = delivered.lines[0];
    if (!deliveredLine) throw new Error('no delivered line');
    await expectFreshAfter(async () => {
      const { response } = await send(
        server,
        `/svc/workshop/orders/${placed}/lines/${deliveredLine.id}/return`,
        workshop.cookie,
        { version: delivered.version, reason: 'damaged', note: '' },
      );
      expect(response.status).toBe(200);
    });
    const withReturn = await order();
    const requested = withReturn.lines[0]?.returns[0];
    if (!requested) throw new Error('no return requested');
    await expectFreshAfter(async () => {
      const { response } = await send(
        server,
        `/svc/part-dealer/orders/${placed}/returns/${requested.id}/accept`,
        dealer.cookies[1] ?? '',
        { version: withReturn.version },
      );
      expect(response.status).toBe(200);
    });

    // The closing sweeper writes without a request: the event's notification clears the pages.
    await createInquiry(workshop.cookie);
    await expectFreshAfter(() => closeDueInquiries(server.db, new Date(Date.now() + 24 * 3600 * 1000)), true);
  });

  test('an organisation’s new name shows in the other organisation’s pages', async () => {
    // No screen renames an organisation; a rename straight in the database is announced all the same.
    await expectFreshAfter(
      () =>
        server.db
          .update(organisations)
          .set({ name: 'Werkstatt Umbenannt' })
          .where(eq(organisations.id, workshop.organisation.id)),
      true,
    );
  });
});

describe.skipIf(!process.env.DATABASE_URL)('while the database’s announcements arrive late', () => {
  // Access changes held back a second, trade events three: without the writer's own process
  // settling (sessions) and clearing its pages (lists) before it answers, its next request would
  // still be served from memory.
  let slow: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    proxy = await startTcpProxy(
      { host: '127.0.0.1', port: 5432 },
      { listenerDelayMs: { access_changed: 1000, trade_events: 3000 } },
    );
    slow = await startTestServer({}, { postgresThrough: (url) => proxy.through(url) });
  }, 120_000);
  afterAll(async () => {
    await slow?.stop();
    await proxy?.stop();
  });

  test('a logout still bites on the next request, and a new inquiry still shows in the list at once', async () => {
    const dealer = await dealerWithUsers(slow, 'Teile Spät');
    const workshop = await workshopWithDealers(slow, [dealer]);
    const status = (pathname: string, cookie: string) =>
      fetch(slow.url(pathname), { headers: { cookie } }).then((response) => response.status);
    const total = async (pathname: string, cookie: string) =>
      (await getJson<{ total: number }>(slow, pathname, cookie)).body.data.total;

    expect(await total('/svc/workshop/inquiries', workshop.cookie)).toBe(0);
    expect(await total('/svc/part-dealer/inquiries', dealer.cookie)).toBe(0);
    const { response } = await send(
      slow,
      '/svc/workshop/inquiries',
      workshop.cookie,
      inquiryBody(workshop.relations.map((relation) => relation.id)),
    );
    expect(response.status).toBe(200);
    expect(await total('/svc/workshop/inquiries', workshop.cookie)).toBe(1);
    expect(await total('/svc/part-dealer/inquiries', dealer.cookie)).toBe(1);

    expect(await status('/svc/auth/api/v1/user', workshop.cookie)).toBe(200);
    expect(await status('/svc/auth/api/v1/user', workshop.cookie)).toBe(200);
    const loggedOut = await postJson(slow, '/svc/auth/api/v1/logout', {}, { cookie: workshop.cookie });
    expect(loggedOut.response.status).toBe(200);
    expect(await status('/svc/auth/api/v1/user', workshop.cookie)).toBe(401);
  });
});
