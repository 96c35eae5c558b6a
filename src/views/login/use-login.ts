import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { type LoginField, loginMachine } from '../../../machines/login.machine';
import { inspectionOptions } from '../../app/inspection';

type Implementations = Parameters<typeof loginMachine.provide>[0];

/** The login flow's facade: small selected values and intent callbacks (ADR 019 §6). */
export function useLogin(implementations: Implementations, redirectUrl: string | null) {
  const [machine] = useState(() => loginMachine.provide(implementations));
  const login = useActorRef(machine, { input: { redirectUrl }, ...inspectionOptions() });
  const email = useSelector(login, (snapshot) => snapshot.context.email);
  const password = useSelector(login, (snapshot) => snapshot.context.password);
  const rememberMe = useSelector(login, (snapshot) => snapshot.context.rememberMe);
  const errors = useSelector(login, (snapshot) => snapshot.context.errors);
  const serverError = useSelector(login, (snapshot) => snapshot.context.serverError);
  const busy = useSelector(login, (snapshot) => snapshot.hasTag('busy'));
  return {
    email,
    password,
    rememberMe,
    errors,
    serverError,
    busy,
    changeField: (field: LoginField, value: string) => login.send({ type: 'field.change', field, value }),
    changeRememberMe: (value: boolean) => login.send({ type: 'rememberMe.change', value }),
    submit: () => login.send({ type: 'login.submit' }),
  };
}
