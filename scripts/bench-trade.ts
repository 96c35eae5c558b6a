import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { DEMO_PASSWORD, DEMO_WORKSHOP_EMAIL, seedDemo, seedQuotedInquiries } from '../server/demo/seed-demo';
import { freshPostgresDatabase } from '../tests/support/fresh-postgres';
import { type Figures, figureLine, load, loadTogether, login, percentile, post, startPortal } from './bench-support';

/**
 * The trade loop's figures (issue 13), a benchmark, not a test: with the demo's 10 000 inquiries
 * and ~50 000 lines in the database, the dealer's inbox and the workshop's order list (target p99
 * < 20 ms), and placing orders of 20 lines one after another (target p99 < 50 ms), on PGlite and,
 * with DATABASE_URL, on a fresh PostgreSQL database. `npm run bench:api` runs it; alone:
 * `node --import tsx scripts/bench-trade.ts`. BENCH_SECONDS sets each read run (default 10),
 * BENCH_INQUIRIES the demo size, BENCH_PLACEMENTS how many orders are placed (default 300).
 *
 * Ten people at once (issue 26 §3, ADR 049): each list read by ten people with their own sessions
 * (the five demo dealers' ten users; the three demo workshops' owners round-robin), and orders of
 * 20 lines placed one after another, alone and while nine people read their dashboards and lists
 * (without pause, and pausing 0.1 s between reads). Ends with a table of those figures beside
 * issue 26's "before".
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const inquiryCount = Number(process.env.BENCH_INQUIRIES ?? 10_000);
const placementCount = Number(process.env.BENCH_PLACEMENTS ?? 300);
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-password-2026' };

export async function benchTrade(kind: 'pglite' | 'postgres', port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-trade-'));
  const postgres =
    kind === 'postgres' ? await freshPostgresDatabase(process.env.DATABASE_URL ?? '', 'tp_bench_trade') : null;
  const seeding = performance.now();
  const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
  const seeded = await seedDemo(database.db, { inquiryCount });
  const placements = await seedQuotedInquiries(database.db, { count: placementCount, lineCount: 20 });
  await database.close();
  console.log(`\n=== trade loop on ${kind} ===`);
  console.log(
    `seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s: ${Object.entries(seeded.counts)
      .map(([name, count]) => `${count} ${name}`)
      .join(', ')}; ${placements.length} quoted inquiries of 20 lines to order`,
  );
  const portal = await startPortal(port, { dataDir, databaseUrl: postgres?.url ?? null, admin: ADMIN });
  const { origin } = portal;
  try {
    const workshop = await login(origin, { email: DEMO_WORKSHOP_EMAIL, password: DEMO_PASSWORD });
    const dealer = await login(origin, { email: 'haendler1@demo.teileportal.local', password: DEMO_PASSWORD });
    const workshops = [workshop];
    for (const email of ['schulz@demo.teileportal.local', 'oeztuerk@demo.teileportal.local'])
      workshops.push(await login(origin, { email, password: DEMO_PASSWORD }));
    const dealers: string[] = [];
    for (const index of [1, 2, 3, 4, 5])
      for (const suffix of ['', '-b'])
        dealers.push(
          await login(origin, { email: `haendler${index}${suffix}@demo.teileportal.local`, password: DEMO_PASSWORD }),
        );
    const tenPeople = (pathname: string, cookies: readonly string[]) =>
      Array.from({ length: 10 }, (_, index) => ({
        url: `${origin}${pathname}`,
        headers: { cookie: cookies[index % cookies.length] ?? '' },
      }));
    const summary: [string, string, Figures][] = [];
    for (const [name, pathname, cookies, before] of [
      ['GET dealer inbox (all)', '/svc/part-dealer/inquiries', dealers, 'p99 252 ms'],
      ['GET workshop orders', '/svc/workshop/orders', workshops, 'p99 154–711 ms (lists)'],
      ['GET workshop inquiries', '/svc/workshop/inquiries', workshops, 'p99 154–711 ms (lists)'],
    ] as const) {
      const figures = await loadTogether(tenPeople(pathname, cookies), seconds);
      console.log(figureLine(`${name}, 10 people`, figures));
      summary.push([name, before, figures]);
    }
    const oneUserReads: [string, string, string][] = [
      ['GET dealer inbox (all)', '/svc/part-dealer/inquiries', dealer],
      ['GET dealer inbox (open)', '/svc/part-dealer/inquiries?status=open', dealer],
      ['GET workshop orders', '/svc/workshop/orders', workshop],
      ['GET workshop orders (filtered)', '/svc/workshop/orders?status=delivered&vehicle=Golf', workshop],
      ['GET workshop inquiries', '/svc/workshop/inquiries', workshop],
      // Issue 14 (ADR 028): learned fitment while typing, and part-number search with a typo.
      [
        'GET fitment lookup (5 parts)',
        '/svc/workshop/fitment?vin=WVWZZZAUZFW654321&parts=1K0615301AA,5Q0698151A,04E115561H,8V0407151,XX1',
        workshop,
      ],
      ['GET workshop orders (part search, typo)', '/svc/workshop/orders?q=1K0%20615%20301%20AB', workshop],
      ['GET workshop inquiries (part search)', '/svc/workshop/inquiries?q=1k0-615-301-aa', workshop],
      ['GET dealer inbox (part search)', '/svc/part-dealer/inquiries?q=1K0615301AA', dealer],
    ];
    // One connection: a request's own latency (the targets); ten: throughput, where latency includes queueing.
    for (const [name, pathname, cookie] of oneUserReads) {
      const request = { url: `${origin}${pathname}`, headers: { cookie } };
      console.log(figureLine(`${name}, 1 conn`, await load({ ...request, connections: 1 }, seconds)));
      console.log(figureLine(`${name}, 10 conn`, await load(request, seconds)));
    }
    const placeAll = async (batch: typeof placements) => {
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      for (const placement of batch) {
        const started = performance.now();
        const response = await post(
          origin,
          `/svc/workshop/inquiries/${placement.inquiryId}/orders`,
          { version: placement.version, choices: placement.choices },
          workshop,
        );
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
      const inOrder = [...latencies];
      latencies.sort((a, b) => a - b);
      return { latencies, inOrder, statuses };
    };
    const placementLine = (label: string, { latencies, statuses }: Awaited<ReturnType<typeof placeAll>>) =>
      `${label}:  p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p95 ${percentile(latencies, 0.95).toFixed(1)} ms  p99 ${percentile(latencies, 0.99).toFixed(1)} ms  [${Object.entries(
        statuses,
      )
        .map(([code, count]) => `${code}×${count}`)
        .join(' ')}]`;
    const third = Math.floor(placements.length / 3);
    const alone = await placeAll(placements.slice(0, third));
    console.log(placementLine(`POST order of 20 lines, ${third}× in a row`, alone));
    // A fresh process's first placements run cold code (JIT, PGlite's WebAssembly tiers, relation
    // files opened for the first time): shown on their own, and the rest without them (ADR 049).
    const firstFive = alone.inOrder.slice(0, 5);
    const afterFirstFive = { latencies: alone.inOrder.slice(5).sort((a, b) => a - b), statuses: alone.statuses };
    console.log(
      `POST order of 20 lines, the process's first five: ${firstFive.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    // Nine others at once: the other two workshops read their dashboards and order lists, the
    // dealers their inboxes, until the orders are placed. Once each sending the next request as
    // soon as the last is answered (a load no person makes, and the server's CPU is the limit),
    // once each pausing 0.1 s between requests (still more than a person clicks).
    const today = new Date().toISOString().slice(0, 10);
    const readers = [
      ...tenPeople(`/svc/workshop/dashboard?from=${today.slice(0, 4)}-01-01&to=${today}`, workshops.slice(1)).slice(
        0,
        2,
      ),
      ...tenPeople('/svc/workshop/orders', workshops.slice(1)).slice(0, 2),
      ...tenPeople('/svc/part-dealer/inquiries', dealers).slice(0, 5),
    ];
    const placeWhileReading = async (batch: typeof placements, pauseMs: number) => {
      let stopped = false;
      const reading = Promise.all(
        readers.map(async (reader) => {
          let reads = 0;
          while (!stopped) {
            await (await fetch(reader.url, { headers: reader.headers })).arrayBuffer();
            reads += 1;
            if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
          }
          return reads;
        }),
      );
      const placed = await placeAll(batch);
      stopped = true;
      return { ...placed, reads: (await reading).reduce((sum, count) => sum + count, 0) };
    };
    const flatOut = await placeWhileReading(placements.slice(third, 2 * third), 0);
    console.log(
      placementLine(`POST order of 20 lines, ${third}× while 9 read without pause`, flatOut),
      `(${flatOut.reads} reads meanwhile)`,
    );
    const paced = await placeWhileReading(placements.slice(2 * third, 3 * third), 100);
    console.log(
      placementLine(`POST order of 20 lines, ${third}× while 9 read every 0.1 s`, paced),
      `(${paced.reads} reads meanwhile)`,
    );
    console.log(`\n${kind}: ten people at once (targets: lists p99 < 100 ms, an order of 20 lines < 100 ms)`);
    console.log('| figure | before (issue 26) | after |');
    console.log('|---|---|---|');
    for (const [name, before, figures] of summary)
      console.log(`| ${name}, 10 people | ${kind === 'pglite' ? before : '—'} | p99 ${figures.p99.toFixed(0)} ms |`);
    const placementRow = (name: string, before: string, { latencies }: { latencies: number[] }) =>
      console.log(
        `| POST order of 20 lines, ${name} | ${before} | p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms |`,
      );
    placementRow('alone', kind === 'pglite' ? '56 ms' : '—', alone);
    placementRow('alone, after the process’s first five', '—', afterFirstFive);
    placementRow('9 people reading without pause', '—', flatOut);
    placementRow('9 people reading every 0.1 s', '—', paced);
  } finally {
    await portal.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench-trade.ts')) {
  await benchTrade('pglite', 4341);
  if (process.env.DATABASE_URL) await benchTrade('postgres', 4342);
}
