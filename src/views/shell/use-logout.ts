import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import { logoutMachine } from '../../../machines/logout.machine';
import type { AuthApi } from '../../api/auth-api';
import { inspectionOptions } from '../../app/inspection';
import type { SessionActor } from '../../app/session';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof logoutMachine.provide>[0];

export function createLogoutImplementations(deps: {
  authApi: AuthApi;
  session: SessionActor;
  navigate: (to: AppPath) => void;
}): Implementations {
  return {
    actors: { logout: fromPromise(() => deps.authApi.logout()) },
    actions: {
      forgetSession: () => deps.session.send({ type: 'session.signedOut' }),
      navigate: (_, { to }) => deps.navigate(to),
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

export function useLogout(implementations: Implementations) {
  const [machine] = useState(() => logoutMachine.provide(implementations));
  const logout = useActorRef(machine, inspectionOptions());
  return {
    dialogOpen: useSelector(logout, (snapshot) => snapshot.hasTag('dialogOpen')),
    busy: useSelector(logout, (snapshot) => snapshot.hasTag('busy')),
    error: useSelector(logout, (snapshot) => snapshot.context.error),
    request: () => logout.send({ type: 'logout.request' }),
    cancel: () => logout.send({ type: 'logout.cancel' }),
    confirm: () => logout.send({ type: 'logout.confirm' }),
  };
}
