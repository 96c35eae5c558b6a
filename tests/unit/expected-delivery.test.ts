import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, test } from 'vitest';
import { LINE_STATUSES_AWAITING_DELIVERY, ORDER_LINE_STATUSES } from '../../common/contracts/trading';
import { awaitingDeliverySql, expectedDelivery } from '../../server/trade/expected-delivery';

const dates = { eta: '2026-12-02', promisedOn: '2026-11-30' };

test.each(ORDER_LINE_STATUSES)('a %s line is expected exactly while it is on its way', (status) => {
  const onItsWay = ['placed', 'confirmed', 'backorder', 'shipped'].includes(status);
  expect(expectedDelivery({ status, ...dates }, '2026-11-28')).toBe(onItsWay ? '2026-12-02' : null);
});

test("an expected line's day: the latest ETA, else the day promised, else the quote's ETA", () => {
  expect(expectedDelivery({ status: 'confirmed', eta: null, promisedOn: '2026-11-30' }, '2026-11-28')).toBe(
    '2026-11-30',
  );
  expect(expectedDelivery({ status: 'placed', eta: null, promisedOn: null }, '2026-11-28')).toBe('2026-11-28');
  expect(expectedDelivery({ status: 'placed', eta: null, promisedOn: null }, null)).toBeNull();
});

test("the dashboard's SQL condition is built from the same list of statuses", () => {
  const query = new PgDialect().sqlToQuery(awaitingDeliverySql(sql`ol.status`));
  expect(query.sql).toBe('ol.status in ($1, $2, $3, $4)');
  expect(query.params).toEqual([...LINE_STATUSES_AWAITING_DELIVERY]);
});
