import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import type { OrderClaim } from '../../common/contracts/claims';
import {
  type ClaimChangeResult,
  type ClaimShareEvent,
  type ClaimShareInput,
  type ClaimShareLoad,
  claimShareMachine,
} from '../../machines/claim-share.machine';
import { ClaimSharePanel } from '../../src/views/orders/ClaimSharePanel';
import type { ClaimShareImplementations } from '../../src/views/orders/use-claim-share';
import { apiFailure } from '../support/failures';
import { controlledActors, type Step as PathStep, pathCases, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';

/*
 * The order page's insurance share (ADR 030): every shortest path of the claim-share machine,
 * driven through the real panel by a person's clicks and typing, with the API held in flight.
 */

const networkError = apiFailure('No connection to the server', 'networkError');
const notAvailable = apiFailure(
  'This insurer is not available (any more).',
  'insurerNotAvailable',
  'insurer_organisation_id',
);
const alreadyWithdrawn = apiFailure('This order is not shared with any insurer at the moment.', 'claimNotShared');
const shared: OrderClaim = {
  id: 7,
  claim_number: 'SCH-2026/004711',
  insurer_organisation_id: 31,
  insurer_name: 'Allianz Versicherungs-AG',
  shared_at: '2026-11-24T08:15:00Z',
};
const loaded: ClaimShareLoad = {
  claim: null,
  insurers: [
    { id: 31, name: 'Allianz Versicherungs-AG' },
    { id: 32, name: 'HUK-Coburg' },
  ],
};
const sharedResult: ClaimChangeResult = { claim: shared, message: 'Shared' };
const withdrawnResult: ClaimChangeResult = { claim: null, message: 'Withdrawn' };

type Step = PathStep<{ field?: string }>;

const paths = getShortestPaths(claimShareMachine, {
  input: { orderId: 42 },
  events: [
    { type: 'xstate.done.actor.loadClaim', output: loaded },
    { type: 'xstate.error.actor.loadClaim', error: networkError },
    { type: 'claim.retry' },
    { type: 'share.open' },
    { type: 'share.change', field: 'claimNumber', value: 'sch-2026/004711' },
    { type: 'share.change', field: 'insurerId', value: '31' },
    { type: 'share.submit' },
    { type: 'share.cancel' },
    { type: 'xstate.done.actor.shareClaim', output: sharedResult },
    { type: 'xstate.error.actor.shareClaim', error: networkError },
    { type: 'xstate.error.actor.shareClaim', error: notAvailable },
    { type: 'withdraw.open' },
    { type: 'withdraw.cancel' },
    { type: 'withdraw.confirm' },
    { type: 'xstate.done.actor.withdrawClaim', output: withdrawnResult },
    { type: 'xstate.error.actor.withdrawClaim', error: networkError },
    { type: 'xstate.error.actor.withdrawClaim', error: alreadyWithdrawn },
  ] as unknown as ClaimShareEvent[],
  serializeState: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      claim: snapshot.context.claim?.id ?? null,
      draft: snapshot.context.draft,
      failure: snapshot.context.withdrawFailure,
      notice: snapshot.context.notice,
    }),
  // A withdrawal refused as "not shared any more" reloads: the path ends where the reload starts.
  stopWhen: (snapshot) => snapshot.context.notice !== null && snapshot.matches('loading'),
});

test('the traversal reaches every state of the panel', () => {
  const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
  for (const state of [
    'loading',
    'failed',
    'ready',
    { sharing: 'editing' },
    { sharing: 'sending' },
    { confirmingWithdrawal: 'asking' },
    { confirmingWithdrawal: 'withdrawing' },
  ]) {
    expect(reached).toContain(JSON.stringify(state));
  }
});

test.each(pathCases(withoutPrefixPaths(paths)))('%s', async (_name, path) => {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const implementations: ClaimShareImplementations = {
    actors: {
      loadClaim: controlled<ClaimShareLoad, { orderId: number }>('loadClaim'),
      shareClaim: controlled<ClaimChangeResult, ClaimShareInput>('shareClaim'),
      withdrawClaim: controlled<ClaimChangeResult, { orderId: number }>('withdrawClaim'),
    },
    actions: { notifySuccess: () => {} },
  };
  await renderInRouter('/orders/42', () => <ClaimSharePanel implementations={implementations} orderId={42} />);

  for (const { event: raw, state } of path.steps) {
    const event = raw as Step;
    if (isActorOutcome(event)) {
      await settle(event);
    } else if (event.type === 'claim.retry') {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    } else if (event.type === 'share.open') {
      await user.click(screen.getByRole('button', { name: /Share with insurer|Change share/ }));
    } else if (event.type === 'share.change' && event.field === 'claimNumber') {
      const field = within(screen.getByRole('dialog')).getByLabelText('Claim number');
      await user.clear(field);
      await user.type(field, event.value ?? '');
    } else if (event.type === 'share.change') {
      await user.selectOptions(within(screen.getByRole('dialog')).getByLabelText('Insurer'), event.value ?? '');
    } else if (event.type === 'share.submit') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Share' }));
    } else if (event.type === 'share.cancel') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    } else if (event.type === 'withdraw.open') {
      await user.click(screen.getByRole('button', { name: 'Withdraw share' }));
    } else if (event.type === 'withdraw.cancel') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep shared' }));
    } else if (event.type === 'withdraw.confirm') {
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    }

    const { context } = state;
    if (state.matches('loading')) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading the insurance share…');
      expect(calls.loadClaim?.at(-1)).toEqual({ orderId: 42 });
    }
    if (state.matches('failed')) expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    if (state.matches('ready')) {
      expect(screen.queryByRole('dialog')).toBeNull();
      if (context.claim) {
        expect(
          screen.getByText(/Shared with Allianz Versicherungs-AG under claim number SCH-2026\/004711 since/),
        ).toBeVisible();
        expect(screen.getByRole('button', { name: 'Withdraw share' })).toBeVisible();
      } else {
        expect(screen.getByText(/Not shared with any insurer/)).toBeVisible();
        expect(screen.queryByRole('button', { name: 'Withdraw share' })).toBeNull();
      }
    }
    if (state.matches('sharing')) {
      const dialog = screen.getByRole('dialog', { name: 'Share with an insurer' });
      expect(within(dialog).getByLabelText('Claim number')).toHaveValue(context.draft?.claimNumber ?? '');
      if (context.draft?.errorField === 'claim_number' && context.draft.error === 'claimNumberRequired') {
        expect(within(dialog).getByText('Please enter the claim number.')).toBeVisible();
      }
      if (context.draft?.errorField === 'insurer_organisation_id' && context.draft.error === 'insurerRequired') {
        expect(within(dialog).getByText('Please choose an insurer.')).toBeVisible();
      }
      if (context.draft?.error === 'insurerNotAvailable') {
        expect(within(dialog).getByText('This insurer is not available (any more).')).toBeVisible();
      }
      if (context.draft?.failure) expect(within(dialog).getByRole('alert')).toHaveTextContent('No connection');
      if (state.matches({ sharing: 'sending' })) {
        // What the dialog holds goes out: typed, or the current share's number when it is changed.
        expect(calls.shareClaim?.at(-1)).toEqual({
          orderId: 42,
          claimNumber: context.draft?.claimNumber,
          insurerOrganisationId: 31,
        });
      }
    }
    if (state.matches('confirmingWithdrawal')) {
      const dialog = screen.getByRole('dialog', { name: 'Withdraw the share?' });
      expect(within(dialog).getByText('Allianz Versicherungs-AG loses access to this order at once.')).toBeVisible();
      if (context.withdrawFailure) expect(within(dialog).getByRole('alert')).toHaveTextContent('No connection');
    }
  }
});
