import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import type { MessageId } from '../../../common/contracts/message-ids';
import type {
  CreateWorkshopAccountRequest,
  Invitation,
  ResumeOnboardingRequest,
} from '../../../common/contracts/workshop';
import { onboardingWizardMachine } from '../../../machines/onboarding-wizard.machine';
import {
  type AccountField,
  type CreatedAccount,
  onboardingWizardAccountMachine,
} from '../../../machines/onboarding-wizard-account.machine';
import { onboardingWizardMasterDataMachine } from '../../../machines/onboarding-wizard-master-data.machine';
import { onboardingWizardSuppliersMachine } from '../../../machines/onboarding-wizard-suppliers.machine';
import type {
  SaveDetailsInput,
  SkipStepInput,
  SupplierRow,
  SupplierRowErrors,
  WizardDraft,
} from '../../../machines/onboarding-wizard-types';
import type { WorkshopApi } from '../../api/workshop-api';
import { inspectionOptions } from '../../app/inspection';
import { isExternalUrl } from '../../app/navigation';
import { notify } from '../notifications/notify';
import { hideLoader, showLoader } from '../notifications/window-events';
import { clearWizardDraft, readWizardDraft, writeWizardDraft } from './wizard-draft';

type Implementations = Parameters<typeof onboardingWizardMachine.provide>[0];

/** The real effects of the wizard and its three steps: the workshop API, notices, navigation and the tab's draft. */
export function createOnboardingWizardImplementations(deps: {
  workshopApi: WorkshopApi;
  navigate: (to: AppPath) => void;
  /** The configured page after account-creation mode: a path of this app or another site. */
  openConfiguredUrl: (url: string) => void;
  redirectAfterAccountCreation: string;
  /** sessionStorage: a draft lives as long as the tab, so a reload or language switch keeps it. */
  storage: Storage;
}): Implementations {
  const notifyFailure = (_: unknown, { message }: { message: string }) => notify.failure(message);
  const saveDraft =
    <TSection extends keyof WizardDraft>(section: TSection) =>
    (_: unknown, { leadId, draft }: { leadId: number; draft: NonNullable<WizardDraft[TSection]> }) =>
      writeWizardDraft(deps.storage, leadId, { [section]: draft });
  const saveDetails = fromPromise(({ input }: { input: SaveDetailsInput }) =>
    deps.workshopApi.saveDetails(input.leadId, input.workshopId, input.details),
  );
  const skipStep = fromPromise(({ input }: { input: SkipStepInput }) =>
    deps.workshopApi.skipStep(input.leadId, input.workshopId, input.step),
  );
  return {
    actors: {
      checkInvitation: fromPromise(({ input }: { input: { token: string } }) =>
        deps.workshopApi.checkInvitation(input.token),
      ),
      resumeOnboarding: fromPromise<Invitation, ResumeOnboardingRequest>(({ input }) =>
        deps.workshopApi.resumeOnboarding(input),
      ),
      readDraft: fromPromise(async ({ input }: { input: { leadId: number } }) =>
        readWizardDraft(deps.storage, input.leadId),
      ),
      accountStep: onboardingWizardAccountMachine.provide({
        actors: {
          createAccount: fromPromise<CreatedAccount, CreateWorkshopAccountRequest & Record<string, unknown>>(
            ({ input }) => deps.workshopApi.createAccount(input),
          ),
        },
        actions: { notifyFailure, saveDraft: saveDraft('account') },
      }),
      masterDataStep: onboardingWizardMasterDataMachine.provide({
        actors: { loadDms: fromPromise(() => deps.workshopApi.listDms()), saveDetails, skipStep },
        actions: { notifyFailure, saveDraft: saveDraft('masterData') },
      }),
      suppliersStep: onboardingWizardSuppliersMachine.provide({
        actors: { loadPartDealers: fromPromise(() => deps.workshopApi.listPartDealers()), saveDetails, skipStep },
        actions: {
          notifyFailure,
          saveDraft: saveDraft('suppliers'),
          showLoader: () => showLoader(),
          hideLoader: () => hideLoader(),
        },
      }),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure,
      navigate: (_, { to }) => deps.navigate(to),
      leaveAfterAccountCreation: () =>
        isExternalUrl(deps.redirectAfterAccountCreation)
          ? window.location.assign(deps.redirectAfterAccountCreation)
          : deps.openConfiguredUrl(deps.redirectAfterAccountCreation),
      clearDraft: (_, { leadId }) => clearWizardDraft(deps.storage, leadId),
    },
  };
}

// Stable empty values while a step's actor is not running (a fresh object would re-render forever).
const noAccountErrors: Partial<Record<AccountField, MessageId>> = {};
const noDmsErrors: Partial<Record<'dmsId' | 'dmsAccountId', MessageId>> = {};
const noSelection: Record<number, string> = {};
const noTileErrors: Record<number, MessageId> = {};
const noRowErrors: Record<number, SupplierRowErrors> = {};
const noOptions: never[] = [];

/** Step 1's values and intents, from the account step's own actor. */
function useAccountStep(step: ActorRefFrom<typeof onboardingWizardAccountMachine> | undefined) {
  return {
    email: useSelector(step, (snapshot) => snapshot?.context.invitation.email ?? ''),
    firstName: useSelector(step, (snapshot) => snapshot?.context.form.firstName ?? ''),
    lastName: useSelector(step, (snapshot) => snapshot?.context.form.lastName ?? ''),
    password: useSelector(step, (snapshot) => snapshot?.context.form.password ?? ''),
    errors: useSelector(step, (snapshot) => snapshot?.context.errors ?? noAccountErrors),
    busy: useSelector(step, (snapshot) => snapshot?.hasTag('busy') ?? false),
    change: (field: AccountField, value: string) => step?.send({ type: 'account.change', field, value }),
    submit: () => step?.send({ type: 'account.submit' }),
  };
}

/** Step 2's values and intents. */
function useMasterDataStep(step: ActorRefFrom<typeof onboardingWizardMasterDataMachine> | undefined) {
  return {
    dmsId: useSelector(step, (snapshot) => snapshot?.context.form.dmsId ?? ''),
    dmsAccountId: useSelector(step, (snapshot) => snapshot?.context.form.dmsAccountId ?? ''),
    errors: useSelector(step, (snapshot) => snapshot?.context.errors ?? noDmsErrors),
    dmsOptions: useSelector(step, (snapshot) => snapshot?.context.dmsOptions ?? noOptions),
    busy: useSelector(step, (snapshot) => snapshot?.hasTag('busy') ?? false),
    selectDms: (value: string) => step?.send({ type: 'dms.select', value }),
    changeDmsAccount: (value: string) => step?.send({ type: 'dmsAccount.change', value }),
    next: () => step?.send({ type: 'step.next' }),
    skip: () => step?.send({ type: 'step.skip' }),
  };
}

/** Step 3's values and intents. */
function useSuppliersStep(step: ActorRefFrom<typeof onboardingWizardSuppliersMachine> | undefined) {
  return {
    partDealers: useSelector(step, (snapshot) => snapshot?.context.partDealers ?? noOptions),
    selected: useSelector(step, (snapshot) => snapshot?.context.selected ?? noSelection),
    tileErrors: useSelector(step, (snapshot) => snapshot?.context.tileErrors ?? noTileErrors),
    additionalRows: useSelector(step, (snapshot) => snapshot?.context.additionalRows ?? noOptions),
    rowErrors: useSelector(step, (snapshot) => snapshot?.context.rowErrors ?? noRowErrors),
    additionalTiles: useSelector(step, (snapshot) => snapshot?.context.additionalTiles ?? noOptions),
    addMoreOpen: useSelector(step, (snapshot) => snapshot?.context.addMoreOpen ?? false),
    suppliersError: useSelector(step, (snapshot) => snapshot?.context.suppliersError ?? null),
    canRemoveRow: useSelector(step, (snapshot) => snapshot?.can({ type: 'row.remove', index: 0 }) ?? false),
    busy: useSelector(step, (snapshot) => snapshot?.hasTag('busy') ?? false),
    toggleTile: (dealerId: number) => step?.send({ type: 'tile.toggle', dealerId }),
    changeCustomerNo: (dealerId: number, value: string) => step?.send({ type: 'customerNo.change', dealerId, value }),
    toggleAddMore: () => step?.send({ type: 'addMore.toggle' }),
    changeRow: (index: number, field: keyof SupplierRow, value: string) =>
      step?.send({ type: 'row.change', index, field, value }),
    addRow: () => step?.send({ type: 'row.add' }),
    removeRow: (index: number) => step?.send({ type: 'row.remove', index }),
    discardRows: () => step?.send({ type: 'addMore.discard' }),
    applyRows: () => step?.send({ type: 'addMore.apply' }),
    next: () => step?.send({ type: 'step.next' }),
    skip: () => step?.send({ type: 'step.skip' }),
  };
}

export function useOnboardingWizard(implementations: Implementations, token: string | null) {
  const [machine] = useState(() => onboardingWizardMachine.provide(implementations));
  const wizard = useActorRef(machine, { input: { token }, ...inspectionOptions() });
  const step = useSelector(wizard, (snapshot): 1 | 2 | 3 | 4 | null =>
    snapshot.hasTag('step:1')
      ? 1
      : snapshot.hasTag('step:2')
        ? 2
        : snapshot.hasTag('step:3')
          ? 3
          : snapshot.hasTag('step:4')
            ? 4
            : null,
  );
  return {
    step,
    checking: useSelector(wizard, (snapshot) => snapshot.hasTag('loading')),
    rejected: useSelector(wizard, (snapshot) => snapshot.hasTag('invitationRejected')),
    invitationError: useSelector(wizard, (snapshot) => snapshot.context.invitationError),
    passwordOffered: useSelector(wizard, (snapshot) => snapshot.hasTag('passwordOffer')),
    resumePassword: useSelector(wizard, (snapshot) => snapshot.context.resumePassword),
    resumeError: useSelector(wizard, (snapshot) => snapshot.context.resumeError),
    resuming: useSelector(wizard, (snapshot) => snapshot.hasTag('passwordOffer') && snapshot.hasTag('busy')),
    workshopAccountName: useSelector(wizard, (snapshot) => snapshot.context.invitation?.workshop_account_name ?? ''),
    account: useSelector(wizard, (snapshot) => snapshot.context.account),
    changeResumePassword: (value: string) => wizard.send({ type: 'resume.passwordChange', value }),
    resume: () => wizard.send({ type: 'resume.submit' }),
    close: () => wizard.send({ type: 'wizard.close' }),
    accountStep: useAccountStep(useSelector(wizard, (snapshot) => snapshot.children.account)),
    masterDataStep: useMasterDataStep(useSelector(wizard, (snapshot) => snapshot.children.masterData)),
    suppliersStep: useSuppliersStep(useSelector(wizard, (snapshot) => snapshot.children.suppliers)),
  };
}

export type OnboardingWizard = ReturnType<typeof useOnboardingWizard>;
