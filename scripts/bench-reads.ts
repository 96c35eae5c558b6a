import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { DEMO_PASSWORD, DEMO_WORKSHOP_EMAIL, seedDemo } from '../server/demo/seed-demo';
import { freshPostgresDatabase } from '../tests/support/fresh-postgres';
import { type Figures, load, login, startPortal } from './bench-support';

/**
 * Issue 26 §2, reads that don't wait for the database (ADR 048): the session read and the first
 * pages of the workshop's inquiry and order lists and of the dealer's inbox, at 20 connections,
 * beside a bare Node server answering the session read's own JSON in the same run (the ceiling),
 * each after a 3-second warm-up run that is not counted.
 * Targets on a quiet machine: session ≥ 8 000 req/s with p99 < 10 ms, each list ≥ 2 000 req/s.
 * `npm run bench:api -- reads`; BENCH_SECONDS per run, BENCH_READ_INQUIRIES the demo size (2 000).
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const inquiryCount = Number(process.env.BENCH_READ_INQUIRIES ?? 2000);
const CONNECTIONS = 20;
const WARM_UP_SECONDS = 3;
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-password-2026' };

/** A bare node:http server in its own process that answers every request with this body. */
async function startBareServer(port: number, body: string) {
  const script = `require('node:http').createServer((_, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(process.env.BODY); }).listen(${port}, '127.0.0.1', () => process.send('up'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const row = (name: string, figures: Figures, target: string) => {
  const statuses = Object.entries(figures.statuses)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  return `| ${name.padEnd(36)} | ${figures.requestsPerSecond.toFixed(0).padStart(7)} | ${figures.p50.toFixed(1).padStart(6)} | ${figures.p99.toFixed(1).padStart(6)} | ${target.padEnd(22)} | ${statuses}`;
};

export async function benchReads(kind: 'pglite' | 'postgres', port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-reads-'));
  const postgres =
    kind === 'postgres' ? await freshPostgresDatabase(process.env.DATABASE_URL ?? '', 'tp_bench_reads') : null;
  const database = await openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
  await seedDemo(database.db, { inquiryCount });
  await database.close();
  const portal = await startPortal(port, { dataDir, databaseUrl: postgres?.url ?? null, admin: ADMIN });
  const { origin } = portal;
  try {
    const workshop = await login(origin, { email: DEMO_WORKSHOP_EMAIL, password: DEMO_PASSWORD });
    const dealer = await login(origin, { email: 'haendler1@demo.teileportal.local', password: DEMO_PASSWORD });
    const sessionBody = await (await fetch(`${origin}/svc/auth/api/v1/user`, { headers: { cookie: workshop } })).text();
    const bare = await startBareServer(port + 100, sessionBody);
    const ceiling = await load({ url: `http://127.0.0.1:${port + 100}/`, connections: CONNECTIONS }, seconds);
    await bare.stop();
    const reads: [string, string, string, string][] = [
      ['GET /svc/auth/api/v1/user (session)', '/svc/auth/api/v1/user', workshop, '≥ 8000, p99 < 10 ms'],
      ['GET workshop inquiries, page 1', '/svc/workshop/inquiries', workshop, '≥ 2000'],
      ['GET workshop orders, page 1', '/svc/workshop/orders', workshop, '≥ 2000'],
      ['GET dealer inbox, page 1', '/svc/part-dealer/inquiries', dealer, '≥ 2000'],
    ];
    const loadAverage = () =>
      os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ');
    console.log(
      `\n=== reads on ${kind}: ${CONNECTIONS} connections, ${seconds} s each, ${inquiryCount} demo inquiries, load average ${loadAverage()} ===`,
    );
    console.log(`| ${'read'.padEnd(36)} |   req/s |    p50 |    p99 | ${'target'.padEnd(22)} | statuses`);
    console.log(`|${'-'.repeat(38)}|---------|--------|--------|${'-'.repeat(24)}|`);
    console.log(row('bare Node, same JSON (ceiling)', ceiling, ''));
    for (const [name, pathname, cookie, target] of reads) {
      // Not counted: the JIT's first compilations and the workers' first round after the start.
      await load({ url: `${origin}${pathname}`, headers: { cookie }, connections: CONNECTIONS }, WARM_UP_SECONDS);
      const figures = await load(
        { url: `${origin}${pathname}`, headers: { cookie }, connections: CONNECTIONS },
        seconds,
      );
      console.log(row(name, figures, target));
    }
    console.log(`load average after ${loadAverage()}`);
  } finally {
    await portal.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
