import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REQUESTS_PER_SESSION } from '../../server/http/concurrency-limit';
import { hashOpaqueValue } from '../../server/http/opaque-cookie';
import { serverMessages } from '../../server/i18n';
import {
  type FloodData,
  type Flooder,
  prepareFlood,
  type QuietRead,
  readQuietly,
  startFlood,
  writeFloodData,
} from '../support/flood';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * One account floods, the others keep being served (issue 27, last paragraph): one workshop, one
 * dealer and one insurer session each run FLOOD_LANES request loops over their expensive endpoints
 * (dashboards, learned fitment, part and text searches, live streams resumed from event 0, delay
 * statement PDFs) while other organisations read. Their reads all answer 200 with exactly the
 * data they had before; the flood's excess is refused with the translated 429 problem, nothing
 * else. No timing is asserted (the machine may be busy): the figures are `npm run bench:flood`'s.
 */

const FLOOD_LANES = 24;
/** Reads of each quiet organisation made while the flood runs, at least. */
const READS_DURING_FLOOD = 5;
/** Requests the flood has ended, at least, before the quiet reads stop. */
const FLOOD_REQUESTS = 150;

let server: TestServer;
let data: FloodData;
let flooders: Flooder[];
let quietReads: QuietRead[];

beforeAll(async () => {
  // The closing sweeper would change a quiet read's rightful answer halfway through.
  server = await startTestServer({ TRADE_SWEEP_MS: '3600000' });
  data = await writeFloodData(server.db, 30);
  ({ flooders, quietReads } = await prepareFlood(server.origin, data));
}, 600_000);

afterAll(async () => {
  await server?.stop();
});

/** Waits until the process holds no live stream any more (the flood's resumes were aborted). */
async function untilNoLiveStream() {
  const deadline = Date.now() + 60_000;
  while (server.liveHub.size() > 0) {
    if (Date.now() > deadline) throw new Error(`${server.liveHub.size()} live streams outlived the flood`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('while one session of each kind floods, other organisations read their own data; the flood gets answers or 429 problems, nothing else', async () => {
  expect(data.workshopEvents).toBeGreaterThan(0);
  expect(data.dealerEvents).toBeGreaterThan(0);
  const flood = startFlood(server.origin, flooders, FLOOD_LANES);
  let results: Awaited<ReturnType<typeof readQuietly>>;
  try {
    results = await readQuietly(
      server.origin,
      quietReads,
      (soFar) => soFar.latenciesMs.length >= READS_DURING_FLOOD && flood.ended() >= FLOOD_REQUESTS,
    );
  } finally {
    await flood.stop();
    await untilNoLiveStream();
  }

  for (const result of results) {
    expect({ read: result.name, wrong: result.wrong }).toEqual({ read: result.name, wrong: [] });
    expect(result.latenciesMs.length).toBeGreaterThanOrEqual(READS_DURING_FLOOD);
  }
  for (const tally of flood.tallies) {
    // Every answer of the flood is a 2xx or a proper 429 problem: no 5xx, no other refusal.
    expect({ flooder: tally.flooder, anomalies: tally.anomalies }).toEqual({ flooder: tally.flooder, anomalies: [] });
    expect(tally.answered).toBeGreaterThan(0);
    for (const [id, { message, language }] of Object.entries(tally.refusalMessages)) {
      // The stream resumes meet the live-stream caps (ADR 045), the PDFs the statement limit.
      const floodRefusals = ['tooManyConcurrentRequests', 'tooManyStatements', 'tooManyLiveStreams'] as const;
      expect(floodRefusals).toContain(id);
      expect(message).toBe(serverMessages[language][id as (typeof floodRefusals)[number]]);
    }
  }
}, 600_000);

test('forty requests at once from one session: more than its places, so the excess is refused with the 429 problem before the database', async () => {
  const workshop = flooders.find((flooder) => flooder.name === 'workshop');
  const dashboard = workshop?.requests.find((request) => request.name === 'dashboard');
  if (!workshop || !dashboard) throw new Error('the workshop floods no dashboard');
  const places = REQUESTS_PER_SESSION.running + REQUESTS_PER_SESSION.waiting;
  // The flood left this session in the process's memory (ADR 048): a change of its user makes the
  // process forget it, so that the burst's requests must look it up in the database again.
  const idHash = hashOpaqueValue(workshop.cookie.slice(workshop.cookie.indexOf('=') + 1));
  await server.db.execute(
    sql`update users set updated_at = now() where id = (select user_id from sessions where id_hash = ${idHash})`,
  );
  await server.accessChanges.settle();
  // The session table is locked meanwhile, so no request of the burst can end before all have
  // arrived (the server is in this process: without it they would simply be served in turn).
  let unlock = () => {};
  let locked = () => {};
  const lockTaken = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const holding = server.db.transaction(async (tx) => {
    await tx.execute(sql`lock table sessions in access exclusive mode`);
    locked();
    await new Promise<void>((resolve) => {
      unlock = resolve;
    });
  });
  await lockTaken;
  type BurstAnswer = { status: number; retryAfter: string | null; body: unknown };
  const answered: BurstAnswer[] = [];
  const burst = Array.from({ length: places + 24 }, async () => {
    const response = await fetch(server.url(dashboard.path), {
      headers: { cookie: workshop.cookie, 'accept-language': 'en' },
    });
    const answer = {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.json(),
    };
    answered.push(answer);
    return answer;
  });
  try {
    // The excess is answered while the database is still locked: it never waited for it.
    const deadline = Date.now() + 60_000;
    while (answered.length < 24 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    unlock();
    await holding;
  }
  const refusedEarly = answered.filter((answer) => answer.status === 429);
  expect(refusedEarly.length).toBe(24);
  for (const answer of refusedEarly) {
    expect(answer.retryAfter).toBe('1');
    expect(answer.body).toEqual({
      code: 429,
      data: null,
      error: 'tooManyConcurrentRequests',
      message: serverMessages.en.tooManyConcurrentRequests,
    });
  }
  // The ones that had a place are served once the database is back.
  const answers = await Promise.all(burst);
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(places);
}, 300_000);

test('after the flood every flooder is served again: the places were given back', async () => {
  for (const flooder of flooders) {
    // Not the statements: the insurer may rightly have used up its statements of this window.
    for (const request of flooder.requests.filter((each) => !each.replayedEvents && each.name !== 'statement PDF')) {
      const response = await fetch(server.url(request.path), { headers: { cookie: flooder.cookie } });
      await response.arrayBuffer();
      expect({ flooder: flooder.name, request: request.name, status: response.status }).toEqual({
        flooder: flooder.name,
        request: request.name,
        status: 200,
      });
    }
  }
});
