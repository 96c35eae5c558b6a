import { assign, fromPromise, setup } from 'xstate';
import type { DealerOverview } from '../common/contracts/dealer-organisation';
import { toRequestFailure } from './request-failure';

/**
 * The dealer's dashboard (issue 12): the organisation's figures, loaded once; a failed load shows
 * the server's message with "Try again".
 */
export const dealerDashboardMachine = setup({
  types: {
    context: {} as { overview: DealerOverview | null; error: string | null },
    events: {} as { type: 'overview.retry' },
  },
  actors: {
    loadOverview: fromPromise<DealerOverview, void>(async () => {
      throw new Error('loadOverview actor not implemented: provide it with dealerDashboardMachine.provide()');
    }),
  },
}).createMachine({
  id: 'dealerDashboard',
  context: { overview: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        onDone: { target: 'showing', actions: assign({ overview: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestFailure(event.error).message }) },
      },
    },
    showing: {},
    failed: { on: { 'overview.retry': 'loading' } },
  },
});
