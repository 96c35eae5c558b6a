import type { Logger } from 'pino';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';

/** What every service sub-app is built from; tests build the same with their own settings. */
export type ServerDeps = {
  config: ServerConfig;
  database: DatabaseHandle;
  logger: Logger;
};
