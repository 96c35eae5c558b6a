import * as v from 'valibot';
import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import { pageQueryParam } from '../common/contracts/admin-users';
import { type DealerInboxItem, searchTextParam, type TradeEvent } from '../common/contracts/trading';
import { afterUrlEcho, LIST_SEARCH_DEBOUNCE_MS, listSearchKey, parseListSearch, rememberUrlWrite } from './list-search';
import { toRequestFailure } from './request-failure';

/** The inbox's filter as the URL carries it: `all` is every inquiry, `open` those still waiting for an answer. */
export const INBOX_FILTERS = ['open', 'answered', 'declined', 'expired', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/**
 * /dealer/inquiries' search params: the filter (open by default), the page and the search text
 * (`q`: a part number in any spelling or one character off, a description, an alternative this
 * dealer quoted, the vehicle, the workshop's name). Whatever the rules refuse falls back to its
 * default on its own.
 */
export const inboxSearchSchema = v.object({
  status: v.optional(v.picklist(INBOX_FILTERS), 'open'),
  page: pageQueryParam,
  q: searchTextParam,
});
export type InboxQuery = v.InferOutput<typeof inboxSearchSchema>;
export type InboxPage = { items: DealerInboxItem[]; total: number; page: number; page_size: number };

/** The URL's search params read by the rules above: anything refused becomes the default. */
export function parseInboxSearch(raw: Record<string, unknown>): InboxQuery {
  return parseListSearch(inboxSearchSchema, raw);
}

const queryKey = (query: InboxQuery) => listSearchKey(inboxSearchSchema, query);

type Context = {
  query: InboxQuery;
  page: InboxPage | null;
  error: string | null;
  /** The queries written to the URL whose echo (`query.sync`) has not come back yet (fast typing). */
  written: string[];
};

/**
 * The dealer's inquiry inbox on /dealer/inquiries (issues 13 and 14): one page of its customers'
 * inquiries for a status filter (open by default) and a search text. The query lives in the URL
 * (the route hands it in and hears back through `syncUrl`), so a reload, a language switch or the
 * back button keep it; the search waits for the typing to pause, and a new query starts on page 1.
 * Any live trade event reloads the page: a new inquiry, a colleague's answer, a closing.
 */
export const dealerInquiryInboxMachine = setup({
  types: {
    context: {} as Context,
    events: {} as
      | { type: 'filter.change'; status: InboxFilter }
      | { type: 'search.change'; q: string }
      /** Empties the search at once (the "no results" screen's way out). */
      | { type: 'search.clear' }
      | { type: 'page.change'; page: number }
      | { type: 'query.sync'; query: InboxQuery }
      | { type: 'list.retry' }
      | { type: 'trade.event'; event: TradeEvent },
    input: {} as { query: InboxQuery },
  },
  delays: { SEARCH_DEBOUNCE: LIST_SEARCH_DEBOUNCE_MS },
  actors: {
    loadInbox: fromPromise<InboxPage, InboxQuery>(async () => {
      throw new Error('loadInbox actor not implemented: provide it with dealerInquiryInboxMachine.provide()');
    }),
    liveEvents: fromCallback<EventObject>(() => {
      throw new Error('liveEvents actor not implemented: provide it with dealerInquiryInboxMachine.provide()');
    }),
  },
  actions: {
    /** Writes the query into the URL (the route's search params); `replace` while typing. */
    syncUrl: (_, _params: { query: InboxQuery; replace: boolean }) => {},
    rememberWrite: assign({ written: ({ context }) => rememberUrlWrite(context.written, queryKey(context.query)) }),
    forgetEcho: assign(({ context, event }) => {
      assertEvent(event, 'query.sync');
      return { written: afterUrlEcho(context.written, queryKey(event.query)) };
    }),
  },
  guards: {
    hasPage: ({ context }) => context.page !== null,
    /** The contract's rules for a search text (length, no control characters); anything else is not taken. */
    isSearchAllowed: ({ event }) => event.type === 'search.change' && v.is(searchTextParam, event.q),
    isEcho: ({ context, event }) => event.type === 'query.sync' && context.written.includes(queryKey(event.query)),
    isNewQuery: ({ context, event }) =>
      event.type === 'query.sync' && queryKey(event.query) !== queryKey(context.query),
  },
}).createMachine({
  id: 'dealerInquiryInbox',
  context: ({ input }) => ({ query: input.query, page: null, error: null, written: [] }),
  // The subscription lives as long as the screen; the list's own transitions stay below it.
  invoke: { id: 'liveEvents', src: 'liveEvents' },
  initial: 'list',
  states: {
    list: {
      on: {
        // Every trade event may change the inbox; the page shown stays until the new one arrives.
        'trade.event': { target: '.loading', reenter: true },
        'filter.change': {
          target: '.loading',
          reenter: true,
          actions: [
            assign(({ context, event }) => ({ query: { ...context.query, status: event.status, page: 1 } })),
            'rememberWrite',
            { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
          ],
        },
        // Typing replaces the URL's entry: "back" goes to the inbox before the search, not letter by letter.
        'search.change': {
          guard: 'isSearchAllowed',
          target: '.debouncing',
          reenter: true,
          actions: [
            assign(({ context, event }) => ({ query: { ...context.query, q: event.q, page: 1 } })),
            'rememberWrite',
            { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: true }) },
          ],
        },
        'search.clear': {
          target: '.loading',
          reenter: true,
          actions: [
            assign(({ context }) => ({ query: { ...context.query, q: '', page: 1 } })),
            'rememberWrite',
            { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
          ],
        },
        // Pages exist once one is loaded (its total says how many).
        'page.change': {
          guard: 'hasPage',
          target: '.loading',
          reenter: true,
          actions: [
            assign(({ context, event }) => ({ query: { ...context.query, page: Math.max(1, event.page) } })),
            'rememberWrite',
            { type: 'syncUrl', params: ({ context }) => ({ query: context.query, replace: false }) },
          ],
        },
        // The URL changed without the screen (back button, a link): follow it; the echo of our own write is not news.
        'query.sync': [
          { guard: 'isEcho', actions: 'forgetEcho' },
          {
            guard: 'isNewQuery',
            target: '.loading',
            reenter: true,
            actions: assign(({ event }) => ({ query: event.query, written: [] })),
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
          invoke: {
            id: 'loadInbox',
            src: 'loadInbox',
            input: ({ context }) => context.query,
            onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output, error: null }) },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => toRequestFailure(event.error).message }),
            },
          },
        },
        ready: {},
        failed: { on: { 'list.retry': 'loading' } },
      },
    },
  },
});
