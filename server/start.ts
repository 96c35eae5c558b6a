import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { deleteExpiredIdempotencyKeys } from './api-v1/idempotency';
import { createApp } from './app';
import { deleteExpiredCaptchas } from './captcha';
import type { ServerConfig } from './config';
import { openDatabase } from './db/database';
import { listenToAccessChanges } from './http/access-changes';
import { createSessionCache } from './http/session-cache';
import { deleteExpiredSessions } from './http/sessions';
import { createMailTransport, startMailWorker } from './mail/outbox';
import { createMetrics } from './metrics';
import { deleteExpiredPunchIns } from './punch-ins';
import { deleteStaleRateWindows } from './rate-limit';
import { seedAdministrator } from './seed';
import { deleteExpiredOnboardingCredentials } from './services/workshop/onboarding-credentials';
import { startClosingSweeper } from './trade/closing-sweeper';
import { createDashboardCache } from './trade/dashboard-cache';
import { startListCache } from './trade/list-cache';
import { createLiveHub } from './trade/live-hub';
import { startTradeMailWorker } from './trade/trade-mail-worker';
import { startWebhookWorker } from './webhooks/delivery-worker';

/**
 * Opens the database (migrating it), seeds the administrator, starts the mail worker, the trade
 * loop's closing sweeper and trade-mail worker, and the HTTP server. Used by server/main.ts and by
 * the server tests, so both run the same code.
 */
export async function startServer(config: ServerConfig, logger: Logger) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = await seedAdministrator(database.db, config);
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
  // Work nobody waits for takes the database when people's queries leave it free (ADR 049).
  const mailWorker = startMailWorker(database.backgroundDb, transport, logger, {
    pollMs: config.mailPollMs,
    retryBaseSeconds: config.mailRetryBaseSeconds,
  });
  // The trade loop (ADR 023): inquiries past their closing time are closed; trade mails go out singly or as a digest.
  const closingSweeper = startClosingSweeper(database.backgroundDb, logger, config.tradeSweepMs);
  const tradeMailWorker = startTradeMailWorker(database.backgroundDb, logger, {
    pollMs: config.tradeMailPollMs,
    publicUrl: config.publicUrl,
    digestWindowMs: config.tradeDigestWindowMs,
  });
  // Organisations' webhooks (ADR 041): the outbox written with each trade event, sent with retries.
  const webhookWorker = startWebhookWorker(
    { db: database.backgroundDb, logger, settings: config.webhooks },
    config.webhooks.pollMs,
  );
  const housekeeping = setInterval(() => {
    Promise.all([
      deleteExpiredSessions(database.backgroundDb),
      deleteExpiredOnboardingCredentials(database.backgroundDb),
      deleteExpiredCaptchas(database.backgroundDb),
      deleteStaleRateWindows(database.backgroundDb),
      deleteExpiredIdempotencyKeys(database.backgroundDb),
      deleteExpiredPunchIns(database.backgroundDb),
      // PGlite runs no autovacuum: without fresh statistics its planner misjudges grown tables.
      database.kind === 'pglite' ? database.backgroundDb.execute(sql`analyze`) : null,
    ]).catch((error: unknown) =>
      logger.warn({ event: 'housekeeping.failed', reason: String(error) }, 'housekeeping failed'),
    );
  }, 3600_000);
  housekeeping.unref();

  const accessChanges = await listenToAccessChanges(database, (error) =>
    logger.error({ event: 'accessChanges.listenerFailed', reason: String(error) }, 'access change listener failed'),
  );
  const dashboardCache = await createDashboardCache(database);
  const readCaches = {
    sessions: createSessionCache(accessChanges),
    lists: await startListCache(database, accessChanges),
  };
  const liveHub = createLiveHub(database, logger, { horizon: config.liveHorizon, limits: config.liveLimits });
  await liveHub.start();
  let draining = false;
  const metrics = createMetrics({ database, liveHub });
  const app = createApp({
    config,
    database,
    logger,
    liveHub,
    accessChanges,
    dashboardCache,
    readCaches,
    metrics,
    isDraining: () => draining,
  });
  // serve() without a createServer option makes a plain node:http server.
  const listen = (fetch: typeof app.fetch, port: number, hostname: string) =>
    new Promise<HttpServer>((resolve) => {
      const instance = serve({ fetch, port, hostname }, () => resolve(instance as HttpServer));
    });
  const server = await listen(app.fetch, config.port, config.host);
  const port = (server.address() as AddressInfo).port;
  // Prometheus scrapes a listener of its own (ADR 032), never the public one.
  const metricsServer = config.metrics
    ? await listen(metrics.exposition().fetch, config.metrics.port, config.metrics.host)
    : null;

  logger.info(
    { event: 'database.migrated', database: database.kind, migrationsApplied: database.migrationsApplied },
    database.migrationsApplied > 0 ? 'migrations applied' : 'database already up to date',
  );

  let stopping: Promise<void> | null = null;
  /**
   * The graceful stop (ADR 033): unready at once, no new connections, live streams ended with a
   * retry hint (their clients reconnect, through the proxy, to another process), requests in
   * flight finished within SHUTDOWN_GRACE_MS (then their connections are cut), the pollers stopped
   * with their outbox leases given back, and the database closed last.
   */
  async function drainAndStop() {
    draining = true;
    clearInterval(housekeeping);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Live streams end first (with a retry hint), else server.close() would wait for them forever.
    await liveHub.stop();
    server.closeIdleConnections();
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace-over'>((resolve) => {
      graceTimer = setTimeout(() => resolve('grace-over'), config.shutdownGraceMs);
    });
    const [outcome] = await Promise.all([
      Promise.race([closed.then(() => 'drained' as const), graceOver]),
      closingSweeper.stop(),
      tradeMailWorker.stop(),
      webhookWorker.stop(),
      mailWorker.stop(),
    ]);
    clearTimeout(graceTimer);
    if (outcome === 'grace-over') {
      logger.warn({ event: 'server.grace_over', graceMs: config.shutdownGraceMs }, 'requests still running cut off');
      server.closeAllConnections();
      await closed;
    }
    if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
    readCaches.sessions.stop();
    await readCaches.lists.stop();
    await accessChanges.stop();
    await dashboardCache.stop();
    await database.close();
  }

  return {
    port,
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    database,
    adminCreated: seeded.created,
    liveHub,
    accessChanges,
    dashboardCache,
    /** Sessions and list pages held in memory (ADR 048). */
    readCaches,
    /** The port of the metrics listener, when METRICS_PORT is set. */
    metricsPort: metricsServer ? (metricsServer.address() as AddressInfo).port : null,
    /** The HTTP handler itself, which a test can call while the listener no longer accepts. */
    handle: (request: Request) => app.fetch(request),
    stop() {
      stopping ??= drainAndStop();
      return stopping;
    },
  };
}
