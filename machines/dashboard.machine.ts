import { assign, fromPromise, setup } from 'xstate';
import type { PublicUser } from '../common/contracts/auth';
import { toRequestFailure } from './request-failure';

/**
 * The dashboard (docs/product.md §2.5, §4.2: an in-progress state, then the services). It shows the stored
 * profile at once and refreshes it from the server, so services granted meanwhile appear.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as { user: PublicUser; error: string | null },
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
  context: ({ input }) => ({ user: input.storedUser, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: { target: 'showingServices', actions: assign({ user: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestFailure(event.error).message }) },
      },
    },
    showingServices: {},
    failed: { on: { 'dashboard.retry': 'loading' } },
  },
});
