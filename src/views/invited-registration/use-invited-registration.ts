import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import type { InvitedRegistrationRequest, UserInvitationClaims } from '../../../common/contracts/user-invitation';
import { invitedRegistrationMachine, type RegistrationField } from '../../../machines/invited-registration.machine';
import type { PartDealerApi } from '../../api/part-dealer-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';
import { hideLoader, showLoader } from '../notifications/window-events';

type Implementations = Parameters<typeof invitedRegistrationMachine.provide>[0];

export function createInvitedRegistrationImplementations(deps: {
  partDealerApi: PartDealerApi;
  navigate: (to: AppPath) => void;
}): Implementations {
  return {
    actors: {
      register: fromPromise<{ message: string | undefined }, InvitedRegistrationRequest>(({ input }) =>
        deps.partDealerApi.registerInvitedUser(input),
      ),
    },
    actions: {
      showLoader: () => showLoader(),
      hideLoader: () => hideLoader(),
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
      navigate: (_, { to }) => deps.navigate(to),
    },
  };
}

export function useInvitedRegistration(
  implementations: Implementations,
  token: string | null,
  invitation: UserInvitationClaims | null,
) {
  const [machine] = useState(() => invitedRegistrationMachine.provide(implementations));
  const registration = useActorRef(machine, { input: { token, invitation }, ...inspectionOptions() });
  return {
    values: useSelector(registration, (snapshot) => snapshot.context.values),
    errors: useSelector(registration, (snapshot) => snapshot.context.errors),
    busy: useSelector(registration, (snapshot) => snapshot.hasTag('busy')),
    registered: useSelector(registration, (snapshot) => snapshot.matches('registered')),
    change: (field: RegistrationField, value: string) => registration.send({ type: 'field.change', field, value }),
    submit: () => registration.send({ type: 'registration.submit' }),
    openLogin: () => registration.send({ type: 'login.open' }),
  };
}
