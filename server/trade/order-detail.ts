import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderDetail, OrderLine, OrderReturn, TradeEvent } from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import { orderLines, orderReturns, orders, quoteLines } from '../db/schema';
import { type EventReader, readTimeline } from './event-log';
import { expectedDelivery } from './expected-delivery';
import { orderSummaries } from './order-summaries';

type Reader = Database | Transaction;

/** The orders a reader may see: the workshop's own, or those placed with the dealer organisation. */
export function ordersOf(reader: EventReader) {
  return reader.kind === 'workshop'
    ? eq(orders.workshopOrganisationId, reader.organisationId)
    : eq(orders.dealerOrganisationId, reader.organisationId);
}

function toReturn(row: typeof orderReturns.$inferSelect): OrderReturn {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    note: row.note,
    refusal_reason: row.refusalReason,
    requested_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * A line's ETA history from the log: the day promised when the order was placed, then the ETA of
 * every backorder the dealer announced, oldest first (trading design: prove delays to insurers).
 */
function etaHistory(promisedOn: string | null, placedAt: string, lineId: number, events: readonly TradeEvent[]) {
  const history = promisedOn === null ? [] : [{ eta: promisedOn, at: placedAt }];
  for (const event of events) {
    const eta = event.details.eta;
    if (event.kind === 'line.backorder' && event.entity_id === lineId && typeof eta === 'string') {
      history.push({ eta, at: event.at });
    }
  }
  return history;
}

/**
 * One order as its page shows it, for a workshop or a dealer reader (the timeline is what that
 * reader may read of the log); null when the order is not the reader's (the route answers 404).
 */
export async function readOrderDetail(db: Reader, reader: EventReader, orderId: number): Promise<OrderDetail | null> {
  const scope = and(eq(orders.id, orderId), ordersOf(reader));
  const [[summary], [order]] = await Promise.all([
    orderSummaries(db, scope, reader.kind, { limit: 1, offset: 0 }),
    db.select({ version: orders.version, freightCents: orders.freightCents }).from(orders).where(scope),
  ]);
  if (!summary || !order) return null;
  const [lines, events] = await Promise.all([
    db
      .select({ line: orderLines, quoteEta: quoteLines.eta })
      .from(orderLines)
      .innerJoin(quoteLines, eq(quoteLines.id, orderLines.quoteLineId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id)),
    readTimeline(db, reader, { orderId }),
  ]);
  const returns =
    lines.length === 0
      ? []
      : await db
          .select()
          .from(orderReturns)
          .where(
            inArray(
              orderReturns.orderLineId,
              lines.map(({ line }) => line.id),
            ),
          )
          .orderBy(asc(orderReturns.id));
  const detailLines = lines.map(
    ({ line, quoteEta }): OrderLine => ({
      id: line.id,
      inquiry_line_id: line.inquiryLineId,
      part_number: line.partNumber,
      brand: line.brand,
      description: line.description,
      quantity: line.quantity,
      net_price_cents: line.netPriceCents,
      deposit_cents: line.depositCents,
      fits_vehicle: line.fitsVehicle,
      status: line.status,
      eta: expectedDelivery(line, quoteEta),
      eta_history: etaHistory(line.promisedOn ?? quoteEta, summary.placed_at, line.id, events),
      cancel_reason: line.cancelReason,
      tracking_reference: line.trackingReference,
      returns: returns.filter((row) => row.orderLineId === line.id).map(toReturn),
    }),
  );
  return { ...summary, version: order.version, freight_cents: order.freightCents, lines: detailLines, events };
}
