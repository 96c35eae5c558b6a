import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { WebhookPayload } from '../../common/contracts/webhooks';
import type { Database } from '../db/database';
import {
  tradeEventReaders,
  tradeEvents,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema';
import { positionReadBy, toTradeEvent } from '../trade/event-log';
import { type ResolveHost, resolveWebhookTarget, resolveWithDns } from './address-guard';
import { type SendLimits, type SendOutcome, sendWebhook } from './sender';
import { webhookHeaders } from './signature';

const BATCH_SIZE = 10;
/** How long a claimed delivery is someone's: longer than any send may take, so a crash only delays it. */
const LEASE_MS = 60_000;

export type WebhookWorkerSettings = {
  limits: SendLimits;
  /** Development and tests: 127.0.0.0/8 and plain http may receive (WEBHOOK_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  /** The first retry's delay; each next one doubles, up to `maxBackoffMs`. */
  retryBaseMs: number;
  maxBackoffMs: number;
  /** How long a delivery is retried before it is marked failed (at least 24 h outside tests). */
  retryWindowMs: number;
};

export type WebhookWorkerDeps = {
  db: Database;
  logger: Logger;
  settings: WebhookWorkerSettings;
  /** The clock: injected so a test can move a day ahead without waiting for it. */
  now?: () => Date;
  resolve?: ResolveHost;
  stopping?: () => boolean;
};

/** The wait before the next attempt after `attempts` failed ones: base, 2×base, 4×base, … up to the cap. */
export function webhookBackoffMs(
  attempts: number,
  settings: Pick<WebhookWorkerSettings, 'retryBaseMs' | 'maxBackoffMs'>,
) {
  return Math.min(settings.retryBaseMs * 2 ** Math.max(attempts - 1, 0), settings.maxBackoffMs);
}

/**
 * The `webhook-id`: the same for every attempt at one event for one endpoint, so a receiver can
 * drop repeats. Built from the endpoint's organisation's position of the event (ADR 045), never
 * the log id, so it tells the receiver nothing about other organisations' trade.
 */
export function webhookMessageId(position: number, endpointId: number) {
  return `msg_${position}_${endpointId}`;
}

/**
 * Sends the due webhook deliveries once (the worker calls it in a loop; tests call it with their
 * clock). Rows are leased, not locked while sending (as the mail outbox does, ADR 005): several
 * processes claim disjoint rows with FOR UPDATE SKIP LOCKED, a crashed process's lease runs out
 * and the row is sent again — at least once, with the same `webhook-id`. The claimed rows are sent
 * side by side, so one slow receiver delays no other endpoint by more than the timeout.
 */
export async function deliverDueWebhooks(deps: WebhookWorkerDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const stopping = deps.stopping ?? (() => false);
  const claimedAt = now();
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        isNull(webhookDeliveries.deliveredAt),
        isNull(webhookDeliveries.failedAt),
        lte(webhookDeliveries.nextAttemptAt, claimedAt),
        inArray(
          webhookDeliveries.endpointId,
          db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(isNull(webhookEndpoints.disabledAt)),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(claimedAt.getTime() + LEASE_MS + deps.settings.limits.totalTimeoutMs),
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  await Promise.all(claimed.map((delivery) => attemptDelivery(deps, delivery, now, stopping)));
  return claimed.length;
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

async function attemptDelivery(
  deps: WebhookWorkerDeps,
  delivery: DeliveryRow,
  now: () => Date,
  stopping: () => boolean,
) {
  const { db, settings, logger } = deps;
  if (stopping()) {
    // Given back at once (the attempt not counted), so another process sends it now.
    await db
      .update(webhookDeliveries)
      .set({ attempts: sql`greatest(${webhookDeliveries.attempts} - 1, 0)`, nextAttemptAt: now() })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const [found] = await db
    .select({
      endpoint: webhookEndpoints,
      event: tradeEvents,
      position: tradeEventReaders.position,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(webhookEndpoints)
    .innerJoin(tradeEvents, eq(tradeEvents.id, delivery.tradeEventId))
    // The body's `id` is the receiving organisation's position of the event (ADR 045).
    .innerJoin(tradeEventReaders, positionReadBy(webhookEndpoints.organisationId))
    .leftJoin(users, eq(users.id, tradeEvents.actorUserId))
    .where(eq(webhookEndpoints.id, delivery.endpointId));
  if (!found) return;
  const { endpoint, event, position } = found;
  const actor = found.actorFirstName === null ? '' : `${found.actorFirstName} ${found.actorLastName ?? ''}`.trim();
  const payload: WebhookPayload = {
    type: event.kind,
    timestamp: event.createdAt.toISOString(),
    data: toTradeEvent(event, actor, position),
  };
  const body = JSON.stringify(payload);
  const startedAt = now();
  const secrets = [
    endpoint.secret,
    ...(endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > startedAt
      ? [endpoint.previousSecret]
      : []),
  ];
  const started = performance.now();
  const target = await resolveWebhookTarget(
    endpoint.url,
    { allowLoopback: settings.allowLoopback, allowHttp: settings.allowLoopback },
    deps.resolve ?? resolveWithDns,
  );
  const outcome: SendOutcome = target.ok
    ? await sendWebhook(
        target,
        webhookHeaders(secrets, webhookMessageId(position, endpoint.id), Math.floor(startedAt.getTime() / 1000), body),
        body,
        settings.limits,
      )
    : { error: target.reason };
  const durationMs = Math.round(performance.now() - started);
  const delivered = 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
  const windowOver = startedAt.getTime() - delivery.seriesStartedAt.getTime() >= settings.retryWindowMs;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attemptedAt: startedAt,
      httpStatus: 'status' in outcome ? outcome.status : null,
      error: 'error' in outcome ? outcome.error : null,
      durationMs,
    });
    await tx
      .update(webhookDeliveries)
      .set(
        delivered
          ? { deliveredAt: startedAt }
          : windowOver
            ? { failedAt: startedAt }
            : { nextAttemptAt: new Date(startedAt.getTime() + webhookBackoffMs(delivery.attempts, settings)) },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
  });
  const fields = {
    deliveryId: delivery.id,
    endpointId: endpoint.id,
    tradeEventId: event.id,
    attempts: delivery.attempts,
    ...('status' in outcome ? { status: outcome.status } : { reason: outcome.error }),
  };
  if (delivered) logger.info({ event: 'webhook.delivered', ...fields }, 'webhook delivered');
  else if (windowOver) logger.error({ event: 'webhook.failed', ...fields }, 'webhook given up after the retry window');
  else logger.warn({ event: 'webhook.retry', ...fields }, 'webhook not accepted, will retry');
}

/** Polls the webhook outbox until stopped; a failed poll (database down) is logged and retried. */
export function startWebhookWorker(deps: Omit<WebhookWorkerDeps, 'stopping'>, pollMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let firstRoundDone: () => void = () => {};
  const firstRound = new Promise<void>((resolve) => {
    firstRoundDone = resolve;
  });
  const tick = () => {
    running = deliverDueWebhooks({ ...deps, stopping: () => stopped })
      .then(() => undefined)
      .catch((error: unknown) => {
        deps.logger.warn(
          { event: 'webhook.poll_failed', reason: error instanceof Error ? error.message : 'unknown' },
          'webhook outbox poll failed',
        );
      })
      .finally(() => {
        firstRoundDone();
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    /** Settles when the first poll (right after start) is over: what was due at start has been tried. */
    firstRound,
    /** Ends polling; sends in flight finish (bounded by the timeout), the rest of the batch is given back. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
