import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { CustomerDecision, DealerCustomer } from '../../common/contracts/customers';
import type { RelationStatus } from '../../common/contracts/relations';
import { dealerCustomersMachine } from '../../machines/dealer-customers.machine';
import type { ReviewDecision, ReviewPage, ReviewQuery } from '../../machines/review-queue';
import { CustomersView } from '../../src/views/dealer-customers/CustomersView';
import type { DealerCustomersImplementations } from '../../src/views/dealer-customers/dealer-customers-implementations';
import { aCustomer } from '../support/customers';
import { apiFailure } from '../support/failures';
import { controlledActors, type Step as PathStep, pathCases } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

const requested = aCustomer();
const declined = aCustomer({
  id: 32,
  workshop_name: 'Karosserie Klein',
  status: 'declined',
  decline_reason: 'Unbekannt',
});
const pageOf = (items: DealerCustomer[]): ReviewPage<DealerCustomer> => ({
  items,
  total: items.length,
  page: 1,
  page_size: 20,
});
const REASON = 'Kundennummer unbekannt';
const texts = {
  declineReasonRequired: 'Please give a reason.',
  loadFailed: 'No connection to the server.',
  decideFailed: 'This connection has already been decided.',
};

type Step = PathStep<{ status?: RelationStatus; decision?: CustomerDecision }>;

// The events a person (or the server) can cause in each state, as the view offers them: nothing
// behind the modal dialog, a reason field only for a decline, decisions only on an open request.
// The search box is debounced (a delay the traversal cannot take); its paths are unit-tested.
const paths = getShortestPaths(dealerCustomersMachine, {
  events: (snapshot) => {
    const { pending, query, page } = snapshot.context;
    if (snapshot.hasTag('dialogOpen')) {
      return [
        ...(pending?.decision === 'decline' ? [{ type: 'reason.change', value: REASON }] : []),
        { type: 'decision.cancel' },
        { type: 'decision.confirm' },
        { type: 'xstate.done.actor.decide', output: { message: 'ok' } },
        { type: 'xstate.error.actor.decide', error: apiFailure(texts.decideFailed, 'relationNotRequested') },
      ] as never;
    }
    const decidable = page?.items.filter((item) => item.status === 'requested') ?? [];
    return [
      { type: 'xstate.done.actor.loadPage', output: pageOf([query.status === 'declined' ? declined : requested]) },
      { type: 'xstate.error.actor.loadPage', error: apiFailure(texts.loadFailed, 'networkError') },
      { type: 'list.retry' },
      { type: 'filter.change', status: 'declined' },
      ...decidable.flatMap((item) => [
        { type: 'decision.request', item, decision: 'accept' },
        { type: 'decision.request', item, decision: 'decline' },
      ]),
    ] as never;
  },
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      status: snapshot.context.query.status,
      pending: snapshot.context.pending && [snapshot.context.pending.decision, snapshot.context.pending.reason],
      reasonProblem: snapshot.context.reasonProblem,
      error: snapshot.context.loadError,
    }),
});

test('the traversal reaches every state but the search wait, and the reason rule', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of ['loading', 'ready', 'failed', 'confirming', 'deciding']) {
    expect(reached).toContain(JSON.stringify(state));
  }
  expect(paths.some((path) => path.state.context.reasonProblem === 'declineReasonRequired')).toBe(true);
});

const nameOf = (event: Step) =>
  [event.type.replace('xstate.', ''), event.status, event.decision, event.value].filter(Boolean).join(' ');

test.each(pathCases(paths, nameOf))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const effects = {
    notifySuccess: vi.fn(),
    notifyFailure: vi.fn(),
  };
  const implementations: DealerCustomersImplementations = {
    actors: {
      loadPage: controlled<ReviewPage<DealerCustomer>, ReviewQuery<RelationStatus>>('loadPage'),
      decide: controlled<{ message: string | undefined }, ReviewDecision<DealerCustomer, CustomerDecision>>('decide'),
    },
    actions: {
      notifySuccess: (_, { message }) => effects.notifySuccess(message),
      notifyFailure: (_, { message }) => effects.notifyFailure(message),
    },
  };
  await renderInRouter('/dealer/customers', () => <CustomersView implementations={implementations} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  expect(screen.getByLabelText('Status')).toHaveValue('');

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'list.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'filter.change') {
      await user.selectOptions(screen.getByLabelText('Status'), 'Declined');
    } else if (event.type === 'decision.request') {
      const row = screen.getByRole('row', { name: /Autohaus Becker/ });
      await user.click(within(row).getByRole('button', { name: event.decision === 'accept' ? 'Accept' : 'Decline' }));
    } else if (event.type === 'reason.change') {
      const field = screen.getByLabelText('Reason (the workshop reads it)');
      await user.clear(field);
      await user.type(field, event.value ?? '');
    } else if (event.type === 'decision.cancel') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    } else if (event.type === 'decision.confirm') {
      const dialog = screen.getByRole('dialog');
      // The confirm button repeats the decision's label (the state after the click still holds it).
      const label = state.context.pending?.decision === 'decline' ? 'Decline' : 'Accept';
      await user.click(within(dialog).getByRole('button', { name: label }));
    }

    expect(calls.loadPage?.at(-1)).toEqual({ page: 1, status: state.context.query.status, search: '' });
    if (state.matches('loading')) expect(screen.getByRole('table').parentElement).toHaveAttribute('aria-busy', 'true');
    if (state.matches('ready')) {
      expect(screen.queryByRole('dialog')).toBeNull();
      const shown = state.context.query.status === 'declined' ? declined : requested;
      const row = screen.getByRole('row', { name: new RegExp(shown.workshop_name) });
      expect(row).toHaveTextContent(shown.customer_number);
      expect(row).toHaveTextContent(shown.contact_email);
      // Only an open request can be decided.
      expect(
        within(row)
          .queryAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(shown.status === 'requested' ? ['Accept', 'Decline'] : []);
      if (shown.decline_reason) expect(row).toHaveTextContent(shown.decline_reason);
    }
    if (state.matches('failed')) {
      expect(screen.getByText(texts.loadFailed)).toBeVisible();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    }
    if (state.matches('confirming')) {
      const dialog = screen.getByRole('dialog');
      const pending = state.context.pending;
      expect(dialog).toHaveTextContent(
        pending?.decision === 'decline' ? 'Decline the connection?' : 'Confirm the customer number?',
      );
      expect(dialog).toHaveTextContent('Autohaus Becker (customer number K-4711)');
      const reasonField = within(dialog).queryByLabelText('Reason (the workshop reads it)');
      if (pending?.decision === 'decline') {
        expect(reasonField).toHaveValue(pending.reason);
        expect(reasonField).toBeRequired();
      } else expect(reasonField).toBeNull();
      if (state.context.reasonProblem) {
        expect(within(dialog).getByRole('alert')).toHaveTextContent(texts.declineReasonRequired);
        expect(reasonField).toHaveAttribute('aria-invalid', 'true');
      } else expect(within(dialog).queryByRole('alert')).toBeNull();
    }
    if (state.matches('deciding')) {
      const pending = state.context.pending;
      expect(calls.decide?.at(-1)).toEqual(pending);
      const label = pending?.decision === 'decline' ? 'Decline' : 'Accept';
      expect(within(screen.getByRole('dialog')).getByRole('button', { name: label })).toHaveAttribute(
        'aria-busy',
        'true',
      );
    }
  }
  const decisionsSent = path.steps.filter((step) => (step.event as Step).type === 'xstate.done.actor.decide').length;
  expect(effects.notifySuccess).toHaveBeenCalledTimes(decisionsSent);
  // A decline is never sent without a reason.
  for (const decision of (calls.decide ?? []) as ReviewDecision<DealerCustomer, CustomerDecision>[]) {
    if (decision.decision === 'decline') expect(decision.reason).toBe(REASON);
  }
});
