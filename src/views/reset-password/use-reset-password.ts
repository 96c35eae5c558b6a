import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import {
  canSavePassword,
  type PasswordField,
  type ResetPasswordInput,
  type ResetPasswordRequest,
  resetPasswordMachine,
} from '../../../machines/reset-password.machine';
import type { AccountApi } from '../../api/account-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof resetPasswordMachine.provide>[0];

export function createResetPasswordImplementations(deps: {
  accountApi: AccountApi;
  navigate: (to: AppPath) => void;
}): Implementations {
  return {
    actors: {
      checkLink: fromPromise<void, { token: string }>(({ input }) => deps.accountApi.checkResetLink(input.token)),
      savePassword: fromPromise<{ message: string | undefined }, ResetPasswordRequest>(({ input }) =>
        input.mode === 'reset'
          ? deps.accountApi.resetPassword({
              token: input.token,
              password: input.password,
              confirm_password: input.confirm_password,
            })
          : deps.accountApi.changePassword({
              current_password: input.current_password,
              password: input.password,
              confirm_password: input.confirm_password,
            }),
      ),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
      // docs/product.md §8: reset-password failures are also logged to the console.
      logFailure: (_, failure) => console.warn('Password could not be saved:', failure.messageId ?? failure.message),
      navigate: (_, { to }) => deps.navigate(to),
    },
  };
}

export function useResetPassword(implementations: Implementations, input: ResetPasswordInput) {
  const [machine] = useState(() => resetPasswordMachine.provide(implementations));
  const reset = useActorRef(machine, { input, ...inspectionOptions() });
  return {
    values: useSelector(reset, (snapshot) => snapshot.context.values),
    errors: useSelector(reset, (snapshot) => snapshot.context.errors),
    linkProblem: useSelector(reset, (snapshot) => snapshot.context.linkProblem),
    checkingLink: useSelector(reset, (snapshot) => snapshot.matches('checkingLink') || snapshot.matches('readingLink')),
    busy: useSelector(reset, (snapshot) => snapshot.hasTag('busy')),
    saved: useSelector(reset, (snapshot) => snapshot.hasTag('step:2')),
    linkRejected: useSelector(reset, (snapshot) => snapshot.hasTag('linkRejected')),
    canSave: useSelector(reset, canSavePassword),
    change: (field: PasswordField, value: string) => reset.send({ type: 'field.change', field, value }),
    submit: () => reset.send({ type: 'reset.submit' }),
  };
}
