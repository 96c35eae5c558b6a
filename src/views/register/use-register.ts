import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { SignUpRequest } from '../../../common/contracts/account';
import { registerMachine, type SignUpField, type SignUpResult } from '../../../machines/register.machine';
import type { AccountApi } from '../../api/account-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof registerMachine.provide>[0];

/** The sign-up flow's real effects: the API, the account status page, the snackbar. */
export function createSignUpImplementations(deps: {
  accountApi: AccountApi;
  showAccountStatus: (status: number) => void;
}): Implementations {
  return {
    actors: { signUp: fromPromise<SignUpResult, SignUpRequest>(({ input }) => deps.accountApi.signUp(input)) },
    actions: {
      showAccountStatus: (_, { status }) => deps.showAccountStatus(status),
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

export function useRegister(implementations: Implementations) {
  const [machine] = useState(() => registerMachine.provide(implementations));
  const signUp = useActorRef(machine, inspectionOptions());
  return {
    values: useSelector(signUp, (snapshot) => snapshot.context.values),
    errors: useSelector(signUp, (snapshot) => snapshot.context.errors),
    serverError: useSelector(signUp, (snapshot) => snapshot.context.serverError),
    busy: useSelector(signUp, (snapshot) => snapshot.hasTag('busy')),
    change: (field: Exclude<SignUpField, 'terms_accepted'>, value: string) =>
      signUp.send({ type: 'field.change', field, value }),
    changeTerms: (value: boolean) => signUp.send({ type: 'terms.change', value }),
    dismissServerError: () => signUp.send({ type: 'error.fixed' }),
    submit: () => signUp.send({ type: 'signUp.submit' }),
  };
}
