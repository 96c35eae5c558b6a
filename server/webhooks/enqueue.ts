import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/database';

/**
 * Writes the webhook outbox rows for freshly appended trade events, in the transaction that
 * appends them (ADR 041): one row per event and enabled endpoint that subscribed to its kind and
 * belongs to an active organisation that may read the event — one with a position for it
 * (`trade_event_readers`, written just before by `appendTradeEvents`: the same readers as the live
 * stream). A rolled-back change leaves no delivery; a committed one cannot lose its deliveries.
 * One statement whatever the number of events.
 */
export async function enqueueWebhookDeliveries(tx: Transaction, tradeEventIds: readonly number[]) {
  if (tradeEventIds.length === 0) return;
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, trade_event_id)
    select endpoint.id, event.id
    from trade_events event
    join trade_event_readers reader on reader.event_id = event.id
    join webhook_endpoints endpoint
      on endpoint.organisation_id = reader.organisation_id
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
