import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { canSendResetLink, forgotPasswordMachine } from '../../../machines/forgot-password.machine';
import type { AccountApi } from '../../api/account-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof forgotPasswordMachine.provide>[0];

export function createForgotPasswordImplementations(deps: { accountApi: AccountApi }): Implementations {
  return {
    actors: {
      requestResetLink: fromPromise<{ message: string | undefined }, { email: string }>(({ input }) =>
        deps.accountApi.forgotPassword(input.email),
      ),
    },
    actions: { notifyFailure: (_, { message }) => notify.failure(message) },
  };
}

export function useForgotPassword(implementations: Implementations) {
  const [machine] = useState(() => forgotPasswordMachine.provide(implementations));
  const forgot = useActorRef(machine, inspectionOptions());
  return {
    email: useSelector(forgot, (snapshot) => snapshot.context.email),
    error: useSelector(forgot, (snapshot) => snapshot.context.error),
    sentMessage: useSelector(forgot, (snapshot) => snapshot.context.sentMessage),
    linkSent: useSelector(forgot, (snapshot) => snapshot.hasTag('step:2')),
    busy: useSelector(forgot, (snapshot) => snapshot.hasTag('busy')),
    canSend: useSelector(forgot, canSendResetLink),
    changeEmail: (value: string) => forgot.send({ type: 'email.change', value }),
    submit: () => forgot.send({ type: 'forgot.submit' }),
  };
}
