import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TradeEventKind } from '../../common/contracts/trade-events';
import {
  WEBHOOK_ENDPOINTS_PER_ORGANISATION,
  WEBHOOK_LOG_LENGTH,
  type WebhookAttempt,
  type WebhookEndpoint,
} from '../../common/contracts/webhooks';
import type { Database, Transaction } from '../db/database';
import {
  organisations,
  tradeEventReaders,
  tradeEvents,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema';
import { ApiRefusal } from '../http/respond';
import { positionReadBy } from '../trade/event-log';
import { newWebhookSecret } from './signature';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** How long the secret replaced by a rotation keeps signing beside the new one. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 3600_000;

export function toWebhookEndpoint(row: WebhookEndpointRow, now = new Date()): WebhookEndpoint {
  const previousValid = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_kinds: row.eventKinds,
    created_at: row.createdAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
    previous_secret_expires_at: previousValid ? (row.previousSecretExpiresAt?.toISOString() ?? null) : null,
  };
}

export function listWebhookEndpoints(db: Database, organisationId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, organisationId))
    .orderBy(desc(webhookEndpoints.id));
}

/** Registers an endpoint; the returned secret is the only copy the organisation will be given. */
export async function createWebhookEndpoint(
  tx: Transaction,
  input: { organisationId: number; createdBy: number; url: string; description: string; eventKinds: TradeEventKind[] },
) {
  // The organisation row is the lock: two concurrent registrations cannot both pass the count.
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId))
    .for('update');
  const [registered] = await tx
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, input.organisationId));
  if ((registered?.total ?? 0) >= WEBHOOK_ENDPOINTS_PER_ORGANISATION) throw new ApiRefusal(409, 'tooManyWebhooks');
  const secret = newWebhookSecret();
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      organisationId: input.organisationId,
      url: input.url,
      description: input.description,
      eventKinds: input.eventKinds,
      secret,
      createdBy: input.createdBy,
    })
    .returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return { row, secret };
}

const ownEndpoint = (organisationId: number, endpointId: number) =>
  and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, organisationId));

/** A new secret; the old one signs alongside for a day. Another organisation's id: null. */
export async function rotateWebhookSecret(db: Database, organisationId: number, endpointId: number, now = new Date()) {
  const secret = newWebhookSecret();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: webhookEndpoints.secret,
      previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS),
      secret,
    })
    .where(ownEndpoint(organisationId, endpointId))
    .returning();
  return row ? { row, secret } : null;
}

/** Disables (no deliveries are queued or sent) or enables again; another organisation's id: null. */
export async function setWebhookEndpointEnabled(
  db: Database,
  organisationId: number,
  endpointId: number,
  enabled: boolean,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: enabled ? null : sql`coalesce(${webhookEndpoints.disabledAt}, now())` })
    .where(ownEndpoint(organisationId, endpointId))
    .returning();
  return row ?? null;
}

/** Deletes the endpoint with its deliveries and log; another organisation's id: null. */
export async function deleteWebhookEndpoint(db: Database, organisationId: number, endpointId: number) {
  const [row] = await db.delete(webhookEndpoints).where(ownEndpoint(organisationId, endpointId)).returning();
  return row ?? null;
}

export async function findWebhookEndpoint(db: Database, organisationId: number, endpointId: number) {
  const [row] = await db.select().from(webhookEndpoints).where(ownEndpoint(organisationId, endpointId));
  return row ?? null;
}

/** The endpoint's last attempts, newest first, with the event they carried and where the delivery stands. */
export async function readWebhookLog(db: Database, endpointId: number): Promise<WebhookAttempt[]> {
  const rows = await db
    .select({
      attempt: webhookAttempts,
      eventKind: tradeEvents.kind,
      // The organisation's own position of the event (ADR 045), as in the delivered body.
      tradeEventId: tradeEventReaders.position,
      deliveredAt: webhookDeliveries.deliveredAt,
      failedAt: webhookDeliveries.failedAt,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(tradeEvents, eq(tradeEvents.id, webhookDeliveries.tradeEventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookAttempts.endpointId))
    .innerJoin(tradeEventReaders, positionReadBy(webhookEndpoints.organisationId))
    .where(eq(webhookAttempts.endpointId, endpointId))
    .orderBy(desc(webhookAttempts.id))
    .limit(WEBHOOK_LOG_LENGTH);
  return rows.map((row) => ({
    id: row.attempt.id,
    delivery_id: row.attempt.deliveryId,
    event_kind: row.eventKind,
    trade_event_id: row.tradeEventId,
    attempted_at: row.attempt.attemptedAt.toISOString(),
    http_status: row.attempt.httpStatus,
    error: row.attempt.error,
    duration_ms: row.attempt.durationMs,
    delivery_status: row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending',
  }));
}

/**
 * "Send again": the delivery is due now with a fresh retry window, whether it was delivered,
 * failed or still waiting; it keeps its `webhook-id` (the same event for the same receiver).
 * Another organisation's endpoint or delivery: null.
 */
export async function resendWebhookDelivery(
  db: Database,
  organisationId: number,
  endpointId: number,
  deliveryId: number,
  now = new Date(),
) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ deliveredAt: null, failedAt: null, nextAttemptAt: now, seriesStartedAt: now })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        sql`exists (select 1 from ${webhookEndpoints} where ${ownEndpoint(organisationId, endpointId)})`,
      ),
    )
    .returning();
  return row ?? null;
}
