import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import type { InvitedRegistrationRequest } from '../../../common/contracts/user-invitation';
import {
  type InvitedRegistrationInput,
  invitedRegistrationMachine,
  type RegistrationField,
} from '../../../machines/invited-registration.machine';
import type { AccountApi } from '../../api/account-api';
import type { PartDealerApi } from '../../api/part-dealer-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';
import { hideLoader, showLoader } from '../notifications/window-events';

type Implementations = Parameters<typeof invitedRegistrationMachine.provide>[0];

export function createInvitedRegistrationImplementations(deps: {
  partDealerApi: PartDealerApi;
  accountApi: AccountApi;
  navigate: (to: AppPath) => void;
}): Implementations {
  return {
    actors: {
      checkInvitation: fromPromise<void, { token: string }>(({ input }) =>
        deps.accountApi.checkInvitation(input.token),
      ),
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

export function useInvitedRegistration(implementations: Implementations, input: InvitedRegistrationInput) {
  const [machine] = useState(() => invitedRegistrationMachine.provide(implementations));
  const registration = useActorRef(machine, { input, ...inspectionOptions() });
  return {
    values: useSelector(registration, (snapshot) => snapshot.context.values),
    errors: useSelector(registration, (snapshot) => snapshot.context.errors),
    busy: useSelector(registration, (snapshot) => snapshot.hasTag('busy')),
    registered: useSelector(registration, (snapshot) => snapshot.matches('registered')),
    checking: useSelector(
      registration,
      (snapshot) => snapshot.hasTag('checking') || snapshot.matches('readingInvitation'),
    ),
    alreadyRegistered: useSelector(registration, (snapshot) => snapshot.hasTag('alreadyRegistered')),
    invitationRejected: useSelector(registration, (snapshot) => snapshot.hasTag('invitationRejected')),
    linkProblem: useSelector(registration, (snapshot) => snapshot.context.linkProblem),
    change: (field: RegistrationField, value: string) => registration.send({ type: 'field.change', field, value }),
    submit: () => registration.send({ type: 'registration.submit' }),
    openLogin: () => registration.send({ type: 'login.open' }),
  };
}
