import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { DashboardFigures, DashboardPeriod } from '../common/contracts/dashboards';
import { type LoadFailureContext, loadWithRetry } from './blocks/load-with-retry';
import { toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'figures.retry' });

export type DashboardFiguresEvent =
  /** The user picked another period on the screen: load it and write it into the URL. */
  | { type: 'period.choose'; period: DashboardPeriod }
  /** The URL's period (reload, back/forward, a link): follow it unless it is the one shown. */
  | { type: 'period.sync'; period: DashboardPeriod }
  | { type: 'figures.retry' }
  /** The browser is online again (sent by the `watchConnection` actor while offline). */
  | { type: 'connection.restored' };

type Context = {
  period: DashboardPeriod;
  figures: DashboardFigures | null;
  /** The period the figures on screen belong to (they stay visible while another loads). */
  shownPeriod: DashboardPeriod | null;
} & LoadFailureContext;

/**
 * A dashboard's figures over a period (issue 15, ADR 029), for the workshop's and the dealer's
 * dashboard alike: loads the period from the URL, reloads when the user chooses another (and
 * writes it into the URL) or the URL changes. A failed load keeps the last figures with the
 * server's message and "Try again"; without a connection it waits for the browser to be online
 * and loads again by itself.
 */
export const dashboardFiguresMachine = setup({
  types: {
    context: {} as Context,
    events: {} as DashboardFiguresEvent,
    input: {} as { period: DashboardPeriod },
  },
  actors: {
    loadFigures: fromPromise<DashboardFigures, { period: DashboardPeriod }>(async () => {
      throw new Error('loadFigures actor not implemented: provide it with dashboardFiguresMachine.provide()');
    }),
    watchConnection: fromCallback<DashboardFiguresEvent>(() => {
      throw new Error('watchConnection actor not implemented: provide it with dashboardFiguresMachine.provide()');
    }),
  },
  actions: {
    syncUrl: (_, _params: { period: DashboardPeriod }) => {},
  },
  guards: {
    isOtherPeriod: ({ context, event }) =>
      (event.type === 'period.sync' || event.type === 'period.choose') && event.period !== context.period,
    isOffline: ({ event }) =>
      'error' in event && toRequestFailure((event as { error: unknown }).error).messageId === 'networkError',
  },
}).createMachine({
  id: 'dashboardFigures',
  context: ({ input }) => ({ period: input.period, figures: null, shownPeriod: null, loadError: null }),
  initial: 'loading',
  on: {
    'period.choose': {
      guard: 'isOtherPeriod',
      target: '.loading',
      actions: [
        assign({ period: ({ event }) => event.period }),
        { type: 'syncUrl', params: ({ event }) => ({ period: event.period }) },
      ],
    },
    'period.sync': {
      guard: 'isOtherPeriod',
      target: '.loading',
      actions: assign({ period: ({ event }) => event.period }),
    },
  },
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadFigures',
        src: 'loadFigures',
        input: ({ context }) => ({ period: context.period }),
        onDone: {
          target: 'showing',
          actions: assign({
            figures: ({ event }) => event.output,
            shownPeriod: ({ context }) => context.period,
          }),
        },
        onError: [{ ...load.failure, guard: 'isOffline', target: 'offline' }, load.failure],
      },
    },
    showing: {},
    failed: load.failed,
    offline: {
      ...load.failed,
      description: 'No connection: waits for the browser to be online, then loads again; "Try again" works too.',
      invoke: { id: 'watchConnection', src: 'watchConnection' },
      on: { ...load.failed.on, 'connection.restored': 'loading' },
    },
  },
});
