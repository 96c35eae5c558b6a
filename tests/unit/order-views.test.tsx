import { i18n } from '@lingui/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { OrderSummary } from '../../common/contracts/trading';
import { type OrderListSearch, type OrderPage, parseOrderListSearch } from '../../machines/order-list.machine';
import { OrderLinesTable } from '../../src/views/orders/OrderLinesTable';
import { OrderListView } from '../../src/views/orders/OrderListView';
import { OrderTimeline } from '../../src/views/orders/OrderTimeline';
import { createOrderListImplementations } from '../../src/views/orders/use-order-list';
import { fakeLiveSource, order, tradeEvent } from '../support/orders';
import { renderInRouter } from '../support/render-in-router';

const { version: _version, freight_cents: _freight, lines: _lines, events: _events, ...summary } = order;
const late: OrderSummary = summary;
const calm: OrderSummary = { ...summary, id: 43, has_backorder: false, open_returns: 0, status: 'delivered' };
const page: OrderPage = { items: [late, calm], total: 2, page: 1, page_size: 20 };

function listSetup(side: 'workshop' | 'dealer', search: Record<string, unknown> = {}) {
  const loads: OrderListSearch[] = [];
  const urls: { query: OrderListSearch; replace: boolean }[] = [];
  const live = fakeLiveSource();
  const implementations = createOrderListImplementations({
    list: async (query) => {
      loads.push(query);
      return page;
    },
    dealerChoices: side === 'workshop' ? async () => [{ id: 1001, name: 'Ostsee Teile' }] : null,
    live: live.source,
    navigate: (query, options) => urls.push({ query, ...options }),
  });
  return { loads, urls, live, implementations, search: parseOrderListSearch(search) };
}

test('the workshop list shows its orders, marks the ones needing attention and filters by dealer', async () => {
  const user = userEvent.setup();
  const { loads, urls, live, implementations, search } = listSetup('workshop', { status: 'confirmed' });
  await renderInRouter('/orders', () => (
    <OrderListView implementations={implementations} search={search} side="workshop" />
  ));
  const table = await screen.findByRole('table', { name: 'Orders' });
  expect(loads[0]).toMatchObject({ status: 'confirmed', page: 1 });
  expect(screen.getByLabelText('Status')).toHaveValue('confirmed');
  const lateRow = within(table).getByRole('link', { name: 'Order 42' }).closest('tr');
  expect(within(table).getByRole('link', { name: 'Order 42' })).toHaveAttribute('href', '/orders/42');
  expect(within(lateRow as HTMLElement).getByText('Backorder')).toBeVisible();
  expect(within(lateRow as HTMLElement).getByText('1 open return')).toBeVisible();
  const calmRow = within(table).getByRole('link', { name: 'Order 43' }).closest('tr') as HTMLElement;
  expect(within(calmRow).queryByText('Backorder')).toBeNull();
  expect(within(calmRow).getByText('€234.90')).toBeVisible();
  expect(screen.getByText('2 orders')).toBeVisible();

  await screen.findByRole('option', { name: 'Ostsee Teile' });
  await user.selectOptions(screen.getByLabelText('Dealer'), '1001');
  await waitFor(() => expect(loads.at(-1)).toMatchObject({ status: 'confirmed', dealer: '1001', page: 1 }));
  expect(urls.at(-1)).toEqual({ query: loads.at(-1), replace: false });

  const before = loads.length;
  live.emit(tradeEvent({ id: 7, kind: 'line.shipped', order_id: 43 }));
  await waitFor(() => expect(loads).toHaveLength(before + 1));
});

test('the dealer list filters by the workshop name and has no dealer filter', async () => {
  // The keystrokes follow each other without yielding to timers: on a busy machine real gaps between
  // them could outlast the search's pause and ask for "Kie", which says nothing about the view.
  const user = userEvent.setup({ delay: null });
  const { loads, implementations, search } = listSetup('dealer');
  await renderInRouter('/dealer/orders', () => (
    <OrderListView implementations={implementations} search={search} side="dealer" />
  ));
  const table = await screen.findByRole('table', { name: 'Orders' });
  expect(within(table).getByRole('link', { name: 'Order 42' })).toHaveAttribute('href', '/dealer/orders/42');
  expect(within(table).getAllByText('Autohaus Kiel')).toHaveLength(2);
  expect(screen.queryByLabelText('Dealer')).toBeNull();
  await user.type(screen.getByLabelText('Workshop or part'), 'Kiel');
  await waitFor(() => expect(loads.at(-1)).toMatchObject({ q: 'Kiel', page: 1 }));
  expect(loads.filter((query) => query.q !== '' && query.q !== 'Kiel')).toEqual([]);
});

test('the workshop list searches its orders by part number or description', async () => {
  const user = userEvent.setup();
  const { loads, implementations, search } = listSetup('workshop');
  await renderInRouter('/orders', () => (
    <OrderListView implementations={implementations} search={search} side="workshop" />
  ));
  await screen.findByRole('table', { name: 'Orders' });
  await user.type(screen.getByLabelText('Part number, description or your reference'), '1K0 615');
  await waitFor(() => expect(loads.at(-1)).toMatchObject({ q: '1K0 615', page: 1 }));
});

test('in German the ETA history, money and the timeline read as German, in Berlin time', async () => {
  i18n.activate('de');
  await renderInRouter('/orders/42', () => (
    <>
      <OrderLinesTable order={order} />
      <OrderTimeline order={order} />
    </>
  ));
  expect(screen.getByText('28.11.2026 (vorher: 26.11., 25.11.)')).toBeVisible();
  expect(screen.getByText('45,99 €')).toBeVisible();
  expect(screen.getByText('Storniert, weil: Nicht lieferbar')).toBeVisible();
  expect(screen.getByText('Position OC 90 im Rückstand, voraussichtlich am 28.11.2026')).toBeVisible();
  expect(screen.getByText('Rückgabe von W 712/95 angefordert: Beschädigt')).toBeVisible();
  expect(screen.getAllByText(/Max Werkstatt/)[0]).toHaveTextContent('Max Werkstatt, 24.11.2026, 09:15');
});

test('an event without a person shows its time only; a status change of the order is a sentence', async () => {
  const withSystemEvent = {
    ...order,
    events: [
      tradeEvent({ id: 1, kind: 'order.confirmed', entity: 'order', before: 'placed', after: 'confirmed', actor: '' }),
    ],
  };
  await renderInRouter('/orders/42', () => <OrderTimeline order={withSystemEvent} />);
  const entry = screen.getByRole('listitem');
  expect(within(entry).getByText('Order status changed to “Confirmed”')).toBeVisible();
  expect(entry.querySelector('time')?.parentElement).toHaveTextContent(/^24 Nov 2026, 09:15$/);
});

test('a line asked for by description (no part number) is named by its description in the history and its checkbox', async () => {
  i18n.activate('en');
  const [first, ...rest] = order.lines;
  if (!first) throw new Error('the fixture has lines');
  const byDescription = {
    ...order,
    lines: [{ ...first, part_number: '' }, ...rest],
    events: [
      tradeEvent({
        id: 1,
        kind: 'line.confirmed',
        entity: 'line',
        entity_id: first.id,
        before: 'placed',
        after: 'confirmed',
      }),
    ],
  };
  await renderInRouter('/dealer/orders/42', () => (
    <>
      <OrderLinesTable order={byDescription} selection={{ selected: [], onToggle: () => {} }} />
      <OrderTimeline order={byDescription} />
    </>
  ));
  expect(screen.getByText(`Line ${first.description} confirmed`)).toBeVisible();
  expect(screen.getByRole('checkbox', { name: `Select line ${first.description}` })).toBeVisible();
});

test("the view shows an expected delivery exactly where the read gives one (the rule is the server's)", async () => {
  i18n.activate('en');
  // The read gives no date for a line no longer on its way (server/trade/expected-delivery.ts);
  // here every line but the cancelled and a delivered one has a date.
  const withDates = {
    ...order,
    lines: order.lines.map((entry) => ({
      ...entry,
      eta: entry.status === 'cancelled' || entry.part_number === 'LX 1780' ? null : (entry.eta ?? '2026-11-25'),
    })),
  };
  await renderInRouter('/orders/42', () => <OrderLinesTable order={withDates} />);
  const rowOf = (partNumber: string) => {
    const row = screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes(partNumber));
    if (!row) throw new Error(`no row for ${partNumber}`);
    return row;
  };
  expect(rowOf('XYZ 1')).not.toHaveTextContent('Expected delivery');
  expect(rowOf('LX 1780')).not.toHaveTextContent('Expected delivery');
  expect(rowOf('CU 2939')).toHaveTextContent('Expected delivery');
  expect(rowOf('0 986 494 104')).toHaveTextContent('Expected delivery');
});
