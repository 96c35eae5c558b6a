import { assign, fromCallback, fromPromise, setup } from 'xstate';

/** A live trade event as this count reads it: only whether it concerns an order. */
type WaitingOrdersEvent =
  | { type: 'trade.event'; event: { order_id: number | null } }
  /** The live stream could not resume (ADR 045): count again. */
  | { type: 'trade.reload' };

/**
 * How many new orders wait for the dealer's confirmation, for the count beside "Orders" in the
 * navigation (issue 24 §8). Read when the shell opens and again on every live event about an
 * order; a failed read keeps the last count (the list itself still shows every order).
 */
export const waitingOrdersMachine = setup({
  types: {
    context: {} as { count: number | null },
    events: {} as WaitingOrdersEvent,
  },
  actors: {
    countWaitingOrders: fromPromise<number, void>(async () => {
      throw new Error('countWaitingOrders actor not implemented: provide it with .provide()');
    }),
    liveEvents: fromCallback<WaitingOrdersEvent>(() => () => {}),
  },
  guards: {
    concernsOrder: ({ event }) => event.type === 'trade.event' && event.event.order_id !== null,
  },
}).createMachine({
  id: 'waitingOrders',
  context: { count: null },
  invoke: { id: 'liveEvents', src: 'liveEvents' },
  initial: 'counting',
  states: {
    counting: {
      description: 'Reads how many orders wait for confirmation.',
      invoke: {
        id: 'countWaitingOrders',
        src: 'countWaitingOrders',
        onDone: { target: 'shown', actions: assign({ count: ({ event }) => event.output }) },
        onError: 'shown',
      },
      on: {
        'trade.event': { guard: 'concernsOrder', target: 'counting', reenter: true },
        'trade.reload': { target: 'counting', reenter: true },
      },
    },
    shown: {
      description: 'Shows the count until a live event about an order arrives.',
      on: { 'trade.event': { guard: 'concernsOrder', target: 'counting' }, 'trade.reload': { target: 'counting' } },
    },
  },
});
