import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { DealerProfileDraft, DealerProfileFormField } from '../../../common/contracts/dealer-organisation';
import { dealerProfileMachine, type LogoFile } from '../../../machines/dealer-profile.machine';
import type { DealerOrganisationApi } from '../../api/dealer-organisation-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';
import { clearProfileDraft, writeProfileDraft } from './profile-draft';

type Implementations = Parameters<typeof dealerProfileMachine.provide>[0];

export function createDealerProfileImplementations(deps: {
  api: DealerOrganisationApi;
  storage: Storage;
}): Implementations {
  return {
    actors: {
      loadProfile: fromPromise(() => deps.api.profile()),
      saveProfile: fromPromise(({ input }) => deps.api.saveProfile(input)),
      uploadLogo: fromPromise(({ input }) => deps.api.uploadLogo(input)),
      removeLogo: fromPromise(() => deps.api.removeLogo()),
    },
    actions: {
      saveDraft: (_, draft) => writeProfileDraft(deps.storage, draft),
      clearDraft: () => clearProfileDraft(deps.storage),
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

export function useDealerProfile(implementations: Implementations, draft: DealerProfileDraft | null) {
  const [machine] = useState(() => dealerProfileMachine.provide(implementations));
  const profile = useActorRef(machine, { input: { draft }, ...inspectionOptions() });
  const logoUrl = useSelector(profile, (snapshot) => snapshot.context.profile?.logo_url ?? null);
  const logoVersion = useSelector(profile, (snapshot) => snapshot.context.logoVersion);
  return {
    loading: useSelector(profile, (snapshot) => snapshot.hasTag('busy') && snapshot.matches('loading')),
    loadError: useSelector(profile, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    ready: useSelector(profile, (snapshot) => snapshot.matches('ready')),
    stored: useSelector(profile, (snapshot) => snapshot.context.profile),
    values: useSelector(profile, (snapshot) => snapshot.context.values),
    brands: useSelector(profile, (snapshot) => snapshot.context.brands),
    customBrand: useSelector(profile, (snapshot) => snapshot.context.customBrand),
    errors: useSelector(profile, (snapshot) => snapshot.context.errors),
    saving: useSelector(profile, (snapshot) => snapshot.hasTag('saving')),
    conflict: useSelector(profile, (snapshot) => (snapshot.hasTag('conflict') ? snapshot.context.conflict : null)),
    canSave: useSelector(profile, (snapshot) => snapshot.can({ type: 'profile.save' })),
    /** The shown logo's address; it changes with every upload so the browser fetches the new one. */
    logoSrc: logoUrl ? `${logoUrl}?v=${logoVersion}` : null,
    logoFile: useSelector(profile, (snapshot) => snapshot.context.logoFile),
    logoError: useSelector(profile, (snapshot) => snapshot.context.logoError),
    logoBusy: useSelector(profile, (snapshot) => snapshot.hasTag('logoBusy')),
    canUploadLogo: useSelector(profile, (snapshot) => snapshot.can({ type: 'logo.upload' })),
    canRemoveLogo: useSelector(profile, (snapshot) => snapshot.can({ type: 'logo.remove' })),
    retry: () => profile.send({ type: 'profile.retry' }),
    change: (field: DealerProfileFormField, value: string) => profile.send({ type: 'field.change', field, value }),
    toggleBrand: (brand: string) => profile.send({ type: 'brand.toggle', brand }),
    changeCustomBrand: (value: string) => profile.send({ type: 'customBrand.change', value }),
    addCustomBrand: () => profile.send({ type: 'customBrand.add' }),
    save: () => profile.send({ type: 'profile.save' }),
    discard: () => profile.send({ type: 'profile.discard' }),
    takeTheirs: () => profile.send({ type: 'conflict.takeTheirs' }),
    keepMine: () => profile.send({ type: 'conflict.keepMine' }),
    selectLogo: (file: LogoFile) => profile.send({ type: 'logo.select', file }),
    cancelLogo: () => profile.send({ type: 'logo.cancel' }),
    uploadLogo: () => profile.send({ type: 'logo.upload' }),
    removeLogo: () => profile.send({ type: 'logo.remove' }),
  };
}
