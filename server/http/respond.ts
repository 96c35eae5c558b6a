import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { SUCCESS_CODE } from '../../common/contracts/envelope';
import { fieldErrors } from '../../common/contracts/fields';
import { isMessageId, type MessageId } from '../../common/contracts/message-ids';
import { requestLocale, translate } from '../i18n';

/** A refusal the route wants the client to see, with a translated message. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly messageId: MessageId,
    /** `data`: what the client needs to recover (a 409's current state, ADR 023); the envelope's data is null without it. */
    readonly extra: { field?: string; headers?: Record<string, string>; data?: unknown } = {},
  ) {
    super(messageId);
  }
}

/** The refusals of a write on a stale version: someone else changed the thing first (ADR 035). */
export type ConflictMessageId = Extract<
  MessageId,
  'inquiryChanged' | 'answerChanged' | 'orderChanged' | 'profileChanged' | 'claimNotShared'
>;

/**
 * The one 409 that carries the current state (ADR 035): a write named a version that is no longer
 * the current one, so nothing was stored and the client gets what is there now in the envelope's
 * `data` (`{ code: 409, data: <current>, message, error }`), to show it before a second try.
 * Thrown from a command (inside its transaction, which then stores nothing) or from an adapter.
 */
export function conflictWithCurrent<TCurrent>(messageId: ConflictMessageId, current: TCurrent) {
  return new ApiRefusal(409, messageId, { data: current });
}

/** The response of a refusal: the envelope with its translated message, and a 409's current state in `data`. */
export function refusalResponse(c: Context, refusal: ApiRefusal) {
  for (const [name, value] of Object.entries(refusal.extra.headers ?? {})) c.header(name, value);
  const body = refusalBody(c, refusal.status, refusal.messageId, refusal.extra.field);
  return jsonResponse(
    c,
    refusal.extra.data === undefined ? body : { ...body, data: refusal.extra.data },
    refusal.status,
  );
}

/** Hono's compress() default: smaller bodies are sent as they are. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * A JSON answer with its length: the compression middleware then leaves a small body (most API
 * answers, under 1 KB) as it is instead of streaming it through gzip, and a large one is still
 * compressed (ADR 048: a streamed body cost more per request than the session read from memory).
 */
export function jsonResponse(c: Context, value: unknown, status: ContentfulStatusCode = 200) {
  const text = JSON.stringify(value);
  const length = Buffer.byteLength(text);
  return c.body(text, status, {
    'Content-Type': 'application/json',
    'Content-Length': String(length),
    // Said here for a body the middleware may compress: its own late header would rebuild the response.
    ...(length >= COMPRESSION_THRESHOLD_BYTES && { Vary: 'Accept-Encoding' }),
  });
}

export function ok<TData>(c: Context, data: TData, messageId?: MessageId) {
  return jsonResponse(c, {
    code: SUCCESS_CODE,
    data,
    message: messageId ? translate(requestLocale(c), messageId) : undefined,
  });
}

export function refusalBody(c: Context, status: number, messageId: MessageId, field?: string) {
  const message = translate(requestLocale(c), messageId);
  return { code: status, data: null, message, error: messageId, ...(field ? { field } : {}) };
}

/**
 * Parses a JSON body with a shared contract schema. Unknown keys are dropped by valibot's
 * `object`, so nothing the schema does not name can reach the database.
 */
export async function parseJsonBody<TSchema extends v.GenericSchema>(
  c: Context,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiRefusal(400, 'invalidRequest');
  }
  return validateBody(body, schema);
}

/**
 * The checks every request body passes, whatever it arrived as (JSON, or a plain HTML form post
 * turned into an object by server/http/form-post.ts): one set of rules and messages for both.
 */
export function validateBody<TSchema extends v.GenericSchema>(body: unknown, schema: TSchema): v.InferOutput<TSchema> {
  // A body nested deeper than any contract is refused before anything walks it recursively
  // (valibot, the handlers), and PostgreSQL text cannot hold U+0000: both are a 400 here rather than
  // a stack overflow or a database error (500).
  const flaw = bodyFlaw(body);
  if (flaw) throw new ApiRefusal(400, 'invalidRequest', flaw.field ? { field: flaw.field } : {});
  const result = v.safeParse(schema, body);
  if (!result.success) {
    const errors = fieldErrors<string>(result.issues);
    const [field, message] = Object.entries(errors)[0] ?? [];
    // A schema's own rules name a message id; valibot's built-in ones (a missing key, a wrong type
    // deep in an object) carry English prose, which must not reach the client untranslated.
    throw new ApiRefusal(400, isMessageId(message) ? message : 'invalidRequest', field ? { field } : {});
  }
  return result.output;
}

/** Parses a query string with a shared contract schema; a query it refuses is a plain 400. */
export function parseQuery<TSchema extends v.GenericSchema>(c: Context, schema: TSchema): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, c.req.query());
  if (!result.success) throw new ApiRefusal(400, 'invalidRequest');
  return result.output;
}

/**
 * How deep a JSON body may nest. The deepest contract (an inquiry's lines of objects inside an
 * object) needs 3 levels; 64 leaves room for any future contract and keeps every walk shallow.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * What makes a parsed body unacceptable before its contract sees it: nesting deeper than
 * MAX_JSON_DEPTH, or U+0000 in a key or string (`field`: the top-level field it is in, '' for the
 * body itself). Walked with an explicit stack, so no body can overflow the call stack here.
 */
export function bodyFlaw(body: unknown): { reason: 'tooDeep' | 'nul'; field: string } | null {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: body, field: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, field, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { reason: 'nul', field };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return { reason: 'tooDeep', field };
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, field, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return { reason: 'nul', field: field || key };
      pending.push({ value: item, field: field || key, depth: depth + 1 });
    }
  }
  return null;
}
