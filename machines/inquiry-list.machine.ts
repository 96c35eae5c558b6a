import * as v from 'valibot';
import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import { pageQueryParam } from '../common/contracts/admin-users';
import { INQUIRY_STATUSES, type InquirySummary, searchTextParam, type TradeEvent } from '../common/contracts/trading';
import { afterUrlEcho, LIST_SEARCH_DEBOUNCE_MS, listSearchKey, parseListSearch, rememberUrlWrite } from './list-search';
import { toRequestFailure } from './request-failure';

/** The filters the list offers: all, open (sent or quoted), and each stored status (a draft is never stored). */
export const INQUIRY_LIST_FILTERS = ['', 'open', ...INQUIRY_STATUSES.filter((status) => status !== 'draft')] as const;
export type InquiryListFilter = (typeof INQUIRY_LIST_FILTERS)[number];

/**
 * /inquiries' search params: the page, the status filter and the search text (`q`: a part number
 * in any spelling or one character off, a description, a dealer's alternative, the vehicle).
 * Each is optional in a link; whatever the rules refuse falls back to its default on its own.
 */
export const inquiryListSearchSchema = v.object({
  page: pageQueryParam,
  status: v.optional(v.picklist(INQUIRY_LIST_FILTERS), ''),
  q: searchTextParam,
});

/** The list's query as the address holds it. */
export type InquiryListQuery = v.InferOutput<typeof inquiryListSearchSchema>;
export type InquiryListPage = { items: InquirySummary[]; total: number; page: number; page_size: number };

/** The URL's search params read by the rules above: anything refused becomes the default. */
export function parseInquiryListSearch(raw: Record<string, unknown>): InquiryListQuery {
  return parseListSearch(inquiryListSearchSchema, raw);
}

const queryKey = (query: InquiryListQuery) => listSearchKey(inquiryListSearchSchema, query);

type Context = {
  query: InquiryListQuery;
  result: InquiryListPage | null;
  loadError: string | null;
  /** A live event arrived while a page was being read: the answer may predate it, so read again. */
  stale: boolean;
  /** The queries written to the URL whose echo (`query.sync`) has not come back yet (fast typing). */
  written: string[];
};

export type InquiryListEvent =
  | { type: 'list.retry' }
  | { type: 'trade.event'; event: TradeEvent }
  | { type: 'filter.change'; status: InquiryListFilter }
  | { type: 'search.change'; q: string }
  /** Empties the search at once (the "no results" screen's way out). */
  | { type: 'search.clear' }
  | { type: 'page.change'; page: number }
  /** The URL changed outside the screen (back, forward, a link): the list follows it. */
  | { type: 'query.sync'; query: InquiryListQuery };

/**
 * The workshop's inquiries (issues 13 and 14): one page for the query in the address, read again
 * on every live trade event, since any of them may change a row's answers or status. The query
 * lives in the URL (`syncUrl` writes it, `query.sync` reads it back), so a reload, a language
 * switch or "back" keep it; the search waits for the typing to pause, and a new query starts on
 * page 1.
 */
export const inquiryListMachine = setup({
  types: { context: {} as Context, events: {} as InquiryListEvent, input: {} as { query: InquiryListQuery } },
  delays: { SEARCH_DEBOUNCE: LIST_SEARCH_DEBOUNCE_MS },
  actors: {
    loadInquiries: fromPromise<InquiryListPage, InquiryListQuery>(async () => {
      throw new Error('loadInquiries actor not implemented: provide it with inquiryListMachine.provide()');
    }),
    /** Sends `{ type: 'trade.event', event }` for every live trade event. */
    liveEvents: fromCallback<EventObject>(() => {
      throw new Error('liveEvents actor not implemented: provide it with inquiryListMachine.provide()');
    }),
  },
  actions: {
    /** Writes the query into the URL; `replace` while typing, so "back" skips the letters. */
    syncUrl: (_, _params: { query: InquiryListQuery; replace: boolean }) => {},
    rememberWrite: assign({ written: ({ context }) => rememberUrlWrite(context.written, queryKey(context.query)) }),
    forgetEcho: assign(({ context, event }) => {
      assertEvent(event, 'query.sync');
      return { written: afterUrlEcho(context.written, queryKey(event.query)) };
    }),
  },
  guards: {
    /** The contract's rules for a search text (length, no control characters); anything else is not taken. */
    isSearchAllowed: ({ event }) => event.type === 'search.change' && v.is(searchTextParam, event.q),
    isEcho: ({ context, event }) => event.type === 'query.sync' && context.written.includes(queryKey(event.query)),
    queryDiffers: ({ context, event }) =>
      event.type === 'query.sync' && queryKey(event.query) !== queryKey(context.query),
  },
}).createMachine({
  id: 'inquiryList',
  context: ({ input }) => ({ query: input.query, result: null, loadError: null, stale: false, written: [] }),
  invoke: { id: 'liveEvents', src: 'liveEvents' },
  on: {
    'search.change': {
      guard: 'isSearchAllowed',
      target: '.debouncing',
      actions: [
        assign({ query: ({ context, event }) => ({ ...context.query, q: event.q, page: 1 }) }),
        'rememberWrite',
        { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: true }) },
      ],
    },
    'search.clear': {
      target: '.loading',
      actions: [
        assign({ query: ({ context }) => ({ ...context.query, q: '', page: 1 }) }),
        'rememberWrite',
        { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
      ],
    },
    'filter.change': {
      target: '.loading',
      actions: [
        assign({ query: ({ context, event }) => ({ ...context.query, status: event.status, page: 1 }) }),
        'rememberWrite',
        { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
      ],
    },
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
  },
  initial: 'loading',
  states: {
    debouncing: {
      description: 'Typing in the search field; every keystroke restarts the wait.',
      tags: ['busy'],
      after: { SEARCH_DEBOUNCE: 'loading' },
    },
    loading: {
      tags: ['busy'],
      // A read that starts now postdates every event heard so far.
      entry: assign({ stale: false }),
      invoke: {
        id: 'loadInquiries',
        src: 'loadInquiries',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: ({ context }) => context.stale,
            target: 'loading',
            reenter: true,
            actions: assign({ result: ({ event }) => event.output, loadError: null, stale: false }),
          },
          { target: 'ready', actions: assign({ result: ({ event }) => event.output, loadError: null }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => toRequestFailure(event.error).message, stale: false }),
        },
      },
      on: { 'trade.event': { actions: assign({ stale: true }) } },
    },
    failed: { on: { 'list.retry': 'loading', 'trade.event': 'loading' } },
    ready: {
      on: {
        'trade.event': 'loading',
      },
    },
  },
});
