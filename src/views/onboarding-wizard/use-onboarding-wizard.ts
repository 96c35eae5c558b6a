import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import type { CreateWorkshopAccountRequest, WorkshopDetailsRequest } from '../../../common/contracts/workshop';
import {
  type AccountField,
  type CreatedAccount,
  onboardingWizardMachine,
  type SupplierRow,
} from '../../../machines/onboarding-wizard.machine';
import type { WorkshopApi } from '../../api/workshop-api';
import { inspectionOptions } from '../../app/inspection';
import { isExternalUrl } from '../../app/navigation';
import { notify } from '../notifications/notify';
import { hideLoader, showLoader } from '../notifications/window-events';

type Implementations = Parameters<typeof onboardingWizardMachine.provide>[0];

export function createOnboardingWizardImplementations(deps: {
  workshopApi: WorkshopApi;
  navigate: (to: AppPath) => void;
  /** The configured page after account-creation mode: a path of this app or another site. */
  openConfiguredUrl: (url: string) => void;
  redirectAfterAccountCreation: string;
}): Implementations {
  return {
    actors: {
      checkInvitation: fromPromise(({ input }: { input: { token: string } }) =>
        deps.workshopApi.checkInvitation(input.token),
      ),
      createAccount: fromPromise<CreatedAccount, CreateWorkshopAccountRequest & Record<string, unknown>>(({ input }) =>
        deps.workshopApi.createAccount(input),
      ),
      loadDms: fromPromise(() => deps.workshopApi.listDms()),
      loadPartDealers: fromPromise(() => deps.workshopApi.listPartDealers()),
      saveDetails: fromPromise(
        ({ input }: { input: { leadId: number; workshopId: number; details: WorkshopDetailsRequest } }) =>
          deps.workshopApi.saveDetails(input.leadId, input.workshopId, input.details),
      ),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
      navigate: (_, { to }) => deps.navigate(to),
      leaveAfterAccountCreation: () =>
        isExternalUrl(deps.redirectAfterAccountCreation)
          ? window.location.assign(deps.redirectAfterAccountCreation)
          : deps.openConfiguredUrl(deps.redirectAfterAccountCreation),
      showLoader: () => showLoader(),
      hideLoader: () => hideLoader(),
    },
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
    checking: useSelector(wizard, (snapshot) => snapshot.matches('checkingInvitation')),
    rejected: useSelector(wizard, (snapshot) => snapshot.hasTag('invitationRejected')),
    invitationError: useSelector(wizard, (snapshot) => snapshot.context.invitationError),
    busy: useSelector(wizard, (snapshot) => snapshot.hasTag('busy')),
    form: useSelector(wizard, (snapshot) => snapshot.context.form),
    errors: useSelector(wizard, (snapshot) => snapshot.context.errors),
    account: useSelector(wizard, (snapshot) => snapshot.context.account),
    dmsOptions: useSelector(wizard, (snapshot) => snapshot.context.dmsOptions),
    partDealers: useSelector(wizard, (snapshot) => snapshot.context.partDealers),
    selected: useSelector(wizard, (snapshot) => snapshot.context.selected),
    tileErrors: useSelector(wizard, (snapshot) => snapshot.context.tileErrors),
    additionalRows: useSelector(wizard, (snapshot) => snapshot.context.additionalRows),
    additionalTiles: useSelector(wizard, (snapshot) => snapshot.context.additionalTiles),
    addMoreOpen: useSelector(wizard, (snapshot) => snapshot.context.addMoreOpen),
    suppliersError: useSelector(wizard, (snapshot) => snapshot.context.suppliersError),
    canRemoveRow: useSelector(wizard, (snapshot) => snapshot.can({ type: 'row.remove', index: 0 })),
    changeAccount: (field: AccountField, value: string) => wizard.send({ type: 'account.change', field, value }),
    createAccount: () => wizard.send({ type: 'account.submit' }),
    selectDms: (value: string) => wizard.send({ type: 'dms.select', value }),
    changeDmsAccount: (value: string) => wizard.send({ type: 'dmsAccount.change', value }),
    next: () => wizard.send({ type: 'step.next' }),
    skip: () => wizard.send({ type: 'step.skip' }),
    toggleTile: (dealerId: number) => wizard.send({ type: 'tile.toggle', dealerId }),
    changeCustomerNo: (dealerId: number, value: string) => wizard.send({ type: 'customerNo.change', dealerId, value }),
    toggleAddMore: () => wizard.send({ type: 'addMore.toggle' }),
    changeRow: (index: number, field: keyof SupplierRow, value: string) =>
      wizard.send({ type: 'row.change', index, field, value }),
    addRow: () => wizard.send({ type: 'row.add' }),
    removeRow: (index: number) => wizard.send({ type: 'row.remove', index }),
    discardRows: () => wizard.send({ type: 'addMore.discard' }),
    applyRows: () => wizard.send({ type: 'addMore.apply' }),
    close: () => wizard.send({ type: 'wizard.close' }),
  };
}

export type OnboardingWizard = ReturnType<typeof useOnboardingWizard>;
