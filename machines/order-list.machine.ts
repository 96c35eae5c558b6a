import type * as v from 'valibot';
import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import { type OrderSummary, orderListQuerySchema, type TradeEvent } from '../common/contracts/trading';
import {
  afterUrlEcho,
  compactListSearch,
  LIST_SEARCH_DEBOUNCE_MS,
  listSearchKey,
  parseListSearch,
  rememberUrlWrite,
} from './list-search';
import { toRequestFailure } from './request-failure';

/** Waiting after the last keystroke in a text filter (shared by every list's search field). */
export const ORDER_FILTER_DEBOUNCE_MS = LIST_SEARCH_DEBOUNCE_MS;

/** An order list's query as the URL and the contract hold it (every filter '' when unset). */
export type OrderListSearch = v.InferOutput<typeof orderListQuerySchema>;
export type OrderListFilter = Exclude<keyof OrderListSearch, 'page'>;
export type OrderPage = { items: OrderSummary[]; total: number; page: number; page_size: number };
/** A dealer the workshop may filter by (its supplier relations). */
export type DealerChoice = { id: number; name: string };

/** The URL's search params read by the contract's rules: anything it refuses becomes the default. */
export function parseOrderListSearch(raw: Record<string, unknown>): OrderListSearch {
  return parseListSearch(orderListQuerySchema, raw);
}

/** The query as the URL carries it: only what differs from the defaults (a clean `/orders`). */
export function compactOrderListSearch(query: OrderListSearch): Partial<OrderListSearch> {
  return compactListSearch(orderListQuerySchema, query);
}

type Context = {
  query: OrderListSearch;
  page: OrderPage | null;
  error: string | null;
  dealers: DealerChoice[];
  stale: boolean;
  /**
   * The queries written to the URL whose echo (`query.sync`) has not come back yet: the router
   * answers late, and an echo of an older write must not undo a newer change (fast typing).
   */
  written: string[];
};

const queryKey = (query: OrderListSearch) => listSearchKey(orderListQuerySchema, query);

export type OrderListEvent =
  | { type: 'filter.change'; field: OrderListFilter; value: string }
  | { type: 'page.change'; page: number }
  | { type: 'list.retry' }
  /** The URL changed outside the screen (back, forward, a link): the list follows it. */
  | { type: 'query.sync'; query: OrderListSearch }
  | { type: 'trade.event'; event: TradeEvent };

/**
 * An order list of the workshop or the dealer (issue 13): filters and page live in the URL, so a
 * reload or "back" keeps them (`syncUrl` writes them, `query.sync` reads them back); text filters
 * wait for the typing to pause; every live event about an order reloads the page on screen.
 */
export const orderListMachine = setup({
  types: {
    context: {} as Context,
    events: {} as OrderListEvent,
    input: {} as { query: OrderListSearch },
  },
  delays: { FILTER_DEBOUNCE: ORDER_FILTER_DEBOUNCE_MS },
  actors: {
    loadOrders: fromPromise<OrderPage, OrderListSearch>(async () => {
      throw new Error('loadOrders actor not implemented: provide it with .provide()');
    }),
    /** The workshop's dealers for the dealer filter; the dealer's side lists none. */
    loadDealerChoices: fromPromise<DealerChoice[], void>(async () => {
      throw new Error('loadDealerChoices actor not implemented: provide it with .provide()');
    }),
    liveEvents: fromCallback<EventObject>(() => {
      throw new Error('liveEvents actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    syncUrl: (_, _params: { query: OrderListSearch; replace: boolean }) => {},
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'filter.change');
      return { query: { ...context.query, [event.field]: event.value, page: 1 } };
    }),
    rememberWrite: assign({ written: ({ context }) => rememberUrlWrite(context.written, queryKey(context.query)) }),
    forgetEcho: assign(({ context, event }) => {
      assertEvent(event, 'query.sync');
      return { written: afterUrlEcho(context.written, queryKey(event.query)) };
    }),
  },
  guards: {
    isTextFilter: ({ event }) => event.type === 'filter.change' && (event.field === 'q' || event.field === 'vehicle'),
    isEcho: ({ context, event }) => event.type === 'query.sync' && context.written.includes(queryKey(event.query)),
    queryDiffers: ({ context, event }) =>
      event.type === 'query.sync' && queryKey(event.query) !== queryKey(context.query),
    aboutAnOrder: ({ event }) => event.type === 'trade.event' && event.event.order_id !== null,
    isStale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'orderList',
  context: ({ input }) => ({ query: input.query, page: null, error: null, dealers: [], stale: false, written: [] }),
  invoke: [
    { id: 'liveEvents', src: 'liveEvents' },
    {
      id: 'loadDealerChoices',
      src: 'loadDealerChoices',
      onDone: { actions: assign({ dealers: ({ event }) => event.output }) },
      // Without the choices the list still works; the dealer filter only offers fewer dealers.
      onError: { actions: assign({ dealers: [] }) },
    },
  ],
  on: {
    'filter.change': [
      {
        guard: 'isTextFilter',
        target: '.debouncing',
        // Typing replaces the URL's entry: "back" goes to the list before the search, not letter by letter.
        actions: [
          'setFilter',
          'rememberWrite',
          { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: true }) },
        ],
      },
      {
        target: '.loading',
        actions: [
          'setFilter',
          'rememberWrite',
          { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
        ],
      },
    ],
    'page.change': {
      target: '.loading',
      actions: [
        assign({ query: ({ context, event }) => ({ ...context.query, page: Math.max(1, event.page) }) }),
        'rememberWrite',
        { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
      ],
    },
    'query.sync': [
      { guard: 'isEcho', actions: 'forgetEcho' },
      {
        guard: 'queryDiffers',
        target: '.loading',
        actions: assign({ query: ({ event }) => event.query, written: [] }),
      },
    ],
    'trade.event': { guard: 'aboutAnOrder', actions: assign({ stale: true }) },
  },
  initial: 'loading',
  states: {
    debouncing: {
      description: 'Typing in a text filter; every keystroke restarts the wait.',
      tags: ['busy'],
      after: { FILTER_DEBOUNCE: 'loading' },
    },
    loading: {
      tags: ['busy'],
      entry: assign({ stale: false }),
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestFailure(event.error).message }) },
      },
    },
    failed: { on: { 'list.retry': 'loading' } },
    ready: { always: { guard: 'isStale', target: 'loading' } },
  },
});
