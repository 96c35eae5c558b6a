import { createHmac, randomBytes } from 'node:crypto';

/** The prefix Standard Webhooks gives a symmetric secret; the rest is the key, base64-encoded. */
const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes (the specification asks for 24 to 64), base64 after `whsec_`. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The key bytes of a `whsec_…` secret (a secret without the prefix is read as bare base64, as the libraries do). */
function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/**
 * One signature as Standard Webhooks defines it: `v1,` and the base64 HMAC-SHA256, keyed with the
 * secret's bytes, of `<webhook-id>.<webhook-timestamp>.<body>` (the body exactly as sent).
 */
export function signWebhook(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const signed = `${webhookId}.${timestampSeconds}.${body}`;
  return `v1,${createHmac('sha256', secretKey(secret)).update(signed, 'utf8').digest('base64')}`;
}

/**
 * The three headers of a delivery. With a previous secret still valid (a rotation less than a day
 * ago) both signatures are sent, space-separated, as the specification allows: a receiver that
 * still holds the old secret and one that already holds the new one both accept the message.
 */
export function webhookHeaders(
  secrets: readonly string[],
  webhookId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, webhookId, timestampSeconds, body)).join(' '),
  };
}
