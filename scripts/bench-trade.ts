import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { DEMO_PASSWORD, DEMO_WORKSHOP_EMAIL, seedDemo, seedQuotedInquiries } from '../server/demo/seed-demo';
import { freshPostgresDatabase } from '../tests/support/fresh-postgres';
import { figureLine, load, login, percentile, post, startPortal } from './bench-support';

/**
 * The trade loop's figures (issue 13), a benchmark, not a test: with the demo's 10 000 inquiries
 * and ~50 000 lines in the database, the dealer's inbox and the workshop's order list (target p99
 * < 20 ms), and placing orders of 20 lines one after another (target p99 < 50 ms), on PGlite and,
 * with DATABASE_URL, on a fresh PostgreSQL database. `npm run bench:api` runs it; alone:
 * `node --import tsx scripts/bench-trade.ts`. BENCH_SECONDS sets each read run (default 10),
 * BENCH_INQUIRIES the demo size, BENCH_PLACEMENTS how many orders are placed (default 200).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const inquiryCount = Number(process.env.BENCH_INQUIRIES ?? 10_000);
const placementCount = Number(process.env.BENCH_PLACEMENTS ?? 200);
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
    const reads: [string, string, string][] = [
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
    for (const [name, pathname, cookie] of reads) {
      const request = { url: `${origin}${pathname}`, headers: { cookie } };
      console.log(figureLine(`${name}, 1 conn`, await load({ ...request, connections: 1 }, seconds)));
      console.log(figureLine(`${name}, 10 conn`, await load(request, seconds)));
    }
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    for (const placement of placements) {
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
    latencies.sort((a, b) => a - b);
    console.log(
      `POST order of 20 lines, ${placements.length}× in a row:  p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p95 ${percentile(latencies, 0.95).toFixed(1)} ms  p99 ${percentile(latencies, 0.99).toFixed(1)} ms  [${Object.entries(
        statuses,
      )
        .map(([code, count]) => `${code}×${count}`)
        .join(' ')}]`,
    );
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
