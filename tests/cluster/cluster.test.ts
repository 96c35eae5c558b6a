import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { USER_STATUS } from '../../common/contracts/auth';
import type { TradeEvent } from '../../common/contracts/trading';
import { MEMBER_PASSWORD } from '../support/organisations';
import { openEventStream } from '../support/sse-client';
import { ADMIN } from '../support/test-server';
import { type ClusterFixtures, seedCluster } from './fixtures';
import { type LiveClient, startLiveClient } from './live-client';
import {
  PORTS,
  type PortalProcess,
  PUBLIC_ORIGIN,
  startNginx,
  startTopology,
  type Topology,
  waitFor,
} from './topology';

/**
 * Issue 16, `npm run test:cluster` (ADR 033): two portal processes started at the same moment on
 * one fresh PostgreSQL database, Debian's nginx in front. Proves migrations ran once, sessions are
 * shared (a logout, deactivation or role change through one process is refused by it at once and by
 * the other as soon as the database announced it, ADR 048), live
 * events cross processes, and — under a mixed load through nginx while one process is stopped with
 * SIGTERM and started again — no request fails (beyond those nginx retries), no mail is lost or
 * sent twice, and no live event is lost.
 */
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 30);
const WORKERS = Number(process.env.CLUSTER_WORKERS ?? 6);
const WORKSHOPS = 6;
const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

let topology: Topology;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let fixtures: ClusterFixtures;
let adminCookie = '';
const workshopCookies: string[] = [];
const liveClients: LiveClient[] = [];

/** A JSON request as the SPA sends it, to `origin` (nginx or one process directly). */
async function call(origin: string, method: 'GET' | 'POST', pathname: string, cookie = '', body?: unknown) {
  return fetch(`${origin}${pathname}`, {
    method,
    headers: {
      origin: PUBLIC_ORIGIN,
      'accept-language': 'de',
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function login(origin: string, email: string, password: string) {
  const response = await call(origin, 'POST', '/svc/auth/api/v1/login', '', { email, password });
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith('tp_session='))
    ?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`login of ${email} failed with ${response.status}`);
  return cookie;
}

function inquiryBody(relationId: number) {
  return {
    vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI' },
    lines: [{ part_number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 2, note: '' }],
    recipient_relation_ids: [relationId],
    closes_in_minutes: 120,
  };
}

/** Hands out each workshop's relations one by one: every inquiry reaches a dealer of its own. */
const nextRelation = new Map<number, number>();
function takeRelation(workshopIndex: number) {
  const relations = fixtures.workshops[workshopIndex]?.relationIds ?? [];
  const next = nextRelation.get(workshopIndex) ?? 0;
  nextRelation.set(workshopIndex, next + 1);
  return relations[next] ?? null;
}

async function scalar(query: string, values: unknown[] = []) {
  const client = await topology.connect();
  try {
    const { rows } = await client.query<{ value: string | number | null }>(query, values);
    return Number(rows[0]?.value ?? 0);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  topology = await startTopology();
  nginx = await startNginx(path.join(topology.folder, 'nginx'));
  // Both at the same moment, as an orchestrator starts replicas.
  const started = [topology.startPortal('a'), topology.startPortal('b')];
  await Promise.all(started.map((portal) => topology.untilReady(portal)));
  // nginx started first and found both upstreams refusing, so it holds them as failed for its
  // fail_timeout: the first request through it waits until it reaches a portal again.
  await waitFor(async () => {
    try {
      return (await fetch(`${PUBLIC_ORIGIN}/readyz`)).status === 200;
    } catch {
      return false;
    }
  }, 'nginx to reach the portals');
  fixtures = await seedCluster(topology.database.url, { workshops: WORKSHOPS, dealersPerWorkshop: 100 });
  adminCookie = await login(PUBLIC_ORIGIN, ADMIN.email, ADMIN.password);
  for (const entry of fixtures.workshops) {
    workshopCookies.push(await login(PUBLIC_ORIGIN, entry.owner.email, MEMBER_PASSWORD));
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(liveClients.map((client) => client.stop()));
  await nginx?.stop();
  await topology?.stop();
});

const portal = (name: 'a' | 'b') => topology.portals.get(name) as PortalProcess;

test('the two processes started together: the migrations ran once, under the lock', () => {
  const migrated = (['a', 'b'] as const).map(
    (name) => portal(name).logs.find((line) => line.event === 'database.migrated')?.migrationsApplied,
  );
  expect(migrated.sort()).toEqual([0, journal.entries.length]);
});

/** The status of a session read through one process (from its memory once it holds the session, ADR 048). */
async function sessionStatus(name: 'a' | 'b', cookie: string) {
  return (await call(portal(name).origin, 'GET', '/svc/auth/api/v1/user', cookie)).status;
}

/**
 * ADR 048: each process holds sessions in memory; the process that made a change refuses at once,
 * the other once the database's announcement arrived (a benchmark figure: within 100 ms), which
 * this polls for with a generous timeout rather than asserting a speed.
 */
async function refusedEverywhere(cookie: string, writer: 'a' | 'b', status = 401, pathname = '/svc/auth/api/v1/user') {
  const other = writer === 'a' ? 'b' : 'a';
  expect((await call(portal(writer).origin, 'GET', pathname, cookie)).status).toBe(status);
  await expect
    .poll(async () => (await call(portal(other).origin, 'GET', pathname, cookie)).status, { timeout: 15_000 })
    .toBe(status);
}

test('a logout through A bites on A at once and on B (which held the session in memory) as soon as announced', async () => {
  const { owner } = fixtures.workshops[0] ?? { owner: { email: '' } };
  const cookie = await login(portal('a').origin, owner.email, MEMBER_PASSWORD);
  for (const name of ['a', 'b', 'a', 'b'] as const) expect(await sessionStatus(name, cookie)).toBe(200);
  expect((await call(portal('a').origin, 'POST', '/svc/auth/api/v1/logout', cookie, {})).status).toBe(200);
  await refusedEverywhere(cookie, 'a');
});

test('a deactivation, an organisation’s deactivation and a role change through A bite on A at once and on B', async () => {
  const member = fixtures.workshops.at(-1);
  if (!member) throw new Error('no workshop');
  const adminOnA = await login(portal('a').origin, ADMIN.email, ADMIN.password);
  const signedIn = async () => {
    const cookie = await login(portal('b').origin, member.owner.email, MEMBER_PASSWORD);
    for (const name of ['a', 'b', 'a', 'b'] as const) expect(await sessionStatus(name, cookie)).toBe(200);
    return cookie;
  };
  const asAdmin = async (pathname: string, body: unknown) =>
    expect((await call(portal('a').origin, 'POST', pathname, adminOnA, body)).status).toBe(200);

  let memberCookie = await signedIn();
  await asAdmin(`/svc/auth/api/v1/users/${member.owner.id}/status`, { status: USER_STATUS.deactivated });
  await refusedEverywhere(memberCookie, 'a');
  await asAdmin(`/svc/auth/api/v1/users/${member.owner.id}/status`, { status: USER_STATUS.active });

  memberCookie = await signedIn();
  await asAdmin(`/svc/auth/api/v1/organisations/${member.organisation.id}/deactivate`, {});
  await refusedEverywhere(memberCookie, 'a');
  await asAdmin(`/svc/auth/api/v1/organisations/${member.organisation.id}/reactivate`, {});

  // No screen changes a member's role; one written straight into the database (as by another
  // process or an operator) is announced the same way and bites on both.
  memberCookie = await signedIn();
  await scalar(`update users set role = 'user' where id = $1 returning 1`, [member.owner.id]);
  await expect
    .poll(
      async () =>
        Promise.all(
          (['a', 'b'] as const).map(
            async (name) => (await call(portal(name).origin, 'GET', '/svc/workshop/orders', memberCookie)).status,
          ),
        ),
      { timeout: 15_000 },
    )
    .toEqual([403, 403]);
  await scalar(`update users set role = 'workshop_user' where id = $1 returning 1`, [member.owner.id]);
  // Back for the load run.
  workshopCookies[workshopCookies.length - 1] = await login(PUBLIC_ORIGIN, member.owner.email, MEMBER_PASSWORD);
});

test('an inquiry sent through A shows in the list first page B holds in memory', async () => {
  const cookie = workshopCookies[0] ?? '';
  const listed = async (name: 'a' | 'b') =>
    (
      (await (await call(portal(name).origin, 'GET', '/svc/workshop/inquiries', cookie)).json()) as {
        data: { total: number };
      }
    ).data.total;
  await listed('b');
  const before = await listed('b');
  const relationId = takeRelation(0);
  if (relationId === null) throw new Error('no relation left');
  const sent = await call(portal('a').origin, 'POST', '/svc/workshop/inquiries', cookie, inquiryBody(relationId));
  expect(sent.status).toBe(200);
  expect(await listed('a')).toBe(before + 1);
  await expect.poll(() => listed('b'), { timeout: 15_000 }).toBe(before + 1);
});

test('a live event written through A reaches a stream connected to B', async () => {
  const stream = await openEventStream(`${portal('b').origin}/svc/workshop/events`, {
    cookie: workshopCookies[0] ?? '',
  });
  try {
    await stream.untilReady();
    const relationId = takeRelation(0);
    const sent = await call(
      portal('a').origin,
      'POST',
      '/svc/workshop/inquiries',
      workshopCookies[0],
      inquiryBody(relationId ?? 0),
    );
    expect(sent.status).toBe(200);
    const { data } = (await sent.json()) as { data: { id: number } };
    await stream.until(
      () => stream.events().some((event: TradeEvent) => event.kind === 'inquiry.sent' && event.inquiry_id === data.id),
      'the inquiry.sent event on B',
    );
  } finally {
    stream.close();
  }
});

type Outcome = { operation: string; ok: boolean; ms: number; detail?: string };

test('the load run: mixed load through nginx while A is rolled (out of the upstream, SIGTERM, restarted, back in)', async () => {
  // Live clients through nginx, one per workshop; round robin spreads them over both processes.
  for (const cookie of workshopCookies) {
    liveClients.push(startLiveClient(`${PUBLIC_ORIGIN}/svc/workshop/events`, { cookie }));
  }
  await Promise.all(liveClients.map((client) => client.firstReady));
  // What the tests above queued is out first, so the run's own mails are counted apart.
  await waitFor(
    async () =>
      (await scalar(
        `select (select count(*) from outbox where sent_at is null and abandoned_at is null)
              + (select count(*) from trade_mail_queue where mailed_at is null) as value`,
      )) === 0,
    'the mails of the tests before to go out',
  );
  const firstEventId = await scalar('select coalesce(max(id), 0) as value from trade_events');
  const firstOutboxId = await scalar('select coalesce(max(id), 0) as value from outbox');
  const accessLinesBefore = nginx.accessLog().length;

  const outcomes: Outcome[] = [];
  const inquiriesSent = new Map<number, number>();
  let invitesSent = 0;
  let inviteCounter = 0;
  const deadline = Date.now() + LOAD_SECONDS * 1000;

  async function timed(operation: string, request: () => Promise<Response>, expected = 200) {
    const started = performance.now();
    try {
      const response = await request();
      await response.arrayBuffer();
      const ok = response.status === expected;
      outcomes.push({
        operation,
        ok,
        ms: performance.now() - started,
        detail: ok ? undefined : `${response.status} via ${response.headers.get('x-upstream')}`,
      });
      return ok;
    } catch (error) {
      outcomes.push({ operation, ok: false, ms: performance.now() - started, detail: String(error).slice(0, 120) });
      return false;
    }
  }

  async function worker(index: number) {
    for (let round = 0; Date.now() < deadline; round++) {
      const workshopIndex = (index + round) % WORKSHOPS;
      const cookie = workshopCookies[workshopIndex] ?? '';
      const pick = (index * 7 + round) % 20;
      if (pick < 6) {
        await timed('read: session', () => call(PUBLIC_ORIGIN, 'GET', '/svc/auth/api/v1/user', cookie));
      } else if (pick < 9) {
        await timed('read: inquiry list', () => call(PUBLIC_ORIGIN, 'GET', '/svc/workshop/inquiries', cookie));
      } else if (pick < 11) {
        await timed('read: page', () => fetch(`${PUBLIC_ORIGIN}/`));
      } else if (pick < 13) {
        const owner = fixtures.workshops[workshopIndex]?.owner.email ?? '';
        await timed('login', () =>
          call(PUBLIC_ORIGIN, 'POST', '/svc/auth/api/v1/login', '', { email: owner, password: MEMBER_PASSWORD }),
        );
      } else if (pick < 17) {
        const relationId = takeRelation(workshopIndex);
        if (relationId === null) continue;
        const ok = await timed('write: inquiry (live event + mail)', () =>
          call(PUBLIC_ORIGIN, 'POST', '/svc/workshop/inquiries', cookie, inquiryBody(relationId)),
        );
        if (ok) inquiriesSent.set(workshopIndex, (inquiriesSent.get(workshopIndex) ?? 0) + 1);
      } else {
        inviteCounter += 1;
        const ok = await timed('write: invitation (mail)', () =>
          call(PUBLIC_ORIGIN, 'POST', '/svc/auth/api/v1/users/invite', adminCookie, {
            first_name: 'Ines',
            email: `eingeladen-${inviteCounter}@cluster.test`,
            company_name: 'Eingeladen GmbH',
          }),
        );
        if (ok) invitesSent += 1;
      }
    }
  }

  // A third into the run, A is rolled: taken out of nginx's upstream (a reload), sent SIGTERM — it
  // must exit 0 on its own — started again and put back. With CLUSTER_STOP=sigterm-only it just
  // gets SIGTERM while nginx still sends it requests (ADR 033: a POST can then be lost in the
  // instant its listening socket closes; nginx does not pass a POST it has sent on).
  const sigtermOnly = process.env.CLUSTER_STOP === 'sigterm-only';
  const restart = (async () => {
    await new Promise((resolve) => setTimeout(resolve, (LOAD_SECONDS * 1000) / 3));
    const stopping = portal('a');
    const stopAt = performance.now();
    if (!sigtermOnly) await nginx.reload(new Set(['a']));
    stopping.child.kill('SIGTERM');
    const exitCode = await stopping.exited;
    const stoppedMs = performance.now() - stopAt;
    const restarted = topology.startPortal('a');
    await topology.untilReady(restarted);
    if (!sigtermOnly) await nginx.reload(new Set());
    const leasesReleased = stopping.logs
      .filter((line) => line.event === 'mail.leases_released')
      .reduce((sum, line) => sum + Number(line.mails ?? 0), 0);
    return {
      exitCode,
      leasesReleased,
      stoppedMs,
      downMs: performance.now() - stopAt,
      drainLog: stopping.logs.some((line) => line.event === 'server.stopped'),
    };
  })();

  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  const restartFigures = await restart;

  // Every mail queued is delivered: the trade mails come through the trade-mail worker first. A
  // fast run queues over a thousand mails in 30 s; two processes on a loaded 2-core machine may
  // still be working through them a minute later (seen: batches claimed seconds before a 60 s
  // limit), so the wait is about delivery, not speed: three minutes, longer than a mail lease.
  await waitFor(
    async () =>
      (await scalar(
        `select (select count(*) from outbox where sent_at is null and abandoned_at is null)
              + (select count(*) from trade_mail_queue where mailed_at is null) as value`,
      )) === 0,
    'the outbox and the trade mail queue to empty',
    180_000,
  ).catch(async (error: unknown) => {
    // Say what is still waiting, so a failure here can be told apart: a retry, a lease, a digest.
    const waiting = await topology.connect();
    try {
      const { rows: mails } = await waiting.query(
        `select id, kind, attempts, next_attempt_at, last_error from outbox
          where sent_at is null and abandoned_at is null order by id limit 10`,
      );
      const { rows: trade } = await waiting.query(
        'select id, user_id, kind, event_id from trade_mail_queue where mailed_at is null order by id limit 10',
      );
      throw new Error(`${String(error)}; outbox: ${JSON.stringify(mails)}; trade mail queue: ${JSON.stringify(trade)}`);
    } finally {
      await waiting.end();
    }
  });
  const client = await topology.connect();
  const { rows: mails } = await client.query<{ id: number; kind: string; abandoned: boolean }>(
    'select id, kind, abandoned_at is not null as abandoned from outbox where id > $1',
    [firstOutboxId],
  );
  // Each workshop's events by the ids its streams carry: its own positions (ADR 045), not the log's ids.
  const { rows: events } = await client.query<{ id: number | string; workshop_organisation_id: number }>(
    `select reader.position as id, event.workshop_organisation_id
       from trade_events event
       join trade_event_readers reader
         on reader.event_id = event.id and reader.organisation_id = event.workshop_organisation_id
      where event.id > $1`,
    [firstEventId],
  );
  await client.end();

  // Live events: every client gets every event of its workshop, once, despite the stop.
  const expectedEvents = fixtures.workshops.map((entry) =>
    events
      .filter((event) => Number(event.workshop_organisation_id) === entry.organisation.id)
      // bigint columns arrive as strings from pg
      .map((event) => Number(event.id)),
  );
  await waitFor(
    () => liveClients.every((live, index) => (expectedEvents[index] ?? []).every((id) => live.received.has(id))),
    'every live event at its client',
    30_000,
  ).catch(() => undefined);
  const eventsExpected = expectedEvents.reduce((sum, ids) => sum + ids.length, 0);
  const eventsReceived = liveClients.reduce(
    (sum, live, index) => sum + (expectedEvents[index] ?? []).filter((id) => live.received.has(id)).length,
    0,
  );
  const duplicateEvents = liveClients.reduce((sum, live) => sum + live.duplicates(), 0);
  const reconnects = liveClients.reduce((sum, live) => sum + live.connections() - 1, 0);

  // Mails: every outbox row reached the SMTP sink exactly once.
  const mailsExpected = invitesSent + [...inquiriesSent.values()].reduce((sum, count) => sum + count, 0);
  const receivedTimes = mails.map((mail) => topology.smtp.received.get(`<outbox-${mail.id}@teileportal.local>`) ?? 0);
  const mailsDelivered = receivedTimes.filter((times) => times >= 1).length;
  const mailsDuplicated = receivedTimes.filter((times) => times > 1).length;

  const latencies = outcomes.map((outcome) => outcome.ms).sort((left, right) => left - right);
  const percentile = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  const failures = outcomes.filter((outcome) => !outcome.ok);
  const proxied = nginx.accessLog().slice(accessLinesBefore);
  const retriedByNginx = proxied.filter((line) => /statuses=\S+, /.test(line)).length;
  const byOperation = new Map<string, number>();
  for (const outcome of outcomes) byOperation.set(outcome.operation, (byOperation.get(outcome.operation) ?? 0) + 1);

  console.log(
    [
      '',
      `cluster load run (${LOAD_SECONDS} s, ${WORKERS} workers, through nginx; after ${Math.round(LOAD_SECONDS / 3)} s A ${sigtermOnly ? 'gets SIGTERM while still in the upstream' : 'is taken out of the upstream, gets SIGTERM, is restarted and put back'})`,
      `  requests: ${outcomes.length} (${[...byOperation].map(([name, count]) => `${name} ${count}`).join(', ')})`,
      `  failures: ${failures.length}${failures.length ? ` — ${failures.map((failure) => `${failure.operation}: ${failure.detail}`).join('; ')}` : ''}`,
      `  retried by nginx onto the other process: ${retriedByNginx}`,
      `  latency: p50 ${percentile(0.5).toFixed(0)} ms, p99 ${percentile(0.99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
      `  A: exit code ${restartFigures.exitCode} after ${restartFigures.stoppedMs.toFixed(0)} ms of draining, ready again after ${restartFigures.downMs.toFixed(0)} ms; outbox leases it gave back: ${restartFigures.leasesReleased}`,
      `  mails: ${mailsDelivered} delivered / ${mailsExpected} expected (${mails.length} queued), ${mailsDuplicated} duplicated, ${mails.filter((mail) => mail.abandoned).length} abandoned`,
      `  live events: ${eventsReceived} received / ${eventsExpected} expected, ${duplicateEvents} duplicated, ${reconnects} reconnects (${liveClients.map((live) => live.upstreams.join('→')).join(' | ')})`,
      '',
    ].join('\n'),
  );

  expect(failures).toEqual([]);
  expect(restartFigures.exitCode).toBe(0);
  expect(restartFigures.drainLog).toBe(true);
  expect(mails.length).toBe(mailsExpected);
  expect(mailsDelivered).toBe(mailsExpected);
  expect(mailsDuplicated).toBe(0);
  expect(topology.smtp.received.get('none')).toBeUndefined();
  expect(eventsExpected).toBe(mailsExpected - invitesSent);
  expect(eventsReceived).toBe(eventsExpected);
  expect(duplicateEvents).toBe(0);
  // The stop really moved streams: the clients on A reconnected (to B, or to A once it was back).
  expect(liveClients.some((live) => live.upstreams[0]?.endsWith(`:${PORTS.a}`))).toBe(true);
  expect(reconnects).toBeGreaterThan(0);
  expect(outcomes.length).toBeGreaterThan(100);
}, 360_000); // the load, the restart, and up to three minutes for the mails to go out
