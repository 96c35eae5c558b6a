import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import { DEALER_FIELD_NAMES, type DealerDraft, type DealerFormField } from '../../../common/contracts/dealer';
import {
  type DealerPayload,
  dealerSubmission,
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
      submit: fromPromise<{ message: string | undefined }, DealerPayload>(({ input }) =>
        deps.partDealerApi.registerDealer(input),
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

/** docs/product.md §2: the brands comma-joined; an optional field left empty shows a dash. */
function reviewText(value: string | string[]) {
  return (Array.isArray(value) ? value.join(', ') : value) || '–';
}

export function usePartDealerOnboarding(implementations: Implementations, draft: DealerDraft | null) {
  const [machine] = useState(() => partDealerOnboardingMachine.provide(implementations));
  const dealer = useActorRef(machine, { input: { draft }, ...inspectionOptions() });
  const submission = useSelector(dealer, (snapshot) => dealerSubmission(snapshot.context));
  return {
    captcha: useSelector(dealer, (snapshot) => snapshot.context.captcha),
    values: useSelector(dealer, (snapshot) => snapshot.context.values),
    brands: useSelector(dealer, (snapshot) => snapshot.context.brands),
    customBrand: useSelector(dealer, (snapshot) => snapshot.context.customBrand),
    errors: useSelector(dealer, (snapshot) => snapshot.context.errors),
    focus: useSelector(dealer, (snapshot) => snapshot.context.focus),
    reviewOpen: useSelector(dealer, (snapshot) => snapshot.hasTag('dialogOpen')),
    busy: useSelector(dealer, (snapshot) => snapshot.hasTag('busy')),
    /** The brand chips: what will be sent ("Andere" is only the switch for custom brands). */
    chosenBrands: submission.brands_served,
    /** One row per submitted field, in the declared order. */
    review: DEALER_FIELD_NAMES.map((field) => ({ field, value: reviewText(submission[field]) })),
    canGoNext: useSelector(dealer, (snapshot) => snapshot.can({ type: 'form.next' })),
    change: (field: DealerFormField, value: string) => dealer.send({ type: 'field.change', field, value }),
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
