import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import type { DealerOnboardingRequest } from '../../../common/contracts/dealer';
import {
  type DealerDraft,
  type DealerField,
  dealerPayload,
  partDealerOnboardingMachine,
} from '../../../machines/part-dealer-onboarding.machine';
import type { PartDealerApi } from '../../api/part-dealer-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';
import { clearDealerDraft, writeDealerDraft } from './dealer-draft';

type Implementations = Parameters<typeof partDealerOnboardingMachine.provide>[0];

export function createDealerOnboardingImplementations(deps: {
  partDealerApi: PartDealerApi;
  storage: Storage;
  navigate: (to: AppPath) => void;
}): Implementations {
  return {
    actors: {
      submit: fromPromise<{ message: string | undefined }, DealerOnboardingRequest & { status: 'UNVERIFIED' }>(
        ({ input }) => deps.partDealerApi.registerDealer(input),
      ),
    },
    actions: {
      saveDraft: (_, draft) => writeDealerDraft(deps.storage, draft),
      clearDraft: () => clearDealerDraft(deps.storage),
      navigate: (_, { to }) => deps.navigate(to),
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

export function usePartDealerOnboarding(implementations: Implementations, draft: DealerDraft | null) {
  const [machine] = useState(() => partDealerOnboardingMachine.provide(implementations));
  const dealer = useActorRef(machine, { input: { draft }, ...inspectionOptions() });
  const captcha = useSelector(dealer, (snapshot) => snapshot.context.captcha);
  // The machine decides whether Next is possible; subscribing to the captcha child only makes the
  // view re-render when the answer arrives or is reset (a child's change is not a parent change).
  const captchaSolved = useSelector(captcha, (snapshot) => snapshot.matches('solved'));
  const canGoNext = captchaSolved && dealer.getSnapshot().can({ type: 'form.next' });
  return {
    captcha,
    values: useSelector(dealer, (snapshot) => snapshot.context.values),
    brands: useSelector(dealer, (snapshot) => snapshot.context.brands),
    customBrand: useSelector(dealer, (snapshot) => snapshot.context.customBrand),
    errors: useSelector(dealer, (snapshot) => snapshot.context.errors),
    focus: useSelector(dealer, (snapshot) => snapshot.context.focus),
    reviewOpen: useSelector(dealer, (snapshot) => snapshot.hasTag('dialogOpen')),
    busy: useSelector(dealer, (snapshot) => snapshot.hasTag('busy')),
    review: useSelector(dealer, (snapshot) => dealerPayload(snapshot.context, '')),
    canGoNext,
    change: (field: DealerField, value: string) => dealer.send({ type: 'field.change', field, value }),
    toggleBrand: (brand: string) => dealer.send({ type: 'brand.toggle', brand }),
    changeCustomBrand: (value: string) => dealer.send({ type: 'customBrand.change', value }),
    addCustomBrand: () => dealer.send({ type: 'customBrand.add' }),
    removeBrand: (brand: string) => dealer.send({ type: 'brand.remove', brand }),
    next: () => dealer.send({ type: 'form.next' }),
    edit: () => dealer.send({ type: 'review.edit' }),
    confirm: () => dealer.send({ type: 'review.confirm' }),
  };
}

export type DealerOnboarding = ReturnType<typeof usePartDealerOnboarding>;
