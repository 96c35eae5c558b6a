import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { periodRange } from '../common/contracts/dashboards';
import { portalToday } from '../common/format/formats';
import { openDatabase } from '../server/db/database';
import { DEMO_PASSWORD, DEMO_WORKSHOP_EMAIL, seedDemo } from '../server/demo/seed-demo';
import { freshPostgresDatabase } from '../tests/support/fresh-postgres';
import { figureLine, load, login, startPortal } from './bench-support';

/**
 * The dashboards' figures (issue 15, ADR 029), a benchmark, not a test: the demo seeded with
 * BENCH_INQUIRIES inquiries (default 10 000, about 50 000 inquiry lines), then each dashboard
 * request alone on one connection (target p99 < 100 ms) and on ten, on PGlite and, with
 * DATABASE_URL, on a fresh PostgreSQL database. `npm run bench:dashboards`; also part of
 * `npm run bench:api`. BENCH_SECONDS sets each run (default 10).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const inquiryCount = Number(process.env.BENCH_INQUIRIES ?? 10_000);
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-password-2026' };

export async function benchDashboards(kind: 'pglite' | 'postgres', port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-dashboards-'));
  const postgres =
    kind === 'postgres' ? await freshPostgresDatabase(process.env.DATABASE_URL ?? '', 'tp_bench_dashboards') : null;
  const seeding = performance.now();
  const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
  const seeded = await seedDemo(database.db, { inquiryCount });
  await database.close();
  console.log(`\n=== dashboards on ${kind} ===`);
  console.log(
    `seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s: ${Object.entries(seeded.counts)
      .map(([name, count]) => `${count} ${name}`)
      .join(', ')}`,
  );
  const portal = await startPortal(port, { dataDir, databaseUrl: postgres?.url ?? null, admin: ADMIN });
  const { origin } = portal;
  try {
    const workshop = await login(origin, { email: DEMO_WORKSHOP_EMAIL, password: DEMO_PASSWORD });
    const dealer = await login(origin, { email: 'haendler1@demo.teileportal.local', password: DEMO_PASSWORD });
    const today = portalToday();
    const query = (period: '30d' | '12m') => new URLSearchParams(periodRange(period, today)).toString();
    const reads: [string, string, string][] = [
      ['GET workshop dashboard (12 months)', `/svc/workshop/dashboard?${query('12m')}`, workshop],
      ['GET workshop dashboard (30 days)', `/svc/workshop/dashboard?${query('30d')}`, workshop],
      ['GET dealer dashboard (12 months)', `/svc/part-dealer/dashboard?${query('12m')}`, dealer],
      ['GET dealer dashboard (30 days)', `/svc/part-dealer/dashboard?${query('30d')}`, dealer],
    ];
    // The fresh server analyses the seeded tables and its workers catch up first (PGlite serves one
    // query at a time): a few requests of each kind before measuring, so the figures are the
    // requests' own, not the start-up's.
    for (let round = 0; round < 3; round += 1) {
      for (const [, pathname, cookie] of reads)
        await (await fetch(`${origin}${pathname}`, { headers: { cookie } })).text();
    }
    for (const [name, pathname, cookie] of reads) {
      const request = { url: `${origin}${pathname}`, headers: { cookie } };
      console.log(figureLine(`${name}, 1 conn`, await load({ ...request, connections: 1 }, seconds)));
      console.log(figureLine(`${name}, 10 conn`, await load(request, seconds)));
    }
  } finally {
    await portal.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('bench-dashboards.ts')) {
  await benchDashboards('pglite', 4311);
  if (process.env.DATABASE_URL) await benchDashboards('postgres', 4312);
}
