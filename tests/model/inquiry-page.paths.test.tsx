import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { fromCallback, fromPromise, initialTransition, type SnapshotFrom, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { InquiryDetail, OrderSummary, TradeEvent } from '../../common/contracts/trading';
import { formatMoney } from '../../common/format/formats';
import {
  type CancelInput,
  type CancelledInquiry,
  type InquiryPageEvent,
  inquiryPageMachine,
  type PlacedOrders,
  type PlaceOrdersInput,
  placementHandovers,
} from '../../machines/inquiry-page.machine';
import {
  cheapestChoice,
  deliveredTotal,
  offersFor,
  placementChoices,
  plannedOrders,
} from '../../machines/inquiry-quotes';
import { InquiryPageView } from '../../src/views/workshop-inquiries/InquiryPageView';
import type { InquiryPageImplementations } from '../../src/views/workshop-inquiries/use-inquiry-page';
import { apiFailure } from '../support/failures';
import {
  controlledActors,
  type Step as PathStep,
  pathCases,
  stepName,
  withoutPrefixPaths,
} from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';
import { aTradeEvent, quotedInquiry } from '../support/workshop-inquiry-fixtures';

const networkError = apiFailure('No connection to the server', 'networkError');
const changed = apiFailure('The inquiry has changed meanwhile.', 'inquiryChanged');
const order: OrderSummary = {
  id: 900,
  inquiry_id: 77,
  part_dealer_id: 1002,
  dealer_name: 'Förde Teile',
  workshop_name: 'Werkstatt Kiel',
  customer_number: '222',
  vehicle: quotedInquiry().vehicle,
  status: 'placed',
  line_count: 1,
  total_cents: 18_390,
  currency: 'EUR',
  placed_at: '2026-11-25T09:10:00Z',
  updated_at: '2026-11-25T09:10:00Z',
  handover: 'delivery',
  note: '',
  has_backorder: false,
  open_returns: 0,
};
// Ordered: the disc from Förde Teile (order 900); the filter was left out.
const ordered = quotedInquiry({
  status: 'ordered',
  version: 5,
  orders: [order],
  ordered_lines: [{ inquiry_line_id: 1, recipient_id: 502, order_id: 900 }],
});
const cancelled = quotedInquiry({ status: 'cancelled', version: 5 });

type Step = PathStep<{
  lineId?: number;
  recipientId?: number | null;
  event?: TradeEvent;
  handover?: string;
  note?: string;
}>;

/** What the review's steps choose for Ostsee Teile (501): pickup, with a note (issue 24 §9). */
const PICKUP_NOTE = 'Abholung 15 Uhr';

/** A step as a test's name reads it: the choice made, the failure's message id. */
const nameOf = (step: Step) =>
  step.type === 'choice.set' ? `choice.set=${step.lineId}:${step.recipientId}` : stepName(step);

const paths = getShortestPaths(inquiryPageMachine, {
  input: { inquiryId: 77 },
  events: [
    { type: 'xstate.done.actor.loadInquiry', output: quotedInquiry() },
    { type: 'xstate.done.actor.loadInquiry', output: ordered },
    { type: 'xstate.error.actor.loadInquiry', error: networkError },
    { type: 'inquiry.retry' },
    { type: 'trade.event', event: aTradeEvent(77) },
    { type: 'choice.set', lineId: 1, recipientId: 501 },
    { type: 'choice.set', lineId: 2, recipientId: null },
    { type: 'choice.allFrom', recipientId: 501 },
    { type: 'choice.cheapest' },
    { type: 'order.review' },
    { type: 'review.cancel' },
    { type: 'review.handover', recipientId: 501, handover: 'pickup' },
    { type: 'review.note', recipientId: 501, note: PICKUP_NOTE },
    { type: 'order.confirm' },
    { type: 'xstate.done.actor.placeOrders', output: { orders: [order], message: 'Ordered.' } },
    { type: 'xstate.error.actor.placeOrders', error: changed },
    { type: 'xstate.error.actor.placeOrders', error: networkError },
    { type: 'cancel.request' },
    { type: 'cancel.dismiss' },
    { type: 'cancel.confirm' },
    { type: 'xstate.done.actor.cancelInquiry', output: { inquiry: cancelled, message: 'Withdrawn.' } },
    { type: 'xstate.error.actor.cancelInquiry', error: networkError },
  ] as unknown as InquiryPageEvent[],
  // After an order is placed the inquiry is read again: it answers as ordered then (and only then).
  filterEvents: (snapshot, event) => {
    const { type } = event as { type: string };
    if (type === 'xstate.done.actor.loadInquiry')
      return ((event as { output?: unknown }).output === ordered) === snapshot.context.placed.length > 0;
    // To keep the paths few: one choice changed at most, and the live event and withdrawing with the
    // preselected choice (they do not depend on it).
    const preselected = JSON.stringify(snapshot.context.choices) === JSON.stringify({ 1: 502, 2: 501 });
    if (type === 'choice.cheapest') return !preselected;
    // Delivery or pickup and the note: once each, with the preselected choice and no failure shown.
    if (type.startsWith('review.') && type !== 'review.cancel') return preselected && snapshot.context.failure === null;
    if (type.startsWith('choice.') || type === 'trade.event' || type.startsWith('cancel.')) return preselected;
    return true;
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      status: snapshot.context.detail?.status ?? null,
      choices: snapshot.context.choices,
      notice: snapshot.context.notice,
      failure: snapshot.context.failure?.messageId ?? null,
      placed: snapshot.context.placed.length,
      stale: snapshot.context.stale,
      // Told apart only inside the review: after it, they no longer change what the page shows.
      handovers:
        snapshot.matches({ ready: 'reviewing' }) || snapshot.matches({ ready: 'ordering' })
          ? snapshot.context.handovers
          : null,
    }),
});

test('the traversal reaches every state of the page, the 409 and the refusals', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of [
    'loading',
    'failed',
    { ready: 'idle' },
    { ready: 'reviewing' },
    { ready: 'ordering' },
    { ready: 'confirmingCancel' },
    { ready: 'cancelling' },
  ]) {
    expect(reached).toContain(JSON.stringify(state));
  }
  expect(paths.some((path) => path.state.context.notice === 'inquiryChanged')).toBe(true);
  expect(paths.some((path) => path.state.context.detail?.status === 'cancelled')).toBe(true);
});

test.each(pathCases(withoutPrefixPaths(paths), nameOf))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  let emit: (event: TradeEvent) => void = () => {};
  const implementations: InquiryPageImplementations = {
    actors: {
      loadInquiry: controlled<InquiryDetail, { inquiryId: number }>('loadInquiry'),
      placeOrders: controlled<PlacedOrders, PlaceOrdersInput>('placeOrders'),
      cancelInquiry: controlled<CancelledInquiry, CancelInput>('cancelInquiry'),
      liveEvents: fromCallback(({ sendBack }) => {
        emit = (event) => sendBack({ type: 'trade.event', event });
        return () => {};
      }),
    },
    actions: { notifySuccess: () => {} },
  };
  await renderInRouter('/inquiries/77', () => <InquiryPageView implementations={implementations} inquiryId={77} />);

  // The snapshot this very sequence leads to, step by step (the traversal keeps one per kind of page).
  let [state] = initialTransition(inquiryPageMachine, { inquiryId: 77 });
  for (const { event: raw } of path.steps) {
    const event = raw as Step;
    if (event.type === 'xstate.init') continue;
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'inquiry.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'trade.event' && event.event) {
      const live = event.event;
      await act(async () => emit(live));
    } else if (event.type === 'choice.set') {
      const label =
        event.recipientId === null
          ? `Line ${event.lineId}: leave out`
          : `Line ${event.lineId}: order from ${event.recipientId === 501 ? 'Ostsee Teile' : 'Förde Teile'}`;
      await user.click(screen.getByRole('radio', { name: label }));
    } else if (event.type === 'choice.allFrom') {
      await user.click(screen.getByRole('button', { name: 'Everything from Ostsee Teile: €222.00' }));
    } else if (event.type === 'choice.cheapest') {
      await user.click(screen.getByRole('button', { name: 'Cheapest in total: €202.80' }));
    } else if (event.type === 'order.review') {
      await user.click(screen.getByRole('button', { name: 'Order…' }));
    } else if (event.type === 'review.cancel') {
      await user.click(screen.getByRole('button', { name: 'Back to the comparison' }));
    } else if (event.type === 'review.handover') {
      const group = screen.getByRole('group', { name: 'How the parts from Ostsee Teile reach you' });
      await user.click(within(group).getByRole('radio', { name: 'Pickup' }));
    } else if (event.type === 'review.note') {
      const note = screen.getByRole('textbox', { name: 'Note to Ostsee Teile (optional)' });
      await user.clear(note);
      await user.type(note, event.note ?? '');
    } else if (event.type === 'order.confirm') {
      await user.click(screen.getByRole('button', { name: 'Place orders' }));
    } else if (event.type === 'cancel.request') {
      await user.click(screen.getByRole('button', { name: 'Withdraw inquiry' }));
    } else if (event.type === 'cancel.dismiss') {
      await user.click(screen.getByRole('button', { name: 'Keep the inquiry' }));
    } else if (event.type === 'cancel.confirm') {
      await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    }
    [state] = transition(inquiryPageMachine, state, raw);

    const { context } = state;
    const detail = context.detail;
    if (state.matches('loading') && !detail) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading the inquiry…');
    }
    if (state.matches('loading')) expect(calls.loadInquiry?.at(-1)).toEqual({ inquiryId: 77 });
    if (state.matches('failed')) {
      // Beside the notice of a 409, if the reload after it failed.
      expect(
        screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('No connection to the server')),
      ).toBe(true);
    }
    if (context.notice === 'inquiryChanged') {
      expect(screen.getByText(/The quotes changed while you were ordering/)).toBeVisible();
    }
    if (!detail) continue;
    // With a dialog open the page behind it is hidden from assistive technology: the dialog is checked below.
    const dialogOpen = !state.matches({ ready: 'idle' }) && state.matches('ready');
    if (!dialogOpen) checkPage(state.context, state.matches({ ready: 'idle' }));
    if (state.matches({ ready: 'reviewing' }) || state.matches({ ready: 'ordering' })) {
      const dialog = screen.getByRole('dialog', { name: 'Check your orders' });
      for (const plan of plannedOrders(detail, context.choices)) {
        const table = within(dialog).getByRole('table', { name: `Order at ${plan.recipient.dealer_name}` });
        expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent(
          formatMoney(plan.totals.total, 'en'),
        );
      }
      if (context.failure) expect(within(dialog).getByRole('alert')).toHaveTextContent('No connection to the server');
      // Ostsee's delivery choice and note as chosen (pickup and a note once the steps chose them).
      const ostseeHandover = within(dialog).queryByRole('group', { name: 'How the parts from Ostsee Teile reach you' });
      const ostseePlanned = plannedOrders(detail, context.choices).some((plan) => plan.recipient.id === 501);
      expect(ostseeHandover !== null).toBe(ostseePlanned);
      if (ostseeHandover) {
        const pickup = context.handovers[501]?.handover === 'pickup';
        expect(within(ostseeHandover).getByRole('radio', { name: 'Pickup' })).toHaveProperty('checked', pickup);
        expect(within(ostseeHandover).getByRole('radio', { name: 'Delivery' })).toHaveProperty('checked', !pickup);
        expect(within(dialog).getByRole('textbox', { name: 'Note to Ostsee Teile (optional)' })).toHaveValue(
          context.handovers[501]?.note ?? '',
        );
      }
    }
    if (state.matches({ ready: 'ordering' })) {
      expect(screen.getByRole('button', { name: 'Place orders' })).toHaveAttribute('aria-busy', 'true');
      expect(calls.placeOrders?.at(-1)).toEqual({
        inquiryId: 77,
        placement: {
          version: detail.version,
          choices: placementChoices(detail, context.choices),
          orders: placementHandovers(context),
        },
      });
    }
    if (state.matches({ ready: 'confirmingCancel' }) || state.matches({ ready: 'cancelling' })) {
      const dialog = screen.getByRole('dialog', { name: 'Withdraw this inquiry?' });
      if (context.failure) expect(within(dialog).getByRole('alert')).toHaveTextContent('No connection to the server');
    }
    if (state.matches({ ready: 'cancelling' })) {
      expect(calls.cancelInquiry?.at(-1)).toEqual({ inquiryId: 77, version: detail.version });
    }
    if (state.matches({ ready: 'idle' })) expect(screen.queryByRole('dialog')).toBeNull();
  }
});

/** What the page shows of the inquiry (outside the dialogs). */
function checkPage(context: SnapshotFrom<typeof inquiryPageMachine>['context'], idle: boolean) {
  const detail = context.detail;
  if (!detail) return;
  // The dealers' states, each in words.

  const dealersTable = screen.getByRole('table', { name: 'Dealers asked' });
  expect(within(dealersTable).getByRole('row', { name: /Teile West/ })).toHaveTextContent('Declined — Kein Bedarf');
  expect(within(dealersTable).getByRole('row', { name: /Förde Teile/ })).toHaveTextContent('Quote received');

  const matrix = screen.getByRole('table', { name: /Quotes compared/ });
  const disc = within(matrix).getByRole('row', { name: /1K0 615 301 AA/ });
  const cells = within(disc).getAllByRole('cell');
  // Columns: Ostsee, Förde (Teile West declined the inquiry: no column).
  expect(within(matrix).queryByRole('columnheader', { name: 'Teile West' })).toBeNull();
  expect(cells[0]).toHaveTextContent('⚡ Fastest');
  expect(cells[0]).not.toHaveTextContent('Cheapest');
  expect(cells[1]).toHaveTextContent('★ Cheapest');
  expect(cells[1]).toHaveTextContent('€89.50');
  expect(cells[1]).toHaveTextContent('Alternative: BS-4711 Brembo');
  expect(cells[1]).toHaveTextContent('Fits this vehicle');
  const filter = within(matrix).getByRole('row', { name: /Ölfilter/ });
  expect(within(filter).getAllByRole('cell')[1]).toHaveTextContent('Not offered: Nicht am Lager');

  if (detail.status === 'quoted') {
    // The choice per line, and the totals it makes per dealer (net + deposit + freight).
    for (const line of detail.lines) {
      const chosen = context.choices[String(line.id)];
      const radio =
        chosen === null || chosen === undefined
          ? `Line ${line.position}: leave out`
          : `Line ${line.position}: order from ${chosen === 501 ? 'Ostsee Teile' : 'Förde Teile'}`;
      expect(screen.getByRole('radio', { name: radio })).toBeChecked();
    }
    // "Order here" exactly on the offers (the contract's isQuoteOrderable, on the server's date).
    expect(
      within(matrix)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(
      detail.lines.flatMap((line) => [
        ...offersFor(detail, line.id).map(
          (offer) => `Line ${line.position}: order from ${offer.recipient.dealer_name}`,
        ),
        `Line ${line.position}: leave out`,
      ]),
    );
    const totals = within(matrix).getByRole('row', { name: /Total of your choice/ });
    const planned = plannedOrders(detail, context.choices);
    detail.recipients
      .filter((recipient) => recipient.status === 'answered')
      .forEach((recipient, index) => {
        const plan = planned.find((candidate) => candidate.recipient.id === recipient.id);
        const cell = within(totals).getAllByRole('cell')[index];
        expect(cell).toHaveTextContent(plan ? formatMoney(plan.totals.total, 'en') : 'Nothing chosen');
      });
    // The choice's delivered total, the cheapest one (pressed when chosen) and everything from Ostsee Teile.
    expect(
      screen.getByText(`Your choice delivered: ${formatMoney(deliveredTotal(detail, context.choices).total, 'en')}`),
    ).toBeVisible();
    const isCheapest = JSON.stringify(context.choices) === JSON.stringify(cheapestChoice(detail));
    expect(screen.getByRole('button', { name: 'Cheapest in total: €202.80' })).toHaveAttribute(
      'aria-pressed',
      String(isCheapest),
    );
    expect(screen.getByRole('button', { name: 'Everything from Ostsee Teile: €222.00' })).toHaveAttribute(
      'aria-pressed',
      String(JSON.stringify(context.choices) === JSON.stringify({ 1: 501, 2: 501 })),
    );
    expect(screen.queryByRole('button', { name: /Everything from Förde Teile/ })).toBeNull();
    if (JSON.stringify(context.choices) === JSON.stringify({ 1: 502, 2: 501 })) {
      expect(within(totals).getAllByRole('cell')[0]).toHaveTextContent('€18.90');
      expect(within(totals).getAllByRole('cell')[1]).toHaveTextContent('€183.90');
    }
    expect(screen.getByRole('button', { name: 'Order…' })).toHaveProperty(
      'disabled',
      !idle || placementChoices(detail, context.choices).length === 0,
    );
  }
  if (detail.status === 'ordered') {
    expect(screen.getByText('You have ordered from this inquiry. Its orders are listed below.')).toBeVisible();
    for (const link of screen.getAllByRole('link', { name: /Order at Förde Teile/ })) {
      expect(link).toHaveAttribute('href', '/orders/900');
    }
    // What was ordered from whom: the disc at Förde Teile, linked to its order; nothing at Ostsee Teile.
    expect(within(cells[1] as HTMLElement).getByRole('link', { name: '✓ Ordered here' })).toHaveAttribute(
      'href',
      '/orders/900',
    );
    expect(within(cells[0] as HTMLElement).queryByText('✓ Ordered here')).toBeNull();
    const orderedTotals = within(within(matrix).getByRole('row', { name: /Total of your choice/ })).getAllByRole(
      'cell',
    );
    expect(orderedTotals[0]).toHaveTextContent('Not ordered here');
    expect(within(orderedTotals[1] as HTMLElement).getByRole('link')).toHaveTextContent(
      'Order at Förde Teile: €183.90',
    );
    expect(screen.queryByText('Nothing chosen')).toBeNull();
    expect(screen.queryByRole('button', { name: /Cheapest in total/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Order…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw inquiry' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  }
  if (detail.status === 'cancelled') {
    expect(screen.getByText('You withdrew this inquiry. Nothing can be ordered from it.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Order…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw inquiry' })).toBeNull();
  }
}

test('an expired quote is shown but cannot be chosen: no "Order here", and ordering sends only valid quotes', async () => {
  const user = userEvent.setup();
  let placed: PlaceOrdersInput | null = null;
  const implementations: InquiryPageImplementations = {
    actors: {
      // Förde Teile's quote (the cheaper disc) was valid until 2026-11-28; the server's today is the 29th.
      loadInquiry: fromPromise(async () => quotedInquiry({ today: '2026-11-29' })),
      placeOrders: fromPromise<PlacedOrders, PlaceOrdersInput>(async ({ input }) => {
        placed = input;
        return new Promise<PlacedOrders>(() => {});
      }),
      cancelInquiry: fromPromise<CancelledInquiry, CancelInput>(() => new Promise(() => {})),
      liveEvents: fromCallback(() => () => {}),
    },
    actions: { notifySuccess: () => {} },
  };
  await renderInRouter('/inquiries/77', () => <InquiryPageView implementations={implementations} inquiryId={77} />);
  const matrix = await screen.findByRole('table', { name: /Quotes compared/ });
  const disc = within(matrix).getByRole('row', { name: /1K0 615 301 AA/ });
  // Its price is still shown, without a choice; the valid Ostsee quote is preselected instead.
  expect(within(disc).getAllByRole('cell')[1]).toHaveTextContent('€89.50');
  expect(within(disc).queryByRole('radio', { name: 'Line 1: order from Förde Teile' })).toBeNull();
  expect(within(disc).getByRole('radio', { name: 'Line 1: order from Ostsee Teile' })).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Order…' }));
  await user.click(screen.getByRole('button', { name: 'Place orders' }));
  expect(placed).toEqual({
    inquiryId: 77,
    placement: {
      version: 4,
      choices: [
        { inquiry_line_id: 1, recipient_id: 501 },
        { inquiry_line_id: 2, recipient_id: 501 },
      ],
      orders: [{ recipient_id: 501, handover: 'delivery', note: '' }],
    },
  });
});
