import { type SQL, sql } from 'drizzle-orm';
import type { TradeEventKind } from '../../common/contracts/trade-events';
import { PORTAL_TIME_ZONE } from '../../common/format/formats';
import type { Database, Transaction } from '../db/database';

const zone = sql.raw(`'${PORTAL_TIME_ZONE}'`);
/** A kind of the log as an SQL literal: typed, and a literal (not a parameter) like the partial indexes on it. */
const kindLiteral = (kind: TradeEventKind) => sql.raw(`'${kind}'`);

/**
 * The dashboards' stored facts (ADR 029), filled from the quotes, the orders and the trade log:
 * for the orders of one inquiry when it is ordered (in the placing transaction), or for every row
 * still without them (the demo seed, tests that write rows directly). Migration 0019 ran the same
 * statements once for the rows that existed then. Each only fills what is still empty, so running
 * it again changes nothing.
 */
export async function fillDashboardFacts(db: Database | Transaction, scope: { inquiryId?: number } = {}) {
  const only = (column: SQL) => (scope.inquiryId === undefined ? sql`true` : sql`${column} = ${scope.inquiryId}`);
  // The day the quote promised: its ETA, else the placement day (branch today) or the day after (central 24 h).
  await db.execute(sql`update order_lines ol
    set promised_on = coalesce(q.eta, (o.created_at at time zone ${zone})::date + case when q.availability = 'central_24h' then 1 else 0 end)
    from orders o, quote_lines q
    where o.id = ol.order_id and q.id = ol.quote_line_id and ol.promised_on is null and ${only(sql`o.inquiry_id`)}`);
  await fillPlacementFacts(db, only);
  await fillLoggedFacts(db, only);
}

/**
 * The facts of orders being placed, in the placing transaction: only those an order adds. Its lines
 * arrive with their promised day, its inquiry's first answers were stored by the answer routes, and
 * nothing of a new order is delivered yet, so the other statements of `fillDashboardFacts` would
 * find nothing to fill (three round trips of a 20-line order saved, ADR 049).
 */
export async function fillPlacedOrderFacts(tx: Transaction, inquiryId: number) {
  await fillPlacementFacts(tx, (column) => sql`${column} = ${inquiryId}`);
}

async function fillPlacementFacts(db: Database | Transaction, only: (column: SQL) => SQL) {
  // The best offer of another dealer of the same inquiry for the ordered line (for the savings).
  await db.execute(sql`update order_lines ol set best_other_price_cents = best.price
    from (
      select ol2.id, (
        select min(q2.net_price_cents) from inquiry_recipients r2
        join quote_lines q2 on q2.recipient_id = r2.id and q2.inquiry_line_id = ol2.inquiry_line_id
        where r2.inquiry_id = o.inquiry_id and r2.id <> o.recipient_id and r2.status = 'answered'
          and q2.offered and q2.net_price_cents is not null and q2.availability <> 'not_available'
      ) as price
      from order_lines ol2 join orders o on o.id = ol2.order_id
      where ol2.best_other_price_cents is null and ${only(sql`o.inquiry_id`)}
    ) best
    where best.id = ol.id and best.price is not null`);
  // Which quote lines were ordered, and at what price each inquiry line was ordered (from anyone).
  await db.execute(sql`update quote_lines q set won = true
    from order_lines ol, orders o
    where ol.quote_line_id = q.id and o.id = ol.order_id and not q.won and ${only(sql`o.inquiry_id`)}`);
  await db.execute(sql`update quote_lines q set ordered_price_cents = ordered.price
    from (
      select ol.inquiry_line_id, min(ol.net_price_cents) as price
      from order_lines ol join orders o on o.id = ol.order_id
      where ${only(sql`o.inquiry_id`)}
      group by 1
    ) ordered
    where ordered.inquiry_line_id = q.inquiry_line_id and q.ordered_price_cents is null`);
}

async function fillLoggedFacts(db: Database | Transaction, only: (column: SQL) => SQL) {
  // First answers and first deliveries, from the log (the routes write them as they happen).
  await db.execute(sql`update inquiry_recipients r set first_answered_at = answer.at
    from (
      select entity_id, min(created_at) as at from trade_events
      where entity = 'recipient' and kind in (${kindLiteral('recipient.answered')}, ${kindLiteral('recipient.declined')}) and ${only(sql`inquiry_id`)}
      group by entity_id
    ) answer
    where answer.entity_id = r.id and r.first_answered_at is null`);
  await db.execute(sql`update order_lines ol set delivered_at = delivery.at
    from (
      select entity_id, min(created_at) as at from trade_events
      where entity = 'line' and kind = ${kindLiteral('line.delivered')} and ${only(sql`inquiry_id`)}
      group by entity_id
    ) delivery
    where delivery.entity_id = ol.id and ol.delivered_at is null`);
}
