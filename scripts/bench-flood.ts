import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import {
  type FloodData,
  type FloodTally,
  prepareFlood,
  type QuietReadResult,
  readQuietly,
  startFlood,
  writeFloodData,
} from '../tests/support/flood';
import { freshPostgresDatabase } from '../tests/support/fresh-postgres';
import { percentile, startPortal } from './bench-support';

/**
 * One account floods, the others keep being served (issue 27, last paragraph), a benchmark, not a
 * test: the demo with BENCH_INQUIRIES inquiries (default 3 000) and two insurers on a production
 * process; other organisations' reads (a workshop's session read and inquiry list, a dealer's
 * inbox, an insurer's claim list), each one request after the other, first for BENCH_SECONDS alone
 * (default 10), then for as long again while one workshop, one dealer and one insurer session
 * each run FLOOD_LANES request loops (default 30) over their expensive endpoints: dashboards,
 * learned fitment, part and text searches in inquiries, inbox and orders, live streams resumed
 * from event 0, delay statement PDFs. Prints each quiet read's p50/p99 alone and during the flood,
 * and what each flooder got answered and refused. On PGlite and, with DATABASE_URL, on a fresh
 * PostgreSQL database. `npm run bench:flood`; the correctness side is tests/server/flood.test.ts.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const inquiryCount = Number(process.env.BENCH_INQUIRIES ?? 3_000);
const lanes = Number(process.env.FLOOD_LANES ?? 30);
/** FLOOD_STREAMS=0 leaves the stream resumes out of the flood (they have limits of their own). */
const withStreams = process.env.FLOOD_STREAMS !== '0';
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-password-2026' };

const ms = (value: number) => `${value.toFixed(1).padStart(8)} ms`;

function summary(results: readonly QuietReadResult[]) {
  return new Map(
    results.map((result) => {
      const sorted = [...result.latenciesMs].sort((a, b) => a - b);
      return [
        result.name,
        {
          count: sorted.length,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          wrong: result.wrong,
        },
      ];
    }),
  );
}

async function benchFlood(kind: 'pglite' | 'postgres', port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-flood-'));
  const postgres =
    kind === 'postgres' ? await freshPostgresDatabase(process.env.DATABASE_URL ?? '', 'tp_bench_flood') : null;
  const seeding = performance.now();
  // Seeding takes minutes: PGlite's seeded folder is kept in the temp folder for the next run.
  const template = path.join(tmpdir(), `teileportal-bench-flood-template-${inquiryCount}`);
  const templateData = path.join(template, 'flood-data.json');
  let data: FloodData;
  if (kind === 'pglite' && existsSync(templateData)) {
    cpSync(template, dataDir, { recursive: true });
    data = JSON.parse(readFileSync(templateData, 'utf8')) as FloodData;
  } else {
    const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
    data = await writeFloodData(database.db, inquiryCount);
    await database.close();
    if (kind === 'pglite') {
      cpSync(dataDir, template, { recursive: true });
      writeFileSync(templateData, JSON.stringify(data));
    }
  }
  console.log(`\n=== one account floods${withStreams ? '' : ' (without stream resumes)'}, on ${kind} ===`);
  console.log(
    `demo with ${inquiryCount} inquiries seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s; a resume from 0 replays ${data.workshopEvents} events to the workshop, ${data.dealerEvents} to the dealer`,
  );
  const portal = await startPortal(port, {
    dataDir,
    databaseUrl: postgres?.url ?? null,
    admin: ADMIN,
    // The closing sweeper would change the quiet reads' answers halfway through.
    environment: { TRADE_SWEEP_MS: '3600000' },
  });
  try {
    const prepared = await prepareFlood(portal.origin, data);
    const { quietReads } = prepared;
    const flooders = prepared.flooders.map((flooder) => ({
      ...flooder,
      requests: flooder.requests.filter((request) => withStreams || request.replayedEvents === undefined),
    }));
    // Warm-up: every request once, so the figures are the requests', not the start-up's.
    const warmUp = startFlood(portal.origin, flooders, 1);
    await readQuietly(
      portal.origin,
      quietReads,
      (() => {
        let rounds = 0;
        return () => rounds++ >= 3 * quietReads.length;
      })(),
    );
    await warmUp.stop();

    const quietUntil = performance.now() + seconds * 1000;
    const quiet = summary(await readQuietly(portal.origin, quietReads, () => performance.now() > quietUntil));
    const loadBefore = loadavg()[0] ?? 0;
    const flood = startFlood(portal.origin, flooders, lanes);
    const floodUntil = performance.now() + seconds * 1000;
    const during = summary(await readQuietly(portal.origin, quietReads, () => performance.now() > floodUntil));
    const tallies: FloodTally[] = await flood.stop();
    const loadAfter = loadavg()[0] ?? 0;

    console.log(
      `${seconds} s quiet, then ${seconds} s with ${lanes} loops per flooding session; load average (1 min) ${loadBefore.toFixed(2)} before the flood, ${loadAfter.toFixed(2)} after`,
    );
    console.log(
      `${'other organisation read'.padEnd(26)} ${'quiet p50'.padStart(11)} ${'quiet p99'.padStart(11)} ${'flood p50'.padStart(11)} ${'flood p99'.padStart(11)}  reads quiet/flood  not 200 or other data`,
    );
    for (const [name, alone] of quiet) {
      const flooded = during.get(name);
      if (!flooded) continue;
      console.log(
        `${name.padEnd(26)} ${ms(alone.p50)} ${ms(alone.p99)} ${ms(flooded.p50)} ${ms(flooded.p99)}  ${String(alone.count).padStart(6)}/${String(flooded.count).padEnd(6)}       ${alone.wrong.length + flooded.wrong.length}${flooded.wrong[0] ? ` (e.g. ${flooded.wrong[0]})` : ''}`,
      );
    }
    console.log(`${'flooding session'.padEnd(26)} ${'answered'.padStart(9)} ${'refused (429)'.padStart(14)}  other`);
    for (const tally of tallies) {
      const refused = Object.values(tally.refused).reduce((sum, count) => sum + count, 0);
      const byId = Object.entries(tally.refused)
        .map(([id, count]) => `${id}×${count}`)
        .join(' ');
      console.log(
        `${tally.flooder.padEnd(26)} ${String(tally.answered).padStart(9)} ${String(refused).padStart(14)}  ${tally.anomalies.length}${byId ? `   [${byId}]` : ''}${tally.anomalies[0] ? ` (e.g. ${tally.anomalies[0]})` : ''}`,
      );
    }
  } finally {
    await portal.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchFlood('pglite', 3970);
if (process.env.DATABASE_URL) await benchFlood('postgres', 3971);
process.exit(0);
