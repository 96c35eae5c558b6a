import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type {
  DmsOption,
  Invitation,
  OnboardingResume,
  PartDealerOption,
  ResumeOnboardingRequest,
} from '../../common/contracts/workshop';
import { onboardingWizardMachine } from '../../machines/onboarding-wizard.machine';
import { type CreatedAccount, onboardingWizardAccountMachine } from '../../machines/onboarding-wizard-account.machine';
import { onboardingWizardMasterDataMachine } from '../../machines/onboarding-wizard-master-data.machine';
import { onboardingWizardSuppliersMachine } from '../../machines/onboarding-wizard-suppliers.machine';
import type {
  MasterDataDraft,
  SaveDetailsInput,
  SkipStepInput,
  SuppliersDraft,
  WizardDraft,
} from '../../machines/onboarding-wizard-types';

export const dmsOptions: DmsOption[] = [
  { id: 1, name: 'WERBAS' },
  { id: 9999, name: 'Anderes' },
];
export const partDealers: PartDealerOption[] = [
  { id: 1, name: 'WM SE', logo_url: null },
  { id: 2, name: 'Stahlgruber', logo_url: null },
  { id: 3, name: 'Matthies', logo_url: null },
];
export const invitation = (mode: Invitation['mode'], resume: OnboardingResume | null = null): Invitation => ({
  email: 'max@werkstatt.de',
  workshop_account_name: 'Werkstatt Müller',
  lead_id: 7,
  mode,
  resume,
});

/** What the server sends back to a browser that continues at `nextStep`, with what was saved so far. */
export const resumeAt = (
  nextStep: OnboardingResume['next_step'],
  saved: Partial<OnboardingResume> = {},
): OnboardingResume => ({
  next_step: nextStep,
  user_id: 42,
  first_name: 'Max',
  last_name: 'Müller',
  workshop_id: 11,
  dms: null,
  suppliers: [],
  additional_suppliers: [],
  ...saved,
});

/** A refusal as the API client throws it (message already translated, id from the server). */
export const refusal = (messageId: string, message = messageId) =>
  Object.assign(new Error(message), { messageId, field: messageId === 'onboardingPasswordWrong' ? 'password' : null });

type FakeOptions = {
  failSave?: boolean;
  /** What the first invitation check answers; a plain fresh invitation by default. */
  check?: () => Promise<Invitation>;
  resume?: (request: ResumeOnboardingRequest) => Promise<Invitation>;
  draft?: WizardDraft | null;
};

/** Fake effects that answer at once; each call is recorded. */
export function wizardFakes(mode: Invitation['mode'] = 'plain', options: FakeOptions = {}) {
  const effects = {
    createAccount: vi.fn(
      async (input: Record<string, unknown>): Promise<CreatedAccount> => ({
        user_id: 42,
        first_name: String(input.first_name),
        email: 'max@werkstatt.de',
        workshop: mode === 'plain' ? { id: 11 } : null,
        message: 'Ihr Konto wurde angelegt.',
      }),
    ),
    saveDetails: vi.fn(async (_input: SaveDetailsInput): Promise<{ message: string | undefined }> => {
      if (options.failSave) throw refusal('networkError', 'Keine Verbindung zum Server');
      return { message: 'Gespeichert' };
    }),
    skipStep: vi.fn(async (_input: SkipStepInput) => {}),
    resumeOnboarding: vi.fn(options.resume ?? (async () => invitation(mode, resumeAt('master-data')))),
    navigate: vi.fn(),
    leave: vi.fn(),
    notifyFailure: vi.fn(),
    drafts: [] as { leadId: number; section: WizardDraft }[],
    clearedDrafts: [] as number[],
    loader: [] as string[],
  };
  const notifyFailure = (_: unknown, { message }: { message: string }) => effects.notifyFailure(message);
  const record =
    <TSection extends keyof WizardDraft>(section: TSection) =>
    (_: unknown, { leadId, draft }: { leadId: number; draft: NonNullable<WizardDraft[TSection]> }) =>
      void effects.drafts.push({ leadId, section: { [section]: draft } });
  const saveDetails = fromPromise(({ input }: { input: SaveDetailsInput }) => effects.saveDetails(input));
  const skipStep = fromPromise(({ input }: { input: SkipStepInput }) => effects.skipStep(input));
  const steps = {
    account: onboardingWizardAccountMachine.provide({
      actors: { createAccount: fromPromise(({ input }) => effects.createAccount(input)) },
      actions: { notifyFailure, saveDraft: record('account') },
    }),
    masterData: onboardingWizardMasterDataMachine.provide({
      actors: { loadDms: fromPromise(async () => dmsOptions), saveDetails, skipStep },
      actions: { notifyFailure, saveDraft: record('masterData') },
    }),
    suppliers: onboardingWizardSuppliersMachine.provide({
      actors: { loadPartDealers: fromPromise(async () => partDealers), saveDetails, skipStep },
      actions: {
        notifyFailure,
        saveDraft: record('suppliers'),
        showLoader: () => void effects.loader.push('show'),
        hideLoader: () => void effects.loader.push('hide'),
      },
    }),
  };
  const wizard = onboardingWizardMachine.provide({
    actors: {
      checkInvitation: fromPromise(options.check ?? (async () => invitation(mode))),
      resumeOnboarding: fromPromise(({ input }) => effects.resumeOnboarding(input)),
      readDraft: fromPromise(async () => options.draft ?? null),
      accountStep: steps.account,
      masterDataStep: steps.masterData,
      suppliersStep: steps.suppliers,
    },
    actions: {
      navigate: (_, { to }) => effects.navigate(to),
      leaveAfterAccountCreation: () => effects.leave(),
      notifyFailure,
      notifySuccess: () => {},
      clearDraft: (_, { leadId }) => void effects.clearedDrafts.push(leadId),
    },
  });
  return { wizard, steps, effects };
}

/** The whole wizard with fake effects, started. */
export function startWizard(mode: Invitation['mode'] = 'plain', options: FakeOptions & { token?: string | null } = {}) {
  const { wizard, effects } = wizardFakes(mode, options);
  const actor = createActor(wizard, {
    input: { token: options.token === undefined ? 't'.repeat(40) : options.token },
  }).start();
  return { actor, effects };
}

/** Step 1 on its own, for a fresh invitation. */
export function startAccountStep(mode: Invitation['mode'] = 'plain', draft: WizardDraft['account'] | null = null) {
  const { steps, effects } = wizardFakes(mode);
  const actor = createActor(steps.account, {
    input: { token: 't'.repeat(40), invitation: invitation(mode), draft },
  }).start();
  return { actor, effects };
}

/** Step 2 on its own, for lead 7 and workshop 11. */
export function startMasterDataStep(
  options: { failSave?: boolean; saved?: MasterDataDraft | null; draft?: MasterDataDraft | null } = {},
) {
  const { steps, effects } = wizardFakes('plain', { failSave: options.failSave });
  const actor = createActor(steps.masterData, {
    input: { leadId: 7, workshopId: 11, saved: options.saved ?? null, draft: options.draft ?? null },
  }).start();
  return { actor, effects };
}

/** Step 3 on its own, for lead 7 and workshop 11. */
export function startSuppliersStep(
  options: { failSave?: boolean; saved?: SuppliersDraft | null; draft?: SuppliersDraft | null } = {},
) {
  const { steps, effects } = wizardFakes('plain', { failSave: options.failSave });
  const actor = createActor(steps.suppliers, {
    input: {
      leadId: 7,
      workshopId: 11,
      firstName: 'Max',
      saved: options.saved ?? null,
      draft: options.draft ?? null,
    },
  }).start();
  return { actor, effects };
}
