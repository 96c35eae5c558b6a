import { assign, fromPromise, setup } from 'xstate';
import type { PublicUser } from '../common/contracts/auth';
import { type LoadFailureContext, loadWithRetry } from './blocks/load-with-retry';

const load = loadWithRetry({ retry: 'dashboard.retry' });

/**
 * The dashboard (docs/product.md §2.5, §4.2: an in-progress state, then the services). It shows the stored
 * profile at once and refreshes it from the server, so services granted meanwhile appear.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as { user: PublicUser } & LoadFailureContext,
    events: {} as { type: 'dashboard.retry' },
    input: {} as { storedUser: PublicUser },
  },
  actors: {
    loadUser: fromPromise<PublicUser, void>(async () => {
      throw new Error('loadUser actor not implemented: provide it with dashboardMachine.provide()');
    }),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ user: input.storedUser, loadError: null }),
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: { target: 'showingServices', actions: assign({ user: ({ event }) => event.output }) },
        onError: load.failure,
      },
    },
    showingServices: {},
    failed: load.failed,
  },
});
