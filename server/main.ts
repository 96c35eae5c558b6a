import { existsSync } from 'node:fs';
import { DEVELOPMENT_DEFAULTS, loadServerConfig } from './config';
import { createLogger } from './logger';
import { startServer } from './start';

// Settings from a local .env (see .env.example); real environment variables win.
if (existsSync('.env')) process.loadEnvFile('.env');

let config: ReturnType<typeof loadServerConfig>;
try {
  config = loadServerConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const logger = createLogger(config.logLevel);
const started = await startServer(config, logger);

logger.info({ event: 'server.started', url: started.url, database: started.database.kind }, 'portal started');
if (!config.servesDevMailbox && !config.smtpUrl) {
  // Outside development there is no mailbox to read them from (issue 27 §7): without a mail server
  // the mails only become .eml files in DATA_DIR/outbox.
  logger.warn(
    { event: 'mail.no_smtp', appEnv: config.appEnv },
    'SMTP_URL is not set: mails are only written to DATA_DIR/outbox',
  );
}
const usingDefaultAdmin = config.admin.password === DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD;
console.log(
  [
    '',
    `  Teileportal is running at ${started.url}`,
    `  Database: ${started.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  System administrator: ${config.admin.email}${usingDefaultAdmin ? ` / ${DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD} (development default)` : ''}`,
    ...(config.servesDevMailbox ? [`  Mails: ${started.url}/dev/mailbox`] : []),
    '',
  ].join('\n'),
);

let stopping = false;
/**
 * SIGTERM or SIGINT starts the graceful stop (ADR 033) and exits 0 when it is done; a second
 * signal exits at once. Should the stop hang anyway, the process exits 1 after the grace period
 * and a margin for closing the pollers and the database.
 */
async function shutdown(signal: string) {
  if (stopping) {
    logger.warn({ event: 'server.stop_forced', signal }, 'second signal: exiting at once');
    process.exit(1);
  }
  stopping = true;
  logger.info({ event: 'server.stopping', signal, graceMs: config.shutdownGraceMs }, 'shutting down');
  const forceExit = setTimeout(() => {
    logger.error({ event: 'server.stop_hung' }, 'graceful stop did not finish; exiting');
    process.exit(1);
  }, config.shutdownGraceMs + 10_000);
  forceExit.unref();
  await started.stop();
  logger.info({ event: 'server.stopped', signal }, 'stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
