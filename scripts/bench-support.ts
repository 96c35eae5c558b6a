import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

/** What the API benchmarks share: a production portal process, autocannon runs, and how figures print. */
export const root = path.resolve(import.meta.dirname, '..');

export type Figures = {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
};

export function percentile(sorted: readonly number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function run(options: autocannon.Options, seconds: number, latencies: number[]) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: 10, duration: seconds, ...options }, (error, finished) =>
      error ? reject(error) : resolve(finished),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => void latencies.push(responseTime));
  });
}

function figuresOf(results: readonly autocannon.Result[], latencies: number[]): Figures {
  latencies.sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const result of results) {
    for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
      statuses[code] = (statuses[code] ?? 0) + (stats as { count: number }).count;
    }
  }
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    statuses,
  };
}

export async function load(options: autocannon.Options, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  return figuresOf([await run(options, seconds, latencies)], latencies);
}

/**
 * Several people at once, each on their own connection with their own session (autocannon gives
 * every connection of one run the same headers): one run per person, all at the same time, their
 * latencies counted together.
 */
export async function loadTogether(people: readonly autocannon.Options[], seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  const results = await Promise.all(people.map((options) => run({ ...options, connections: 1 }, seconds, latencies)));
  return figuresOf(results, latencies);
}

export function rssMegabytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The production server (APP_ENV=production) on a port, with its own data folder or a PostgreSQL URL. */
export async function startPortal(
  port: number,
  options: {
    dataDir: string;
    databaseUrl: string | null;
    admin: { email: string; password: string };
    /** Further settings for this process (e.g. a benchmark that must not have its data swept). */
    environment?: Record<string, string>;
  },
) {
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'production',
      PUBLIC_URL: origin,
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      SESSION_SECRET: 'bench-session-secret-bench-session-secret-0123',
      CAPTCHA_HMAC_KEY: 'bench-captcha-hmac-key-bench-captcha-hmac-0123',
      LOG_LEVEL: 'warn',
      ...options.environment,
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
  return {
    origin,
    pid: child.pid ?? 0,
    coldStartMs: performance.now() - started,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function post(origin: string, pathname: string, body: unknown, cookie = '') {
  return fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export async function login(origin: string, account: { email: string; password: string }) {
  const response = await post(origin, '/svc/auth/api/v1/login', account);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`login of ${account.email} failed: ${response.status}`);
  return cookie;
}

export function figureLine(name: string, figures: Figures) {
  const statuses = Object.entries(figures.statuses)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  return `${name.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${figures.p50.toFixed(1).padStart(6)} ms  p95 ${figures.p95.toFixed(1).padStart(6)} ms  p99 ${figures.p99.toFixed(1).padStart(6)} ms  [${statuses}]`;
}
