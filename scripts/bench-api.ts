import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshPostgresDatabase } from '../tests/support/fresh-postgres';
import { benchDashboards } from './bench-dashboards';
import { benchReads } from './bench-reads';
import { figureLine, load as loadFor, login, percentile, post, rssMegabytes, startPortal } from './bench-support';
import { benchTrade } from './bench-trade';

/**
 * `npm run bench:api`: load figures for the API (issue 7 §4), a benchmark, not a test. Starts the
 * production server (APP_ENV=production) on PGlite and, with DATABASE_URL, on a fresh PostgreSQL
 * database, and prints req/s and p50/p95/p99 for the reads, logins at 20/s with reads running
 * alongside, a 10× login spike (expect 429s, never 5xx), memory over a soak (SOAK_SECONDS, default
 * 600) and the cold start. BENCH_SECONDS sets each read run (default 10).
 *
 * Live events (ADR 024): LIVE_CLIENTS (default 500) SSE clients (raw HTTP, not EventSource) on one
 * server process, LIVE_ROUNDS (default 20) events appended one at a time after LIVE_WARMUP (default 3,
 * not counted: the first events pay for JIT compilation); for each, the time from
 * the append request to its arrival at each client, as p50/p95/p99. `npm run bench:api -- live`
 * runs only this section (PGlite, and PostgreSQL with DATABASE_URL).
 *
 * The trade loop (issue 13, scripts/bench-trade.ts): the dealer's inbox and the workshop's order
 * list on the demo's 10 000 inquiries, and placing 20-line orders; `npm run bench:api -- trade`.
 *
 * Reads that don't wait for the database (issue 26 §2, scripts/bench-reads.ts): the session read and
 * the three lists' first pages beside the bare-Node ceiling; `npm run bench:api -- reads`.
 */
const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-password-2026' };
const USER = { email: 'werkstatt@bench.local', password: 'Bench-user-password-2026' };
const load = (options: Parameters<typeof loadFor>[0]) => loadFor(options, seconds);

async function benchmark(kind: 'pglite' | 'postgres', port: number) {
  const postgres = kind === 'postgres' ? await freshPostgresDatabase(process.env.DATABASE_URL ?? '', 'tp_bench') : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-api-'));
  const portal = await startPortal(port, { dataDir, databaseUrl: postgres?.url ?? null, admin: ADMIN });
  console.log(`\n=== ${kind} ===`);
  console.log(
    `cold start ${portal.coldStartMs.toFixed(0)} ms (spawn → /healthz ok), RSS ${rssMegabytes(portal.pid).toFixed(0)} MB`,
  );
  const { origin } = portal;
  try {
    const admin = await login(origin, ADMIN);
    await post(origin, '/svc/auth/api/v1/sign-up', {
      company_name: 'Bench KFZ',
      first_name: 'Ben',
      last_name: 'Bench',
      email: USER.email,
      contact_number: '+49 30 1234567',
      postal_code: '10115',
      password: USER.password,
      confirm_password: USER.password,
      terms_accepted: true,
    });
    const list = (await (
      await fetch(`${origin}/svc/auth/api/v1/users/list?search=werkstatt`, { headers: { cookie: admin } })
    ).json()) as { data: { items: { id: number }[] } };
    const userId = list.data.items[0]?.id;
    await post(origin, `/svc/auth/api/v1/users/${userId}/status`, { status: 1 }, admin);
    const user = await login(origin, USER);

    const reads: [string, string, string][] = [
      ['GET /svc/workshop/lead/dms', '/svc/workshop/lead/dms', ''],
      ['GET /svc/auth/api/v1/user (session)', '/svc/auth/api/v1/user', user],
      ['GET /svc/auth/api/v1/users/list (admin)', '/svc/auth/api/v1/users/list', admin],
    ];
    for (const [name, pathname, cookie] of reads) {
      console.log(figureLine(name, await load({ url: `${origin}${pathname}`, headers: cookie ? { cookie } : {} })));
    }

    const loginBody = JSON.stringify(USER);
    const loginOptions = {
      url: `${origin}/svc/auth/api/v1/login`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', origin },
      body: loginBody,
    };
    const [logins, readsDuringLogins] = await Promise.all([
      load({ ...loginOptions, connections: 5, overallRate: 20 }),
      load({ url: `${origin}/svc/workshop/lead/dms`, connections: 5 }),
    ]);
    console.log(figureLine('POST login, 20/s', logins));
    console.log(figureLine('  … GET lead/dms while those logins run', readsDuringLogins));

    const spike = await load({
      ...loginOptions,
      body: JSON.stringify({ email: 'nobody@bench.local', password: 'Wrong-password-2026' }),
      connections: 20,
      overallRate: 200,
    });
    const fiveHundreds = Object.entries(spike.statuses).filter(([code]) => code.startsWith('5'));
    console.log(figureLine('POST login spike, 200/s, wrong password', spike));
    console.log(
      `  spike: ${spike.statuses['429'] ?? 0} × 429, ${fiveHundreds.length === 0 ? 'no 5xx' : `5xx: ${JSON.stringify(fiveHundreds)}`}`,
    );

    const rssBefore = rssMegabytes(portal.pid);
    const soak = await load({
      url: `${origin}/svc/auth/api/v1/user`,
      headers: { cookie: user },
      connections: 4,
      overallRate: 300,
      duration: soakSeconds,
    });
    const rssAfter = rssMegabytes(portal.pid);
    console.log(figureLine(`soak ${soakSeconds} s, GET /user at 300/s`, soak));
    console.log(`  RSS at soak start ${rssBefore.toFixed(0)} MB, at end ${rssAfter.toFixed(0)} MB`);
  } finally {
    await portal.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const liveClients = Number(process.env.LIVE_CLIENTS ?? 500);
const liveRounds = Number(process.env.LIVE_ROUNDS ?? 20);
const liveWarmup = Number(process.env.LIVE_WARMUP ?? 3);
/** Marks a trade event in the stream (the `ready` event's data starts with last_event_id). */
const EVENT_MARKER = 'data: {"id":';

type RawStream = { arm: () => Promise<number>; close: () => void };

/** One SSE client on its own socket; `arm()` resolves with the arrival time of the next trade event. */
function openRawStream(origin: string, cookie: string) {
  return new Promise<RawStream>((resolve, reject) => {
    let waiting: ((at: number) => void) | null = null;
    let tail = '';
    const request = http.request(
      `${origin}/svc/workshop/events`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`live stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let ready = false;
        response.on('data', (chunk: string) => {
          const at = performance.now();
          const text = tail + chunk;
          tail = text.slice(-EVENT_MARKER.length);
          if (!ready && text.includes('event: ready')) {
            ready = true;
            resolve(stream);
          }
          if (waiting && text.includes(EVENT_MARKER)) {
            const arrived = waiting;
            waiting = null;
            tail = '';
            arrived(at);
          }
        });
      },
    );
    const stream: RawStream = {
      arm: () =>
        new Promise<number>((arrived) => {
          tail = '';
          waiting = arrived;
        }),
      close: () => request.destroy(),
    };
    request.on('error', reject);
    request.end();
  });
}

type LiveServerMessage =
  | { type: 'ready'; origin: string; member: { email: string; password: string } }
  | { type: 'appended'; id: number; committedAt: number }
  | { type: 'streams'; count: number };

async function liveBenchmark(kind: 'pglite' | 'postgres') {
  const postgres =
    kind === 'postgres' ? await freshPostgresDatabase(process.env.DATABASE_URL ?? '', 'tp_bench_live') : null;
  const { DATABASE_URL: _unused, ...environment } = process.env;
  const child = fork(path.join(root, 'scripts/bench-live-server.ts'), {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: { ...environment, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = <TType extends LiveServerMessage['type']>(type: TType) =>
    new Promise<Extract<LiveServerMessage, { type: TType }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} from the live bench server`)), 60_000);
      const onMessage = (message: LiveServerMessage) => {
        if (message.type !== type) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message as Extract<LiveServerMessage, { type: TType }>);
      };
      child.on('message', onMessage);
    });
  const streams: RawStream[] = [];
  try {
    const ready = await next('ready');
    const cookie = await login(ready.origin, ready.member);
    const connectStarted = performance.now();
    for (let opened = 0; opened < liveClients; opened += 50) {
      const batch = Math.min(50, liveClients - opened);
      streams.push(...(await Promise.all(Array.from({ length: batch }, () => openRawStream(ready.origin, cookie)))));
    }
    const connectMs = performance.now() - connectStarted;
    child.send({ type: 'streams' });
    const { count } = await next('streams');
    const latencies: number[] = [];
    const sinceCommit: number[] = [];
    const worstPerRound: number[] = [];
    for (let round = -liveWarmup; round < liveRounds; round++) {
      const arrivals = streams.map((stream) => stream.arm());
      const appended = next('appended');
      const sent = performance.now();
      child.send({ type: 'append' });
      const { committedAt } = await appended;
      const times = await Promise.race([
        Promise.all(arrivals),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('an event did not arrive in 10 s')), 10_000),
        ),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (round < 0) continue;
      const roundLatencies = times.map((at) => at - sent);
      latencies.push(...roundLatencies);
      sinceCommit.push(...times.map((at) => performance.timeOrigin + at - committedAt));
      worstPerRound.push(Math.max(...roundLatencies));
    }
    latencies.sort((a, b) => a - b);
    sinceCommit.sort((a, b) => a - b);
    console.log(`\n=== live events, ${kind} ===`);
    console.log(`${liveClients} SSE clients connected in ${connectMs.toFixed(0)} ms; the hub counts ${count} streams`);
    console.log(
      `${liveRounds} events × ${liveClients} clients after ${liveWarmup} warm-up events (append request → event received): p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p95 ${percentile(latencies, 0.95).toFixed(1)} ms  p99 ${percentile(latencies, 0.99).toFixed(1)} ms  max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
    console.log(
      `  from commit (NOTIFY → read → fan-out → loopback): p50 ${percentile(sinceCommit, 0.5).toFixed(1)} ms  p95 ${percentile(sinceCommit, 0.95).toFixed(1)} ms  p99 ${percentile(sinceCommit, 0.99).toFixed(1)} ms`,
    );
    console.log(`  slowest client per event (ms): ${worstPerRound.map((ms) => ms.toFixed(0)).join(' ')}`);
    console.log(
      `  slowest client per event: median ${percentile(
        [...worstPerRound].sort((a, b) => a - b),
        0.5,
      ).toFixed(1)} ms`,
    );
  } finally {
    for (const stream of streams) stream.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGKILL');
    const stopped = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
    ]);
    if (stopped === 'timeout') child.kill('SIGKILL');
    await postgres?.drop();
  }
}

/** Sections to run: `npm run bench:api -- live` (or `trade`, `api`) runs only those named; none named runs all. */
const named = process.argv
  .slice(2)
  .filter((argument) => ['api', 'reads', 'trade', 'live', 'dashboards'].includes(argument));
const runs = (section: string) => named.length === 0 || named.includes(section);
if (runs('api')) {
  console.log(`API benchmark: autocannon on loopback, ${seconds} s per run, 10 connections unless noted`);
  await benchmark('pglite', 4331);
  if (process.env.DATABASE_URL) await benchmark('postgres', 4332);
  else console.log('\n(PostgreSQL skipped: set DATABASE_URL to include it)');
}
if (runs('reads')) {
  await benchReads('pglite', 4351);
  if (process.env.DATABASE_URL) await benchReads('postgres', 4352);
  else console.log('\n(the reads on PostgreSQL skipped: set DATABASE_URL to include them)');
}
if (runs('trade')) {
  await benchTrade('pglite', 4341);
  if (process.env.DATABASE_URL) await benchTrade('postgres', 4342);
  else console.log('\n(the trade loop on PostgreSQL skipped: set DATABASE_URL to include it)');
}
if (runs('dashboards')) {
  await benchDashboards('pglite', 4343);
  if (process.env.DATABASE_URL) await benchDashboards('postgres', 4344);
  else console.log('\n(the dashboards on PostgreSQL skipped: set DATABASE_URL to include them)');
}
if (runs('live')) {
  await liveBenchmark('pglite');
  if (process.env.DATABASE_URL) await liveBenchmark('postgres');
  else console.log('\n(live events on PostgreSQL skipped: set DATABASE_URL to include them)');
}
