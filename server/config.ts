import path from 'node:path';
import * as v from 'valibot';
import { companyEnvironmentEntries, companySettingsOf } from '../common/company-settings';
import { appEnvironments, httpUrl, parseEnvironment } from '../common/env-parse';
import { FORWARDED_HEADERS, parseTrustedProxies } from './http/client-ip';

/** Development defaults: documented in README and .env.example, refused when APP_ENV=production. */
export const DEVELOPMENT_DEFAULTS = {
  ADMIN_EMAIL: 'admin@teileportal.local',
  ADMIN_PASSWORD: 'Teileportal-Admin-2026',
  SESSION_SECRET: 'development-only-session-secret-change-me-0123456789',
  CAPTCHA_HMAC_KEY: 'development-only-captcha-hmac-key-change-me-0123',
} as const;

const integerString = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

/** The first entry of a TRUSTED_PROXIES value that is not an address or range, as the issue to report. */
function trustedProxiesProblem(value: string) {
  try {
    parseTrustedProxies(value);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const serverEnvironmentSchema = v.object({
  APP_ENV: v.optional(v.picklist(appEnvironments, `must be one of ${appEnvironments.join(', ')}`), 'development'),
  PORT: v.optional(integerString(0, 65535), '3000'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATA_DIR: v.optional(v.string(), './data'),
  PUBLIC_URL: v.optional(httpUrl),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL'))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: v.optional(v.string(), 'Teileportal <no-reply@teileportal.local>'),
  PROVIDER_INBOX: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'kontakt@teileportal.local'),
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), DEVELOPMENT_DEFAULTS.ADMIN_EMAIL),
  ADMIN_PASSWORD: v.optional(
    v.pipe(v.string(), v.minLength(12, 'must be at least 12 characters')),
    DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD,
  ),
  SESSION_SECRET: v.optional(
    v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
    DEVELOPMENT_DEFAULTS.SESSION_SECRET,
  ),
  CAPTCHA_HMAC_KEY: v.optional(
    v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
    DEVELOPMENT_DEFAULTS.CAPTCHA_HMAC_KEY,
  ),
  CAPTCHA_COST: v.optional(integerString(1, 10_000_000), '5000'),
  RECAPTCHA_SITE_KEY: v.optional(v.string()),
  RECAPTCHA_SECRET: v.optional(v.string()),
  RECAPTCHA_VERIFY_URL: v.optional(httpUrl, 'https://www.google.com/recaptcha/api/siteverify'),
  MAIL_RETRY_BASE_SECONDS: v.optional(integerString(0, 3600), '30'),
  ANALYTICS_SCRIPT_URL: v.optional(httpUrl),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  STATIC_DIR: v.optional(v.string(), './dist'),
  MAIL_POLL_MS: v.optional(integerString(50, 600_000), '1000'),
  TRADE_SWEEP_MS: v.optional(integerString(50, 3_600_000), '15000'),
  TRADE_MAIL_POLL_MS: v.optional(integerString(50, 3_600_000), '5000'),
  TRADE_DIGEST_WINDOW_MS: v.optional(integerString(0, 86_400_000), '900000'),
  LOGIN_MAX_FAILURES: v.optional(integerString(1, 1000), '10'),
  LIVE_HEARTBEAT_MS: v.optional(integerString(50, 600_000), '20000'),
  LIVE_SESSION_CHECK_MS: v.optional(integerString(50, 3_600_000), '60000'),
  LIVE_STREAMS_PER_HOLDER: v.optional(integerString(1, 1000), '6'),
  LIVE_STREAMS_PER_ORGANISATION: v.optional(integerString(1, 100_000), '30'),
  LIVE_RESUME_HORIZON: v.optional(integerString(1, 100_000), '500'),
  TRUSTED_PROXIES: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => trustedProxiesProblem(value) === null,
        (issue) => `must list IP addresses or CIDR ranges: ${trustedProxiesProblem(String(issue.input))}`,
      ),
    ),
    '',
  ),
  TRUSTED_PROXY_HEADER: v.optional(
    v.picklist(FORWARDED_HEADERS, `must be one of ${FORWARDED_HEADERS.join(', ')}`),
    'x-forwarded-for',
  ),
  METRICS_PORT: v.optional(integerString(0, 65535)),
  METRICS_HOST: v.optional(v.string(), '127.0.0.1'),
  SHUTDOWN_GRACE_MS: v.optional(integerString(0, 600_000), '10000'),
  READINESS_TIMEOUT_MS: v.optional(integerString(50, 60_000), '1000'),
  PUNCH_IN_TTL_SECONDS: v.optional(integerString(1, 3600), '600'),
  WORKSHOP_APP_URL: v.optional(
    v.pipe(v.string(), v.regex(/^(https?:\/\/|\/)\S*$/, 'must be an http(s) URL or a path starting with /')),
    '/dashboard',
  ),
  WEBHOOK_ALLOW_LOOPBACK: v.optional(v.picklist(['true', 'false'], 'must be true or false')),
  WEBHOOK_POLL_MS: v.optional(integerString(50, 600_000), '1000'),
  WEBHOOK_CONNECT_TIMEOUT_MS: v.optional(integerString(50, 60_000), '5000'),
  WEBHOOK_TIMEOUT_MS: v.optional(integerString(50, 120_000), '10000'),
  WEBHOOK_RETRY_BASE_SECONDS: v.optional(integerString(1, 3600), '30'),
  ...companyEnvironmentEntries,
});

export type ServerConfig = ReturnType<typeof loadServerConfig>;

/**
 * Reads the server's settings from the environment. In production every secret must be set and
 * must differ from its development default, so a forgotten setting cannot ship.
 */
export function loadServerConfig(environment: Record<string, string | undefined> = process.env) {
  const env = parseEnvironment(serverEnvironmentSchema, environment);
  if (env.APP_ENV === 'production') {
    const leftAtDefault = (['ADMIN_PASSWORD', 'SESSION_SECRET', 'CAPTCHA_HMAC_KEY'] as const).filter(
      (name) => !environment[name]?.trim() || env[name] === DEVELOPMENT_DEFAULTS[name],
    );
    if (leftAtDefault.length > 0) {
      throw new Error(
        `Invalid environment configuration:\n  ${leftAtDefault.join(', ')}: must be set to a secret value when APP_ENV=production`,
      );
    }
    if (!env.PUBLIC_URL) {
      throw new Error('Invalid environment configuration:\n  PUBLIC_URL: must be set when APP_ENV=production');
    }
  }
  if (env.WEBHOOK_ALLOW_LOOPBACK === 'true' && env.APP_ENV === 'production') {
    throw new Error(
      'Invalid environment configuration:\n  WEBHOOK_ALLOW_LOOPBACK: must not be true when APP_ENV=production (server-side request forgery)',
    );
  }
  if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET)) {
    throw new Error('Invalid environment configuration:\n  RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET: set both or neither');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`).replace(
    /\/+$/,
    '',
  );
  return {
    appEnv: env.APP_ENV,
    isProduction: env.APP_ENV === 'production',
    /**
     * The dev mailbox shows every mail with its links (a password reset of anyone): only a
     * developer's own machine has it, never staging or pre-production (issue 27 §7).
     */
    servesDevMailbox: env.APP_ENV === 'development',
    /** Cookies are Secure whenever the portal is reached over https, not only in production (issue 27 §7). */
    secureCookies: env.APP_ENV === 'production' || publicUrl.startsWith('https://'),
    port: env.PORT,
    host: env.HOST,
    dataDir,
    // Without PUBLIC_URL, links in mails use the very address the server prints at start, so
    // cookies (session, language) set there also apply when a mail link is followed.
    publicUrl,
    databaseUrl: env.DATABASE_URL ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    providerInbox: env.PROVIDER_INBOX,
    admin: { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD },
    sessionSecret: env.SESSION_SECRET,
    captcha: {
      hmacKey: env.CAPTCHA_HMAC_KEY,
      cost: env.CAPTCHA_COST,
      recaptcha: env.RECAPTCHA_SECRET ? { secret: env.RECAPTCHA_SECRET, verifyUrl: env.RECAPTCHA_VERIFY_URL } : null,
    },
    logLevel: env.LOG_LEVEL,
    /** Allowed by the CSP only when configured (the SPA loads it; see src/app/analytics.ts). */
    analyticsOrigin: env.ANALYTICS_SCRIPT_URL ? new URL(env.ANALYTICS_SCRIPT_URL).origin : null,
    staticDir: path.resolve(env.STATIC_DIR),
    mailPollMs: env.MAIL_POLL_MS,
    mailRetryBaseSeconds: env.MAIL_RETRY_BASE_SECONDS,
    /** How often the closing sweeper looks for inquiries past their closing time. */
    tradeSweepMs: env.TRADE_SWEEP_MS,
    /** How often the trade-mail worker looks for queued trade mails. */
    tradeMailPollMs: env.TRADE_MAIL_POLL_MS,
    /** A person gets at most one trade mail per window; what piles up meanwhile goes out as one digest. */
    tradeDigestWindowMs: env.TRADE_DIGEST_WINDOW_MS,
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    /** Live event streams (ADR 024): a heartbeat comment, and how often the session is checked again. */
    liveHeartbeatMs: env.LIVE_HEARTBEAT_MS,
    liveSessionCheckMs: env.LIVE_SESSION_CHECK_MS,
    /** Open streams per session or API key and per organisation, in each process (ADR 045). */
    liveLimits: { perHolder: env.LIVE_STREAMS_PER_HOLDER, perOrganisation: env.LIVE_STREAMS_PER_ORGANISATION },
    /**
     * A resume with more events than this for its reader after its position is answered with
     * "reload" instead of a replay (ADR 045).
     */
    liveHorizon: env.LIVE_RESUME_HORIZON,
    /** On SIGTERM, how long requests in flight may take to finish before their connections are cut (ADR 033). */
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    /** How long /readyz waits for the database before it calls this process unready. */
    readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
    /** How long a DMS punch-in link opens (ADR 034): long enough to log in, short enough to leak little. */
    punchInTtlSeconds: env.PUNCH_IN_TTL_SECONDS,
    serviceUrls: { WORKSHOP: env.WORKSHOP_APP_URL },
    /** Reverse proxies whose forwarded header names the client (ADR 032); none by default. */
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    forwardedHeader: env.TRUSTED_PROXY_HEADER,
    /** The Prometheus endpoint's own listener (ADR 032); off unless METRICS_PORT is set. */
    /** The operator's company (COMPANY_*, shared with the SPA's imprint): the delay statement's letterhead. */
    company: companySettingsOf(env),
    /**
     * Webhooks (ADR 041). Only in development (the default there) or when set for tests may an
     * endpoint be plain http on 127.0.0.0/8; everywhere else only https to public addresses.
     * Retries double from the base up to an hour and go on for 24 h before a delivery fails.
     */
    webhooks: {
      allowLoopback: (env.WEBHOOK_ALLOW_LOOPBACK ?? (env.APP_ENV === 'development' ? 'true' : 'false')) === 'true',
      pollMs: env.WEBHOOK_POLL_MS,
      limits: {
        connectTimeoutMs: env.WEBHOOK_CONNECT_TIMEOUT_MS,
        totalTimeoutMs: env.WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: 64 * 1024,
      },
      retryBaseMs: env.WEBHOOK_RETRY_BASE_SECONDS * 1000,
      maxBackoffMs: 3600_000,
      retryWindowMs: 24 * 3600_000,
    },
    metrics: env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
  };
}
