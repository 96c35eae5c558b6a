import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/database';
import { ApiRefusal } from '../http/respond';
import { enforceRateLimits, type RateWindow } from '../rate-limit';
import {
  type ApiKeyHolder,
  type ApiKeyOrganisationKind,
  type ApiKeyRow,
  authenticateApiKey,
  touchApiKey,
} from './keys';

/** Requests per key and minute: a DMS syncing a busy workshop stays far below it, a runaway loop does not. */
export const API_KEY_REQUESTS: RateWindow = { name: 'api-key', limit: 300, windowSeconds: 60 };

/**
 * The Hono environment of an `/api/v1` route: `c.get('organisation')` is the key's organisation (every
 * query is scoped to its id), `c.get('actorUserId')` the colleague who created the key (written as
 * the actor of inquiries, answers, orders and trade events), `c.get('apiKey')` the key's row (its
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

/** Where the dealer API lives inside /api/v1 (ADR 040); every other path there is the workshop's DMS API. */
export const DEALER_API_PREFIX = '/dealer';

/** Which organisation's keys a path inside /api/v1 (`/dealer/inquiries`, `/orders/7`) is for. */
export function apiAudienceOf(pathInsideApi: string): ApiKeyOrganisationKind {
  return pathInsideApi === DEALER_API_PREFIX || pathInsideApi.startsWith(`${DEALER_API_PREFIX}/`)
    ? 'dealer'
    : 'workshop';
}

/**
 * After `requireApiKey`: a key opens only its own organisation's API (ADR 040). A workshop's key on
 * `/dealer/…` and a dealer's key anywhere else are 403 `apiKeyWrongApi`, before any route runs,
 * so no workshop route ever reads a dealer's organisation as a workshop (or the other way round).
 */
export function requireKeyForThisApi(apiBase: string) {
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    const pathInsideApi = c.req.path.slice(apiBase.length) || '/';
    if (apiAudienceOf(pathInsideApi) !== c.get('organisation').kind) throw new ApiRefusal(403, 'apiKeyWrongApi');
    await next();
  });
}

/**
 * What a live stream of an API key rests on (ADR 024, ADR 045): the key, its creator and its
 * organisation (an announced change of any of them has the stream ask again), and the check itself:
 * whether the key still authenticates (not revoked, creator active, organisation active). A refusal
 * ends the stream; an unreachable database is thrown, so the stream stays until the next check decides.
 */
export function keyStreamAccess(db: Database, c: Context<ApiKeyEnv>) {
  const key = c.get('apiKey');
  const authorization = c.req.header('authorization');
  return {
    sessionIdHash: null,
    apiKeyId: key.id,
    userId: key.createdBy,
    stillAllowed: async () => {
      try {
        return (await authenticateApiKey(db, authorization)).key.id === key.id;
      } catch (error) {
        if (error instanceof ApiRefusal) return false;
        throw error;
      }
    },
  };
}
