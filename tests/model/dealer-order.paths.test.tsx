import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { OrderDetail, OrderLineActionInput, TradeEvent } from '../../common/contracts/trading';
import type { VersionedEditEvent } from '../../machines/blocks/versioned-edit';
import {
  type DealerOrderEvent,
  dealerOrderMachine,
  type LineActionValues,
  lineActionMachine,
  type ReturnDecisionValues,
  returnDecisionMachine,
} from '../../machines/dealer-order.machine';
import type { OrderChangeResult } from '../../machines/order-detail';
import type { DealerOrdersApi } from '../../src/api/orders-api';
import { DealerOrderView } from '../../src/views/orders/DealerOrderView';
import { createDealerOrderImplementations } from '../../src/views/orders/use-dealer-order';
import { createOpenTransDocumentsImplementations } from '../../src/views/orders/use-opentrans-documents';
import { apiFailure } from '../support/failures';
import { fakeLiveSource, order, orderWith, tradeEvent } from '../support/orders';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  stepName,
  versionedEditState,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

/** A path types and waits in the real view; on two shared cores that takes a while. */
const PATH_TIMEOUT_MS = 20_000;

const networkError = apiFailure('No connection to the server', 'networkError');
/** A colleague cancelled the backordered line first: 409 with the order as it is now. */
const current = orderWith(9, 103, { status: 'cancelled', cancel_reason: 'Kollege hat storniert', eta: null });
const orderChanged = Object.assign(apiFailure('The order has changed meanwhile.', 'orderChanged'), { data: current });
/** The lifecycle refuses without the current order: the page reloads it. */
const notAllowed = apiFailure('That is no longer possible in this state.', 'actionNotAllowed');
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

type Outcome = { outcome: 'done' | 'conflict' | 'refused' | 'cancelled'; result?: OrderChangeResult };
type Step = PathStep<{
  action?: string;
  lineId?: number;
  lineIds?: number[];
  field?: string;
  event?: TradeEvent;
}>;

const serializeState = (snapshot: ReturnType<typeof dealerOrderMachine.resolveState>) =>
  JSON.stringify({
    value: snapshot.value,
    version: snapshot.context.order?.version ?? null,
    selected: [...snapshot.context.selected].sort(),
    notice: snapshot.context.notice,
    stale: snapshot.context.stale,
  });
// After a write the order on screen is another one: the paths to it are what matter here.
const stopWhen = (snapshot: ReturnType<typeof dealerOrderMachine.resolveState>) =>
  (snapshot.context.order?.version ?? 7) > 7;
const loading = [
  { type: 'xstate.done.actor.loadOrder', output: order },
  { type: 'xstate.error.actor.loadOrder', error: networkError },
  { type: 'order.retry' },
  { type: 'trade.event', event: thisOrder },
];

/**
 * One line at a time: a backorder with a new ETA (its history grows), a 409, a refusal by the
 * lifecycle, a return refused. How a dialog (a versioned-edit child) ends is its outcome; the
 * dialogs' own paths are replayed below.
 */
const singleLinePaths = getShortestPaths(dealerOrderMachine, {
  input: { orderId: 42 },
  events: [
    ...loading,
    { type: 'action.open', action: 'backorder', lineIds: [103] },
    { type: 'xstate.done.actor.lineAction', output: { outcome: 'done', result: backordered } },
    { type: 'xstate.done.actor.lineAction', output: { outcome: 'conflict', current, messageId: 'orderChanged' } },
    { type: 'xstate.done.actor.lineAction', output: { outcome: 'refused', messageId: 'actionNotAllowed' } },
    { type: 'xstate.done.actor.lineAction', output: { outcome: 'cancelled' } },
    { type: 'return.decide', returnId: 501, decision: 'refuse' },
    { type: 'xstate.done.actor.returnDecision', output: { outcome: 'done', result: refused } },
    { type: 'xstate.done.actor.returnDecision', output: { outcome: 'cancelled' } },
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
    { type: 'xstate.done.actor.lineAction', output: { outcome: 'done', result: confirmed } },
    { type: 'xstate.done.actor.lineAction', output: { outcome: 'cancelled' } },
  ] as unknown as DealerOrderEvent[],
  serializeState,
  stopWhen,
});

test('the traversals reach every state of the screen', () => {
  const reached = new Set([...singleLinePaths, ...multiLinePaths].map((path) => JSON.stringify(path.state.value)));
  for (const state of ['loading', 'failed', 'ready', 'applyingAction', 'decidingReturn']) {
    expect(reached).toContain(JSON.stringify(state));
  }
  expect(
    multiLinePaths.some((path) => path.steps.filter((step) => step.event.type === 'line.toggle').length === 2),
  ).toBe(true);
  expect(singleLinePaths.some((path) => path.state.context.notice === 'orderChanged')).toBe(true);
  expect(singleLinePaths.some((path) => path.state.context.notice === 'actionNotAllowed')).toBe(true);
});

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

/** The order page on fake services: each request waits until the path says how it ends. */
async function renderOrderPage() {
  const user = userEvent.setup();
  const live = fakeLiveSource();
  const { request, calls, isActorOutcome, settle } = controlledActors();
  // Both dialogs' requests are their child's `submit`; only one dialog is open at a time.
  const api = {
    get: (orderId: number) => request<OrderDetail, { orderId: number }>('loadOrder')({ orderId }),
    applyLineAction: (orderId: number, body: OrderLineActionInput) => request('submit')({ orderId, body }),
    decideReturn: (orderId: number, returnId: number, decision: string, body: unknown) =>
      request('submit')({ orderId, returnId, decision, body }),
  } as unknown as DealerOrdersApi;
  const implementations = createDealerOrderImplementations({ api, live: live.source });
  // The openTRANS panel has paths of its own (opentrans-documents.paths.test.tsx); here it is only shown.
  const openTrans = (onOrderChanged: (order: OrderDetail) => void) =>
    createOpenTransDocumentsImplementations({ api, onOrderChanged });
  await renderInRouter('/dealer/orders/42', () => (
    <DealerOrderView implementations={implementations} openTrans={openTrans} orderId={42} />
  ));
  return { user, live, calls, isActorOutcome, settle };
}

type Page = Awaited<ReturnType<typeof renderOrderPage>>;

/** What the backorder of OC 90 with the ETA of the paths sends, at the version read. */
const sentBackorder = {
  orderId: 42,
  body: { version: 7, action: 'backorder', line_ids: [103], eta: '2026-12-01', reason: '', tracking_reference: '' },
};
/** What confirming the two ticked lines sends. */
const sentConfirm = {
  orderId: 42,
  body: { version: 7, action: 'confirm', line_ids: [101, 102], eta: null, reason: '', tracking_reference: '' },
};
/** What refusing the return of W 712/95 with the reason of the paths sends. */
const sentRefusal = {
  orderId: 42,
  returnId: 501,
  decision: 'refuse',
  body: { version: 7, reason: 'Kein Transportschaden' },
};

const dialog = () => screen.getByRole('dialog');

/** A dialog's outcome, reached through the dialog: the values, the submit, the server's answer. */
async function endDialog(
  page: Page,
  dialogId: string,
  output: Outcome,
  lineIds: number[] | undefined,
  ticked: number[] = [],
) {
  const { user, calls, settle } = page;
  if (output.outcome === 'cancelled') {
    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    return;
  }
  const submit = `xstate.${output.outcome === 'done' ? 'done' : 'error'}.actor.submit`;
  const error = output.outcome === 'conflict' ? orderChanged : notAllowed;
  if (dialogId === 'returnDecision') {
    await user.type(within(dialog()).getByLabelText('Reason for refusing'), 'Kein Transportschaden');
    await user.click(within(dialog()).getByRole('button', { name: 'Refuse return' }));
    expect(calls.submit?.at(-1)).toEqual(sentRefusal);
  } else {
    if (lineIds) fireEvent.change(screen.getByLabelText('Expected delivery date'), { target: { value: '2026-12-01' } });
    await user.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    expect(within(dialog()).getByRole('button', { name: 'Apply' })).toHaveAttribute('aria-busy', 'true');
    expect(calls.submit?.at(-1)).toEqual(
      lineIds ? sentBackorder : { ...sentConfirm, body: { ...sentConfirm.body, line_ids: ticked } },
    );
  }
  await settle({ type: submit, output: output.result, error });
}

/** The order page as the parent's state says it should be, and its answers once they are on screen. */
function expectOrderPage(state: (typeof singleLinePaths)[number]['state'], calls: Record<string, unknown[]>) {
  const { context } = state;
  if (state.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading the order…');
  if (state.matches('loading')) expect(calls.loadOrder?.at(-1)).toEqual({ orderId: 42 });
  if (state.matches('failed')) {
    // After a refusal the notice says why beside the failed reload's message.
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts.some((text) => text?.includes('No connection to the server'))).toBe(true);
    expect(alerts).toHaveLength(context.notice ? 2 : 1);
  }
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
  if (context.notice === 'orderChanged') {
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The order has changed meanwhile. Please check the current state.',
    );
    expect(screen.getByText('Cancelled because: Kollege hat storniert')).toBeVisible();
  }
  if (context.notice === 'actionNotAllowed') {
    expect(
      screen
        .getAllByRole('alert')
        .some((alert) => alert.textContent?.includes('That is no longer possible in this state.')),
    ).toBe(true);
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

/** A path's step as its test name reads it: a dialog's outcome, a tick, the action opened. */
const nameOf = (event: Step) => {
  const outcome = (event.output as Outcome | undefined)?.outcome;
  if (event.type.startsWith('xstate.done.actor.') && outcome)
    return `${event.type.replace('xstate.done.actor.', '')} ${outcome}`;
  if (event.error === orderChanged) return 'error.submit=409';
  if (event.type === 'action.open') return `action.open=${event.action}${event.lineIds ? '' : '(ticked)'}`;
  if (event.lineId !== undefined) return `${event.type}=${event.lineId}`;
  return event.field !== undefined ? `${event.field}=${event.value}` : stepName(event);
};

test.each(pathCases(withoutPrefixPaths([...singleLinePaths, ...multiLinePaths]), nameOf))(
  '%s',
  async (_name, path) => {
    const page = await renderOrderPage();
    const { user, live, calls, isActorOutcome, settle } = page;
    let openedFor: number[] | undefined;
    // The lines ticked when the dialog opened on them, and those shown ticked before a step.
    let ticked: number[] = [];
    let shownTicks: number[] = [];

    for (const { event: raw, state } of path.steps) {
      const event = raw as Step;
      const output = event.output as Outcome | undefined;
      if (event.type === 'xstate.done.actor.lineAction' && output)
        await endDialog(page, 'lineAction', output, openedFor, ticked);
      else if (event.type === 'xstate.done.actor.returnDecision' && output)
        await endDialog(page, 'returnDecision', output, undefined);
      else if (isActorOutcome(event)) await settle(event);
      else if (event.type === 'order.retry') {
        await user.click(screen.getByRole('button', { name: 'Try again' }));
      } else if (event.type === 'trade.event' && event.event) {
        const pushed = event.event;
        await act(async () => live.emit(pushed));
      } else if (event.type === 'line.toggle') {
        await user.click(screen.getByRole('checkbox', { name: `Select line ${partOf(event.lineId ?? 0)}` }));
      } else if (event.type === 'action.open' && event.lineIds) {
        openedFor = event.lineIds;
        await user.click(screen.getByRole('button', { name: 'Backorder OC 90' }));
      } else if (event.type === 'action.open') {
        openedFor = undefined;
        ticked = shownTicks;
        await user.click(screen.getByRole('button', { name: 'Confirm (selected lines)' }));
      } else if (event.type === 'return.decide') {
        await user.click(screen.getByRole('button', { name: 'Refuse return W 712/95' }));
      }

      expectOrderPage(state, calls);
      shownTicks = state.context.selected;
      if (state.matches('applyingAction')) {
        // The dialog opens on empty fields, for the lines it was opened on.
        if (openedFor) {
          expect(dialog()).toHaveAccessibleName('Put lines on backorder');
          expect(dialog()).toHaveAccessibleDescription('Lines: OC 90');
          expect(within(dialog()).getByLabelText('Expected delivery date')).toHaveValue('');
        } else {
          expect(dialog()).toHaveAccessibleName('Confirm lines');
          const parts = state.context.selected.map(partOf).join(', ');
          expect(dialog()).toHaveAccessibleDescription(`Lines: ${parts}`);
        }
        expect(within(dialog()).queryByRole('alert')).toBeNull();
      }
      if (state.matches('decidingReturn')) {
        const shown = screen.getByRole('dialog', { name: 'Refuse the return of W 712/95' });
        expect(within(shown).getByLabelText('Reason for refusing')).toHaveValue('');
        expect(within(shown).queryByRole('alert')).toBeNull();
      }
    }
  },
  PATH_TIMEOUT_MS,
);

// The dialogs' own paths (versioned-edit children), replayed in the open dialog.
const emptyAction: LineActionValues = { eta: '', reason: '', trackingReference: '' };
const submitOutcomes = [
  { type: 'edit.submit' },
  { type: 'edit.cancel' },
  { type: 'xstate.error.actor.submit', error: networkError },
  { type: 'xstate.error.actor.submit', error: orderChanged },
  { type: 'xstate.error.actor.submit', error: notAllowed },
];

const backorderPaths = getShortestPaths(lineActionMachine, {
  input: { subject: { orderId: 42, action: 'backorder', lineIds: [103] }, values: emptyAction, version: 7 },
  events: [
    { type: 'edit.change', field: 'eta', value: '2026-12-01' },
    ...submitOutcomes,
    { type: 'xstate.done.actor.submit', output: backordered },
  ] as unknown as VersionedEditEvent<LineActionValues>[],
  serializeState: versionedEditState,
});

const confirmPaths = getShortestPaths(lineActionMachine, {
  input: { subject: { orderId: 42, action: 'confirm', lineIds: [101, 102] }, values: emptyAction, version: 7 },
  events: [
    ...submitOutcomes,
    { type: 'xstate.done.actor.submit', output: confirmed },
  ] as unknown as VersionedEditEvent<LineActionValues>[],
  serializeState: versionedEditState,
});

const refusalPaths = getShortestPaths(returnDecisionMachine, {
  input: { subject: { orderId: 42, returnId: 501, decision: 'refuse' }, values: { reason: '' }, version: 7 },
  events: [
    { type: 'edit.change', field: 'reason', value: 'Kein Transportschaden' },
    ...submitOutcomes,
    { type: 'xstate.done.actor.submit', output: refused },
  ] as unknown as VersionedEditEvent<ReturnDecisionValues>[],
  serializeState: versionedEditState,
});

test('the dialogs’ traversals reach every state of the versioned edit', () => {
  for (const paths of [backorderPaths, confirmPaths, refusalPaths]) {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of ['editing', 'submitting', 'failed', 'done', 'conflict', 'refused', 'cancelled']) {
      expect(reached).toContain(JSON.stringify(state));
    }
  }
  expect(backorderPaths.some((path) => path.state.context.error === 'etaRequired')).toBe(true);
  expect(refusalPaths.some((path) => path.state.context.error === 'reasonRequired')).toBe(true);
});

type EditSnapshot = (typeof backorderPaths)[number]['state'] | (typeof refusalPaths)[number]['state'];

/**
 * Replays a dialog's own path in the open dialog: the fields show the values, a problem or a
 * failure is said in the dialog, the submit is busy while the request is in flight; once it
 * ended the dialog is gone and the order page shows the outcome.
 */
async function replayDialog(
  path: { steps: readonly { event: unknown; state: EditSnapshot }[] },
  dialogs: {
    open: (page: Page) => Promise<void>;
    field: string | null;
    submit: string;
    cancel: string;
    problem: string;
    sent: unknown;
    answer: OrderChangeResult;
  },
) {
  const page = await renderOrderPage();
  const { user, calls, isActorOutcome, settle } = page;
  await settle({ type: 'xstate.done.actor.loadOrder', output: order });
  await dialogs.open(page);

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (isActorOutcome(event)) await settle(event);
    else if (event.type === 'edit.change' && dialogs.field === 'Expected delivery date') {
      fireEvent.change(within(dialog()).getByLabelText(dialogs.field), { target: { value: event.value } });
    } else if (event.type === 'edit.change' && dialogs.field) {
      const field = within(dialog()).getByLabelText(dialogs.field);
      await user.clear(field);
      await user.type(field, event.value ?? '');
    } else if (event.type === 'edit.submit') {
      await user.click(within(dialog()).getByRole('button', { name: dialogs.submit }));
    } else if (event.type === 'edit.cancel') {
      await user.click(within(dialog()).getByRole('button', { name: dialogs.cancel }));
    }

    const { context } = state;
    const ended = ['done', 'conflict', 'refused', 'cancelled'].some((end) => state.matches(end as 'done'));
    if (!ended) {
      const values = context.values as Record<string, string>;
      if (dialogs.field) {
        const shown = 'eta' in values ? values.eta : values.reason;
        expect(within(dialog()).getByLabelText(dialogs.field)).toHaveValue(shown);
      }
      if (context.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(dialogs.problem);
      else expect(within(dialog()).queryByText(dialogs.problem)).toBeNull();
      if (context.failure) expect(within(dialog()).getByText('No connection to the server')).toBeVisible();
      const submit = within(dialog()).getByRole('button', { name: dialogs.submit });
      if (state.matches('submitting')) {
        expect(submit).toHaveAttribute('aria-busy', 'true');
        expect(calls.submit?.at(-1)).toEqual(dialogs.sent);
      } else expect(submit).not.toHaveAttribute('aria-busy', 'true');
    } else {
      expect(screen.queryByRole('dialog')).toBeNull();
      if (state.matches('done')) expectOrderPageShows(dialogs.answer);
      if (state.matches('conflict')) {
        expect(screen.getByRole('alert')).toHaveTextContent(
          'The order has changed meanwhile. Please check the current state.',
        );
        expect(screen.getByText('Cancelled because: Kollege hat storniert')).toBeVisible();
      }
      if (state.matches('refused')) {
        expect(screen.getByRole('status')).toHaveTextContent('Loading the order…');
        expect(
          screen
            .getAllByRole('alert')
            .some((alert) => alert.textContent?.includes('That is no longer possible in this state.')),
        ).toBe(true);
      }
      if (state.matches('cancelled')) expectOfferedActions(order);
    }
  }
}

/** The answer's order is on screen. */
function expectOrderPageShows(answer: OrderChangeResult) {
  if (answer === backordered) expect(screen.getByText('1 Dec 2026 (before: 28 Nov, 26 Nov, 25 Nov)')).toBeVisible();
  if (answer === confirmed) expect(screen.getByRole('button', { name: 'Ship 1K0 615 301 AA' })).toBeVisible();
  if (answer === refused) expect(screen.getByText('Refused because: Kein Transportschaden')).toBeVisible();
}

test.each(pathCases(withoutPrefixPaths(backorderPaths), nameOf))(
  'backorder dialog: %s',
  (_name, path) =>
    replayDialog(path, {
      open: async ({ user }) => user.click(screen.getByRole('button', { name: 'Backorder OC 90' })),
      field: 'Expected delivery date',
      submit: 'Apply',
      cancel: 'Back',
      problem: 'Please give the expected delivery date.',
      sent: sentBackorder,
      answer: backordered,
    }),
  PATH_TIMEOUT_MS,
);

test.each(pathCases(withoutPrefixPaths(confirmPaths), nameOf))(
  'confirm dialog on ticked lines: %s',
  (_name, path) =>
    replayDialog(path, {
      open: async ({ user }) => {
        await user.click(screen.getByRole('checkbox', { name: 'Select line 1K0 615 301 AA' }));
        await user.click(screen.getByRole('checkbox', { name: 'Select line 0 986 494 104' }));
        await user.click(screen.getByRole('button', { name: 'Confirm (selected lines)' }));
        expect(dialog()).toHaveAccessibleDescription('Lines: 1K0 615 301 AA, 0 986 494 104');
      },
      field: null,
      submit: 'Apply',
      cancel: 'Back',
      problem: 'Please give the expected delivery date.',
      sent: sentConfirm,
      answer: confirmed,
    }),
  PATH_TIMEOUT_MS,
);

test.each(pathCases(withoutPrefixPaths(refusalPaths), nameOf))(
  'return refusal dialog: %s',
  (_name, path) =>
    replayDialog(path, {
      open: async ({ user }) => user.click(screen.getByRole('button', { name: 'Refuse return W 712/95' })),
      field: 'Reason for refusing',
      submit: 'Refuse return',
      cancel: 'Back',
      problem: 'Please give a reason.',
      sent: sentRefusal,
      answer: refused,
    }),
  PATH_TIMEOUT_MS,
);
