import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { CHUNK_LOAD_TIMEOUT_MS, routeChunkMachine } from '../../machines/route-chunk.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('a route still loading after 120 s offers a reload', () => {
  const actor = createActor(routeChunkMachine).start();
  vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
  expect(actor.getSnapshot().value).toBe('loading');
  vi.advanceTimersByTime(1);
  expect(actor.getSnapshot().value).toBe('reloadOffered');
});

test('a failed chunk offers a reload at once', () => {
  const actor = createActor(routeChunkMachine).start();
  actor.send({ type: 'chunk.failed' });
  expect(actor.getSnapshot().value).toBe('reloadOffered');
});
