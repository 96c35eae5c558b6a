import type { Logger } from 'pino';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { AccessChanges } from './http/access-changes';
import type { SessionCache } from './http/session-cache';
import type { ServerMetrics } from './metrics';
import type { DashboardCache } from './trade/dashboard-cache';
import type { ListCache } from './trade/list-cache';
import type { LiveHub } from './trade/live-hub';

/** What every service sub-app is built from; tests build the same with their own settings. */
export type ServerDeps = {
  config: ServerConfig;
  database: DatabaseHandle;
  logger: Logger;
  /** The process's one listener for trade events and its connected live streams (ADR 024). */
  liveHub: LiveHub;
  /**
   * Sessions ended, users, organisations or API keys changed, in any process (ADR 043): what holds
   * derived access (a cached session, an open stream) re-checks it when told.
   */
  accessChanges: AccessChanges;
  /** The dashboards kept per organisation and period, forgotten by trade changes (ADR 049). */
  dashboardCache: DashboardCache;
  /**
   * Reads answered from memory (ADR 048): sessions, and the trade lists' first pages per
   * organisation. Every request that may write awaits `accessChanges.settle()` and clears the
   * list pages before it answers.
   */
  readCaches: { sessions: SessionCache; lists: ListCache };
  /** Request counts and latency, queue depths, pool use, live streams (ADR 032). */
  metrics: ServerMetrics;
  /** Whether the process is shutting down: then /readyz answers 503 and responses close their connection. */
  isDraining: () => boolean;
};
