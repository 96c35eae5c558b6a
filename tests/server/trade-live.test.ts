import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { expect, test } from 'vitest';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { appendTradeEvents, type TradeEventInput } from '../../server/trade/event-log';
import { liveStreamSuite } from '../support/live-stream-suite';
import { insertDealerOrganisation, insertSentInquiry, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { positionsOf } from '../support/reader-positions';
import { secondProcess } from '../support/second-process';
import { startTcpProxy } from '../support/tcp-proxy';
import {
  ADMIN,
  loginCookie,
  postJson,
  type ReachableServer,
  startTestServer,
  type TestServer,
} from '../support/test-server';

/**
 * Issue 13, live updates (ADR 024): the members' SSE streams over real HTTP. Who receives what,
 * resume after a dropped connection (every event exactly once), the session checked again,
 * two processes on one PostgreSQL, and the listener connection dropping and coming back.
 */
let server: TestServer;
let fixture: Awaited<ReturnType<typeof seed>>;

async function seed(db: Database) {
  const workshop = await insertWorkshop(db, { name: 'Werkstatt Live', ownerEmail: 'live@werkstatt.de' });
  const otherWorkshop = await insertWorkshop(db, { name: 'Werkstatt Anders', ownerEmail: 'anders@werkstatt.de' });
  const dealerA = await insertDealerOrganisation(db, 'Teile A', 'a@teile.de');
  const dealerB = await insertDealerOrganisation(db, 'Teile B', 'b@teile.de');
  return {
    workshop,
    otherWorkshop,
    dealerA,
    dealerB,
    inquiry: await insertSentInquiry(db, workshop.organisation.id, workshop.owner.id),
    otherInquiry: await insertSentInquiry(db, otherWorkshop.organisation.id, otherWorkshop.owner.id),
  };
}

/** An event of the main workshop's inquiry, readable by these dealers (by default: none). */
function eventOf(dealers: readonly number[] = [], workshop: 'main' | 'other' = 'main'): TradeEventInput {
  const own = workshop === 'main';
  return {
    kind: 'recipient.answered',
    inquiryId: own ? fixture.inquiry.id : fixture.otherInquiry.id,
    entity: 'recipient',
    entityId: 1,
    before: 'sent',
    after: 'answered',
    actorUserId: own ? fixture.workshop.owner.id : fixture.otherWorkshop.owner.id,
    details: { note: 'live' },
    workshopOrganisationId: own ? fixture.workshop.organisation.id : fixture.otherWorkshop.organisation.id,
    dealerOrganisationIds: dealers,
  };
}

/** Appends through the log; the log ids come back (no reader sees them: see `seenBy`). */
async function append(db: Database, events: readonly TradeEventInput[]) {
  const rows = await db.transaction((tx) => appendTradeEvents(tx, events));
  return rows.map((row) => row.id);
}

/** The ids an organisation sees of appended events: its own positions (ADR 045), in the same order. */
function seenBy(organisationId: number, logIds: readonly (number | undefined)[], db: Database = server.db) {
  return positionsOf(db, organisationId, logIds as number[]);
}

const { open, cleanups, untilHubSize } = liveStreamSuite(async () => {
  server = await startTestServer({ LIVE_SESSION_CHECK_MS: '200', LIVE_HEARTBEAT_MS: '300' });
  fixture = await seed(server.db);
  return server;
});

const streamOf = (
  target: ReachableServer,
  service: 'workshop' | 'part-dealer',
  cookie: string,
  extra: Record<string, string> = {},
  query = '',
) => open(target, `/svc/${service}/events${query}`, { cookie, ...extra });

test('each member gets the events it may read, live, in order; other workshops and dealers get nothing of them', async () => {
  const [workshopCookie, otherCookie, dealerACookie, dealerBCookie] = await Promise.all([
    loginCookie(server, 'live@werkstatt.de', MEMBER_PASSWORD),
    loginCookie(server, 'anders@werkstatt.de', MEMBER_PASSWORD),
    loginCookie(server, 'a@teile.de', MEMBER_PASSWORD),
    loginCookie(server, 'b@teile.de', MEMBER_PASSWORD),
  ]);
  const workshop = await streamOf(server, 'workshop', workshopCookie, { 'accept-encoding': 'gzip, deflate' });
  const other = await streamOf(server, 'workshop', otherCookie);
  const dealerA = await streamOf(server, 'part-dealer', dealerACookie);
  const dealerB = await streamOf(server, 'part-dealer', dealerBCookie);
  const streams = [workshop, other, dealerA, dealerB];
  await Promise.all(streams.map((stream) => stream.untilReady()));

  // Not compressed (a compressing middleware would hold events back until its buffer fills).
  expect(workshop.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(workshop.response.headers.get('content-encoding')).toBeNull();
  expect(workshop.blocks[0]?.retry).toBeGreaterThan(0);

  const a = fixture.dealerA.organisation.id;
  const b = fixture.dealerB.organisation.id;
  const [toBoth, toA, toB] = await append(server.db, [eventOf([a, b]), eventOf([a]), eventOf([b])]);
  const [workshopOnly] = await append(server.db, [eventOf([])]);
  // Markers appended last: once each stream has its marker, anything it should not get would have come.
  const [markerA, markerB] = await append(server.db, [eventOf([a]), eventOf([b])]);
  const [otherWorkshopEvent] = await append(server.db, [eventOf([], 'other')]);
  const ids = [toBoth, toA, toB, workshopOnly, markerA, markerB, otherWorkshopEvent] as number[];

  const w = fixture.workshop.organisation.id;
  const forWorkshop = await seenBy(w, [toBoth, toA, toB, workshopOnly, markerA, markerB]);
  const forA = await seenBy(a, [toBoth, toA, markerA]);
  const forB = await seenBy(b, [toBoth, toB, markerB]);
  const forOther = await seenBy(fixture.otherWorkshop.organisation.id, [otherWorkshopEvent]);
  await workshop.untilIds(forWorkshop);
  await dealerA.untilIds(forA.slice(-1));
  await dealerB.untilIds(forB.slice(-1));
  await other.untilIds(forOther);
  expect(workshop.eventIds()).toEqual(forWorkshop);
  expect(dealerA.eventIds()).toEqual(forA);
  expect(dealerB.eventIds()).toEqual(forB);
  expect(other.eventIds()).toEqual(forOther);
  // The wire carries the reader's id of the event (its position, ADR 045) and the TradeEvent of the contract.
  const [toBothSeen] = forWorkshop;
  const first = workshop.blocks.find((block) => block.id === String(toBothSeen));
  expect(JSON.parse(first?.data ?? '{}')).toMatchObject({
    id: toBothSeen,
    kind: 'recipient.answered',
    actor: 'Max Müller',
  });
  expect(ids.every((id) => typeof id === 'number')).toBe(true);

  // Heartbeats keep the connection busy (every 300 ms here, 20 s by default).
  await workshop.until(() => workshop.comments() >= 2, 'two heartbeats');

  // A closed connection leaves the hub.
  expect(server.liveHub.size()).toBe(4);
  for (const stream of streams) stream.close();
  await untilHubSize(0);
});

test('without a session 401, another role 403, a bad resume position a translated 400', async () => {
  const none = await fetch(server.url('/svc/workshop/events'));
  expect(none.status).toBe(401);
  const dealerCookie = await loginCookie(server, 'a@teile.de', MEMBER_PASSWORD);
  const workshopCookie = await loginCookie(server, 'live@werkstatt.de', MEMBER_PASSWORD);
  const adminCookie = await loginCookie(server, ADMIN.email, ADMIN.password);
  expect((await fetch(server.url('/svc/workshop/events'), { headers: { cookie: dealerCookie } })).status).toBe(403);
  expect((await fetch(server.url('/svc/part-dealer/events'), { headers: { cookie: workshopCookie } })).status).toBe(
    403,
  );
  expect((await fetch(server.url('/svc/part-dealer/events'), { headers: { cookie: adminCookie } })).status).toBe(403);
  for (const [headers, query] of [
    [{ 'last-event-id': 'abc' }, ''],
    [{ 'last-event-id': '-1' }, ''],
    [{ 'last-event-id': '1e3' }, ''],
    [{}, '?after=12.5'],
    [{}, '?after=99999999999999999999'],
  ] as const) {
    const response = await fetch(server.url(`/svc/workshop/events${query}`), {
      headers: { cookie: workshopCookie, 'accept-language': 'de', ...headers },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, message: 'Die Anfrage ist ungültig.' });
  }
  expect(server.liveHub.size()).toBe(0);
});

test('a dropped connection resumes from Last-Event-ID (or ?after=): every event exactly once, none lost', async () => {
  const cookie = await loginCookie(server, 'live@werkstatt.de', MEMBER_PASSWORD);
  const a = fixture.dealerA.organisation.id;
  const first = await streamOf(server, 'workshop', cookie);
  await first.untilReady();
  const w = fixture.workshop.organisation.id;
  const before = await seenBy(w, await append(server.db, [eventOf([a]), eventOf([])]));
  await first.untilIds(before);
  const lastSeen = first.eventIds().at(-1) ?? 0;
  first.close();
  await untilHubSize(0);

  // While disconnected: the workshop's events, and one of another workshop in between.
  const missed = await append(server.db, [eventOf([a]), eventOf([])]);
  await append(server.db, [eventOf([], 'other')]);
  missed.push(...(await append(server.db, [eventOf([])])));

  // Reconnect while more events are appended concurrently: the catch-up and the live events meet.
  const during: Promise<number[]>[] = [];
  const resumed = streamOf(server, 'workshop', cookie, { 'last-event-id': String(lastSeen) });
  for (let index = 0; index < 10; index++) during.push(append(server.db, [eventOf(index % 2 ? [a] : [])]));
  const stream = await resumed;
  const concurrent = (await Promise.all(during)).flat().sort((x, y) => x - y);
  const expected = await seenBy(w, [...missed, ...concurrent]);
  await stream.untilIds(expected);
  const [after] = await seenBy(w, await append(server.db, [eventOf([])]));
  await stream.untilIds([after] as number[]);
  expect(stream.eventIds()).toEqual([...expected, after]);
  expect(stream.readyPosition()).toBe(lastSeen);

  // A fresh EventSource cannot send the header: ?after= does the same.
  const viaQuery = await streamOf(server, 'workshop', cookie, {}, `?after=${lastSeen}`);
  await viaQuery.untilIds([after] as number[]);
  expect(viaQuery.eventIds()).toEqual([...expected, after]);
  stream.close();
  viaQuery.close();
  await untilHubSize(0);
});

test('a stream without a resume position starts at the newest event and announces it', async () => {
  const cookie = await loginCookie(server, 'live@werkstatt.de', MEMBER_PASSWORD);
  const w = fixture.workshop.organisation.id;
  const [latest] = await seenBy(w, await append(server.db, [eventOf([])]));
  const stream = await streamOf(server, 'workshop', cookie);
  await stream.untilReady();
  expect(stream.readyPosition()).toBe(latest);
  const [next] = await seenBy(w, await append(server.db, [eventOf([])]));
  await stream.untilIds([next] as number[]);
  expect(stream.eventIds()).toEqual([next]);
  stream.close();
  await untilHubSize(0);
});

test('a logged-out member’s stream ends at the next session check', async () => {
  const cookie = await loginCookie(server, 'b@teile.de', MEMBER_PASSWORD);
  const stream = await streamOf(server, 'part-dealer', cookie);
  await stream.untilReady();
  const { response } = await postJson(server, '/svc/auth/api/v1/logout', {}, { cookie });
  expect(response.ok).toBe(true);
  await stream.until(() => stream.ended(), 'the stream to end after logout', 5000);
  await untilHubSize(0);
  expect((await fetch(server.url('/svc/part-dealer/events'), { headers: { cookie } })).status).toBe(401);
});

const withoutPostgres = !process.env.DATABASE_URL;

test.skipIf(withoutPostgres)(
  'two processes on one PostgreSQL: a client of process 2 gets an event appended through process 1 [PostgreSQL only, skipped without DATABASE_URL: PGlite is one process’s embedded database]',
  async () => {
    const second = await secondProcess(server.postgresUrl ?? '', server.dataDir, cleanups);
    const cookie = await loginCookie(second, 'live@werkstatt.de', MEMBER_PASSWORD);
    const stream = await streamOf(second, 'workshop', cookie);
    await stream.untilReady();
    const ids = await seenBy(
      fixture.workshop.organisation.id,
      await append(server.db, [eventOf([]), eventOf([fixture.dealerA.organisation.id])]),
    );
    await stream.untilIds(ids);
    expect(stream.eventIds()).toEqual(ids);

    // Shutting process 2 down ends its streams with a short retry hint, so clients reconnect elsewhere.
    await second.terminate();
    await stream.until(() => stream.ended(), 'the stream to end at shutdown');
    const last = stream.blocks.at(-1);
    expect(last?.retry).toBeGreaterThan(0);
    expect(last?.retry).toBeLessThan(3000);
  },
  60_000,
);

test.skipIf(withoutPostgres)(
  'PostgreSQL: the listener connection drops and comes back; the streams catch up on what was committed meanwhile [PostgreSQL only, skipped without DATABASE_URL: PGlite has no listener connection to lose]',
  async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    const behindProxy = await startTestServer({}, { postgresThrough: (url) => proxy.through(url) });
    cleanups.push(() => behindProxy.stop());
    cleanups.push(() => proxy.stop());
    const direct = new pg.Pool({ connectionString: behindProxy.postgresUrl ?? '', max: 2 });
    cleanups.push(() => direct.end());
    const directDb = drizzle(direct, { schema }) as unknown as Database;
    const local = await seed(directDb);
    const saved = fixture;
    fixture = local;
    cleanups.push(async () => {
      fixture = saved;
    });

    const cookie = await loginCookie(behindProxy, 'live@werkstatt.de', MEMBER_PASSWORD);
    const stream = await streamOf(behindProxy, 'workshop', cookie);
    await stream.untilReady();
    const seenHere = async (logIds: number[]) => seenBy(local.workshop.organisation.id, logIds, directDb);
    const [live] = await seenHere(await append(directDb, [eventOf([])]));
    await stream.untilIds([live] as number[]);

    await proxy.cut();
    const whileCut = await seenHere(await append(directDb, [eventOf([]), eventOf([local.dealerA.organisation.id])]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.eventIds()).toEqual([live]);
    await proxy.restore();

    await stream.untilIds(whileCut);
    const [afterwards] = await seenHere(await append(directDb, [eventOf([])]));
    await stream.untilIds([afterwards] as number[]);
    expect(stream.eventIds()).toEqual([live, ...whileCut, afterwards]);
    stream.close();
  },
  60_000,
);
