import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type {
  CreateWorkshopAccountRequest,
  Invitation,
  ResumeOnboardingRequest,
} from '../../common/contracts/workshop';
import { onboardingWizardMachine } from '../../machines/onboarding-wizard.machine';
import { type CreatedAccount, onboardingWizardAccountMachine } from '../../machines/onboarding-wizard-account.machine';
import { onboardingWizardMasterDataMachine } from '../../machines/onboarding-wizard-master-data.machine';
import { onboardingWizardSuppliersMachine } from '../../machines/onboarding-wizard-suppliers.machine';
import type { SaveDetailsInput, SkipStepInput, WizardDraft } from '../../machines/onboarding-wizard-types';
import { OnboardingWizardView } from '../../src/views/onboarding-wizard/OnboardingWizardView';
import { apiFailure } from '../support/failures';
import { controlledActors, pathCases, type Step as ReplayStep, withoutPrefixPaths } from '../support/path-replay';
import { renderInRouter } from '../support/render-in-router';
import { dmsOptions, invitation, partDealers, resumeAt } from '../support/wizard';

/**
 * Paths from xstate/graph over the parent and over each step's machine, replayed against the
 * rendered wizard with fake effects. The parent's paths treat a step as one event (its child's
 * done event), driven through that step's screen; each step's own paths start with the wizard
 * resumed at that step.
 */
type Step = ReplayStep<{ field?: string; dealerId?: number }>;
type PathStep = { event: unknown; state: { value: unknown; context: unknown; hasTag(tag: string): boolean } };

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
  passwordRequired: 'Password is required',
  onboardingPasswordWrong: 'The password is not correct.',
  onboardingNeedsPassword:
    'This invitation has already been used to create an account. If it is yours, continue with your password.',
  tokenUsed: 'This link has already been used. Please request a new one.',
};

const needsPassword = apiFailure('Continue with your password, please.', 'onboardingNeedsPassword', 'token');
const wrongPassword = apiFailure('The password is not correct.', 'onboardingPasswordWrong', 'password');

/** A step as a path's test name reads it: an actor's outcome as `done:x`/`error:x`, else the event and value. */
const nameOf = (event: Step) =>
  event.type.startsWith('xstate.')
    ? event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')
    : `${event.type}${event.value !== undefined ? `=${event.value}` : ''}`;

function pathsOf(machine: AnyStateMachine, input: unknown, events: Step[], serialize: (snapshot: never) => unknown) {
  return getShortestPaths(machine, {
    input,
    events: events as never,
    serializeState: (snapshot) => JSON.stringify(serialize(snapshot as never)),
  }) as unknown as { steps: PathStep[]; state: PathStep['state'] }[];
}

type SaveResult = { message: string | undefined };

/**
 * The rendered wizard, every request held in flight until the test settles it. Each fake is named
 * by the id its machine invokes it under, so a path's `xstate.done.actor.<id>` settles it; a step's
 * save and skip (one implementation each, invoked by both steps) are told apart the same way.
 */
async function renderWizard() {
  const user = userEvent.setup();
  const { controlled, calls, isActorOutcome, settle } = controlledActors();
  const effects = { navigate: vi.fn(), leave: vi.fn() };
  const notifyFailure = () => {};
  const implementations = {
    actors: {
      checkInvitation: controlled<Invitation, { token: string }>('checkInvitation'),
      readDraft: controlled<WizardDraft | null, { leadId: number }>('readDraft'),
      resumeOnboarding: controlled<Invitation, ResumeOnboardingRequest>('resumeOnboarding'),
      accountStep: onboardingWizardAccountMachine.provide({
        actors: {
          createAccount: controlled<CreatedAccount, CreateWorkshopAccountRequest & Record<string, unknown>>(
            'createAccount',
          ),
        },
        actions: { notifyFailure, saveDraft: () => {} },
      }),
      masterDataStep: onboardingWizardMasterDataMachine.provide({
        actors: {
          loadDms: controlled<typeof dmsOptions, void>('loadDms'),
          saveDetails: controlled<SaveResult, SaveDetailsInput>('saveDms'),
          skipStep: controlled<void, SkipStepInput>('skipMasterData'),
        },
        actions: { notifyFailure, saveDraft: () => {} },
      }),
      suppliersStep: onboardingWizardSuppliersMachine.provide({
        actors: {
          loadPartDealers: controlled<typeof partDealers, void>('loadPartDealers'),
          saveDetails: controlled<SaveResult, SaveDetailsInput>('saveSuppliers'),
          skipStep: controlled<void, SkipStepInput>('skipSuppliers'),
        },
        actions: { notifyFailure, saveDraft: () => {}, showLoader: () => {}, hideLoader: () => {} },
      }),
    },
    actions: {
      navigate: (_: unknown, { to }: { to: string }) => effects.navigate(to),
      leaveAfterAccountCreation: () => effects.leave(),
      notifySuccess: () => {},
      notifyFailure,
      clearDraft: () => {},
    },
  };
  await renderInRouter('/onboarding', () => (
    <OnboardingWizardView implementations={implementations} token={'t'.repeat(40)} loadingLabel="Loading" />
  ));
  /** Answers the request in flight of the actor invoked as `id`. */
  const answer = (id: string, output: unknown) => settle({ type: `xstate.done.actor.${id}` }, output);
  const button = (name: string) => screen.getByRole('button', { name });

  /** The three steps, driven through their screens to their end as a person would. */
  const through = {
    account: async (mode: Invitation['mode']) => {
      await user.type(await screen.findByLabelText('First name *', { selector: 'input' }), 'Max');
      await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Radlager-2026');
      await user.click(button('Create account'));
      await answer('createAccount', created(mode));
    },
    masterData: async () => {
      await answer('loadDms', dmsOptions);
      await user.click(button('Skip and set up later'));
      await answer('skipMasterData', undefined);
    },
    suppliers: async () => {
      await answer('loadPartDealers', partDealers);
      await user.click(button('Skip and set up later'));
      await answer('skipSuppliers', undefined);
    },
  };
  return { user, calls, effects, isActorOutcome, settle, answer, button, through };
}
type Harness = Awaited<ReturnType<typeof renderWizard>>;

/** What every screen shows for a step tag, whoever's path reached it. */
async function expectStepScreen(state: PathStep['state']) {
  if (state.hasTag('step:1')) expect(await screen.findByRole('heading', { name: 'Create account' })).toBeVisible();
  if (state.hasTag('step:2')) expect(await screen.findByText('Step 1 of 2')).toBeVisible();
  if (state.hasTag('step:3')) expect(await screen.findByText('Step 2 of 2')).toBeVisible();
  if (state.hasTag('step:4')) expect(await screen.findByText('Verification pending')).toBeVisible();
}

async function expectErrors(errors: Record<string, string | null | undefined>) {
  for (const id of Object.values(errors)) if (id) expect(await screen.findByText(errorTexts[id] ?? id)).toBeVisible();
}

describe('the wizard: which step, refusal, password offer (parent paths)', () => {
  type ParentContext = {
    account: unknown;
    invitationError: string | null;
    resumePassword: string;
    resumeError: string | null;
    invitation: Invitation | null;
  };
  const parentEvents = (mode: Invitation['mode']): Step[] => [
    { type: 'xstate.done.actor.checkInvitation', output: invitation(mode) },
    ...(mode === 'plain'
      ? [
          { type: 'xstate.done.actor.checkInvitation', output: invitation('plain', resumeAt('master-data')) },
          { type: 'xstate.done.actor.checkInvitation', output: invitation('plain', resumeAt('suppliers')) },
          { type: 'xstate.error.actor.checkInvitation', error: needsPassword },
          {
            type: 'xstate.error.actor.checkInvitation',
            error: apiFailure('Your onboarding is complete.', 'onboardingComplete'),
          },
          {
            type: 'xstate.error.actor.checkInvitation',
            error: apiFailure('This link has already been used.', 'tokenUsed'),
          },
          { type: 'resume.passwordChange', value: 'Radlager-2026' },
          { type: 'resume.submit' },
          { type: 'xstate.done.actor.resumeOnboarding', output: invitation('plain', resumeAt('suppliers')) },
          { type: 'xstate.error.actor.resumeOnboarding', error: wrongPassword },
          {
            type: 'xstate.error.actor.resumeOnboarding',
            error: apiFailure('Your onboarding is complete.', 'onboardingComplete'),
          },
          {
            type: 'xstate.error.actor.resumeOnboarding',
            error: apiFailure('This link has already been used.', 'tokenUsed'),
          },
        ]
      : []),
    { type: 'xstate.done.actor.readDraft', output: null },
    { type: 'xstate.done.actor.account', output: { created: created(mode), lastName: '' } },
    { type: 'xstate.done.actor.masterData' },
    { type: 'xstate.done.actor.suppliers' },
    { type: 'wizard.close' },
  ];

  async function replayParent(mode: Invitation['mode'], steps: readonly PathStep[]) {
    const harness = await renderWizard();
    const { user, isActorOutcome, settle, button, through, effects } = harness;
    for (const { event: raw, state } of steps) {
      const event = raw as Step;
      const context = state.context as ParentContext;
      switch (event.type) {
        case 'resume.passwordChange':
          await user.type(screen.getByLabelText('Your password', { selector: 'input' }), event.value ?? '');
          break;
        case 'resume.submit':
          await user.click(button('Continue with your password'));
          break;
        // A step (a child machine) ends as a person drives it through its screen.
        case 'xstate.done.actor.account':
          await through.account(mode);
          break;
        case 'xstate.done.actor.masterData':
          await through.masterData();
          break;
        case 'xstate.done.actor.suppliers':
          await through.suppliers();
          break;
        case 'wizard.close':
          await user.click(button('Close'));
          break;
        default:
          if (isActorOutcome(event)) await settle(event);
          break;
      }

      await expectStepScreen(state);
      if (state.hasTag('invitationRejected')) {
        expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
        if (context.invitationError) await expectErrors({ invitation: context.invitationError });
      }
      if (state.hasTag('passwordOffer')) {
        expect(screen.getByLabelText('Your password', { selector: 'input' })).toHaveValue(context.resumePassword);
        if (context.resumeError) await expectErrors({ password: context.resumeError });
      } else {
        expect(screen.queryByRole('button', { name: 'Continue with your password' })).toBeNull();
      }
      const atStep = ['step:1', 'step:2', 'step:3', 'step:4'].some((tag) => state.hasTag(tag));
      if (context.account && atStep) expect(screen.getByText('Account details')).toBeVisible();
      if (state.value === 'leftWizard') await waitFor(() => expect(effects.leave).toHaveBeenCalled());
      if (state.value === 'closed') expect(effects.navigate).toHaveBeenCalledWith('/');
    }
  }

  for (const mode of ['plain', 'account-creation'] as const) {
    describe(`${mode} mode`, () => {
      const paths = pathsOf(
        onboardingWizardMachine,
        { token: 't'.repeat(40) },
        parentEvents(mode),
        (snapshot: { value: unknown; context: ParentContext }) => ({
          value: snapshot.value,
          step: snapshot.context.invitation?.resume?.next_step ?? null,
          password: snapshot.context.resumePassword,
          error: snapshot.context.resumeError,
          account: snapshot.context.account !== null,
        }),
      );

      test('the traversal reaches every state of this mode', () => {
        const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
        const expected =
          mode === 'plain'
            ? ['account', 'masterData', 'suppliers', 'done', 'closed', 'passwordOffered', 'invitationRejected']
            : ['account', 'leftWizard'];
        for (const state of expected) expect(reached).toContain(JSON.stringify(state));
      });

      test.each(pathCases(withoutPrefixPaths(paths), nameOf))(
        '%s',
        async (_name, path) => {
          await replayParent(mode, path.steps);
        },
        20_000,
      );
    });
  }
});

/** Opens the wizard resumed at a step (or fresh at step 1); each step's own paths start there. */
async function openedAt(harness: Harness, resume: 'master-data' | 'suppliers' | null) {
  await harness.answer('checkInvitation', invitation('plain', resume ? resumeAt(resume) : null));
  await harness.answer('readDraft', null);
}

describe('step 1: account (its own paths)', () => {
  type AccountContext = { errors: Record<string, string | undefined> };
  const paths = pathsOf(
    onboardingWizardAccountMachine,
    { token: 't'.repeat(40), invitation: invitation('plain'), draft: null },
    [
      { type: 'account.change', field: 'firstName', value: 'Max' },
      { type: 'account.change', field: 'password', value: 'kurz' },
      { type: 'account.change', field: 'password', value: 'Radlager-2026' },
      { type: 'account.submit' },
      { type: 'xstate.done.actor.createAccount', output: created('plain') },
      {
        type: 'xstate.error.actor.createAccount',
        error: apiFailure('An account with this e-mail address already exists.', 'accountExists'),
      },
    ],
    (snapshot: { value: unknown; context: AccountContext & { form: unknown } }) => ({
      value: snapshot.value,
      errors: snapshot.context.errors,
      form: snapshot.context.form,
    }),
  );

  test('the traversal reaches every state of the step', () => {
    const reached = new Set(paths.map((path) => path.state.value));
    for (const state of ['editing', 'creating', 'created']) expect(reached).toContain(state);
  });

  test.each(pathCases(withoutPrefixPaths(paths), nameOf))(
    '%s',
    async (_name, path) => {
      const harness = await renderWizard();
      await openedAt(harness, null);
      const { user, isActorOutcome, settle, button } = harness;
      for (const { event: raw, state } of path.steps) {
        const event = raw as Step;
        switch (event.type) {
          case 'account.change': {
            const field = await screen.findByLabelText(event.field === 'firstName' ? 'First name *' : 'Password', {
              selector: 'input',
            });
            await user.clear(field);
            await user.type(field, event.value ?? '');
            break;
          }
          case 'account.submit':
            await user.click(button('Create account'));
            break;
          default:
            if (isActorOutcome(event)) await settle(event);
            break;
        }
        if (state.value === 'created') {
          // The parent takes over: step 2 with the account details.
          expect(await screen.findByText('Step 1 of 2')).toBeVisible();
          expect(screen.getByText('Account details')).toBeVisible();
          continue;
        }
        expect(await screen.findByRole('heading', { name: 'Create account' })).toBeVisible();
        await expectErrors((state.context as AccountContext).errors);
        if (state.hasTag('busy')) expect(button('Creating account…')).toHaveAttribute('aria-busy', 'true');
      }
    },
    20_000,
  );
});

describe('step 2: master data (its own paths)', () => {
  type MasterDataContext = { errors: Record<string, string | undefined>; form: { dmsId: string } };
  const paths = pathsOf(
    onboardingWizardMasterDataMachine,
    { leadId: 7, workshopId: 11, saved: null, draft: null },
    [
      { type: 'xstate.done.actor.loadDms', output: dmsOptions },
      { type: 'dms.select', value: '1' },
      { type: 'dmsAccount.change', value: 'K-1' },
      { type: 'step.next' },
      { type: 'step.skip' },
      { type: 'xstate.done.actor.saveDms', output: { message: undefined } },
      { type: 'xstate.error.actor.saveDms', error: apiFailure('No connection to the server.', 'networkError') },
      { type: 'xstate.done.actor.skipMasterData' },
    ],
    (snapshot: { value: unknown; context: MasterDataContext & { dmsOptions: unknown[] } }) => ({
      value: snapshot.value,
      errors: snapshot.context.errors,
      form: snapshot.context.form,
      loaded: snapshot.context.dmsOptions.length,
    }),
  );

  test('the traversal reaches every state of the step', () => {
    const reached = new Set(paths.map((path) => path.state.value));
    for (const state of ['loadingDms', 'editing', 'saving', 'skipping', 'finished']) expect(reached).toContain(state);
  });

  test.each(pathCases(withoutPrefixPaths(paths), nameOf))(
    '%s',
    async (_name, path) => {
      const harness = await renderWizard();
      await openedAt(harness, 'master-data');
      const { user, calls, isActorOutcome, settle, button } = harness;
      for (const { event: raw, state } of path.steps) {
        const event = raw as Step;
        switch (event.type) {
          case 'dms.select':
            await user.selectOptions(screen.getByLabelText('DMS software'), event.value ?? '');
            break;
          case 'dmsAccount.change':
            await user.type(screen.getByLabelText('Customer DMS reference number'), event.value ?? '');
            break;
          case 'step.next':
            await user.click(button('Next'));
            break;
          case 'step.skip':
            await user.click(button('Skip and set up later'));
            break;
          default:
            if (isActorOutcome(event)) await settle(event);
            break;
        }
        if (state.value === 'finished') {
          expect(await screen.findByText('Step 2 of 2')).toBeVisible();
          continue;
        }
        expect(await screen.findByText('Step 1 of 2')).toBeVisible();
        const context = state.context as MasterDataContext;
        await expectErrors(context.errors);
        if (state.value !== 'loadingDms') expect(screen.getByLabelText('DMS software')).toHaveValue(context.form.dmsId);
        if (state.value === 'saving') {
          expect(calls.saveDms?.at(-1)).toMatchObject({ leadId: 7, workshopId: 11 });
          expect(button('Saving…')).toHaveAttribute('aria-busy', 'true');
        }
        if (state.value === 'skipping') expect(calls.skipMasterData?.at(-1)).toMatchObject({ step: 'master-data' });
      }
    },
    20_000,
  );
});

describe('step 3: part suppliers (its own paths)', () => {
  type SuppliersContext = {
    selected: Record<number, string>;
    tileErrors: Record<number, string>;
    suppliersError: string | null;
  };
  const paths = pathsOf(
    onboardingWizardSuppliersMachine,
    { leadId: 7, workshopId: 11, firstName: 'Max', saved: null, draft: null },
    [
      { type: 'xstate.done.actor.loadPartDealers', output: partDealers },
      { type: 'tile.toggle', dealerId: 1 },
      { type: 'customerNo.change', dealerId: 1, value: '123' },
      { type: 'step.next' },
      { type: 'step.skip' },
      { type: 'xstate.done.actor.saveSuppliers', output: { message: undefined } },
      { type: 'xstate.error.actor.saveSuppliers', error: apiFailure('No connection to the server.', 'networkError') },
      { type: 'xstate.done.actor.skipSuppliers' },
    ],
    (snapshot: { value: unknown; context: SuppliersContext & { partDealers: unknown[] } }) => ({
      value: snapshot.value,
      selected: snapshot.context.selected,
      tileErrors: snapshot.context.tileErrors,
      suppliersError: snapshot.context.suppliersError,
      loaded: snapshot.context.partDealers.length,
    }),
  );

  test('the traversal reaches every state of the step', () => {
    const reached = new Set(paths.map((path) => path.state.value));
    for (const state of ['loadingDealers', 'choosing', 'saving', 'skipping', 'finished']) {
      expect(reached).toContain(state);
    }
  });

  test.each(pathCases(withoutPrefixPaths(paths), nameOf))(
    '%s',
    async (_name, path) => {
      const harness = await renderWizard();
      await openedAt(harness, 'suppliers');
      const { user, isActorOutcome, settle, button } = harness;
      for (const { event: raw, state } of path.steps) {
        const event = raw as Step;
        switch (event.type) {
          case 'tile.toggle':
            await user.click(button('WM SE'));
            break;
          case 'customerNo.change': {
            const input = screen.getByLabelText('Customer number at WM SE');
            await user.clear(input);
            if (event.value) await user.type(input, event.value);
            break;
          }
          case 'step.next':
            await user.click(button('Continue'));
            break;
          case 'step.skip':
            await user.click(button('Skip and set up later'));
            break;
          default:
            if (isActorOutcome(event)) await settle(event);
            break;
        }
        if (state.value === 'finished') {
          expect(await screen.findByText('Verification pending')).toBeVisible();
          continue;
        }
        expect(await screen.findByText('Step 2 of 2')).toBeVisible();
        const context = state.context as SuppliersContext;
        await expectErrors({ ...context.tileErrors, list: context.suppliersError });
        if (state.value === 'choosing') {
          expect(button('WM SE')).toHaveAttribute('aria-pressed', String(1 in context.selected));
        }
        if (state.value === 'saving' || state.value === 'skipping') {
          expect(button('Skip and set up later')).toBeDisabled();
        }
      }
    },
    20_000,
  );
});
