import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { OrderDetail, TradeEvent } from '../../common/contracts/trading';
import type { VersionedEditEvent } from '../../machines/blocks/versioned-edit';
import type { OrderChangeResult } from '../../machines/order-detail';
import {
  type RequestReturnInput,
  type ReturnRequestValues,
  returnRequestMachine,
  type WorkshopOrderEvent,
  workshopOrderMachine,
} from '../../machines/workshop-order.machine';
import { tradeEventsActor } from '../../src/app/live-events';
import type { WorkshopOrderImplementations } from '../../src/views/orders/use-workshop-order';
import { WorkshopOrderView } from '../../src/views/orders/WorkshopOrderView';
import { apiFailure } from '../support/failures';
import { fakeLiveSource, order, orderWith, tradeEvent } from '../support/orders';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  versionedEditState,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

const networkError = apiFailure('No connection to the server', 'networkError');
/** A colleague requested the return first: the server answers 409 with the order as it is now. */
const current = orderWith(9, 104, {
  returns: [
    {
      id: 502,
      status: 'requested',
      reason: 'wrong_part',
      note: '',
      refusal_reason: null,
      requested_at: '2026-11-24T09:00:00Z',
      decided_at: null,
    },
  ],
});
const orderChanged = Object.assign(apiFailure('The order has changed meanwhile.', 'orderChanged'), { data: current });
const requested: OrderChangeResult = {
  order: orderWith(8, 104, {
    returns: [
      {
        id: 503,
        status: 'requested',
        reason: 'does_not_fit',
        note: '',
        refusal_reason: null,
        requested_at: '2026-11-24T10:00:00Z',
        decided_at: null,
      },
    ],
  }),
  message: 'Return requested',
};
const thisOrder: TradeEvent = tradeEvent({ id: 950, kind: 'line.shipped', order_id: 42 });

type Step = PathStep<{ field?: string; output?: { outcome?: string }; event?: TradeEvent }>;

const paths = getShortestPaths(workshopOrderMachine, {
  input: { orderId: 42 },
  events: [
    { type: 'xstate.done.actor.loadOrder', output: order },
    { type: 'xstate.error.actor.loadOrder', error: networkError },
    { type: 'order.retry' },
    { type: 'trade.event', event: thisOrder },
    { type: 'return.open', lineId: 104 },
    // How the return dialog (a versioned-edit child) ends; its own paths are replayed below.
    { type: 'xstate.done.actor.returnRequest', output: { outcome: 'done', result: requested } },
    {
      type: 'xstate.done.actor.returnRequest',
      output: { outcome: 'conflict', current, messageId: 'orderChanged' },
    },
    { type: 'xstate.done.actor.returnRequest', output: { outcome: 'cancelled' } },
  ] as unknown as WorkshopOrderEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      version: snapshot.context.order?.version ?? null,
      notice: snapshot.context.notice,
      stale: snapshot.context.stale,
    }),
  // After a write the order on screen is another one: the paths to it are what matter here.
  stopWhen: (snapshot) => (snapshot.context.order?.version ?? 7) > 7,
});

test('the traversal reaches every state of the screen', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['loading', 'failed', 'ready', 'requestingReturn']) {
    expect(reached).toContain(JSON.stringify(state));
  }
  expect(paths.some((path) => path.state.context.notice === 'orderChanged')).toBe(true);
});

function expectOrderOnScreen(shown: OrderDetail, actionable: boolean) {
  const table = screen.getByRole('table', { name: 'Order lines' });
  // The part number exactly as the dealer wrote it.
  expect(within(table).getByRole('rowheader', { name: '1K0 615 301 AA' })).toBeVisible();
  // The ETA with the ones it replaced, newest first.
  expect(within(table).getByText('28 Nov 2026 (before: 26 Nov, 25 Nov)')).toBeVisible();
  expect(within(table).getByText('Cancelled because: Nicht lieferbar')).toBeVisible();
  expect(within(table).getByText('Tracking number: 00340434161094042557')).toBeVisible();
  expect(within(table).getAllByText('Return requested').length).toBeGreaterThan(0);
  expect(within(table).getByText(/Reason: Damaged/)).toBeVisible();
  // The header: the dealer, the customer number, the vehicle, the totals.
  expect(screen.getByText('Ostsee Teile')).toBeVisible();
  expect(screen.getByText('K-4711')).toBeVisible();
  expect(screen.getByText('VW Golf VI · VIN WVWZZZ1KZAW000001')).toBeVisible();
  expect(screen.getByText('€5.90')).toBeVisible();
  expect(screen.getByText('€234.90')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Inquiry 77' })).toHaveAttribute('href', '/inquiries/77');
  // The timeline: a sentence per event with who and when (08:15 UTC is 9:15 in Berlin); an unknown kind said plainly.
  const history = screen.getByRole('region', { name: 'History' });
  expect(within(history).getByText('Order placed')).toBeVisible();
  expect(within(history).getByText('Line OC 90 on backorder, expected on 28 Nov 2026')).toBeVisible();
  expect(within(history).getByText('Return of W 712/95 requested: Damaged')).toBeVisible();
  expect(within(history).getByText('Event: order.noteAdded')).toBeVisible();
  expect(within(history).getAllByText(/Max Werkstatt/)[0]).toHaveTextContent('Max Werkstatt, 24 Nov 2026, 09:15');
  // A return is offered where the lifecycles allow it (delivered, no return in progress), and
  // only on an order that is current (not while it reloads or after a failed reload).
  const lineFree = actionable && shown.lines.find((line) => line.id === 104)?.returns.length === 0;
  if (lineFree) expect(screen.getByRole('button', { name: 'Request return LX 1780' })).toBeVisible();
  else expect(screen.queryByRole('button', { name: 'Request return LX 1780' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Request return W 712/95' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Request return 1K0 615 301 AA' })).toBeNull();
}

/** A step as a path's test name reads it: a dialog's outcome or a 409 said briefly. */
const nameOf = (step: PathStep) => {
  const event = step as Step;
  return event.output?.outcome
    ? `returnRequest ${event.output.outcome}`
    : event.error === orderChanged
      ? 'error.submit=409'
      : event.value !== undefined
        ? `${event.type}=${event.value}`
        : event.type.replace('xstate.', '');
};

async function renderOrderPage() {
  const user = userEvent.setup();
  const live = fakeLiveSource();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const implementations: WorkshopOrderImplementations = {
    actors: {
      loadOrder: controlled<OrderDetail, { orderId: number }>('loadOrder'),
      returnRequest: returnRequestMachine.provide({
        actors: { submit: controlled<OrderChangeResult, RequestReturnInput>('submit') },
      }),
      liveEvents: tradeEventsActor(live.source),
    },
    actions: { notifySuccess: () => {} },
  };
  await renderInRouter('/orders/42', () => <WorkshopOrderView implementations={implementations} orderId={42} />);
  const dialog = () => screen.getByRole('dialog', { name: 'Return LX 1780' });
  return { user, live, calls, isActorOutcome, settle, dialog };
}

/** What the dialog sends for a return of LX 1780 with the reason chosen in the paths, at the version read. */
const sentReturn = {
  subject: { orderId: 42, lineId: 104 },
  values: { reason: 'does_not_fit', note: '' },
  version: 7,
};

test.each(pathCases(withoutPrefixPaths(paths), nameOf))('%s', async (_name, path) => {
  const { user, live, calls, settle, dialog } = await renderOrderPage();

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    const outcome = event.output?.outcome;
    if (event.type === 'xstate.done.actor.loadOrder' || event.type === 'xstate.error.actor.loadOrder') {
      await settle(event);
    } else if (event.type === 'order.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'trade.event' && event.event) {
      const pushed = event.event;
      await act(async () => live.emit(pushed));
    } else if (event.type === 'return.open') {
      await user.click(screen.getByRole('button', { name: 'Request return LX 1780' }));
    } else if (outcome === 'cancelled') {
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
    } else if (outcome === 'done' || outcome === 'conflict') {
      // Through the dialog: a reason, "Request return", and the server's answer to the request sent.
      await user.selectOptions(within(dialog()).getByLabelText('Reason'), 'does_not_fit');
      await user.click(within(dialog()).getByRole('button', { name: 'Request return' }));
      expect(within(dialog()).getByRole('button', { name: 'Request return' })).toHaveAttribute('aria-busy', 'true');
      expect(calls.submit?.at(-1)).toEqual(sentReturn);
      if (outcome === 'done') await settle({ type: 'xstate.done.actor.submit' }, requested);
      else await settle({ type: 'xstate.error.actor.submit', error: orderChanged });
    }

    const { context } = state;
    if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading the order…');
    if (state.matches('loading')) expect(calls.loadOrder?.at(-1)).toEqual({ orderId: 42 });
    if (state.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    if (context.order && !state.matches('requestingReturn')) expectOrderOnScreen(context.order, state.matches('ready'));
    if (state.matches('ready')) expect(screen.queryByRole('dialog')).toBeNull();
    if (context.notice === 'orderChanged') {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The order has changed meanwhile. Please check the current state.',
      );
      expect(screen.getByRole('cell', { name: /Return requested.*Wrong part/ })).toBeVisible();
    }
    if (state.matches('requestingReturn')) {
      expect(within(dialog()).getByLabelText('Reason')).toHaveValue('');
      expect(within(dialog()).queryByRole('alert')).toBeNull();
    }
    if (context.order?.version === 8) {
      // The answer's order is on screen: the line now has its return in progress.
      expect(screen.getByText(/Reason: Does not fit/)).toBeVisible();
    }
  }
});

// The return dialog's own paths (the versioned-edit child), replayed in the open dialog.
const dialogPaths = getShortestPaths(returnRequestMachine, {
  input: { subject: { orderId: 42, lineId: 104 }, values: { reason: '', note: '' }, version: 7 },
  events: [
    { type: 'edit.change', field: 'reason', value: 'does_not_fit' },
    { type: 'edit.submit' },
    { type: 'edit.cancel' },
    { type: 'xstate.done.actor.submit', output: requested },
    { type: 'xstate.error.actor.submit', error: networkError },
    { type: 'xstate.error.actor.submit', error: orderChanged },
  ] as unknown as VersionedEditEvent<ReturnRequestValues>[],
  serializeState: versionedEditState,
});

test('the dialog’s traversal reaches every state of the versioned edit', () => {
  const reached = new Set(dialogPaths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['editing', 'submitting', 'failed', 'done', 'conflict', 'cancelled']) {
    expect(reached).toContain(JSON.stringify(state));
  }
});

// A dialog path starts with the dialog open.
const dialogCases = pathCases(withoutPrefixPaths(dialogPaths), nameOf).map(
  ([name, path]) => [name === '(start)' ? '(open)' : name, path] as const,
);

test.each(dialogCases)('dialog: %s', async (_name, path) => {
  const { user, calls, isActorOutcome, settle, dialog } = await renderOrderPage();
  await settle({ type: 'xstate.done.actor.loadOrder' }, order);
  await user.click(screen.getByRole('button', { name: 'Request return LX 1780' }));

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (event.type === 'edit.change')
      await user.selectOptions(within(dialog()).getByLabelText('Reason'), 'does_not_fit');
    else if (event.type === 'edit.submit') {
      await user.click(within(dialog()).getByRole('button', { name: 'Request return' }));
    } else if (event.type === 'edit.cancel') await user.click(screen.getByRole('button', { name: 'Cancel' }));
    else if (isActorOutcome(event)) await settle(event);

    const { context } = state;
    const ended = state.matches('done') || state.matches('conflict') || state.matches('cancelled');
    if (!ended) {
      expect(within(dialog()).getByLabelText('Reason')).toHaveValue(context.values.reason);
      if (context.error)
        expect(within(dialog()).getByRole('alert')).toHaveTextContent('Please choose a reason for the return.');
      if (context.failure) expect(within(dialog()).getByText('No connection to the server')).toBeVisible();
      const submit = within(dialog()).getByRole('button', { name: 'Request return' });
      if (state.matches('submitting')) {
        expect(submit).toHaveAttribute('aria-busy', 'true');
        expect(calls.submit?.at(-1)).toEqual(sentReturn);
      } else expect(submit).not.toHaveAttribute('aria-busy', 'true');
    } else {
      // Done, a conflict or cancelled: the dialog is gone, the order screen shows the outcome.
      expect(screen.queryByRole('dialog')).toBeNull();
      if (state.matches('done')) expect(screen.getByText(/Reason: Does not fit/)).toBeVisible();
      if (state.matches('conflict')) {
        expect(screen.getByRole('alert')).toHaveTextContent(
          'The order has changed meanwhile. Please check the current state.',
        );
        expect(screen.getByRole('cell', { name: /Return requested.*Wrong part/ })).toBeVisible();
      }
      if (state.matches('cancelled')) expectOrderOnScreen(order, true);
    }
  }
});
