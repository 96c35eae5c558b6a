import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dealerDashboardMachine } from '../../../machines/dealer-dashboard.machine';
import type { DealerOrganisationApi } from '../../api/dealer-organisation-api';
import { inspectionOptions } from '../../app/inspection';

type Implementations = Parameters<typeof dealerDashboardMachine.provide>[0];

export function createDealerDashboardImplementations(deps: { api: DealerOrganisationApi }): Implementations {
  return { actors: { loadOverview: fromPromise(() => deps.api.overview()) } };
}

export function useDealerDashboard(implementations: Implementations) {
  const [machine] = useState(() => dealerDashboardMachine.provide(implementations));
  const dashboard = useActorRef(machine, inspectionOptions());
  return {
    overview: useSelector(dashboard, (snapshot) => snapshot.context.overview),
    loading: useSelector(dashboard, (snapshot) => snapshot.hasTag('busy')),
    error: useSelector(dashboard, (snapshot) => snapshot.context.loadError),
    retry: () => dashboard.send({ type: 'overview.retry' }),
  };
}
