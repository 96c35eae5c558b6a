import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { PublicUser } from '../../../common/contracts/auth';
import { dashboardMachine } from '../../../machines/dashboard.machine';
import type { AuthApi } from '../../api/auth-api';
import { inspectionOptions } from '../../app/inspection';
import type { SessionActor } from '../../app/session';

type Implementations = Parameters<typeof dashboardMachine.provide>[0];

export function createDashboardImplementations(deps: { authApi: AuthApi; session: SessionActor }): Implementations {
  return {
    actors: {
      loadUser: fromPromise(async () => {
        const user = await deps.authApi.currentUser();
        // Keep the stored profile (userResponse) current, e.g. a newly granted service.
        deps.session.send({ type: 'session.signedIn', user });
        return user;
      }),
    },
  };
}

export function useDashboard(implementations: Implementations, storedUser: PublicUser) {
  const [machine] = useState(() => dashboardMachine.provide(implementations));
  const dashboard = useActorRef(machine, { input: { storedUser }, ...inspectionOptions() });
  return {
    user: useSelector(dashboard, (snapshot) => snapshot.context.user),
    loading: useSelector(dashboard, (snapshot) => snapshot.hasTag('busy')),
    error: useSelector(dashboard, (snapshot) => snapshot.context.loadError),
    retry: () => dashboard.send({ type: 'dashboard.retry' }),
  };
}
