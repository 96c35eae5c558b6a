import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiKeyEnv } from '../api-keys/middleware';
import type { Database } from '../db/database';
import { idempotencyKeys } from '../db/schema';
import { ApiRefusal } from '../http/respond';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1–255 visible ASCII characters (VCHAR): a UUID, a job-card number with a suffix, … */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** How long a key is remembered: a DMS retries within minutes, a day covers a retry after an outage. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * A first request that has neither answered nor released its key after this long died with its
 * process (a request runs for seconds); its key may be claimed again. Until then repeats get 409.
 */
export const IDEMPOTENCY_IN_FLIGHT_ABANDONED_MINUTES = 10;

/** The document's description of the header, shared by the three creating operations. */
export const idempotencyKeyHeader = {
  name: IDEMPOTENCY_KEY_HEADER,
  description:
    'Optional, 1–255 visible ASCII characters (a UUID is a good choice), unique per request you mean to make once. ' +
    'A repeat with the same key and the same method, path and body (byte for byte) within 24 hours is not run ' +
    'again: it gets the first answer (status and body) with `Idempotent-Replayed: true`. The same key with another ' +
    'body or path is 422 `idempotencyKeyReused`; a repeat while the first is still running is 409 ' +
    '`idempotencyKeyInFlight` (repeat it shortly). Answers with status 5xx or 429 are not kept: the key can be ' +
    'used again. Keys are per API key.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
} as const;

/** Answers kept for a replay: everything the operation decided, not the transient ones (server errors, rate limits). */
function isKeptStatus(status: number) {
  return status < 500 && status !== 429;
}

/** What a repeat must match: method, path and the body byte for byte (a retry resends the same bytes). */
export function requestFingerprint(method: string, path: string, body: string | Uint8Array) {
  return createHash('sha256').update(`${method}\n${path}\n`).update(body).digest('hex');
}

/**
 * The `Idempotency-Key` of a creating /api/v1 operation (ADR 031), after the key guard. Without the
 * header the request runs as before. With it, a row for (API key, key) is inserted *before* the
 * request runs: the unique index lets exactly one of concurrent duplicates through, on PGlite and
 * PostgreSQL alike. The first request's answer is stored with its fingerprint; a 5xx or 429
 * deletes the row, so a retry runs again.
 */
export function idempotent(db: Database) {
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiRefusal(400, 'idempotencyKeyInvalid');
    const apiKeyId = c.get('apiKey').id;
    // The bytes, not text: an openTRANS document may be ISO-8859-1, and Hono would hand the route
    // the text re-encoded as UTF-8 if the body were first read as text (its body cache converts).
    const fingerprint = requestFingerprint(c.req.method, c.req.path, new Uint8Array(await c.req.arrayBuffer()));
    const thisKey = and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key));

    // An expired key, or one whose request died with its process, may be claimed anew.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          thisKey,
          or(
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`),
            and(
              isNull(idempotencyKeys.responseStatus),
              lt(
                idempotencyKeys.createdAt,
                sql`now() - make_interval(mins => ${IDEMPOTENCY_IN_FLIGHT_ABANDONED_MINUTES})`,
              ),
            ),
          ),
        ),
      );
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ apiKeyId, key, fingerprint })
      .onConflictDoNothing({ target: [idempotencyKeys.apiKeyId, idempotencyKeys.key] })
      .returning({ id: idempotencyKeys.id });

    if (!claimed) {
      const [earlier] = await db.select().from(idempotencyKeys).where(thisKey);
      // Released (a 5xx) between our insert and this read: the client may simply repeat.
      if (!earlier) throw new ApiRefusal(409, 'idempotencyKeyInFlight', { headers: { 'Retry-After': '1' } });
      if (earlier.fingerprint !== fingerprint) throw new ApiRefusal(422, 'idempotencyKeyReused');
      if (earlier.responseStatus === null || earlier.responseBody === null) {
        throw new ApiRefusal(409, 'idempotencyKeyInFlight', { headers: { 'Retry-After': '1' } });
      }
      return c.body(earlier.responseBody, earlier.responseStatus as ContentfulStatusCode, {
        'Content-Type': 'application/json',
        [IDEMPOTENT_REPLAYED_HEADER]: 'true',
      });
    }

    const claim = eq(idempotencyKeys.id, claimed.id);
    let kept = false;
    try {
      await next();
      const status = c.res.status;
      if (isKeptStatus(status)) {
        const responseBody = await c.res.clone().text();
        await db
          .update(idempotencyKeys)
          .set({ responseStatus: status, responseBody, completedAt: new Date() })
          .where(claim);
        kept = true;
      }
    } finally {
      if (!kept) await db.delete(idempotencyKeys).where(claim);
    }
  });
}

/** The housekeeping delete (server/start.ts): keys older than a day are forgotten. */
export async function deleteExpiredIdempotencyKeys(db: Database) {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`));
}
