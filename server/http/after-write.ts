import type { MiddlewareHandler } from 'hono';
import type { DashboardCache } from '../trade/dashboard-cache';
import type { ListCache } from '../trade/list-cache';
import type { AccessChanges } from './access-changes';

/** Methods whose requests never write (the portal's GET routes read only). */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a process holds in memory must not outlive a write it made itself (ADR 048, 049): every
 * request that may have written answers only after its own process forgot what it may have
 * changed — every list page, its organisation's dashboards — and after the database's
 * announcements of its commits have arrived here (`settle`), which drop the sessions it ended.
 * Other processes forget through the same announcements; only the writer must not wait for them.
 */
export function forgetWhatTheWriterChanged(held: {
  lists: Pick<ListCache, 'clear'>;
  dashboards: Pick<DashboardCache, 'forget'>;
  accessChanges: Pick<AccessChanges, 'settle'>;
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (READ_ONLY_METHODS.has(c.req.method)) return;
    held.lists.clear();
    const organisation = (c.var as { organisation?: { id: number } }).organisation;
    if (organisation) held.dashboards.forget([organisation.id]);
    await held.accessChanges.settle();
  };
}
