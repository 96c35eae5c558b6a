import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { periodRange } from '../common/contracts/dashboards';
import { portalToday } from '../common/format/formats';
import { openDatabase } from '../server/db/database';
import { DEMO_PASSWORD, DEMO_WORKSHOP_EMAIL, seedDemo, seedQuotedInquiries } from '../server/demo/seed-demo';
import { freshPostgresDatabase } from '../tests/support/fresh-postgres';
import { type Figures, figureLine, load, loadTogether, login, post, startPortal } from './bench-support';

/**
 * The dashboards' figures (issue 15, ADR 029; issue 26 §3, ADR 049), a benchmark, not a test: the
 * demo seeded with BENCH_INQUIRIES inquiries (default 10 000, about 50 000 inquiry lines), then each
 * dashboard request alone on one connection, by ten people at once (each with their own session,
 * spread over the demo's workshops or dealers), and by ten people while one of the workshops
 * places an order of 20 lines every second (every order makes the kept dashboards of the workshop
 * and its dealer be computed again). On PGlite and, with DATABASE_URL, on a fresh PostgreSQL
 * database. `npm run bench:dashboards`; also part of `npm run bench:api`. BENCH_SECONDS sets each
 * run (default 10). Ends with a table of the ten-people p99 beside issue 26's "before".
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const inquiryCount = Number(process.env.BENCH_INQUIRIES ?? 10_000);
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-password-2026' };
const WORKSHOP_EMAILS = [DEMO_WORKSHOP_EMAIL, 'schulz@demo.teileportal.local', 'oeztuerk@demo.teileportal.local'];
const DEALER_EMAILS = [1, 2, 3, 4, 5].map((index) => `haendler${index}@demo.teileportal.local`);
/** Issue 26's figure for every dashboard on ten connections, PGlite (ADR 029's table). */
const BEFORE = 'p99 1.0–2.8 s';
const PEOPLE = 10;

/** Ten people, round-robin over the sessions given (several people of one organisation share its figures). */
function tenPeople(url: string, cookies: readonly string[]) {
  return Array.from({ length: PEOPLE }, (_, index) => ({
    url,
    headers: { cookie: cookies[index % cookies.length] ?? '' },
  }));
}

export async function benchDashboards(kind: 'pglite' | 'postgres', port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-dashboards-'));
  const postgres =
    kind === 'postgres' ? await freshPostgresDatabase(process.env.DATABASE_URL ?? '', 'tp_bench_dashboards') : null;
  const seeding = performance.now();
  const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
  const seeded = await seedDemo(database.db, { inquiryCount });
  // Enough quoted inquiries for one order a second through every run with writes.
  const placements = await seedQuotedInquiries(database.db, { count: 4 * seconds + 20, lineCount: 20 });
  await database.close();
  console.log(`\n=== dashboards on ${kind} ===`);
  console.log(
    `seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s: ${Object.entries(seeded.counts)
      .map(([name, count]) => `${count} ${name}`)
      .join(', ')}`,
  );
  const portal = await startPortal(port, { dataDir, databaseUrl: postgres?.url ?? null, admin: ADMIN });
  const { origin } = portal;
  const summary: [string, Figures, Figures][] = [];
  try {
    const workshops: string[] = [];
    for (const email of WORKSHOP_EMAILS) workshops.push(await login(origin, { email, password: DEMO_PASSWORD }));
    const dealers: string[] = [];
    for (const email of DEALER_EMAILS) dealers.push(await login(origin, { email, password: DEMO_PASSWORD }));
    const today = portalToday();
    const query = (period: '30d' | '12m') => new URLSearchParams(periodRange(period, today)).toString();
    const reads: [string, string, string[]][] = [
      ['GET workshop dashboard (12 months)', `/svc/workshop/dashboard?${query('12m')}`, workshops],
      ['GET workshop dashboard (30 days)', `/svc/workshop/dashboard?${query('30d')}`, workshops],
      ['GET dealer dashboard (12 months)', `/svc/part-dealer/dashboard?${query('12m')}`, dealers],
      ['GET dealer dashboard (30 days)', `/svc/part-dealer/dashboard?${query('30d')}`, dealers],
    ];
    // The fresh server analyses the seeded tables and its workers catch up first (PGlite serves one
    // query at a time): a few requests of each kind before measuring, so the figures are the
    // requests' own, not the start-up's.
    for (let round = 0; round < 3; round += 1) {
      for (const [, pathname, cookies] of reads)
        await (await fetch(`${origin}${pathname}`, { headers: { cookie: cookies[0] ?? '' } })).text();
    }
    let nextPlacement = 0;
    /** The first workshop places one order of 20 lines a second until `stop` resolves. */
    async function placeEverySecond(stop: Promise<unknown>) {
      let stopped = false;
      void stop.then(() => {
        stopped = true;
      });
      let placed = 0;
      while (!stopped) {
        const placement = placements[nextPlacement++];
        if (!placement) break;
        const response = await post(
          origin,
          `/svc/workshop/inquiries/${placement.inquiryId}/orders`,
          { version: placement.version, choices: placement.choices },
          workshops[0],
        );
        await response.arrayBuffer();
        if (response.ok) placed += 1;
        await Promise.race([stop, new Promise((resolve) => setTimeout(resolve, 1000))]);
      }
      return placed;
    }
    for (const [name, pathname, cookies] of reads) {
      const url = `${origin}${pathname}`;
      console.log(
        figureLine(
          `${name}, 1 conn`,
          await load({ url, headers: { cookie: cookies[0] ?? '' }, connections: 1 }, seconds),
        ),
      );
      const people = await loadTogether(tenPeople(url, cookies), seconds);
      console.log(figureLine(`${name}, ${PEOPLE} people`, people));
      const reading = loadTogether(tenPeople(url, cookies), seconds);
      const [withWrites, placed] = await Promise.all([reading, placeEverySecond(reading)]);
      console.log(figureLine(`${name}, ${PEOPLE} people + 1 order/s`, withWrites), `(${placed} orders placed)`);
      summary.push([name, people, withWrites]);
    }
  } finally {
    await portal.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${kind}: ${PEOPLE} people at once (target p99 < 300 ms)`);
  console.log(
    `| request | before (issue 26, 10 conn) | after, ${PEOPLE} people | after, ${PEOPLE} people + 1 order/s |`,
  );
  console.log('|---|---|---|---|');
  for (const [name, people, withWrites] of summary) {
    console.log(
      `| ${name} | ${kind === 'pglite' ? BEFORE : '—'} | p99 ${people.p99.toFixed(0)} ms | p99 ${withWrites.p99.toFixed(0)} ms |`,
    );
  }
}

if (process.argv[1]?.endsWith('bench-dashboards.ts')) {
  await benchDashboards('pglite', 4311);
  if (process.env.DATABASE_URL) await benchDashboards('postgres', 4312);
}
