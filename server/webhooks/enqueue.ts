import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';

/**
 * Writes the webhook outbox rows for freshly appended trade events, in the transaction that
 * appends them (ADR 041): one row per event and enabled endpoint that subscribed to its kind and
 * belongs to an active organisation the event concerns — its workshop or a dealer listed on it,
 * the same readers as the live stream (`readableBy`). A rolled-back change leaves no delivery; a
 * committed one cannot lose its deliveries. One statement whatever the number of events.
 */
export async function enqueueWebhookDeliveries(tx: Transaction, tradeEventIds: readonly number[]) {
  if (tradeEventIds.length === 0) return;
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, trade_event_id)
    select endpoint.id, event.id
    from trade_events event
    join webhook_endpoints endpoint
      on (endpoint.organisation_id = event.workshop_organisation_id
          or endpoint.organisation_id = any(event.dealer_organisation_ids))
     and event.kind = any(endpoint.event_kinds)
     and endpoint.disabled_at is null
    join organisations organisation
      on organisation.id = endpoint.organisation_id and organisation.deactivated_at is null
    where event.id in (${sql.join(
      tradeEventIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by event.id, endpoint.id
    on conflict do nothing`);
}
