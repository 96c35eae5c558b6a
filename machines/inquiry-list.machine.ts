import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import { INQUIRY_STATUSES, type InquirySummary, type TradeEvent } from '../common/contracts/trading';
import { toRequestFailure } from './request-failure';

/** The filters the list offers: all, open (sent or quoted), and each stored status (a draft is never stored). */
export const INQUIRY_LIST_FILTERS = ['', 'open', ...INQUIRY_STATUSES.filter((status) => status !== 'draft')] as const;
export type InquiryListFilter = (typeof INQUIRY_LIST_FILTERS)[number];

/** The list's query as the address holds it: a page and a status filter. */
export type InquiryListQuery = { page: number; status: InquiryListFilter };
export type InquiryListPage = { items: InquirySummary[]; total: number; page: number; page_size: number };

type Context = {
  query: InquiryListQuery;
  result: InquiryListPage | null;
  loadError: string | null;
  /** A live event arrived while a page was being read: the answer may predate it, so read again. */
  stale: boolean;
};

export type InquiryListEvent = { type: 'list.retry' } | { type: 'trade.event'; event: TradeEvent };

/**
 * The workshop's inquiries (issue 13): one page for the query in the address (a new query is a new
 * list), read again on every live trade event, since any of them may change a row's answers or status.
 */
export const inquiryListMachine = setup({
  types: { context: {} as Context, events: {} as InquiryListEvent, input: {} as { query: InquiryListQuery } },
  actors: {
    loadInquiries: fromPromise<InquiryListPage, InquiryListQuery>(async () => {
      throw new Error('loadInquiries actor not implemented: provide it with inquiryListMachine.provide()');
    }),
    /** Sends `{ type: 'trade.event', event }` for every live trade event. */
    liveEvents: fromCallback<EventObject>(() => {
      throw new Error('liveEvents actor not implemented: provide it with inquiryListMachine.provide()');
    }),
  },
}).createMachine({
  id: 'inquiryList',
  context: ({ input }) => ({ query: input.query, result: null, loadError: null, stale: false }),
  invoke: { id: 'liveEvents', src: 'liveEvents' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
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
