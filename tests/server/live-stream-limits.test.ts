import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { USER_ROLE, USER_STATUS } from '../../common/contracts/auth';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { appendTradeEvents, latestPositionOf, type TradeEventInput } from '../../server/trade/event-log';
import { createApiKey } from '../support/api-keys';
import { liveStreamSuite } from '../support/live-stream-suite';
import {
  insertDealerOrganisation,
  insertMember,
  insertSentInquiry,
  insertWorkshop,
  MEMBER_PASSWORD,
} from '../support/organisations';
import { positionsOf } from '../support/reader-positions';
import { secondProcess } from '../support/second-process';
import type { EventStream } from '../support/sse-client';
import { loginCookie, postJson, type ReachableServer, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 27 §2 and §3 (ADR 045): live streams have limits and end with their access. Caps per
 * session or key and per organisation, a resume beyond the horizon or ahead of the log answered
 * with `reload`, and every change of access (logout, deactivation, role, organisation, key) ending
 * the stream at once. The periodic session check is set to an hour here, so only the database's
 * announcements (ADR 043) can end a stream within a test.
 */
let server: TestServer;
let fixture: Awaited<ReturnType<typeof seed>>;

const LIMITS = { perHolder: 3, perOrganisation: 5, horizon: 5 };

const { open, cleanups, untilHubSize } = liveStreamSuite(async () => {
  server = await startTestServer({
    LIVE_SESSION_CHECK_MS: '3600000',
    LIVE_STREAMS_PER_HOLDER: String(LIMITS.perHolder),
    LIVE_STREAMS_PER_ORGANISATION: String(LIMITS.perOrganisation),
    LIVE_RESUME_HORIZON: String(LIMITS.horizon),
  });
  fixture = await seed(server.db);
  return server;
});

async function seed(db: Database) {
  const workshop = await insertWorkshop(db, { name: 'Werkstatt Grenze', ownerEmail: 'grenze@werkstatt.de' });
  const colleague = await insertMember(db, workshop.organisation.id, {
    email: 'kollege@werkstatt.de',
    role: 'workshop_user',
    companyName: 'Werkstatt Grenze',
    firstName: 'Eva',
    lastName: 'Kollege',
  });
  const other = await insertWorkshop(db, { name: 'Werkstatt Nebenan', ownerEmail: 'nebenan@werkstatt.de' });
  const dealer = await insertDealerOrganisation(db, 'Teile Grenze', 'grenze@teile.de');
  return {
    workshop,
    colleague,
    other,
    dealer,
    inquiry: await insertSentInquiry(db, workshop.organisation.id, workshop.owner.id),
    otherInquiry: await insertSentInquiry(db, other.organisation.id, other.owner.id),
  };
}

function eventOf(workshop: 'main' | 'other' = 'main'): TradeEventInput {
  const own = workshop === 'main';
  return {
    kind: 'recipient.answered',
    inquiryId: own ? fixture.inquiry.id : fixture.otherInquiry.id,
    entity: 'recipient',
    entityId: 1,
    before: 'sent',
    after: 'answered',
    actorUserId: null,
    workshopOrganisationId: own ? fixture.workshop.organisation.id : fixture.other.organisation.id,
    dealerOrganisationIds: [],
  };
}

/** Appends `count` events of a workshop; the ids that workshop sees of them come back (its positions, ADR 045). */
async function append(count: number, workshop: 'main' | 'other' = 'main') {
  const rows = await server.db.transaction((tx) =>
    appendTradeEvents(
      tx,
      Array.from({ length: count }, () => eventOf(workshop)),
    ),
  );
  const organisation = workshop === 'main' ? fixture.workshop.organisation : fixture.other.organisation;
  return positionsOf(
    server.db,
    organisation.id,
    rows.map((row) => row.id),
  );
}

const workshopStream = (cookie: string, headers: Record<string, string> = {}, target: ReachableServer = server) =>
  open(target, '/svc/workshop/events', { cookie, ...headers });

/** The named SSE events a stream received (ready, reload, ended), in order. */
const namedEvents = (stream: EventStream) =>
  stream.blocks.filter((block) => block.event !== 'message').map((block) => block.event);

test('caps: a session, and an organisation, keep at most so many streams open; beyond, a translated 429 with Retry-After', async () => {
  const first = await loginCookie(server, 'grenze@werkstatt.de', MEMBER_PASSWORD);
  const second = await loginCookie(server, 'kollege@werkstatt.de', MEMBER_PASSWORD);
  const others = await loginCookie(server, 'nebenan@werkstatt.de', MEMBER_PASSWORD);
  const ofFirst = await Promise.all(Array.from({ length: LIMITS.perHolder }, () => workshopStream(first)));
  await Promise.all(ofFirst.map((stream) => stream.untilReady()));

  const refused = await fetch(server.url('/svc/workshop/events'), {
    headers: { cookie: first, 'accept-language': 'de' },
  });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({
    code: 429,
    message:
      'Zu viele gleichzeitig geöffnete Live-Verbindungen. Schließen Sie einige Fenster oder versuchen Sie es später erneut.',
  });

  // A colleague's session has its own count, up to the organisation's.
  const ofSecond = await Promise.all(
    Array.from({ length: LIMITS.perOrganisation - LIMITS.perHolder }, () => workshopStream(second)),
  );
  await Promise.all(ofSecond.map((stream) => stream.untilReady()));
  expect((await fetch(server.url('/svc/workshop/events'), { headers: { cookie: second } })).status).toBe(429);
  // Another organisation is not held back by this one.
  const elsewhere = await workshopStream(others);
  await elsewhere.untilReady();
  expect(server.liveHub.size()).toBe(LIMITS.perOrganisation + 1);

  // A closed stream frees its place.
  ofFirst[0]?.close();
  await untilHubSize(LIMITS.perOrganisation);
  const again = await workshopStream(first);
  await again.untilReady();
});

test('caps: an API key counts as one holder', async () => {
  const cookie = await loginCookie(server, 'nebenan@werkstatt.de', MEMBER_PASSWORD);
  const { secret } = await createApiKey(server, cookie, 'Grenztest');
  const streams = await Promise.all(
    Array.from({ length: LIMITS.perHolder }, () =>
      open(server, '/api/v1/events', { authorization: `Bearer ${secret}` }),
    ),
  );
  await Promise.all(streams.map((stream) => stream.untilReady()));
  const refused = await fetch(server.url('/api/v1/events'), { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).not.toBeNull();
});

test('horizon: a resume within it replays what was missed; beyond it the stream says reload and goes live from the newest event', async () => {
  const cookie = await loginCookie(server, 'grenze@werkstatt.de', MEMBER_PASSWORD);
  const [position] = await append(1);
  // Other organisations' events do not count against this reader's horizon.
  await append(LIMITS.horizon * 3, 'other');
  const missed = await append(LIMITS.horizon);
  const within = await workshopStream(cookie, { 'last-event-id': String(position) });
  await within.untilIds(missed);
  expect(namedEvents(within)).toEqual(['ready']);
  within.close();

  const beyond = [...missed, ...(await append(1))];
  const resumed = await workshopStream(cookie, { 'last-event-id': String(position) });
  await resumed.untilReady();
  const latest = beyond.at(-1);
  expect(namedEvents(resumed)).toEqual(['reload', 'ready']);
  expect(resumed.readyPosition()).toBe(latest);
  const reload = resumed.blocks.find((block) => block.event === 'reload');
  expect(JSON.parse(reload?.data ?? '{}')).toEqual({ last_event_id: latest });
  const [next] = await append(1);
  await resumed.untilIds([next as number]);
  expect(resumed.eventIds()).toEqual([next]);
});

test('clamp: a position ahead of the log (forged, or after a restore) starts at the newest event with reload, and the stream never goes silent', async () => {
  const cookie = await loginCookie(server, 'grenze@werkstatt.de', MEMBER_PASSWORD);
  const latest = await latestPositionOf(server.db, fixture.workshop.organisation.id);
  const stream = await open(server, `/svc/workshop/events?after=${latest + 1_000_000}`, { cookie });
  await stream.untilReady();
  expect(namedEvents(stream)).toEqual(['reload', 'ready']);
  expect(stream.readyPosition()).toBe(latest);
  const [next] = await append(1);
  await stream.untilIds([next as number]);
});

/** A stream of the workshop's owner (a fresh login), ready. */
async function ownerStream(email = 'grenze@werkstatt.de') {
  const cookie = await loginCookie(server, email, MEMBER_PASSWORD);
  const stream = await workshopStream(cookie);
  await stream.untilReady();
  return { cookie, stream };
}

async function untilEndedForAccess(stream: EventStream) {
  await stream.until(() => stream.ended(), 'the stream to end');
  expect(namedEvents(stream).at(-1)).toBe('ended');
}

test('access: a logout ends the session’s streams at once (other sessions of the user keep theirs)', async () => {
  const { cookie, stream } = await ownerStream();
  const { stream: otherSession } = await ownerStream();
  const { response } = await postJson(server, '/svc/auth/api/v1/logout', {}, { cookie });
  expect(response.ok).toBe(true);
  await untilEndedForAccess(stream);
  const [next] = await append(1);
  await otherSession.untilIds([next as number]);
  expect(otherSession.ended()).toBe(false);
  expect((await fetch(server.url('/svc/workshop/events'), { headers: { cookie } })).status).toBe(401);
});

test('access: deactivating the user, changing the role, or deactivating the organisation ends the streams at once; a colleague’s change does not', async () => {
  const { db } = server;
  const user = eq(schema.users.id, fixture.colleague.id);
  const organisation = eq(schema.organisations.id, fixture.workshop.organisation.id);

  const { stream: owners } = await ownerStream();
  const { stream: deactivated } = await ownerStream('kollege@werkstatt.de');
  await db.update(schema.users).set({ status: USER_STATUS.deactivated }).where(user);
  await untilEndedForAccess(deactivated);
  await db.update(schema.users).set({ status: USER_STATUS.active }).where(user);

  const { stream: demoted } = await ownerStream('kollege@werkstatt.de');
  await db.update(schema.users).set({ role: USER_ROLE.user }).where(user);
  await untilEndedForAccess(demoted);
  await db.update(schema.users).set({ role: USER_ROLE.workshopUser }).where(user);
  // The owner's stream heard both changes, asked again, and stays.
  const [meanwhile] = await append(1);
  await owners.untilIds([meanwhile as number]);
  expect(owners.ended()).toBe(false);

  const { stream: others } = await ownerStream('nebenan@werkstatt.de');
  await db.update(schema.organisations).set({ deactivatedAt: new Date() }).where(organisation);
  try {
    await untilEndedForAccess(owners);
    const [elsewhere] = await append(1, 'other');
    await others.untilIds([elsewhere as number]);
    expect(others.ended()).toBe(false);
  } finally {
    await db.update(schema.organisations).set({ deactivatedAt: null }).where(organisation);
  }
});

test('access: revoking an API key ends its stream at once', async () => {
  const cookie = await loginCookie(server, 'nebenan@werkstatt.de', MEMBER_PASSWORD);
  const kept = await createApiKey(server, cookie, 'Bleibt');
  const revoked = await createApiKey(server, cookie, 'Geht');
  const keptStream = await open(server, '/api/v1/events', { authorization: `Bearer ${kept.secret}` });
  const stream = await open(server, '/api/v1/events', { authorization: `Bearer ${revoked.secret}` });
  await Promise.all([keptStream.untilReady(), stream.untilReady()]);
  const { response } = await postJson(server, `/svc/workshop/api-keys/${revoked.key.id}/revoke`, {}, { cookie });
  expect(response.ok).toBe(true);
  await untilEndedForAccess(stream);
  const [next] = await append(1, 'other');
  await keptStream.untilIds([next as number]);
  expect(keptStream.ended()).toBe(false);
});

test.skipIf(!process.env.DATABASE_URL)(
  'access, two processes on one PostgreSQL: a logout through process 1 ends the session’s stream on process 2 at once [PostgreSQL only, skipped without DATABASE_URL: PGlite is one process’s embedded database]',
  async () => {
    const second = await secondProcess(server.postgresUrl ?? '', server.dataDir, cleanups, {
      LIVE_SESSION_CHECK_MS: '3600000',
    });
    const cookie = await loginCookie(server, 'grenze@werkstatt.de', MEMBER_PASSWORD);
    const stream = await workshopStream(cookie, {}, second);
    await stream.untilReady();
    const { response } = await postJson(server, '/svc/auth/api/v1/logout', {}, { cookie });
    expect(response.ok).toBe(true);
    await untilEndedForAccess(stream);
  },
  60_000,
);
