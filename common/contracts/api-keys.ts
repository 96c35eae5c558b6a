import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import { plainText, recordIdField } from './fields';

/*
 * API keys for a workshop's DMS (issue 15, docs/decisions/031-dms-api.md): named, shown once,
 * listed by their public prefix, revocable. The key itself never comes back after creation.
 */

export const API_KEY_NAME_MAX_LENGTH = 80;
/** Registered origins per key: a DMS has a handful of installations at most. */
export const API_KEY_MAX_ORIGINS = 10;
/** Active keys per workshop organisation: one per DMS installation is the expected use. */
export const API_KEYS_PER_ORGANISATION = 20;

/** `tp_` + 10 hex characters of public prefix + `_` + 43 base64url characters of secret (256 bits). */
export const API_KEY_PATTERN = /^tp_([0-9a-f]{10})_([A-Za-z0-9_-]{43})$/;

/**
 * An origin a DMS may be registered with: https, or http on localhost for a DMS under
 * development (the server refuses the latter in production). Scheme, host and port only.
 */
export function isRegisterableOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.origin === 'null' || value.replace(/\/$/, '').toLowerCase() !== url.origin) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLocalhostOrigin(url.origin));
}

export function isLocalhostOrigin(origin: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin);
}

export const apiKeyOriginField = v.pipe(
  v.string('apiKeyOriginInvalid'),
  v.trim(),
  v.maxLength(200, 'apiKeyOriginInvalid'),
  v.check(isRegisterableOrigin, 'apiKeyOriginInvalid'),
  v.transform((origin) => new URL(origin).origin),
);

/** `POST /svc/workshop/api-keys`. */
export const apiKeyCreateSchema = v.object({
  name: v.pipe(
    v.string('apiKeyNameRequired'),
    v.trim(),
    plainText(),
    v.nonEmpty('apiKeyNameRequired'),
    v.maxLength(API_KEY_NAME_MAX_LENGTH, 'fieldTooLong'),
  ),
  allowed_origins: v.pipe(
    v.array(apiKeyOriginField, 'apiKeyOriginInvalid'),
    v.maxLength(API_KEY_MAX_ORIGINS, 'apiKeyOriginInvalid'),
    v.transform((origins) => [...new Set(origins)]),
  ),
});
export type ApiKeyCreate = v.InferInput<typeof apiKeyCreateSchema>;

/** `POST /svc/part-dealer/api-keys` (ADR 040): a name only; registered origins serve the workshop's punch-in. */
export const dealerApiKeyCreateSchema = v.object({ name: apiKeyCreateSchema.entries.name });

export const apiKeySummarySchema = v.object({
  id: recordIdField,
  name: v.string(),
  /** The key's public start (`tp_3f9a…`), enough to tell keys apart; never the secret. */
  prefix: v.string(),
  allowed_origins: v.array(v.string()),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
  revoked_at: v.nullable(v.string()),
});
export type ApiKeySummary = v.InferOutput<typeof apiKeySummarySchema>;

/** The answer to creating a key: the only time the whole key is sent. */
export const apiKeyCreatedSchema = v.object({ key: apiKeySummarySchema, secret: v.string() });
export type ApiKeyCreated = v.InferOutput<typeof apiKeyCreatedSchema>;

export const apiKeyListEnvelopeSchema = envelopeSchema(v.object({ items: v.array(apiKeySummarySchema) }));
export const apiKeyCreatedEnvelopeSchema = envelopeSchema(apiKeyCreatedSchema);
export const apiKeyEnvelopeSchema = envelopeSchema(apiKeySummarySchema);
