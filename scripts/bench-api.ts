import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshPostgresDatabase } from '../tests/support/fresh-postgres';

/**
 * `npm run bench:api`: load figures for the API (issue 7 §4), a benchmark, not a test. Starts the
 * production server (APP_ENV=production) on PGlite and, with DATABASE_URL, on a fresh PostgreSQL
 * database, and prints req/s and p50/p95/p99 for the reads, logins at 20/s with reads running
 * alongside, a 10× login spike (expect 429s, never 5xx), memory over a soak (SOAK_SECONDS, default
 * 600) and the cold start. BENCH_SECONDS sets each read run (default 10).
 */
const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const soakSeconds = Number(process.env.SOAK_SECONDS ?? 600);
const ADMIN = { email: 'admin@bench.local', password: 'Bench-admin-password-2026' };
const USER = { email: 'werkstatt@bench.local', password: 'Bench-user-password-2026' };

type Figures = { requestsPerSecond: number; p50: number; p95: number; p99: number; statuses: Record<string, number> };

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function load(options: autocannon.Options): Promise<Figures> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: 10, duration: seconds, ...options }, (error, finished) =>
      error ? reject(error) : resolve(finished),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => void latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, (stats as { count: number }).count]),
  );
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    statuses,
  };
}

function rssMegabytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startPortal(port: number, databaseUrl: string | null) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-api-'));
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'production',
      PUBLIC_URL: origin,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret-0123',
      CAPTCHA_HMAC_KEY: 'bench-captcha-hmac-key-bench-captcha-hmac-0123',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 60_000) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const coldStartMs = performance.now() - started;
  return {
    origin,
    pid: child.pid ?? 0,
    coldStartMs,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function post(origin: string, pathname: string, body: unknown, cookie = '') {
  return fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function login(origin: string, account: { email: string; password: string }) {
  const response = await post(origin, '/svc/auth/api/v1/login', account);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`login of ${account.email} failed: ${response.status}`);
  return cookie;
}

function line(name: string, figures: Figures) {
  const statuses = Object.entries(figures.statuses)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  return `${name.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(1).padStart(6)} ms  p95 ${figures.p95.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms  [${statuses}]`;
}

async function benchmark(kind: 'pglite' | 'postgres', port: number) {
  const postgres = kind === 'postgres' ? await freshPostgresDatabase(process.env.DATABASE_URL ?? '', 'tp_bench') : null;
  const portal = await startPortal(port, postgres?.url ?? null);
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
      console.log(line(name, await load({ url: `${origin}${pathname}`, headers: cookie ? { cookie } : {} })));
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
    console.log(line('POST login, 20/s', logins));
    console.log(line('  … GET lead/dms while those logins run', readsDuringLogins));

    const spike = await load({
      ...loginOptions,
      body: JSON.stringify({ email: 'nobody@bench.local', password: 'Wrong-password-2026' }),
      connections: 20,
      overallRate: 200,
    });
    const fiveHundreds = Object.entries(spike.statuses).filter(([code]) => code.startsWith('5'));
    console.log(line('POST login spike, 200/s, wrong password', spike));
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
    console.log(line(`soak ${soakSeconds} s, GET /user at 300/s`, soak));
    console.log(`  RSS at soak start ${rssBefore.toFixed(0)} MB, at end ${rssAfter.toFixed(0)} MB`);
  } finally {
    await portal.stop();
    await postgres?.drop();
  }
}

console.log(`API benchmark: autocannon on loopback, ${seconds} s per run, 10 connections unless noted`);
await benchmark('pglite', 4331);
if (process.env.DATABASE_URL) await benchmark('postgres', 4332);
else console.log('\n(PostgreSQL skipped: set DATABASE_URL to include it)');
