import { setup } from 'xstate';

export type OrderReturnLifecycleEvent =
  | { type: 'return.request' }
  | { type: 'return.accept' }
  | { type: 'return.refuse' };

/**
 * A return of one delivered line: the workshop requests it with a reason ("does not fit",
 * "damaged", "wrong part", "no longer needed"); the dealer accepts it (the line becomes returned)
 * or refuses it with a reason. A line has at most one return in progress.
 */
export const orderReturnLifecycleMachine = setup({
  types: { events: {} as OrderReturnLifecycleEvent },
}).createMachine({
  id: 'orderReturnLifecycle',
  initial: 'none',
  states: {
    none: { on: { 'return.request': 'requested' } },
    requested: { on: { 'return.accept': 'accepted', 'return.refuse': 'refused' } },
    accepted: { type: 'final' },
    refused: { type: 'final' },
  },
});
