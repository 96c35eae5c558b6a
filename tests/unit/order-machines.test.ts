import { expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OrderDetail } from '../../common/contracts/trading';
import {
  type ApplyLineActionInput,
  actionBody,
  type DecideReturnInput,
  dealerOrderMachine,
  decisionBody,
  lineActionMachine,
  returnDecisionMachine,
} from '../../machines/dealer-order.machine';
import type { OrderChangeResult } from '../../machines/order-detail';
import {
  awaitsDealerConfirmation,
  compactOrderListSearch,
  type OrderListSearch,
  type OrderPage,
  orderDealerChoicesMachine,
  orderListMachine,
  parseOrderListSearch,
} from '../../machines/order-list.machine';
import { urlListLoader } from '../../machines/url-list';
import {
  type RequestReturnInput,
  returnRequestMachine,
  workshopOrderMachine,
} from '../../machines/workshop-order.machine';
import { tradeEventsActor } from '../../src/app/live-events';
import { apiFailure } from '../support/failures';
import { fakeLiveSource, order, orderWith, tradeEvent } from '../support/orders';

const conflict = (current: OrderDetail) =>
  Object.assign(apiFailure('The order has changed meanwhile.', 'orderChanged'), { data: current });

function workshopOrder(overrides: { requestReturn?: (input: RequestReturnInput) => Promise<OrderChangeResult> } = {}) {
  const live = fakeLiveSource();
  const loads: number[] = [];
  const requests: RequestReturnInput[] = [];
  const notifications: (string | undefined)[] = [];
  const actor = createActor(
    workshopOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(async ({ input }) => {
          loads.push(input.orderId);
          return order;
        }),
        returnRequest: returnRequestMachine.provide({
          actors: {
            submit: fromPromise(async ({ input }) => {
              requests.push(input);
              return overrides.requestReturn
                ? overrides.requestReturn(input)
                : { order: orderWith(8, input.subject.lineId, {}), message: 'Return requested' };
            }),
          },
        }),
        liveEvents: tradeEventsActor(live.source),
      },
      actions: { notifySuccess: (_, { message }) => notifications.push(message) },
    }),
    { input: { orderId: 42 } },
  );
  actor.start();
  /** The open return dialog (a versioned-edit child), as its snapshot. */
  const dialog = () => actor.getSnapshot().children.returnRequest?.getSnapshot();
  return { actor, live, loads, requests, notifications, dialog };
}

test('the workshop is offered a return only on a delivered line without a return in progress', async () => {
  const { actor } = workshopOrder();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  const snapshot = actor.getSnapshot();
  expect(snapshot.can({ type: 'return.open', lineId: 104 })).toBe(true);
  expect(snapshot.can({ type: 'return.open', lineId: 105 })).toBe(false);
  expect(snapshot.can({ type: 'return.open', lineId: 101 })).toBe(false);
  expect(snapshot.can({ type: 'return.open', lineId: 107 })).toBe(false);
  expect(snapshot.can({ type: 'return.open', lineId: 999 })).toBe(false);
});

test('a return without a reason is not sent; with one it carries the version read', async () => {
  const { actor, requests, notifications, dialog } = workshopOrder();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'return.open', lineId: 104 });
  actor.send({ type: 'return.submit' });
  expect(dialog()?.context.error).toBe('returnReasonRequired');
  expect(dialog()?.matches('editing')).toBe(true);
  expect(requests).toEqual([]);
  actor.send({ type: 'return.change', field: 'reason', value: 'does_not_fit' });
  actor.send({ type: 'return.change', field: 'note', value: 'Falsches Baujahr' });
  actor.send({ type: 'return.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(requests).toEqual([
    {
      subject: { orderId: 42, lineId: 104 },
      values: { reason: 'does_not_fit', note: 'Falsches Baujahr' },
      version: 7,
    },
  ]);
  expect(dialog()).toBeUndefined();
  expect(actor.getSnapshot().context.order?.version).toBe(8);
  expect(notifications).toEqual(['Return requested']);
});

test('a 409 orderChanged replaces the order with the current one and says why', async () => {
  const current = orderWith(9, 104, { status: 'returned' });
  const { actor } = workshopOrder({ requestReturn: () => Promise.reject(conflict(current)) });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'return.open', lineId: 104 });
  actor.send({ type: 'return.change', field: 'reason', value: 'damaged' });
  actor.send({ type: 'return.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  const { context } = actor.getSnapshot();
  expect(context.order).toEqual(current);
  expect(context.notice).toBe('orderChanged');
  expect(actor.getSnapshot().children.returnRequest).toBeUndefined();
  expect(actor.getSnapshot().can({ type: 'return.open', lineId: 104 })).toBe(false);
});

test('a failed request keeps the dialog open with the message', async () => {
  const { actor, dialog } = workshopOrder({
    requestReturn: () => Promise.reject(apiFailure('No connection to the server', 'networkError')),
  });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'return.open', lineId: 104 });
  actor.send({ type: 'return.change', field: 'reason', value: 'damaged' });
  actor.send({ type: 'return.submit' });
  await vi.waitFor(() => expect(dialog()?.matches('failed')).toBe(true));
  expect(actor.getSnapshot().matches('requestingReturn')).toBe(true);
  expect(dialog()?.context).toMatchObject({ failure: 'No connection to the server', values: { reason: 'damaged' } });
});

test('live events about this order reload it, others do not; in the dialog the reload waits', async () => {
  const { actor, live, loads } = workshopOrder();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  live.emit(tradeEvent({ id: 1, kind: 'line.confirmed', order_id: 43 }));
  expect(actor.getSnapshot().matches('ready')).toBe(true);
  live.emit(tradeEvent({ id: 2, kind: 'line.confirmed', order_id: 42 }));
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(loads).toEqual([42, 42]);
  actor.send({ type: 'return.open', lineId: 104 });
  live.emit(tradeEvent({ id: 3, kind: 'line.confirmed', order_id: 42 }));
  expect(actor.getSnapshot().matches('requestingReturn')).toBe(true);
  actor.send({ type: 'return.cancel' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(loads).toEqual([42, 42, 42]);
});

/** What the dealer's order sends: the service's arguments, as the page's implementations build them. */
type Applied = { orderId: number; body: ReturnType<typeof actionBody> };
type Decided = {
  orderId: number;
  returnId: number;
  decision: 'accept' | 'refuse';
  body: ReturnType<typeof decisionBody>;
};

function dealerOrder(
  overrides: {
    apply?: (input: ApplyLineActionInput) => Promise<OrderChangeResult>;
    decide?: (input: DecideReturnInput) => Promise<OrderChangeResult>;
  } = {},
) {
  const applied: Applied[] = [];
  const decided: Decided[] = [];
  let loads = 0;
  const actor = createActor(
    dealerOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(async () => {
          loads += 1;
          return order;
        }),
        lineAction: lineActionMachine.provide({
          actors: {
            submit: fromPromise<OrderChangeResult, ApplyLineActionInput>(async ({ input }) => {
              applied.push({ orderId: input.subject.orderId, body: actionBody(input) });
              return overrides.apply ? overrides.apply(input) : { order: { ...order, version: 8 }, message: 'Saved' };
            }),
          },
        }),
        returnDecision: returnDecisionMachine.provide({
          actors: {
            submit: fromPromise<OrderChangeResult, DecideReturnInput>(async ({ input }) => {
              const { orderId, returnId, decision } = input.subject;
              decided.push({ orderId, returnId, decision, body: decisionBody(input) });
              return overrides.decide ? overrides.decide(input) : { order: { ...order, version: 8 }, message: 'Saved' };
            }),
          },
        }),
        liveEvents: tradeEventsActor(fakeLiveSource().source),
      },
    }),
    { input: { orderId: 42 } },
  );
  actor.start();
  /** The open dialog's problem with its values (the child's snapshot). */
  const actionError = () => actor.getSnapshot().children.lineAction?.getSnapshot().context.error;
  const decisionError = () => actor.getSnapshot().children.returnDecision?.getSnapshot().context.error;
  return { actor, applied, decided, loads: () => loads, actionError, decisionError };
}

test('the dealer is offered what the line lifecycle allows, on several lines only what all allow', async () => {
  const { actor } = dealerOrder();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  const can = (action: 'confirm' | 'backorder' | 'cancel' | 'ship' | 'deliver', lineIds: number[]) =>
    actor.getSnapshot().can({ type: 'action.open', action, lineIds });
  expect(can('confirm', [101])).toBe(true);
  expect(can('ship', [101])).toBe(false);
  expect(can('backorder', [103])).toBe(true);
  expect(can('ship', [103])).toBe(true);
  expect(can('deliver', [107])).toBe(true);
  expect(can('confirm', [106])).toBe(false);
  expect(can('confirm', [101, 103])).toBe(true);
  expect(can('ship', [101, 103])).toBe(false);
  expect(can('confirm', [101, 999])).toBe(false);
  expect(can('confirm', [])).toBe(false);
  // Without ids the ticked lines count: none ticked, nothing offered.
  expect(actor.getSnapshot().can({ type: 'action.open', action: 'confirm' })).toBe(false);
});

test('one action on the ticked lines sends all their ids and clears the ticks', async () => {
  const { actor, applied } = dealerOrder();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'line.toggle', lineId: 101 });
  actor.send({ type: 'line.toggle', lineId: 102 });
  actor.send({ type: 'line.toggle', lineId: 999 });
  expect(actor.getSnapshot().context.selected).toEqual([101, 102]);
  actor.send({ type: 'action.open', action: 'confirm' });
  actor.send({ type: 'action.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(applied).toEqual([
    {
      orderId: 42,
      body: { version: 7, action: 'confirm', line_ids: [101, 102], eta: null, reason: '', tracking_reference: '' },
    },
  ]);
  expect(actor.getSnapshot().context.selected).toEqual([]);
});

test('a backorder needs an ETA and a cancellation a reason (the contract decides)', async () => {
  const { actor, applied, actionError } = dealerOrder();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'action.open', action: 'backorder', lineIds: [103] });
  actor.send({ type: 'action.submit' });
  expect(actionError()).toBe('etaRequired');
  actor.send({ type: 'action.change', field: 'eta', value: '2026-02-30' });
  actor.send({ type: 'action.submit' });
  expect(actionError()).toBe('dateInvalid');
  actor.send({ type: 'action.change', field: 'eta', value: '2026-12-01' });
  actor.send({ type: 'action.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(applied[0]?.body).toMatchObject({ action: 'backorder', line_ids: [103], eta: '2026-12-01' });

  actor.send({ type: 'action.open', action: 'cancel', lineIds: [101] });
  actor.send({ type: 'action.change', field: 'reason', value: '   ' });
  actor.send({ type: 'action.submit' });
  expect(actionError()).toBe('reasonRequired');
  expect(applied).toHaveLength(1);
});

test('a 409 on a line action shows the current order; a refusal without it reloads', async () => {
  const current = orderWith(9, 101, { status: 'cancelled', cancel_reason: 'Kollege' });
  const { actor, loads } = dealerOrder({ apply: () => Promise.reject(conflict(current)) });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'action.open', action: 'confirm', lineIds: [101] });
  actor.send({ type: 'action.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.notice !== null);
  expect(actor.getSnapshot().context.order).toEqual(current);
  expect(actor.getSnapshot().context.notice).toBe('orderChanged');
  expect(actor.getSnapshot().can({ type: 'action.open', action: 'confirm', lineIds: [101] })).toBe(false);

  const refused = dealerOrder({ apply: () => Promise.reject(apiFailure('Not allowed', 'actionNotAllowed')) });
  await waitFor(refused.actor, (snapshot) => snapshot.matches('ready'));
  refused.actor.send({ type: 'action.open', action: 'confirm', lineIds: [101] });
  refused.actor.send({ type: 'action.submit' });
  await waitFor(refused.actor, (snapshot) => snapshot.matches('ready') && snapshot.context.notice !== null);
  expect(refused.actor.getSnapshot().context.notice).toBe('actionNotAllowed');
  expect(refused.loads()).toBe(2);
  expect(loads()).toBe(1);
});

test('refusing a return needs a reason; accepting does not', async () => {
  const { actor, decided, decisionError } = dealerOrder();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(actor.getSnapshot().can({ type: 'return.decide', returnId: 999, decision: 'accept' })).toBe(false);
  actor.send({ type: 'return.decide', returnId: 501, decision: 'refuse' });
  actor.send({ type: 'decision.submit' });
  expect(decisionError()).toBe('reasonRequired');
  actor.send({ type: 'decision.change', value: ' Kein Transportschaden ' });
  actor.send({ type: 'decision.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.send({ type: 'return.decide', returnId: 501, decision: 'accept' });
  actor.send({ type: 'decision.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  expect(decided).toEqual([
    { orderId: 42, returnId: 501, decision: 'refuse', body: { version: 7, reason: 'Kein Transportschaden' } },
    { orderId: 42, returnId: 501, decision: 'accept', body: { version: 8, reason: '' } },
  ]);
});

const page: OrderPage = { items: [], total: 0, page: 1, page_size: 20 };

test('the order list loads its query, writes filter changes to the URL and follows the URL back', async () => {
  vi.useFakeTimers();
  try {
    const loads: OrderListSearch[] = [];
    const urls: { query: OrderListSearch; replace: boolean }[] = [];
    const live = fakeLiveSource();
    const actor = createActor(
      orderListMachine.provide({
        actors: {
          loadPage: urlListLoader(async (input: OrderListSearch) => {
            loads.push(input);
            return page;
          }),
          liveEvents: tradeEventsActor(live.source),
        },
        actions: { syncUrl: (_, params) => urls.push(params) },
      }),
      { input: { query: parseOrderListSearch({ page: 2, status: 'shipped' }) } },
    );
    const choices = createActor(
      orderDealerChoicesMachine.provide({
        actors: { loadDealerChoices: fromPromise(async () => [{ id: 1001, name: 'Ostsee Teile' }]) },
      }),
    );
    actor.start();
    choices.start();
    await vi.runAllTimersAsync();
    expect(loads.at(-1)).toMatchObject({ page: 2, status: 'shipped' });
    expect(choices.getSnapshot().context.dealers).toEqual([{ id: 1001, name: 'Ostsee Teile' }]);

    actor.send({ type: 'filter.change', field: 'dealer', value: '1001' });
    await vi.runAllTimersAsync();
    expect(loads.at(-1)).toMatchObject({ page: 1, status: 'shipped', dealer: '1001' });
    expect(urls.at(-1)).toEqual({ query: loads.at(-1), replace: false });

    actor.send({ type: 'filter.change', field: 'vehicle', value: 'G' });
    actor.send({ type: 'filter.change', field: 'vehicle', value: 'Go' });
    expect(actor.getSnapshot().matches('debouncing')).toBe(true);
    await vi.runAllTimersAsync();
    expect(loads.filter((query) => query.vehicle.startsWith('G')).map((query) => query.vehicle)).toEqual(['Go']);
    expect(urls.at(-1)?.replace).toBe(true);

    const count = loads.length;
    // The router's echoes come late: the echo of "G" must not undo "Go".
    actor.send({ type: 'query.sync', query: { ...actor.getSnapshot().context.query, vehicle: 'G' } });
    expect(actor.getSnapshot().context.query.vehicle).toBe('Go');
    actor.send({ type: 'query.sync', query: actor.getSnapshot().context.query });
    actor.send({ type: 'trade.event', event: tradeEvent({ id: 1, kind: 'inquiry.sent', order_id: null }) });
    await vi.runAllTimersAsync();
    expect(loads).toHaveLength(count);
    actor.send({ type: 'query.sync', query: parseOrderListSearch({}) });
    await vi.runAllTimersAsync();
    expect(loads.at(-1)).toEqual(parseOrderListSearch({}));
    live.emit(tradeEvent({ id: 2, kind: 'line.shipped', order_id: 42 }));
    await vi.runAllTimersAsync();
    expect(loads).toHaveLength(count + 2);
  } finally {
    vi.useRealTimers();
  }
});

test('the URL is read by the contract: router numbers accepted, a bad parameter falls back alone', () => {
  expect(parseOrderListSearch({ page: 3, dealer: 12, status: 'confirmed' })).toMatchObject({
    page: 3,
    dealer: '12',
    status: 'confirmed',
  });
  expect(parseOrderListSearch({ page: 2, status: 'lost', from: '2026-13-45', vehicle: 'Golf' })).toEqual({
    page: 2,
    status: '',
    dealer: '',
    q: '',
    vehicle: 'Golf',
    from: '',
    to: '',
  });
  expect(compactOrderListSearch(parseOrderListSearch({ page: 1, status: 'placed' }))).toEqual({ status: 'placed' });
});

test('a placed order awaits the dealer’s confirmation on the dealer’s list only (issue 24 §8)', () => {
  expect(awaitsDealerConfirmation({ status: 'placed' }, 'dealer')).toBe(true);
  expect(awaitsDealerConfirmation({ status: 'confirmed' }, 'dealer')).toBe(false);
  expect(awaitsDealerConfirmation({ status: 'placed' }, 'workshop')).toBe(false);
});
