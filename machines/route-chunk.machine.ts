import { setup } from 'xstate';

/** docs/product.md §9: a route chunk that has not arrived after 120 s is treated as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Watches a lazily loaded route while it is pending; past the time-out the user is offered a reload. */
export const routeChunkMachine = setup({
  types: { events: {} as { type: 'chunk.failed' } },
  delays: { CHUNK_LOAD_TIMEOUT: CHUNK_LOAD_TIMEOUT_MS },
}).createMachine({
  id: 'routeChunk',
  initial: 'loading',
  states: {
    loading: {
      after: { CHUNK_LOAD_TIMEOUT: 'reloadOffered' },
      on: { 'chunk.failed': 'reloadOffered' },
    },
    reloadOffered: { type: 'final' },
  },
});
