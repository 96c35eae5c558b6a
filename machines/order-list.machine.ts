import type * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { type OrderSummary, orderListQuerySchema } from '../common/contracts/trading';
import { compactListSearch, LIST_SEARCH_DEBOUNCE_MS, parseListSearch } from './list-search';
import { createUrlListMachine, type ListPage, type UrlListFilter } from './url-list';

/** Waiting after the last keystroke in a text filter (shared by every list's search field). */
export const ORDER_FILTER_DEBOUNCE_MS = LIST_SEARCH_DEBOUNCE_MS;

/** An order list's query as the URL and the contract hold it (every filter '' when unset). */
export type OrderListSearch = v.InferOutput<typeof orderListQuerySchema>;
export type OrderListFilter = UrlListFilter<typeof orderListQuerySchema>;
export type OrderPage = ListPage<OrderSummary>;
/** A dealer the workshop may filter by (its supplier relations). */
export type DealerChoice = { id: number; name: string };

/**
 * A new order the dealer has not confirmed yet (issue 24 §8): the dealer's list puts it first and
 * marks it; the workshop's list waits with it like with any other order.
 */
export function awaitsDealerConfirmation(order: Pick<OrderSummary, 'status'>, side: 'workshop' | 'dealer') {
  return side === 'dealer' && order.status === 'placed';
}

/** The URL's search params read by the contract's rules: anything it refuses becomes the default. */
export function parseOrderListSearch(raw: Record<string, unknown>): OrderListSearch {
  return parseListSearch(orderListQuerySchema, raw);
}

/** The query as the URL carries it: only what differs from the defaults (a clean `/orders`). */
export function compactOrderListSearch(query: OrderListSearch): Partial<OrderListSearch> {
  return compactListSearch(orderListQuerySchema, query);
}

/**
 * An order list of the workshop or the dealer (issue 13): filters and page live in the URL, text
 * filters wait for the typing to pause; every live event about an order reloads the page on screen.
 */
export const orderListMachine = createUrlListMachine<typeof orderListQuerySchema, OrderSummary>({
  id: 'orderList',
  schema: orderListQuerySchema,
  reloadOn: (event) => event.order_id !== null,
});

/**
 * The dealers the workshop's order list offers as a filter (its supplier relations; the dealer's
 * side offers none), read once as the list opens. Without them the list still works: the dealer
 * filter only offers fewer dealers.
 */
export const orderDealerChoicesMachine = setup({
  types: { context: {} as { dealers: DealerChoice[] } },
  actors: {
    loadDealerChoices: fromPromise<DealerChoice[], void>(async () => {
      throw new Error('loadDealerChoices actor not implemented: provide it with .provide()');
    }),
  },
}).createMachine({
  id: 'orderDealerChoices',
  context: { dealers: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDealerChoices',
        src: 'loadDealerChoices',
        onDone: { target: 'done', actions: assign({ dealers: ({ event }) => event.output }) },
        onError: 'done',
      },
    },
    done: { type: 'final' },
  },
});
