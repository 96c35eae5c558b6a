import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import type { DashboardFigures, DashboardPeriod } from '../../../../common/contracts/dashboards';
import { type DashboardFiguresEvent, dashboardFiguresMachine } from '../../../../machines/dashboard-figures.machine';
import { inspectionOptions } from '../../../app/inspection';

export type DashboardFiguresImplementations = Parameters<typeof dashboardFiguresMachine.provide>[0];

/**
 * The figures' effects: the service's dashboard call, the browser's "online" event while offline,
 * and writing the chosen period into the URL.
 */
export function createDashboardFiguresImplementations(deps: {
  figures: (period: DashboardPeriod) => Promise<DashboardFigures>;
  navigate: (period: DashboardPeriod) => void;
  network?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}): DashboardFiguresImplementations {
  return {
    actors: {
      loadFigures: fromPromise(({ input }) => deps.figures(input.period)),
      watchConnection: fromCallback<DashboardFiguresEvent>(({ sendBack }) => {
        const network = deps.network ?? window;
        const restored = () => sendBack({ type: 'connection.restored' });
        network.addEventListener('online', restored);
        return () => network.removeEventListener('online', restored);
      }),
    },
    actions: {
      syncUrl: (_, { period }) => deps.navigate(period),
    },
  };
}

/** The facade of a dashboard's analytics; `period` is the URL's, read by the route. */
export function useDashboardFigures(implementations: DashboardFiguresImplementations, period: DashboardPeriod) {
  const [machine] = useState(() => dashboardFiguresMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { period } });
  const send = actor.send;
  // Back, forward, a link or a reload change the URL without the picker: the figures follow.
  useEffect(() => {
    send({ type: 'period.sync', period });
  }, [send, period]);
  return {
    period: useSelector(actor, (snapshot) => snapshot.context.period),
    figures: useSelector(actor, (snapshot) => snapshot.context.figures),
    busy: useSelector(actor, (snapshot) => snapshot.hasTag('busy')),
    offline: useSelector(actor, (snapshot) => snapshot.matches('offline')),
    error: useSelector(actor, (snapshot) =>
      snapshot.matches('failed') || snapshot.matches('offline') ? snapshot.context.loadError : null,
    ),
    choosePeriod: (next: DashboardPeriod) => send({ type: 'period.choose', period: next }),
    retry: () => send({ type: 'figures.retry' }),
  };
}

export type DashboardFiguresFacade = ReturnType<typeof useDashboardFigures>;
