import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import type { DealerInboxItem, TradeEvent } from '../common/contracts/trading';
import { toRequestFailure } from './request-failure';

/** The inbox's filter as the URL carries it: `all` is every inquiry, `open` those still waiting for an answer. */
export const INBOX_FILTERS = ['open', 'answered', 'declined', 'expired', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
export type InboxQuery = { status: InboxFilter; page: number };
export type InboxPage = { items: DealerInboxItem[]; total: number; page: number; page_size: number };

/**
 * The dealer's inquiry inbox on /dealer/inquiries (issue 13): one page of its customers' inquiries
 * for a status filter (open by default). The filter and page live in the URL (the route hands
 * them in and hears back through `syncUrl`), so a reload or the back button keeps them. Any live
 * trade event reloads the page: a new inquiry, a colleague's answer, a closing.
 */
export const dealerInquiryInboxMachine = setup({
  types: {
    context: {} as { query: InboxQuery; page: InboxPage | null; error: string | null },
    events: {} as
      | { type: 'filter.change'; status: InboxFilter }
      | { type: 'page.change'; page: number }
      | { type: 'query.sync'; query: InboxQuery }
      | { type: 'list.retry' }
      | { type: 'trade.event'; event: TradeEvent },
    input: {} as { query: InboxQuery },
  },
  actors: {
    loadInbox: fromPromise<InboxPage, InboxQuery>(async () => {
      throw new Error('loadInbox actor not implemented: provide it with dealerInquiryInboxMachine.provide()');
    }),
    liveEvents: fromCallback<EventObject>(() => {
      throw new Error('liveEvents actor not implemented: provide it with dealerInquiryInboxMachine.provide()');
    }),
  },
  actions: {
    /** Writes the query into the URL (the route's search params). */
    syncUrl: (_, _query: InboxQuery) => {},
  },
  guards: {
    hasPage: ({ context }) => context.page !== null,
    isNewQuery: ({ context, event }) =>
      event.type === 'query.sync' &&
      (event.query.status !== context.query.status || event.query.page !== context.query.page),
  },
}).createMachine({
  id: 'dealerInquiryInbox',
  context: ({ input }) => ({ query: input.query, page: null, error: null }),
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
            assign(({ event }) => ({ query: { status: event.status, page: 1 } })),
            { type: 'syncUrl', params: ({ context }) => context.query },
          ],
        },
        // Pages exist once one is loaded (its total says how many).
        'page.change': {
          guard: 'hasPage',
          target: '.loading',
          reenter: true,
          actions: [
            assign(({ context, event }) => ({ query: { ...context.query, page: Math.max(1, event.page) } })),
            { type: 'syncUrl', params: ({ context }) => context.query },
          ],
        },
        // The URL changed without the screen (back button, a link): follow it.
        'query.sync': {
          guard: 'isNewQuery',
          target: '.loading',
          reenter: true,
          actions: assign(({ event }) => ({ query: event.query })),
        },
      },
      initial: 'loading',
      states: {
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
