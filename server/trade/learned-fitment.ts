import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  FITMENT_MIN_ORDERS,
  hasVehicleType,
  type VehicleTypeKey,
  VIN_TYPE_LENGTH,
} from '../../common/contracts/fitment';
import type { LearnedFitment } from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import { inquiries, orderLines, orderReturns, orders } from '../db/schema';

type Reader = Database | Transaction;

/** The inquiries of a vehicle type: same VIN positions 1–8, or same HSN/TSN (each read through its partial index). */
function sameVehicleType(key: VehicleTypeKey): SQL | undefined {
  return or(
    key.vinPrefix === null
      ? undefined
      : and(ne(inquiries.vin, ''), sql`left(${inquiries.vin}, ${sql.raw(String(VIN_TYPE_LENGTH))}) = ${key.vinPrefix}`),
    key.hsn === null || key.tsn === null
      ? undefined
      : and(ne(inquiries.hsn, ''), eq(inquiries.hsn, key.hsn), eq(inquiries.tsn, key.tsn)),
  );
}

/**
 * Learned fitment (ADR 028), read from the orders themselves: per normalised part number, how many
 * distinct orders for this vehicle type delivered it and kept it (no "does not fit" return asked
 * for), and how many returned it as not fitting (the dealer accepted the return). A return in
 * progress or refused counts neither way. Every workshop's orders count, and only counts leave
 * this function: no organisation, order, dealer, date or price. A part whose facts rest on fewer
 * than FITMENT_MIN_ORDERS orders is left out, so a single order is never revealed.
 * `excludeInquiryId` leaves out the orders of the inquiry being read ("ordered before").
 */
export async function learnedFitment(
  db: Reader,
  key: VehicleTypeKey,
  partNumbersNormalised: readonly string[],
  options: { excludeInquiryId?: number } = {},
): Promise<Map<string, LearnedFitment>> {
  const parts = [...new Set(partNumbersNormalised.filter((part) => part !== ''))];
  const facts = new Map<string, LearnedFitment>();
  if (parts.length === 0 || !hasVehicleType(key)) return facts;
  const doesNotFit = (statuses: readonly string[]) =>
    sql`exists (select 1 from ${orderReturns} where ${orderReturns.orderLineId} = ${orderLines.id} and ${orderReturns.reason} = 'does_not_fit' and ${inArray(orderReturns.status, [...statuses] as ('requested' | 'accepted' | 'refused')[])})`;
  const matched = db.$with('matched').as(
    db
      .select({
        part: orderLines.partNumberNormalised,
        orderId: orderLines.orderId,
        status: orderLines.status,
        notFitting: sql<boolean>`${doesNotFit(['accepted'])}`.as('not_fitting'),
        disputed: sql<boolean>`${doesNotFit(['requested', 'accepted', 'refused'])}`.as('disputed'),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(inquiries, eq(inquiries.id, orders.inquiryId))
      .where(
        and(
          inArray(orderLines.partNumberNormalised, parts),
          inArray(orderLines.status, ['delivered', 'returned']),
          sameVehicleType(key),
          options.excludeInquiryId === undefined ? undefined : ne(orders.inquiryId, options.excludeInquiryId),
        ),
      ),
  );
  const kept = sql`${matched.status} = 'delivered' and not ${matched.disputed}`;
  const rows = await db
    .with(matched)
    .select({
      part: matched.part,
      kept: sql<number>`count(distinct ${matched.orderId}) filter (where ${kept})`.mapWith(Number),
      notFitting: sql<number>`count(distinct ${matched.orderId}) filter (where ${matched.notFitting})`.mapWith(Number),
      orders: sql<number>`count(distinct ${matched.orderId}) filter (where (${kept}) or ${matched.notFitting})`.mapWith(
        Number,
      ),
    })
    .from(matched)
    .groupBy(matched.part);
  for (const row of rows) {
    if (row.orders >= FITMENT_MIN_ORDERS) facts.set(row.part, { kept: row.kept, not_fitting: row.notFitting });
  }
  return facts;
}
