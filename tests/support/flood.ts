import { eq } from 'drizzle-orm';
import { periodRange } from '../../common/contracts/dashboards';
import { portalToday } from '../../common/format/formats';
import type { Database } from '../../server/db/database';
import { organisations, users } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_WORKSHOP_EMAIL, seedDemo } from '../../server/demo/seed-demo';
import { latestPositionOf } from '../../server/trade/event-log';
import { insertInsurer, MEMBER_PASSWORD } from './organisations';

/*
 * One account floods the expensive endpoints while other organisations read (issue 27, last
 * paragraph): the scenario, the flood and the quiet readers, shared by the server test
 * (tests/server/flood.test.ts, correctness only) and the benchmark (scripts/bench-flood.ts, the
 * figures). Everything here talks HTTP to a portal at `origin`, so it serves a test server and a
 * production process alike.
 */

/** The demo's second workshop and second dealer: organisations the flooders share nothing with. */
const QUIET_WORKSHOP_EMAIL = 'schulz@demo.teileportal.local';
const FLOODING_DEALER_EMAIL = 'haendler1@demo.teileportal.local';
const QUIET_DEALER_EMAIL = 'haendler2@demo.teileportal.local';
const FLOODING_INSURER_EMAIL = 'schaden@flut-versicherung.test';
const QUIET_INSURER_EMAIL = 'schaden@ruhig-versicherung.test';
/** Claims the flooding insurer's statements are drawn from (three different PDFs, two languages each). */
const FLOOD_CLAIMS = ['FLUT-2026/0001', 'FLUT-2026/0002', 'FLUT-2026/0003'];
const QUIET_CLAIM = 'RUHIG-2026/0001';

/** Organisation ids and event counts the flood needs, written before the portal serves it. */
export type FloodData = {
  floodingInsurerId: number;
  quietInsurerId: number;
  /** How many trade events a resume from 0 replays to the flooding workshop and dealer. */
  workshopEvents: number;
  dealerEvents: number;
};

async function organisationOf(db: Database, email: string) {
  const [row] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.email, email));
  if (!row?.organisationId) throw new Error(`no organisation for ${email}`);
  return row.organisationId;
}

/** The demo with `inquiryCount` inquiries and two insurers (ADR 030: the administrator creates insurers). */
export async function writeFloodData(db: Database, inquiryCount: number): Promise<FloodData> {
  await seedDemo(db, { inquiryCount });
  const [flooding] = await db.select().from(organisations).where(eq(organisations.name, 'Flut Versicherung AG'));
  const floodingInsurerId =
    flooding?.id ?? (await insertInsurer(db, 'Flut Versicherung AG', [FLOODING_INSURER_EMAIL])).organisation.id;
  const [quiet] = await db.select().from(organisations).where(eq(organisations.name, 'Ruhig Versicherung a. G.'));
  const quietInsurerId =
    quiet?.id ?? (await insertInsurer(db, 'Ruhig Versicherung a. G.', [QUIET_INSURER_EMAIL])).organisation.id;
  return {
    floodingInsurerId,
    quietInsurerId,
    // Positions are dense per reader (ADR 045): the newest is how many events it may read.
    workshopEvents: await latestPositionOf(db, await organisationOf(db, DEMO_WORKSHOP_EMAIL)),
    dealerEvents: await latestPositionOf(db, await organisationOf(db, FLOODING_DEALER_EMAIL)),
  };
}

async function login(origin: string, email: string, password: string) {
  const response = await fetch(`${origin}/svc/auth/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  const pair = response.headers
    .getSetCookie()
    .find((cookie) => cookie.includes('tp_session='))
    ?.split(';')[0];
  if (!pair) throw new Error(`login of ${email} failed with ${response.status}`);
  return pair;
}

/**
 * A GET, once more when the kept-alive connection it went out on had just been closed by the
 * server (ECONNRESET, or undici's "other side closed", before any answer: the server's idle
 * timeout ran out while a loaded machine kept the client from reusing it in time).
 */
async function fetchRetryingReset(url: string, init: RequestInit) {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (!(code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') || init.signal?.aborted) throw error;
    return fetch(url, init);
  }
}

type Envelope<TData> = { code: number; data: TData; error?: string; message?: string };

async function getData<TData>(origin: string, pathname: string, cookie: string) {
  const response = await fetch(`${origin}${pathname}`, { headers: { cookie, 'accept-language': 'de' } });
  const body = (await response.json()) as Envelope<TData>;
  if (!response.ok) throw new Error(`GET ${pathname}: ${response.status} ${body.error}`);
  return body.data;
}

/** The workshop shares its newest orders under claim numbers, as its order page does. */
async function shareOrders(
  origin: string,
  cookie: string,
  insurerId: number,
  claimNumbers: readonly string[],
): Promise<void> {
  const page = await getData<{ items: { id: number }[] }>(origin, '/svc/workshop/orders?page=1', cookie);
  for (const [index, claimNumber] of claimNumbers.entries()) {
    const order = page.items[index];
    if (!order) throw new Error('the demo workshop has too few orders to share');
    const response = await fetch(`${origin}/svc/workshop/orders/${order.id}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ claim_number: claimNumber, insurer_organisation_id: insurerId }),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`sharing order ${order.id}: ${response.status}`);
  }
}

/** One request the flood repeats; a stream is read until its replay has arrived (or the flood ends). */
export type FloodRequest = { name: string; path: string; language?: 'de' | 'en'; replayedEvents?: number };
/** One session that floods: its cookie and the requests its lanes cycle through. */
export type Flooder = { name: string; cookie: string; requests: FloodRequest[] };
/** A read of an organisation that does not flood, with the answer it must keep giving. */
export type QuietRead = { name: string; path: string; cookie: string; expected: unknown };

/**
 * Logs everybody in, shares the claims and takes each quiet read's answer before any flood (the
 * data every read during the flood must equal). Needs a portal whose closing sweeper does not run
 * meanwhile (a long TRADE_SWEEP_MS), else a read may rightly change.
 */
export async function prepareFlood(origin: string, data: FloodData) {
  const [workshop, quietWorkshop, dealer, quietDealer, insurer, quietInsurer] = await Promise.all([
    login(origin, DEMO_WORKSHOP_EMAIL, DEMO_PASSWORD),
    login(origin, QUIET_WORKSHOP_EMAIL, DEMO_PASSWORD),
    login(origin, FLOODING_DEALER_EMAIL, DEMO_PASSWORD),
    login(origin, QUIET_DEALER_EMAIL, DEMO_PASSWORD),
    login(origin, FLOODING_INSURER_EMAIL, MEMBER_PASSWORD),
    login(origin, QUIET_INSURER_EMAIL, MEMBER_PASSWORD),
  ]);
  await shareOrders(origin, workshop, data.floodingInsurerId, FLOOD_CLAIMS);
  await shareOrders(origin, quietWorkshop, data.quietInsurerId, [QUIET_CLAIM]);

  const year = new URLSearchParams(periodRange('12m', portalToday())).toString();
  const statement = (claim: string, language: 'de' | 'en'): FloodRequest => ({
    name: 'statement PDF',
    path: `/svc/insurer/claims/${encodeURIComponent(claim)}/statement.pdf`,
    language,
  });
  const flooders: Flooder[] = [
    {
      name: 'workshop',
      cookie: workshop,
      requests: [
        { name: 'dashboard', path: `/svc/workshop/dashboard?${year}` },
        {
          name: 'fitment',
          path: `/svc/workshop/fitment?vin=WVWZZZAUZFW123456&parts=${encodeURIComponent('1K0 615 301 AA,5Q0 698 151 A,04L 115 561 H,1K0 615 301 AB,5Q0 698 151')}`,
        },
        { name: 'inquiry search', path: '/svc/workshop/inquiries?q=Bremsscheibe' },
        { name: 'inquiry part search', path: `/svc/workshop/inquiries?q=${encodeURIComponent('1K0615301AB')}` },
        { name: 'order search', path: `/svc/workshop/orders?q=${encodeURIComponent('5Q0 698 151')}&vehicle=Golf` },
        { name: 'stream resume', path: '/svc/workshop/events?after=0', replayedEvents: data.workshopEvents },
      ],
    },
    {
      name: 'dealer',
      cookie: dealer,
      requests: [
        { name: 'dashboard', path: `/svc/part-dealer/dashboard?${year}` },
        { name: 'inbox search', path: '/svc/part-dealer/inquiries?q=Bremsbelag' },
        { name: 'order search', path: `/svc/part-dealer/orders?q=${encodeURIComponent('04L 115 561')}` },
        { name: 'stream resume', path: '/svc/part-dealer/events?after=0', replayedEvents: data.dealerEvents },
      ],
    },
    {
      name: 'insurer',
      cookie: insurer,
      requests: [
        ...FLOOD_CLAIMS.flatMap((claim) => [statement(claim, 'de'), statement(claim, 'en')]),
        { name: 'claim', path: `/svc/insurer/claims/${encodeURIComponent(FLOOD_CLAIMS[0] ?? '')}` },
        { name: 'claim list', path: '/svc/insurer/claims' },
      ],
    },
  ];

  const quietPaths: Omit<QuietRead, 'expected'>[] = [
    { name: 'session read (workshop)', path: '/svc/auth/api/v1/user', cookie: quietWorkshop },
    { name: 'inquiry list (workshop)', path: '/svc/workshop/inquiries?page=1', cookie: quietWorkshop },
    { name: 'dealer inbox', path: '/svc/part-dealer/inquiries?page=1', cookie: quietDealer },
    { name: 'claim list (insurer)', path: '/svc/insurer/claims', cookie: quietInsurer },
  ];
  const quietReads: QuietRead[] = [];
  for (const read of quietPaths) {
    quietReads.push({ ...read, expected: await getData(origin, read.path, read.cookie) });
  }
  return { flooders, quietReads };
}

/** What one flooding session got: answers (2xx), refusals (429) by message id, anything else. */
export type FloodTally = {
  flooder: string;
  answered: number;
  refused: Record<string, number>;
  /** The message each refusal's id came with (the first one seen) and the language asked for, to check its translation. */
  refusalMessages: Record<string, { message: string; language: 'de' | 'en' }>;
  /** Answers that are neither 2xx nor a proper 429 problem (status, id, missing Retry-After, …). */
  anomalies: string[];
};

/** Reads a live stream until `replayedEvents` messages arrived, it ends, or `stop` aborts it. */
async function readReplay(response: Response, replayedEvents: number) {
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffer = '';
  let messages = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (/^data:/m.test(block) && !/^event:/m.test(block)) messages += 1;
    }
    if (messages >= replayedEvents) return;
  }
}

/**
 * Starts `lanes` request loops per flooder, each one request after the other through its
 * flooder's list (lanes start at different places in it). `stop()` lets the requests in flight
 * finish, aborts the streams being read, and resolves with the tallies once every request of
 * the flood has ended: nothing the flood started outlives it.
 */
export function startFlood(origin: string, flooders: readonly Flooder[], lanes: number) {
  let stopping = false;
  const openStreams = new Set<AbortController>();
  const tallies = flooders.map<FloodTally>((flooder) => ({
    flooder: flooder.name,
    answered: 0,
    refused: {},
    refusalMessages: {},
    anomalies: [],
  }));

  async function once(flooder: Flooder, request: FloodRequest, tally: FloodTally) {
    const controller = new AbortController();
    const isStream = request.replayedEvents !== undefined;
    if (isStream) openStreams.add(controller);
    try {
      const response = await fetchRetryingReset(`${origin}${request.path}`, {
        headers: {
          cookie: flooder.cookie,
          'accept-language': request.language ?? 'de',
          ...(isStream ? { accept: 'text/event-stream' } : {}),
        },
        signal: controller.signal,
      });
      if (response.ok) {
        if (isStream) await readReplay(response, request.replayedEvents ?? 0);
        else await response.arrayBuffer();
        tally.answered += 1;
        return;
      }
      const text = await response.text();
      let body: Envelope<null> | null = null;
      try {
        body = JSON.parse(text) as Envelope<null>;
      } catch {
        // not JSON: an anomaly below
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      if (response.status === 429 && body?.error && body.message && retryAfter >= 1) {
        tally.refused[body.error] = (tally.refused[body.error] ?? 0) + 1;
        tally.refusalMessages[body.error] ??= { message: body.message, language: request.language ?? 'de' };
      } else {
        tally.anomalies.push(`${request.name}: ${response.status} ${body?.error ?? text.slice(0, 80)}`);
      }
    } catch (error) {
      // Aborting a stream the flood no longer reads is how it ends, not a failure.
      if (!(controller.signal.aborted && stopping)) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        tally.anomalies.push(`${request.name}: ${String(error).split('\n')[0]}${code ? ` (${code})` : ''}`);
      }
    } finally {
      if (isStream) {
        controller.abort();
        openStreams.delete(controller);
      }
    }
  }

  const running = flooders.flatMap((flooder, index) => {
    const tally = tallies[index] as FloodTally;
    return Array.from({ length: lanes }, async (_, lane) => {
      for (let step = lane; !stopping; step += 1) {
        await once(flooder, flooder.requests[step % flooder.requests.length] as FloodRequest, tally);
      }
    });
  });

  return {
    tallies,
    /** Requests of the flood that have ended so far, whatever their answer. */
    ended: () =>
      tallies.reduce(
        (sum, tally) =>
          sum +
          tally.answered +
          tally.anomalies.length +
          Object.values(tally.refused).reduce((refused, count) => refused + count, 0),
        0,
      ),
    async stop() {
      stopping = true;
      for (const controller of openStreams) controller.abort();
      await Promise.all(running);
      return tallies;
    },
  };
}

/** One quiet read's answers: latencies and whatever differed from the expected answer. */
export type QuietReadResult = { name: string; latenciesMs: number[]; wrong: string[] };

/**
 * Repeats each quiet read, one after the other per read and all reads at the same time, until
 * `enough` says so for that read; every answer must be 200 with exactly the data taken before.
 */
export async function readQuietly(
  origin: string,
  reads: readonly QuietRead[],
  enough: (soFar: QuietReadResult) => boolean,
) {
  const expectedJson = reads.map((read) => JSON.stringify(read.expected));
  return Promise.all(
    reads.map(async (read, index): Promise<QuietReadResult> => {
      const result: QuietReadResult = { name: read.name, latenciesMs: [], wrong: [] };
      while (!enough(result)) {
        const started = performance.now();
        try {
          const response = await fetchRetryingReset(`${origin}${read.path}`, {
            headers: { cookie: read.cookie, 'accept-language': 'de' },
          });
          const body = (await response.json()) as Envelope<unknown>;
          result.latenciesMs.push(performance.now() - started);
          if (response.status !== 200) result.wrong.push(`${response.status} ${body.error}`);
          else if (JSON.stringify(body.data) !== expectedJson[index]) result.wrong.push('other data than before');
        } catch (error) {
          result.wrong.push(String(error).split('\n')[0] ?? 'failed');
        }
      }
      return result;
    }),
  );
}
