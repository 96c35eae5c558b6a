import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/database';
import { enforceRateLimits, type RateWindow } from '../rate-limit';
import { type ApiKeyHolder, type ApiKeyRow, authenticateApiKey, touchApiKey } from './keys';

/** Requests per key and minute: a DMS syncing a busy workshop stays far below it, a runaway loop does not. */
export const API_KEY_REQUESTS: RateWindow = { name: 'api-key', limit: 300, windowSeconds: 60 };

/**
 * The Hono environment of an `/api/v1` route: `c.get('organisation')` is the key's workshop (every
 * query is scoped to its id), `c.get('actorUserId')` the colleague who created the key (written as
 * the actor of inquiries, orders and trade events), `c.get('apiKey')` the key's row (its
 * `allowedOrigins` are the DMS's registered origins).
 */
export type ApiKeyEnv = {
  Variables: {
    apiKey: ApiKeyRow;
    organisation: ApiKeyHolder['organisation'];
    actorUserId: number;
  };
};

/**
 * `Authorization: Bearer <key>` or a translated 401/403 envelope; then the key's rate limit (429
 * with Retry-After). The key is looked up on every request, so a revoked key is refused at once.
 */
export function requireApiKey(db: Database) {
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    const holder = await authenticateApiKey(db, c.req.header('authorization'));
    await enforceRateLimits(db, [[API_KEY_REQUESTS, String(holder.key.id)]]);
    await touchApiKey(db, holder.key.id);
    c.set('apiKey', holder.key);
    c.set('organisation', holder.organisation);
    c.set('actorUserId', holder.actorUserId);
    await next();
  });
}
