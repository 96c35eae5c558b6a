import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pino from 'pino';
import { loadServerConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/start';
import { copyPgliteTemplate, postgresTemplate } from './database-templates';
import { freshPostgresDatabase } from './fresh-postgres';

export const ADMIN = { email: 'admin@teileportal.local', password: 'Teileportal-Admin-2026' };

/**
 * Every password, link token and session id the tests send or receive, so that each server's
 * logs can be searched for them when it stops (issue 7 §5: zero hits).
 */
const secretsUsed = new Set<string>([ADMIN.password]);
function rememberSecrets(value: unknown, key = '') {
  if (typeof value === 'string' && /password|token|recaptcha/i.test(key) && value.length >= 8) secretsUsed.add(value);
  else if (value && typeof value === 'object') {
    for (const [childKey, child] of Object.entries(value)) rememberSecrets(child, childKey);
  }
}

/** Log lines that contain a secret the tests used, or anything shaped like a signed token or an API key. */
export function leakedSecrets(logLines: string[]) {
  const jwtShaped = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/;
  const apiKeyShaped = /tp_[0-9a-f]{10}_[A-Za-z0-9_-]{43}/;
  return logLines.filter(
    (line) =>
      jwtShaped.test(line) || apiKeyShaped.test(line) || [...secretsUsed].some((secret) => line.includes(secret)),
  );
}

// A fresh PostgreSQL database per test file when DATABASE_URL is set (CI runs the server suite
// once on PGlite and once on PostgreSQL), else an embedded PGlite in a temp folder; both copied
// from the run's migrated template when a global setup built one (ADR 038).

/** Starts the real server (migrations, seed, mail worker) on a free port for one test file. */
export async function startTestServer(
  environment: Record<string, string> = {},
  options: { postgresThrough?: (url: string) => string } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-test-'));
  const postgres = process.env.DATABASE_URL
    ? await freshPostgresDatabase(process.env.DATABASE_URL, 'tp_test', { template: postgresTemplate() })
    : null;
  if (!postgres) copyPgliteTemplate(dataDir);
  const config = loadServerConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    MAIL_POLL_MS: '100',
    CAPTCHA_COST: '200',
    STATIC_DIR: path.join(dataDir, 'no-spa-built'),
    ...(postgres ? { DATABASE_URL: options.postgresThrough?.(postgres.url) ?? postgres.url } : {}),
    ...environment,
  });
  const logLines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void logLines.push(line) } as pino.DestinationStream);
  const server = await startServer(config, logger);
  const origin = `http://127.0.0.1:${server.port}`;
  return {
    origin,
    config,
    /** The fresh database itself (not through any proxy), when running on PostgreSQL. */
    postgresUrl: postgres?.url ?? null,
    dataDir,
    db: server.database.db,
    /** The same database as the background workers use it (ADR 049: it waits for people's queries on PGlite). */
    backgroundDb: server.database.backgroundDb,
    /** The process's live event hub (its connected streams). */
    liveHub: server.liveHub,
    /** The process's listener on the database's access-change announcements (ADR 043). */
    accessChanges: server.accessChanges,
    /** The process's kept dashboards (ADR 049). */
    dashboardCache: server.dashboardCache,
    /** The process's sessions and list pages held in memory (ADR 048). */
    readCaches: server.readCaches,
    /** The metrics listener's port, when started with METRICS_PORT. */
    metricsPort: server.metricsPort,
    /** Calls the app without the listener (which stops accepting when a graceful stop begins). */
    handle: server.handle,
    /** Starts the graceful stop (ADR 033) without the checks of stop(); resolves when it is done. */
    drain: () => server.stop(),
    logLines,
    url: (pathname: string) => `${origin}${pathname}`,
    async stop() {
      await server.stop();
      const leaks = leakedSecrets(logLines);
      if (leaks.length > 0) {
        throw new Error(
          `${leaks.length} log line(s) contain a password, token or session id, e.g. event ${/"event":"[^"]+"/.exec(leaks[0] ?? '')?.[0]}`,
        );
      }
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** What the HTTP helpers need: a server started here, or a portal process started by a test. */
export type ReachableServer = Pick<TestServer, 'url' | 'origin'>;

/** A JSON request as the SPA sends it (same origin, JSON content type), POST unless told otherwise. */
export async function postJson(
  server: ReachableServer,
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
  options: { method?: 'POST' | 'PUT' } = {},
) {
  rememberSecrets(typeof body === 'string' ? null : body);
  const response = await fetch(server.url(pathname), {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, 'accept-language': 'de', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    response,
    body: (await response.json()) as Record<string, unknown> & { code: number; message?: string; data?: unknown },
  };
}

/** The pair ("name=value") of a cookie the response sets, for the next request. */
function cookiePairFrom(response: Response, name: 'tp_session' | 'tp_onboarding') {
  const header = response.headers.getSetCookie().find((cookie) => cookie.includes(`${name}=`));
  const pair = header?.split(';')[0] ?? null;
  if (pair) secretsUsed.add(pair.slice(pair.indexOf('=') + 1));
  return pair;
}

export function sessionCookieFrom(response: Response) {
  return cookiePairFrom(response, 'tp_session');
}

/** The onboarding credential (ADR 015) a created account or a resume sets. */
export function onboardingCookieFrom(response: Response) {
  return cookiePairFrom(response, 'tp_onboarding');
}

/** The link of the newest mail to `recipient` that contains `marker` (e.g. "reset-password?token="). */
export async function linkFromLatestMail(server: TestServer, recipient: string, marker: string) {
  const { outbox } = await import('../../server/db/schema');
  const { and, desc, eq, like } = await import('drizzle-orm');
  const [mail] = await server.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), like(outbox.textBody, `%${marker}%`)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = mail?.textBody.match(/https?:\/\/\S+/g)?.find((url) => url.includes(marker));
  if (!link) throw new Error(`no mail to ${recipient} containing ${marker}`);
  return link;
}

export function tokenFromLink(link: string) {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  secretsUsed.add(token);
  return token;
}

export async function loginCookie(server: ReachableServer, email: string, password: string) {
  const { response } = await postJson(server, '/svc/auth/api/v1/login', { email, password });
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error(`login of ${email} failed with ${response.status}`);
  return cookie;
}

/** Fetches a real ALTCHA challenge from the server and solves it, as the widget would. */
export async function solvedCaptcha(server: ReachableServer) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const challenge = await (await fetch(server.url('/captcha/challenge'))).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
