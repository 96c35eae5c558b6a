import { expect, test, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { type LoadFailureContext, loadWithRetry } from '../../machines/blocks/load-with-retry';
import { apiFailure } from '../support/failures';

const load = loadWithRetry({ retry: 'thing.retry' });

/** A machine built the way every loading machine uses the block: its own actor, its own onDone. */
const thingMachine = setup({
  types: {
    context: {} as { id: number; thing: string | null } & LoadFailureContext,
    events: {} as { type: 'thing.retry' } | { type: 'thing.other' },
    input: {} as { id: number },
  },
  actors: {
    loadThing: fromPromise<string, { id: number }>(async () => {
      throw new Error('loadThing actor not implemented');
    }),
  },
}).createMachine({
  id: 'thing',
  context: ({ input }) => ({ id: input.id, thing: null, loadError: null }),
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadThing',
        src: 'loadThing',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ thing: ({ event }) => event.output }) },
        onError: load.failure,
      },
    },
    ready: {},
    failed: load.failed,
  },
});

function start(loadThing: (input: { id: number }) => Promise<string>) {
  return createActor(thingMachine.provide({ actors: { loadThing: fromPromise(({ input }) => loadThing(input)) } }), {
    input: { id: 7 },
  }).start();
}

test('loads through the machine’s own named actor, with the input the machine maps, and is busy meanwhile', async () => {
  const loadThing = vi.fn(async ({ id }: { id: number }) => `thing ${id}`);
  const actor = start(loadThing);
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
  expect(loadThing).toHaveBeenCalledWith({ id: 7 });
  expect(actor.getSnapshot().context).toMatchObject({ thing: 'thing 7', loadError: null });
  expect(actor.getSnapshot().hasTag('busy')).toBe(false);
});

test('a failure keeps the server’s message in loadError; the retry loads again and forgets it', async () => {
  let attempts = 0;
  const actor = start(async ({ id }) => {
    attempts += 1;
    if (attempts === 1) throw apiFailure('Keine Verbindung zum Server.', 'networkError');
    return `thing ${id}`;
  });
  await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
  expect(actor.getSnapshot().context.loadError).toBe('Keine Verbindung zum Server.');
  expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  expect(actor.getSnapshot().can({ type: 'thing.retry' })).toBe(true);
  expect(actor.getSnapshot().can({ type: 'thing.other' })).toBe(false);

  actor.send({ type: 'thing.retry' });
  expect(actor.getSnapshot().matches('loading')).toBe(true);
  expect(actor.getSnapshot().context.loadError).toBeNull();
  await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
  expect(attempts).toBe(2);
  expect(actor.getSnapshot().context).toMatchObject({ thing: 'thing 7', loadError: null });
});

test('a thrown non-error is kept as its text', async () => {
  const actor = start(async () => {
    throw 'broken';
  });
  await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
  expect(actor.getSnapshot().context.loadError).toBe('broken');
});

test('the state names and the retry event are the machine’s to choose', () => {
  const named = loadWithRetry({ retry: 'detail.retry', failedState: 'broken', loadingState: 'reading' });
  expect(named.failure.target).toBe('broken');
  expect(named.failed.on).toEqual({ 'detail.retry': 'reading' });
  expect(named.loading.tags).toEqual(['busy']);
});
