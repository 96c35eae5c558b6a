import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { OrderDetail, TradeEvent } from '../../common/contracts/trading';
import {
  type ApplyLineActionInput,
  type DealerOrderEvent,
  type DecideReturnInput,
  dealerOrderMachine,
} from '../../machines/dealer-order.machine';
import type { OrderChangeResult } from '../../machines/workshop-order.machine';
import { tradeEventsActor } from '../../src/app/live-events';
import { DealerOrderView } from '../../src/views/orders/DealerOrderView';
import type { DealerOrderImplementations } from '../../src/views/orders/use-dealer-order';
import { apiFailure } from '../support/failures';
import { fakeLiveSource, order, orderWith, tradeEvent } from '../support/orders';
import { renderInRouter } from '../support/render-in-router';

const networkError = apiFailure('No connection to the server', 'networkError');
/** A colleague cancelled the backordered line first: 409 with the order as it is now. */
const current = orderWith(9, 103, { status: 'cancelled', cancel_reason: 'Kollege hat storniert', eta: null });
const orderChanged = Object.assign(apiFailure('The order has changed meanwhile.', 'orderChanged'), { data: current });
/** The backorder moved again: a third earlier ETA, and the event in the log. */
const backordered: OrderChangeResult = {
  order: {
    ...orderWith(8, 103, {
      eta: '2026-12-01',
      eta_history: [
        ...(order.lines.find((line) => line.id === 103)?.eta_history ?? []),
        { eta: '2026-12-01', at: '2026-11-25T08:00:00Z' },
      ],
    }),
    events: [
      ...order.events,
      tradeEvent({
        id: 990,
        kind: 'line.backorder',
        entity: 'line',
        entity_id: 103,
        before: 'backorder',
        after: 'backorder',
        details: { eta: '2026-12-01' },
      }),
    ],
  },
  message: 'Saved',
};
const confirmed: OrderChangeResult = {
  order: {
    ...order,
    version: 8,
    lines: order.lines.map((line) => (line.id === 101 || line.id === 102 ? { ...line, status: 'confirmed' } : line)),
  },
  message: 'Saved',
};
// Each answer has its own version, so the traversal tells the orders apart.
const refused: OrderChangeResult = {
  order: orderWith(10, 105, {
    returns: [
      {
        id: 501,
        status: 'refused',
        reason: 'damaged',
        note: 'Gehäuse gerissen',
        refusal_reason: 'Kein Transportschaden',
        requested_at: '2026-11-24T07:00:00Z',
        decided_at: '2026-11-25T07:00:00Z',
      },
    ],
  }),
  message: 'Saved',
};
const thisOrder: TradeEvent = tradeEvent({ id: 950, kind: 'return.requested', order_id: 42 });

type Step = {
  type: string;
  value?: string;
  action?: string;
  lineId?: number;
  lineIds?: number[];
  decision?: string;
  output?: unknown;
  error?: Error;
  event?: TradeEvent;
};

const serializeState = (snapshot: ReturnType<typeof dealerOrderMachine.resolveState>) =>
  JSON.stringify({
    value: snapshot.value,
    version: snapshot.context.order?.version ?? null,
    selected: [...snapshot.context.selected].sort(),
    action: snapshot.context.action,
    decision: snapshot.context.decision,
    notice: snapshot.context.notice,
    stale: snapshot.context.stale,
  });
const stopWhen = (snapshot: ReturnType<typeof dealerOrderMachine.resolveState>) =>
  (snapshot.context.order?.version ?? 7) > 7;
const loading = [
  { type: 'xstate.done.actor.loadOrder', output: order },
  { type: 'xstate.error.actor.loadOrder', error: networkError },
  { type: 'order.retry' },
  { type: 'trade.event', event: thisOrder },
];

/** One line at a time: a backorder with a new ETA (its history grows), a 409, a return refused. */
const singleLinePaths = getShortestPaths(dealerOrderMachine, {
  input: { orderId: 42 },
  events: [
    ...loading,
    { type: 'action.open', action: 'backorder', lineIds: [103] },
    { type: 'action.change', field: 'eta', value: '2026-12-01' },
    { type: 'action.submit' },
    { type: 'action.cancel' },
    { type: 'xstate.done.actor.applyLineAction', output: backordered },
    { type: 'xstate.error.actor.applyLineAction', error: orderChanged },
    { type: 'return.decide', returnId: 501, decision: 'refuse' },
    { type: 'decision.change', value: 'Kein Transportschaden' },
    { type: 'decision.submit' },
    { type: 'decision.cancel' },
    { type: 'xstate.done.actor.decideReturn', output: refused },
    { type: 'xstate.error.actor.decideReturn', error: networkError },
  ] as unknown as DealerOrderEvent[],
  serializeState,
  stopWhen,
});

/** Several lines ticked, one action on all of them. */
const multiLinePaths = getShortestPaths(dealerOrderMachine, {
  input: { orderId: 42 },
  events: [
    { type: 'xstate.done.actor.loadOrder', output: order },
    { type: 'line.toggle', lineId: 101 },
    { type: 'line.toggle', lineId: 102 },
    { type: 'action.open', action: 'confirm' },
    { type: 'action.submit' },
    { type: 'action.cancel' },
    { type: 'xstate.done.actor.applyLineAction', output: confirmed },
    { type: 'xstate.error.actor.applyLineAction', error: networkError },
  ] as unknown as DealerOrderEvent[],
  serializeState,
  stopWhen,
});

test('the traversals reach every state of the screen', () => {
  const reached = new Set([...singleLinePaths, ...multiLinePaths].map((path) => JSON.stringify(path.state.value)));
  for (const state of [
    'loading',
    'failed',
    'ready',
    { applyingAction: 'editing' },
    { applyingAction: 'sending' },
    { decidingReturn: 'editing' },
    { decidingReturn: 'sending' },
  ]) {
    expect(reached).toContain(JSON.stringify(state));
  }
  expect(multiLinePaths.some((path) => path.state.context.action?.lineIds.length === 2)).toBe(true);
  expect(singleLinePaths.some((path) => path.state.context.notice === 'orderChanged')).toBe(true);
});

type Settle = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
const partOf = (lineId: number) => order.lines.find((line) => line.id === lineId)?.part_number ?? '';

function expectOfferedActions(shown: OrderDetail) {
  const statusOf = (lineId: number) => shown.lines.find((line) => line.id === lineId)?.status;
  // What the order-line lifecycle allows, per line.
  if (statusOf(101) === 'placed') {
    expect(screen.getByRole('button', { name: 'Confirm 1K0 615 301 AA' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Backorder 1K0 615 301 AA' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel line 1K0 615 301 AA' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ship 1K0 615 301 AA' })).toBeNull();
  }
  if (statusOf(103) === 'backorder') {
    expect(screen.getByRole('button', { name: 'Ship OC 90' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Backorder OC 90' })).toBeVisible();
  } else {
    expect(screen.queryByRole('button', { name: 'Backorder OC 90' })).toBeNull();
  }
  expect(screen.getByRole('button', { name: 'Mark delivered CU 2939' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Confirm XYZ 1' })).toBeNull();
  expect(screen.queryByRole('button', { name: /LX 1780/ })).toBeNull();
}

test.each(
  [...singleLinePaths, ...multiLinePaths].map(
    (path) =>
      [
        path.steps
          .map((step) => step.event as Step)
          .filter((event) => event.type !== 'xstate.init')
          .map((event) => {
            if (event.error === orderChanged) return 'error.applyLineAction=409';
            if (event.type === 'action.open') return `action.open=${event.action}${event.lineIds ? '' : '(ticked)'}`;
            if (event.lineId !== undefined) return `${event.type}=${event.lineId}`;
            return event.value !== undefined ? `${event.type}=${event.value}` : event.type.replace('xstate.', '');
          })
          .join(' → ') || '(start)',
        path,
      ] as const,
  ),
)('%s', async (_name, path) => {
  const user = userEvent.setup();
  const live = fakeLiveSource();
  const inFlight: Record<string, Settle | undefined> = {};
  const calls: Record<string, unknown[]> = {};
  const controlled = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(({ input }) => {
      calls[name] = [...(calls[name] ?? []), input];
      return new Promise<TOutput>((resolve, reject) => {
        inFlight[name] = { resolve: resolve as (value: unknown) => void, reject };
      });
    });
  const implementations: DealerOrderImplementations = {
    actors: {
      loadOrder: controlled<OrderDetail, { orderId: number }>('loadOrder'),
      applyLineAction: controlled<OrderChangeResult, ApplyLineActionInput>('applyLineAction'),
      decideReturn: controlled<OrderChangeResult, DecideReturnInput>('decideReturn'),
      liveEvents: tradeEventsActor(live.source),
    },
    actions: { notifySuccess: () => {} },
  };
  await renderInRouter('/dealer/orders/42', () => <DealerOrderView implementations={implementations} orderId={42} />);

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    const actorEvent = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (actorEvent) {
      const [, outcome, actor] = actorEvent;
      const settle = inFlight[actor ?? ''];
      if (!settle) throw new Error(`no ${actor} request is in flight`);
      await act(async () => (outcome === 'done' ? settle.resolve(event.output) : settle.reject(event.error)));
    } else if (event.type === 'order.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'trade.event' && event.event) {
      const pushed = event.event;
      await act(async () => live.emit(pushed));
    } else if (event.type === 'line.toggle') {
      await user.click(screen.getByRole('checkbox', { name: `Select line ${partOf(event.lineId ?? 0)}` }));
    } else if (event.type === 'action.open' && event.lineIds) {
      await user.click(screen.getByRole('button', { name: 'Backorder OC 90' }));
    } else if (event.type === 'action.open') {
      await user.click(screen.getByRole('button', { name: 'Confirm (selected lines)' }));
    } else if (event.type === 'action.change') {
      fireEvent.change(screen.getByLabelText('Expected delivery date'), { target: { value: event.value } });
    } else if (event.type === 'action.submit') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    } else if (event.type === 'action.cancel' || event.type === 'decision.cancel') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' }));
    } else if (event.type === 'return.decide') {
      await user.click(screen.getByRole('button', { name: 'Refuse return W 712/95' }));
    } else if (event.type === 'decision.change') {
      await user.type(screen.getByLabelText('Reason for refusing'), event.value ?? '');
    } else if (event.type === 'decision.submit') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refuse return' }));
    }

    const { context } = state;
    if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading the order…');
    if (state.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    if (state.matches('ready') && context.order) {
      expect(screen.queryByRole('dialog')).toBeNull();
      expectOfferedActions(context.order);
      for (const line of context.order.lines) {
        const box = screen.getByRole('checkbox', { name: `Select line ${line.part_number}` });
        if (context.selected.includes(line.id)) expect(box).toBeChecked();
        else expect(box).not.toBeChecked();
      }
      const count = context.selected.length;
      expect(screen.getByText(count === 1 ? '1 line selected' : `${count} lines selected`)).toBeVisible();
      // Only what every ticked line allows: placed lines can be confirmed, not shipped.
      if (count > 0) {
        expect(screen.getByRole('button', { name: 'Confirm (selected lines)' })).toBeVisible();
        expect(screen.queryByRole('button', { name: 'Ship (selected lines)' })).toBeNull();
      } else {
        expect(screen.queryByRole('button', { name: 'Confirm (selected lines)' })).toBeNull();
      }
    }
    if (context.order?.version === 7 && !state.matches('applyingAction') && !state.matches('decidingReturn')) {
      expect(screen.getByText('28 Nov 2026 (before: 26 Nov, 25 Nov)')).toBeVisible();
      expect(screen.getByText('Autohaus Kiel')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Inquiry 77' })).toHaveAttribute('href', '/dealer/inquiries/77');
    }
    if (state.matches('applyingAction') && context.action) {
      const dialog = screen.getByRole('dialog');
      if (context.action.action === 'backorder') {
        expect(dialog).toHaveAccessibleName('Put lines on backorder');
        expect(dialog).toHaveAccessibleDescription('Lines: OC 90');
        expect(within(dialog).getByLabelText('Expected delivery date')).toHaveValue(context.action.eta);
      } else {
        expect(dialog).toHaveAccessibleName('Confirm lines');
        const parts = context.action.lineIds.map(partOf).join(', ');
        expect(dialog).toHaveAccessibleDescription(`Lines: ${parts}`);
      }
      if (context.action.error)
        expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give the expected delivery date.');
      if (context.action.failure) expect(within(dialog).getByText('No connection to the server')).toBeVisible();
    }
    if (state.matches({ applyingAction: 'sending' }) && context.action) {
      expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' })).toHaveAttribute(
        'aria-busy',
        'true',
      );
      expect(calls.applyLineAction?.at(-1)).toEqual({
        orderId: 42,
        body: {
          version: 7,
          action: context.action.action,
          line_ids: context.action.lineIds,
          eta: context.action.action === 'backorder' ? '2026-12-01' : null,
          reason: '',
          tracking_reference: '',
        },
      });
    }
    if (state.matches('decidingReturn') && context.decision) {
      const dialog = screen.getByRole('dialog', { name: 'Refuse the return of W 712/95' });
      expect(within(dialog).getByLabelText('Reason for refusing')).toHaveValue(context.decision.reason);
      if (context.decision.error) expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
      if (context.decision.failure) expect(within(dialog).getByText('No connection to the server')).toBeVisible();
    }
    if (state.matches({ decidingReturn: 'sending' })) {
      expect(calls.decideReturn?.at(-1)).toEqual({
        orderId: 42,
        returnId: 501,
        decision: 'refuse',
        body: { version: 7, reason: 'Kein Transportschaden' },
      });
    }
    if (context.notice === 'orderChanged') {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The order has changed meanwhile. Please check the current state.',
      );
      expect(screen.getByText('Cancelled because: Kollege hat storniert')).toBeVisible();
    }
    if (context.order === backordered.order) {
      expect(screen.getByText('1 Dec 2026 (before: 28 Nov, 26 Nov, 25 Nov)')).toBeVisible();
      const history = screen.getByRole('region', { name: 'History' });
      expect(within(history).getByText('Line OC 90 on backorder, expected on 1 Dec 2026')).toBeVisible();
    }
    if (context.order === refused.order) {
      expect(screen.getByText('Return refused')).toBeVisible();
      expect(screen.getByText('Refused because: Kein Transportschaden')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Refuse return W 712/95' })).toBeNull();
    }
    if (context.order === confirmed.order) {
      expect(screen.queryByRole('button', { name: 'Confirm 1K0 615 301 AA' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Ship 1K0 615 301 AA' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Ship 0 986 494 104' })).toBeVisible();
    }
  }
});
