import { setup } from 'xstate';
import type { OrderLineStatus } from '../common/contracts/trading';

export type OrderLifecycleEvent = { type: 'order.linesChanged'; lines: readonly OrderLineStatus[] };

const live = (lines: readonly OrderLineStatus[]) => lines.filter((status) => status !== 'cancelled');
const SHIPPED_OR_LATER: readonly OrderLineStatus[] = ['shipped', 'delivered', 'returned'];
const DELIVERED_OR_LATER: readonly OrderLineStatus[] = ['delivered', 'returned'];

/**
 * An order to one dealer follows its lines: confirmed once no line waits for the dealer's
 * decision, shipped once every line that was not cancelled has left, delivered once every such
 * line has arrived, and cancelled when every line is cancelled. After every line change the
 * server sends `order.linesChanged` with the lines' statuses; the guards decide.
 */
export const orderLifecycleMachine = setup({
  types: { events: {} as OrderLifecycleEvent },
  guards: {
    allLinesCancelled: ({ event }) => event.lines.length > 0 && live(event.lines).length === 0,
    allLinesDelivered: ({ event }) =>
      live(event.lines).length > 0 && live(event.lines).every((status) => DELIVERED_OR_LATER.includes(status)),
    allLinesShipped: ({ event }) =>
      live(event.lines).length > 0 && live(event.lines).every((status) => SHIPPED_OR_LATER.includes(status)),
    noLineUndecided: ({ event }) => event.lines.length > 0 && !event.lines.includes('placed'),
  },
}).createMachine({
  id: 'orderLifecycle',
  initial: 'placed',
  states: {
    placed: {
      description: 'Sent to the dealer; lines wait for its decision.',
      on: {
        'order.linesChanged': [
          { guard: 'allLinesCancelled', target: 'cancelled' },
          { guard: 'allLinesDelivered', target: 'delivered' },
          { guard: 'allLinesShipped', target: 'shipped' },
          { guard: 'noLineUndecided', target: 'confirmed' },
        ],
      },
    },
    confirmed: {
      on: {
        'order.linesChanged': [
          { guard: 'allLinesCancelled', target: 'cancelled' },
          { guard: 'allLinesDelivered', target: 'delivered' },
          { guard: 'allLinesShipped', target: 'shipped' },
        ],
      },
    },
    shipped: {
      on: { 'order.linesChanged': [{ guard: 'allLinesDelivered', target: 'delivered' }] },
    },
    delivered: {
      description: 'Every line arrived; returns are handled per line.',
    },
    cancelled: { type: 'final' },
  },
});
