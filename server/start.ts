import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createApp } from './app';
import { deleteExpiredCaptchas } from './captcha';
import type { ServerConfig } from './config';
import { openDatabase } from './db/database';
import { createMailTransport, startMailWorker } from './mail/outbox';
import { createMetrics } from './metrics';
import { deleteStaleRateWindows } from './rate-limit';
import { seedAdministrator } from './seed';
import { deleteExpiredSessions } from './services/auth/sessions';
import { deleteExpiredOnboardingCredentials } from './services/workshop/onboarding-credentials';
import { startClosingSweeper } from './trade/closing-sweeper';
import { createLiveHub } from './trade/live-hub';
import { startTradeMailWorker } from './trade/trade-mail-worker';

/**
 * Opens the database (migrating it), seeds the administrator, starts the mail worker, the trade
 * loop's closing sweeper and trade-mail worker, and the HTTP server. Used by server/main.ts and by
 * the server tests, so both run the same code.
 */
export async function startServer(config: ServerConfig, logger: Logger) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = await seedAdministrator(database.db, config);
  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
  const mailWorker = startMailWorker(database.db, transport, logger, {
    pollMs: config.mailPollMs,
    retryBaseSeconds: config.mailRetryBaseSeconds,
  });
  // The trade loop (ADR 023): inquiries past their closing time are closed; trade mails go out singly or as a digest.
  const closingSweeper = startClosingSweeper(database.db, logger, config.tradeSweepMs);
  const tradeMailWorker = startTradeMailWorker(database.db, logger, {
    pollMs: config.tradeMailPollMs,
    publicUrl: config.publicUrl,
    digestWindowMs: config.tradeDigestWindowMs,
  });
  const housekeeping = setInterval(() => {
    Promise.all([
      deleteExpiredSessions(database.db),
      deleteExpiredOnboardingCredentials(database.db),
      deleteExpiredCaptchas(database.db),
      deleteStaleRateWindows(database.db),
      // PGlite runs no autovacuum: without fresh statistics its planner misjudges grown tables.
      database.kind === 'pglite' ? database.db.execute(sql`analyze`) : null,
    ]).catch((error: unknown) =>
      logger.warn({ event: 'housekeeping.failed', reason: String(error) }, 'housekeeping failed'),
    );
  }, 3600_000);
  housekeeping.unref();

  const liveHub = createLiveHub(database, logger);
  await liveHub.start();
  const metrics = createMetrics({ database, liveHub });
  const app = createApp({ config, database, logger, liveHub, metrics });
  const listen = (fetch: typeof app.fetch, port: number, hostname: string) =>
    new Promise<ReturnType<typeof serve>>((resolve) => {
      const instance = serve({ fetch, port, hostname }, () => resolve(instance));
    });
  const server = await listen(app.fetch, config.port, config.host);
  const port = (server.address() as AddressInfo).port;
  // Prometheus scrapes a listener of its own (ADR 032), never the public one.
  const metricsServer = config.metrics
    ? await listen(metrics.exposition().fetch, config.metrics.port, config.metrics.host)
    : null;

  return {
    port,
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    database,
    adminCreated: seeded.created,
    liveHub,
    /** The port of the metrics listener, when METRICS_PORT is set. */
    metricsPort: metricsServer ? (metricsServer.address() as AddressInfo).port : null,
    async stop() {
      clearInterval(housekeeping);
      // Live streams end first (with a retry hint), else server.close() would wait for them forever.
      await liveHub.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      await closingSweeper.stop();
      await tradeMailWorker.stop();
      await mailWorker.stop();
      await database.close();
    },
  };
}
