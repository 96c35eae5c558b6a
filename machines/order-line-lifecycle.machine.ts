import { setup } from 'xstate';

export type OrderLineLifecycleEvent =
  | { type: 'line.confirm' }
  | { type: 'line.backorder' }
  | { type: 'line.cancel' }
  | { type: 'line.ship' }
  | { type: 'line.deliver' }
  | { type: 'line.return' };

/**
 * One line of an order: the dealer confirms it, puts it on backorder with an ETA (again with a new
 * ETA, as often as it moves), or cancels it with a reason; a confirmed or backordered line ships,
 * then is delivered; a delivered line becomes returned when the dealer accepts its return.
 */
export const orderLineLifecycleMachine = setup({
  types: { events: {} as OrderLineLifecycleEvent },
}).createMachine({
  id: 'orderLineLifecycle',
  initial: 'placed',
  states: {
    placed: {
      on: { 'line.confirm': 'confirmed', 'line.backorder': 'backorder', 'line.cancel': 'cancelled' },
    },
    confirmed: {
      on: { 'line.backorder': 'backorder', 'line.cancel': 'cancelled', 'line.ship': 'shipped' },
    },
    backorder: {
      description: 'Waiting for stock; each new ETA is kept in the event log (the ETA history).',
      on: {
        'line.backorder': 'backorder',
        'line.confirm': 'confirmed',
        'line.cancel': 'cancelled',
        'line.ship': 'shipped',
      },
    },
    shipped: { on: { 'line.deliver': 'delivered' } },
    delivered: {
      description: 'A return may be requested; when the dealer accepts it the line is returned.',
      on: { 'line.return': 'returned' },
    },
    cancelled: { type: 'final' },
    returned: { type: 'final' },
  },
});
