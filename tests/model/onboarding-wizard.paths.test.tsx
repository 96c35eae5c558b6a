import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CreateWorkshopAccountRequest, Invitation, WorkshopDetailsRequest } from '../../common/contracts/workshop';
import {
  type CreatedAccount,
  onboardingWizardMachine,
  type WizardEvent,
} from '../../machines/onboarding-wizard.machine';
import { OnboardingWizardView } from '../../src/views/onboarding-wizard/OnboardingWizardView';
import { apiFailure } from '../support/failures';
import { controllablePromise, renderInRouter } from '../support/render-in-router';
import { dmsOptions, invitation, partDealers } from '../support/wizard';

type Step = { type: string; field?: string; value?: string; dealerId?: number; output?: unknown; error?: Error };

const created = (mode: Invitation['mode']): CreatedAccount => ({
  user_id: 42,
  first_name: 'Max',
  email: 'max@werkstatt.de',
  workshop: mode === 'plain' ? { id: 11 } : null,
  message: undefined,
});

const errorTexts: Record<string, string> = {
  enterName: 'Please enter your first name',
  enterPassword: 'Please enter a password',
  password8CharLong: 'The password must be at least 8 characters long',
  selectDMSID: 'Please select your DMS',
  selectDMSAccId: 'Please enter your DMS customer reference number',
  customerNoRequired: 'Customer number required',
  atLeastPartsSupplier: 'Please select at least one parts supplier',
};

function pathsFor(mode: Invitation['mode']) {
  return getShortestPaths(onboardingWizardMachine, {
    input: { token: 't'.repeat(40) },
    events: [
      { type: 'xstate.done.actor.checkInvitation', output: invitation(mode) },
      { type: 'account.change', field: 'firstName', value: 'Max' },
      { type: 'account.change', field: 'password', value: 'kurz' },
      { type: 'account.change', field: 'password', value: 'Radlager-2026' },
      { type: 'account.submit' },
      { type: 'xstate.done.actor.createAccount', output: created(mode) },
      {
        type: 'xstate.error.actor.createAccount',
        error: apiFailure('An account with this e-mail address already exists.', 'accountExists'),
      },
      { type: 'xstate.done.actor.loadDms', output: dmsOptions },
      { type: 'dms.select', value: '1' },
      { type: 'dmsAccount.change', value: 'K-1' },
      { type: 'step.next' },
      { type: 'step.skip' },
      { type: 'xstate.done.actor.saveDms', output: { message: undefined } },
      { type: 'xstate.done.actor.loadPartDealers', output: partDealers },
      { type: 'tile.toggle', dealerId: 1 },
      { type: 'customerNo.change', dealerId: 1, value: '123' },
      { type: 'xstate.done.actor.saveSuppliers', output: { message: undefined } },
      { type: 'wizard.close' },
    ] as unknown as WizardEvent[],
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        errors: snapshot.context.errors,
        form: { ...snapshot.context.form, email: null },
        selected: snapshot.context.selected,
        tileErrors: snapshot.context.tileErrors,
        suppliersError: snapshot.context.suppliersError,
        loaded: [snapshot.context.dmsOptions.length, snapshot.context.partDealers.length],
      }),
  });
}

function describePath(steps: readonly { event: unknown }[]) {
  return (
    steps
      .map((step) => step.event as Step)
      .filter((event) => event.type !== 'xstate.init')
      .map((event) =>
        event.type.startsWith('xstate.')
          ? event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')
          : `${event.type}${event.value !== undefined ? `=${event.value}` : ''}`,
      )
      .join(' → ') || '(start)'
  );
}

async function replay(steps: readonly { event: unknown; state: ReturnType<typeof pathsFor>[number]['state'] }[]) {
  const user = userEvent.setup();
  const requests = {
    check: controllablePromise<Invitation>(),
    create: controllablePromise<CreatedAccount>(),
    dms: controllablePromise<typeof dmsOptions>(),
    dealers: controllablePromise<typeof partDealers>(),
    save: controllablePromise<{ message: string | undefined }>(),
  };
  const effects = { navigate: vi.fn(), leave: vi.fn(), saved: [] as unknown[] };
  const implementations = {
    actors: {
      checkInvitation: fromPromise<Invitation, { token: string }>(() => requests.check.start()),
      createAccount: fromPromise<CreatedAccount, CreateWorkshopAccountRequest & Record<string, unknown>>(() =>
        requests.create.start(),
      ),
      loadDms: fromPromise<typeof dmsOptions, void>(() => requests.dms.start()),
      loadPartDealers: fromPromise<typeof partDealers, void>(() => requests.dealers.start()),
      saveDetails: fromPromise<
        { message: string | undefined },
        { leadId: number; workshopId: number; details: WorkshopDetailsRequest }
      >(({ input }) => {
        effects.saved.push(input);
        return requests.save.start();
      }),
    },
    actions: {
      navigate: (_: unknown, { to }: { to: string }) => effects.navigate(to),
      leaveAfterAccountCreation: () => effects.leave(),
      notifySuccess: () => {},
      notifyFailure: () => {},
      showLoader: () => {},
      hideLoader: () => {},
    },
  };
  await renderInRouter('/onboarding', () => (
    <OnboardingWizardView implementations={implementations} token={'t'.repeat(40)} loadingLabel="Loading" />
  ));

  for (const { event: raw, state } of steps) {
    const event = raw as Step;
    const resolve = async <T,>(request: { settle: { resolve: (value: T) => void } }, value: T) => {
      await act(async () => request.settle.resolve(value));
    };
    switch (event.type) {
      case 'xstate.done.actor.checkInvitation':
        await resolve(requests.check, event.output as Invitation);
        break;
      case 'account.change': {
        const field = await screen.findByLabelText(event.field === 'firstName' ? 'First name *' : 'Password', {
          selector: 'input',
        });
        await user.clear(field);
        await user.type(field, event.value ?? '');
        break;
      }
      case 'account.submit':
        await user.click(screen.getByRole('button', { name: 'Create account' }));
        break;
      case 'xstate.done.actor.createAccount':
        await resolve(requests.create, event.output as CreatedAccount);
        break;
      case 'xstate.error.actor.createAccount':
        await act(async () => requests.create.settle.reject(event.error));
        break;
      case 'xstate.done.actor.loadDms':
        await resolve(requests.dms, dmsOptions);
        break;
      case 'dms.select':
        await user.selectOptions(screen.getByLabelText('DMS software'), event.value ?? '');
        break;
      case 'dmsAccount.change':
        await user.type(screen.getByLabelText('Customer DMS reference number'), event.value ?? '');
        break;
      case 'step.next':
        await user.click(
          screen.getByRole('button', {
            name: state.hasTag('step:3') || state.matches({ suppliers: 'saving' }) ? 'Continue' : 'Next',
          }),
        );
        break;
      case 'step.skip':
        await user.click(screen.getByRole('button', { name: 'Skip and set up later' }));
        break;
      case 'xstate.done.actor.saveDms':
      case 'xstate.done.actor.saveSuppliers':
        await resolve(requests.save, { message: undefined });
        break;
      case 'xstate.done.actor.loadPartDealers':
        await resolve(requests.dealers, partDealers);
        break;
      case 'tile.toggle':
        await user.click(screen.getByRole('button', { name: 'WM SE' }));
        break;
      case 'customerNo.change': {
        const input = screen.getByLabelText('Customer number at WM SE');
        await user.clear(input);
        if (event.value) await user.type(input, event.value);
        break;
      }
      case 'wizard.close':
        await user.click(screen.getByRole('button', { name: 'Close' }));
        break;
      default:
        break;
    }

    // What the screen shows in the state this step reached.
    if (state.hasTag('step:1')) expect(await screen.findByRole('heading', { name: 'Create account' })).toBeVisible();
    if (state.hasTag('step:2')) expect(await screen.findByText('Step 1 of 2')).toBeVisible();
    if (state.hasTag('step:3')) expect(await screen.findByText('Step 2 of 2')).toBeVisible();
    if (state.hasTag('step:4')) expect(await screen.findByText('Verification pending')).toBeVisible();
    if (state.hasTag('busy') && !state.matches('checkingInvitation')) {
      expect(
        screen.getAllByRole('button').some((button) => button.getAttribute('aria-busy') === 'true') ||
          state.matches({ suppliers: 'loadingDealers' }) ||
          state.matches({ masterData: 'loadingDms' }),
      ).toBe(true);
    }
    for (const id of Object.values(state.context.errors)) {
      if (id) expect(await screen.findByText(errorTexts[id] ?? id)).toBeVisible();
    }
    for (const id of Object.values(state.context.tileErrors))
      expect(await screen.findByText(errorTexts[id] ?? id)).toBeVisible();
    if (state.context.suppliersError)
      expect(await screen.findByText(errorTexts[state.context.suppliersError] ?? '')).toBeVisible();
    if (state.hasTag('step:3') && !state.hasTag('busy')) {
      const tile = screen.getByRole('button', { name: 'WM SE' });
      expect(tile).toHaveAttribute('aria-pressed', String(1 in state.context.selected));
    }
    if (state.context.account && !state.matches('closed')) expect(screen.getByText('Account details')).toBeVisible();
    if (state.matches('leftWizard')) await waitFor(() => expect(effects.leave).toHaveBeenCalled());
    if (state.matches('closed')) expect(effects.navigate).toHaveBeenCalledWith('/');
  }
}

for (const mode of ['plain', 'account-creation'] as const) {
  describe(`${mode} mode`, () => {
    const paths = pathsFor(mode);

    test('the traversal reaches every state of this mode', () => {
      const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
      const expected =
        mode === 'plain'
          ? [{ createAccount: 'editing' }, { masterData: 'editing' }, { suppliers: 'choosing' }, 'done', 'closed']
          : [{ createAccount: 'editing' }, { createAccount: 'creating' }, 'leftWizard'];
      for (const state of expected) expect(reached).toContain(JSON.stringify(state));
    });

    test.each(paths.map((path) => [describePath(path.steps), path] as const))(
      '%s',
      async (_name, path) => {
        await replay(path.steps);
      },
      20_000,
    );
  });
}
