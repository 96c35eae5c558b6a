import { expect, test, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { waitingOrdersMachine } from '../../machines/waiting-orders.machine';

type Listener = (event: { type: 'trade.event'; event: { order_id: number | null } }) => void;

function start(counts: number[]) {
  let send: Listener = () => {};
  const countWaitingOrders = vi.fn(async () => counts.shift() ?? 0);
  const actor = createActor(
    waitingOrdersMachine.provide({
      actors: {
        countWaitingOrders: fromPromise(countWaitingOrders),
        liveEvents: fromCallback(({ sendBack }) => {
          send = sendBack as Listener;
          return () => {};
        }),
      },
    }),
  ).start();
  return {
    actor,
    countWaitingOrders,
    live: (orderId: number | null) => send({ type: 'trade.event', event: { order_id: orderId } }),
  };
}

test('counts the orders waiting for confirmation, and again on a live event about an order (issue 24 §8)', async () => {
  const { actor, countWaitingOrders, live } = start([3, 2]);
  await waitFor(actor, (snapshot) => snapshot.matches('shown'));
  expect(actor.getSnapshot().context.count).toBe(3);
  live(null);
  expect(countWaitingOrders).toHaveBeenCalledTimes(1);
  live(42);
  await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.count === 2);
  expect(countWaitingOrders).toHaveBeenCalledTimes(2);
});

test('a failed count keeps the last one', async () => {
  const countWaitingOrders = vi
    .fn<() => Promise<number>>()
    .mockResolvedValueOnce(4)
    .mockRejectedValue(new Error('offline'));
  let send: Listener = () => {};
  const actor = createActor(
    waitingOrdersMachine.provide({
      actors: {
        countWaitingOrders: fromPromise<number, void>(() => countWaitingOrders()),
        liveEvents: fromCallback(({ sendBack }) => {
          send = sendBack as Listener;
          return () => {};
        }),
      },
    }),
  ).start();
  await waitFor(actor, (snapshot) => snapshot.context.count === 4);
  send({ type: 'trade.event', event: { order_id: 7 } });
  await vi.waitFor(() => expect(countWaitingOrders).toHaveBeenCalledTimes(2));
  await waitFor(actor, (snapshot) => snapshot.matches('shown'));
  expect(actor.getSnapshot().context.count).toBe(4);
});
