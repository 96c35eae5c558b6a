import * as v from 'valibot';
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import type { TradeEvent } from '../common/contracts/trading';
import { liveEventsSource } from './blocks/live-reload';
import { loadWithRetry } from './blocks/load-with-retry';
import {
  afterUrlEcho,
  LIST_SEARCH_DEBOUNCE_MS,
  type ListSearchSchema,
  listSearchKey,
  rememberUrlWrite,
} from './list-search';

/** One page of a list as every list endpoint answers it. */
export type ListPage<TItem> = { items: TItem[]; total: number; page: number; page_size: number };

/** A list's URL schema whose query has a page (every list's schema does). */
export type PagedSchema = ListSearchSchema & { entries: { page: v.GenericSchema<string | undefined, number> } };

/** The filters of a list: every field of its query but the page. */
export type UrlListFilter<TSchema extends PagedSchema> = Exclude<keyof v.InferOutput<TSchema>, 'page'> & string;

export type UrlListEvent<TSchema extends PagedSchema> =
  /** One filter changed on screen; a text field waits for the typing to pause. A new query starts on page 1. */
  | { type: 'filter.change'; field: UrlListFilter<TSchema>; value: string }
  /** Empties the text fields at once (the "no results" screen's way out). */
  | { type: 'search.clear' }
  | { type: 'page.change'; page: number }
  | { type: 'list.retry' }
  /** The URL changed outside the screen (back, forward, a link): the list follows it. */
  | { type: 'query.sync'; query: v.InferOutput<TSchema> }
  | { type: 'trade.event'; event: TradeEvent }
  /** The live stream could not resume (ADR 045): read everything again. */
  | { type: 'trade.reload' };

export type UrlListContext<TSchema extends PagedSchema, TItem> = {
  /** The query on screen: the route's validated search params, ahead of the URL while its write is on the way. */
  query: v.InferOutput<TSchema>;
  /** The page last loaded (it stays on screen while the next one loads). */
  page: ListPage<TItem> | null;
  error: string | null;
  /** A live event arrived while a page was being read: the answer may predate it, so read again. */
  stale: boolean;
  /**
   * The queries written to the URL whose echo (`query.sync`) has not come back yet: the router
   * answers late, and an echo of an older write must not undo a newer change (fast typing).
   */
  written: string[];
};

/**
 * What `loadPage` is handed. (The actor's types cannot depend on the factory's type parameters:
 * TypeScript then cannot tell `loadPage` from `liveEvents` in the machine's config. A list's
 * implementations type it back with `urlListLoader`.)
 */
type UrlListQuery = Record<string, unknown>;

/**
 * The `loadPage` actor of a list: its service's list call for the list's own query type.
 * `TQuery` must be the list's query (`v.InferOutput` of its schema): the machine hands in nothing else.
 */
export function urlListLoader<TQuery extends UrlListQuery, TItem>(load: (query: TQuery) => Promise<ListPage<TItem>>) {
  return fromPromise<ListPage<unknown>, UrlListQuery>(({ input }) => load(input as TQuery));
}

/** The query fields of every list that hold typed text. */
const TEXT_FIELDS = ['q', 'vehicle'];

/**
 * A list whose query (filters, page, search text) lives in the URL, as the dashboards' period does
 * (ADR 039): the route's `validateSearch` reads the URL by `schema`'s rules and hands the query in
 * (`input.query`, then `query.sync` whenever the URL changes); the machine writes every change back
 * through its `syncUrl` action and tells the router's late echo of its own writes from a real
 * change of the URL (back, forward, a link).
 *
 * Text fields (`q`, `vehicle`) wait for the typing to pause and replace the URL's entry (so "back"
 * skips the letters); every other change loads at once as a new entry. A change the schema refuses
 * (a search text too long, an unknown status) is not taken. With `reloadOn`, the list subscribes to
 * the live trade events (`liveEvents`) and reads its page again on each one that may change it.
 *
 * Effects are injected with `.provide()`: `loadPage` (the service's list call for a query),
 * `liveEvents` (sends `trade.event`), `syncUrl` (the router's navigate).
 */
export function createUrlListMachine<TSchema extends PagedSchema, TItem>(config: {
  id: string;
  schema: TSchema;
  /** Which live trade events may change the list; without it, the list does not listen. */
  reloadOn?: (event: TradeEvent) => boolean;
}) {
  type Query = v.InferOutput<TSchema>;
  const { schema, reloadOn } = config;
  const queryKey = (query: Query) => listSearchKey(schema, query);
  const isTextField = (field: string) => TEXT_FIELDS.includes(field);
  const load = loadWithRetry({ retry: 'list.retry', errorKey: 'error' });
  const withChange = (query: Query, change: Partial<Record<string, unknown>>): Query => ({ ...query, ...change });

  return setup({
    types: {
      context: {} as UrlListContext<TSchema, TItem>,
      events: {} as UrlListEvent<TSchema>,
      input: {} as { query: Query },
    },
    delays: { SEARCH_DEBOUNCE: LIST_SEARCH_DEBOUNCE_MS },
    actors: {
      loadPage: fromPromise<ListPage<unknown>, UrlListQuery>(async () => {
        throw new Error(`loadPage actor not implemented: provide it with ${config.id}Machine.provide()`);
      }),
      /** Sends `{ type: 'trade.event', event }` for every live trade event. */
      liveEvents: liveEventsSource(`${config.id}Machine`),
    },
    actions: {
      /** Writes the query into the URL; `replace` while typing, so "back" skips the letters. */
      syncUrl: (_, _params: { query: Query; replace: boolean }) => {},
      /**
       * The page the load answered. (Read by shape: in a generic factory the typed done event of
       * `loadPage` cannot be told from the other actors' by TypeScript.)
       */
      keepPage: assign(({ event }) => ({
        page: (event as unknown as { output: ListPage<TItem> }).output,
        error: null,
      })),
      setFilter: assign(({ context, event }) => {
        assertEvent(event, 'filter.change');
        return { query: withChange(context.query, { [event.field]: event.value, page: 1 }) };
      }),
      clearSearch: assign(({ context }) => ({
        query: withChange(context.query, {
          ...Object.fromEntries(
            Object.keys(schema.entries)
              .filter(isTextField)
              .map((field) => [field, '']),
          ),
          page: 1,
        }),
      })),
      setPage: assign(({ context, event }) => {
        assertEvent(event, 'page.change');
        return { query: withChange(context.query, { page: Math.max(1, event.page) }) };
      }),
      rememberWrite: assign({ written: ({ context }) => rememberUrlWrite(context.written, queryKey(context.query)) }),
      forgetEcho: assign(({ context, event }) => {
        assertEvent(event, 'query.sync');
        return { written: afterUrlEcho(context.written, queryKey(event.query)) };
      }),
      followUrl: assign(({ event }) => {
        assertEvent(event, 'query.sync');
        return { query: event.query, written: [] };
      }),
    },
    guards: {
      /** The schema's rules for the field (a search text's length, a known status); anything else is not taken. */
      isChangeAllowed: ({ event }) => {
        assertEvent(event, 'filter.change');
        const entry = (schema.entries as Record<string, v.GenericSchema | undefined>)[event.field];
        return entry !== undefined && v.is(entry, event.value);
      },
      isTyping: ({ event }) => event.type === 'filter.change' && isTextField(event.field),
      /** Pages exist once one is loaded (its total says how many). */
      hasPage: ({ context }) => context.page !== null,
      isEcho: ({ context, event }) => event.type === 'query.sync' && context.written.includes(queryKey(event.query)),
      queryDiffers: ({ context, event }) =>
        event.type === 'query.sync' && queryKey(event.query) !== queryKey(context.query),
      mayChangeList: ({ event }) => event.type === 'trade.event' && (reloadOn?.(event.event) ?? false),
      isStale: ({ context }) => context.stale,
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({
      query: input.query,
      page: null,
      error: null,
      stale: false,
      written: [],
    }),
    // The subscription lives as long as the screen; the list's own transitions stay below it.
    invoke: reloadOn ? [{ id: 'liveEvents', src: 'liveEvents' }] : [],
    on: {
      'filter.change': [
        {
          guard: and(['isChangeAllowed', 'isTyping']),
          target: '.debouncing',
          actions: [
            'setFilter',
            'rememberWrite',
            { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: true }) },
          ],
        },
        {
          guard: 'isChangeAllowed',
          target: '.loading',
          actions: [
            'setFilter',
            'rememberWrite',
            { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
          ],
        },
      ],
      'search.clear': {
        target: '.loading',
        actions: [
          'clearSearch',
          'rememberWrite',
          { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
        ],
      },
      'page.change': {
        guard: 'hasPage',
        target: '.loading',
        actions: [
          'setPage',
          'rememberWrite',
          { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
        ],
      },
      'query.sync': [
        { guard: 'isEcho', actions: 'forgetEcho' },
        { guard: 'queryDiffers', target: '.loading', actions: 'followUrl' },
      ],
    },
    initial: 'loading',
    states: {
      debouncing: {
        description: 'Typing in a text filter; every keystroke restarts the wait.',
        tags: ['busy'],
        after: { SEARCH_DEBOUNCE: 'loading' },
      },
      loading: {
        ...load.loading,
        // A read that starts now postdates every event heard so far.
        entry: assign({ stale: false }),
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => context.query,
          onDone: [
            {
              guard: 'isStale',
              target: 'loading',
              reenter: true,
              actions: 'keepPage',
            },
            { target: 'ready', actions: 'keepPage' },
          ],
          onError: load.failure,
        },
        on: {
          'trade.event': { guard: 'mayChangeList', actions: assign({ stale: true }) },
          'trade.reload': { actions: assign({ stale: true }) },
        },
      },
      failed: {
        ...load.failed,
        on: {
          ...load.failed.on,
          'trade.event': { guard: 'mayChangeList', target: 'loading' },
          'trade.reload': { target: 'loading' },
        },
      },
      ready: {
        on: { 'trade.event': { guard: 'mayChangeList', target: 'loading' }, 'trade.reload': { target: 'loading' } },
      },
    },
  });
}

/** A list machine made by `createUrlListMachine` for a schema and an item type. */
export type UrlListMachine<TSchema extends PagedSchema, TItem> = ReturnType<
  typeof createUrlListMachine<TSchema, TItem>
>;

/** The implementations a list machine is provided with (`loadPage`, `liveEvents`, `syncUrl`). */
export type UrlListImplementations<TSchema extends PagedSchema, TItem> = Parameters<
  UrlListMachine<TSchema, TItem>['provide']
>[0];
