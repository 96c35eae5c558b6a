import { type SQL, sql } from 'drizzle-orm';
import { LINE_STATUSES_AWAITING_DELIVERY, type OrderLineStatus } from '../../common/contracts/trading';

/*
 * "Is this order line still expected?" has one answer (issue 23 §2): the server's reads apply it,
 * the order read as a date or null, the dashboard's SQL as a condition built from the same list,
 * and the views trust what they are given (an `eta` of null says "expected never").
 */

/** Whether a line in this state is still on its way, so that a delivery day means something. */
export function isAwaitingDelivery(status: OrderLineStatus): boolean {
  return LINE_STATUSES_AWAITING_DELIVERY.includes(status);
}

/**
 * The day a line is expected now: the dealer's latest ETA, else the day promised at placement
 * (issue 24 §5; an availability class has no ETA of its own); lines placed before promises were
 * stored (promised_on null) fall back to the quote's ETA, as they always did. A line no longer on
 * its way (cancelled, delivered, returned) is expected never: its history keeps what was promised.
 */
export function expectedDelivery(
  line: { status: OrderLineStatus; eta: string | null; promisedOn: string | null },
  quoteEta: string | null,
): string | null {
  return isAwaitingDelivery(line.status) ? (line.eta ?? line.promisedOn ?? quoteEta) : null;
}

/** The same rule as a SQL condition on a line's status column, e.g. `awaitingDeliverySql(sql\`ol.status\`)`. */
export function awaitingDeliverySql(status: SQL): SQL {
  return sql`${status} in (${sql.join(
    LINE_STATUSES_AWAITING_DELIVERY.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}
