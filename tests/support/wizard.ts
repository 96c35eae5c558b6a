import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DmsOption, Invitation, PartDealerOption, WorkshopDetailsRequest } from '../../common/contracts/workshop';
import { type CreatedAccount, onboardingWizardMachine } from '../../machines/onboarding-wizard.machine';

export const dmsOptions: DmsOption[] = [
  { id: 1, name: 'WERBAS' },
  { id: 9999, name: 'Anderes' },
];
export const partDealers: PartDealerOption[] = [
  { id: 1, name: 'WM SE', logo_url: null },
  { id: 2, name: 'Stahlgruber', logo_url: null },
  { id: 3, name: 'Matthies', logo_url: null },
];
export const invitation = (mode: Invitation['mode']): Invitation => ({
  email: 'max@werkstatt.de',
  workshop_account_name: 'Werkstatt Müller',
  lead_id: 7,
  mode,
});

/** The wizard with fake effects that answer at once; each call is recorded. */
export function startWizard(
  mode: Invitation['mode'] = 'plain',
  options: { token?: string | null; failSave?: boolean } = {},
) {
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
    saveDetails: vi.fn(async (_input: { leadId: number; workshopId: number; details: WorkshopDetailsRequest }) => {
      if (options.failSave)
        throw Object.assign(new Error('Speichern fehlgeschlagen'), { messageId: 'serverError', field: null });
      return { message: 'Gespeichert' };
    }),
    navigate: vi.fn(),
    leave: vi.fn(),
    notifyFailure: vi.fn(),
    loader: [] as string[],
  };
  const actor = createActor(
    onboardingWizardMachine.provide({
      actors: {
        checkInvitation: fromPromise(async () => invitation(mode)),
        createAccount: fromPromise(({ input }) => effects.createAccount(input)),
        loadDms: fromPromise(async () => dmsOptions),
        loadPartDealers: fromPromise(async () => partDealers),
        saveDetails: fromPromise(({ input }) => effects.saveDetails(input)),
      },
      actions: {
        navigate: (_, { to }) => effects.navigate(to),
        leaveAfterAccountCreation: () => effects.leave(),
        notifyFailure: (_, { message }) => effects.notifyFailure(message),
        notifySuccess: () => {},
        showLoader: () => void effects.loader.push('show'),
        hideLoader: () => void effects.loader.push('hide'),
      },
    }),
    { input: { token: options.token === undefined ? 't'.repeat(40) : options.token } },
  ).start();
  return { actor, effects };
}
