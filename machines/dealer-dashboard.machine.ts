import { assign, fromPromise, setup } from 'xstate';
import type { DealerOverview } from '../common/contracts/dealer-organisation';
import { type LoadFailureContext, loadWithRetry } from './blocks/load-with-retry';

const load = loadWithRetry({ retry: 'overview.retry' });

/**
 * The dealer's dashboard (issue 12): the organisation's figures, loaded once; a failed load shows
 * the server's message with "Try again".
 */
export const dealerDashboardMachine = setup({
  types: {
    context: {} as { overview: DealerOverview | null } & LoadFailureContext,
    events: {} as { type: 'overview.retry' },
  },
  actors: {
    loadOverview: fromPromise<DealerOverview, void>(async () => {
      throw new Error('loadOverview actor not implemented: provide it with dealerDashboardMachine.provide()');
    }),
  },
}).createMachine({
  id: 'dealerDashboard',
  context: { overview: null, loadError: null },
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: { target: 'showing', actions: assign({ overview: ({ event }) => event.output }) },
        onError: load.failure,
      },
    },
    showing: {},
    failed: load.failed,
  },
});
