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
const usingDefaultAdmin = config.admin.password === DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD;
console.log(
  [
    '',
    `  Teileportal is running at ${started.url}`,
    `  Database: ${started.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  System administrator: ${config.admin.email}${usingDefaultAdmin ? ` / ${DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD} (development default)` : ''}`,
    ...(config.isProduction ? [] : [`  Mails: ${started.url}/dev/mailbox`]),
    '',
  ].join('\n'),
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ event: 'server.stopping', signal }, 'shutting down');
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  await started.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
