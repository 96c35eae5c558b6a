import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import { recordIdField } from './fields';
import { TRADE_EVENT_KINDS } from './trade-events';
import { tradeEventSchema } from './trading';

/*
 * Signed webhooks for workshops' and dealers' systems (issue 25, docs/decisions/041-webhooks.md):
 * an organisation registers endpoints (URL, description, the trade event kinds it wants); each
 * endpoint has a secret `whsec_…` shown once (and again once after each rotation); deliveries are
 * signed as the Standard Webhooks specification describes and logged per attempt.
 */

export const WEBHOOK_URL_MAX_LENGTH = 500;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Endpoints per organisation: one per receiving system is the expected use. */
export const WEBHOOK_ENDPOINTS_PER_ORGANISATION = 10;
/** Attempts the delivery log of one endpoint shows. */
export const WEBHOOK_LOG_LENGTH = 50;

/**
 * The URL's shape, as both sides can check it: an absolute http(s) URL without credentials or
 * fragment. Whether plain http and the host's addresses are allowed is the server's decision
 * (only https, and only public addresses, outside development).
 */
export function isWebhookUrlShape(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    url.hash === ''
  );
}

const webhookUrlField = v.pipe(
  v.string('webhookUrlInvalid'),
  v.trim(),
  v.nonEmpty('webhookUrlInvalid'),
  v.maxLength(WEBHOOK_URL_MAX_LENGTH, 'webhookUrlInvalid'),
  v.check(isWebhookUrlShape, 'webhookUrlInvalid'),
  v.transform((url) => new URL(url).href),
);

const webhookKindsField = v.pipe(
  v.array(v.picklist(TRADE_EVENT_KINDS, 'webhookKindsRequired'), 'webhookKindsRequired'),
  v.minLength(1, 'webhookKindsRequired'),
  v.transform((kinds) => TRADE_EVENT_KINDS.filter((kind) => kinds.includes(kind))),
);

/** `POST /webhooks` of the workshop and the part-dealer service. */
export const webhookEndpointCreateSchema = v.object({
  url: webhookUrlField,
  description: v.optional(
    v.pipe(v.string('fieldTooLong'), v.trim(), v.maxLength(WEBHOOK_DESCRIPTION_MAX_LENGTH, 'fieldTooLong')),
    '',
  ),
  event_kinds: webhookKindsField,
});
export type WebhookEndpointCreate = v.InferInput<typeof webhookEndpointCreateSchema>;

export const webhookEndpointSchema = v.object({
  id: recordIdField,
  url: v.string(),
  description: v.string(),
  event_kinds: v.array(v.string()),
  created_at: v.string(),
  disabled_at: v.nullable(v.string()),
  /** Until when the secret replaced by the last rotation still signs beside the new one. */
  previous_secret_expires_at: v.nullable(v.string()),
});
export type WebhookEndpoint = v.InferOutput<typeof webhookEndpointSchema>;

/** Creating an endpoint or rotating its secret: the only answers that carry the secret. */
export const webhookEndpointWithSecretSchema = v.object({ endpoint: webhookEndpointSchema, secret: v.string() });
export type WebhookEndpointWithSecret = v.InferOutput<typeof webhookEndpointWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt of the delivery log: when, which event, the receiver's status or the error, how long. */
export const webhookAttemptSchema = v.object({
  id: recordIdField,
  delivery_id: recordIdField,
  event_kind: v.string(),
  trade_event_id: v.number(),
  attempted_at: v.string(),
  http_status: v.nullable(v.number()),
  /** Why no answer counted: `timeout`, `connectionFailed`, `addressRefused`, … (translated by the screen). */
  error: v.nullable(v.string()),
  duration_ms: v.number(),
  delivery_status: v.picklist(WEBHOOK_DELIVERY_STATUSES),
});
export type WebhookAttempt = v.InferOutput<typeof webhookAttemptSchema>;

/** The errors an attempt records instead of a status (ADR 041). */
export const WEBHOOK_ATTEMPT_ERRORS = [
  'timeout',
  'connectionFailed',
  'addressRefused',
  'hostUnknown',
  'schemeRefused',
] as const;
export type WebhookAttemptError = (typeof WEBHOOK_ATTEMPT_ERRORS)[number];

/**
 * The body every delivery carries (Standard Webhooks' recommended shape): the kind as `type`,
 * when it happened, and the event as the organisation's live stream shows it.
 */
export const webhookPayloadSchema = v.object({
  type: v.picklist(TRADE_EVENT_KINDS),
  timestamp: v.string(),
  data: tradeEventSchema,
});
export type WebhookPayload = v.InferOutput<typeof webhookPayloadSchema>;

export const webhookEndpointListEnvelopeSchema = envelopeSchema(v.object({ items: v.array(webhookEndpointSchema) }));
export const webhookEndpointEnvelopeSchema = envelopeSchema(webhookEndpointSchema);
export const webhookEndpointWithSecretEnvelopeSchema = envelopeSchema(webhookEndpointWithSecretSchema);
export const webhookAttemptListEnvelopeSchema = envelopeSchema(v.object({ items: v.array(webhookAttemptSchema) }));
