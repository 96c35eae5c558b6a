import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DealerLead } from '../common/contracts/dealer';
import type { WorkshopLead } from '../common/contracts/workshop';
import { toRequestFailure } from './request-failure';

export type ReviewPage<TItem> = { items: TItem[]; total: number; page: number; page_size: number };
export type ReviewDecision<TItem, TDecision extends string> = { lead: TItem; decision: TDecision; reason: string };

/**
 * A review queue for the system administrator: a status filter, newest first, 20 per page, and a
 * confirmed decision (with an optional reason) per item. Workshop invitation requests and dealer
 * registrations are two queues of this one flow.
 */
export function createReviewQueueMachine<
  TItem extends { id: number },
  TStatus extends string,
  TDecision extends string,
>(options: { id: string; initialStatus: TStatus | '' }) {
  type Query = { page: number; status: TStatus | '' };
  return setup({
    types: {
      context: {} as {
        query: Query;
        page: ReviewPage<TItem> | null;
        error: string | null;
        pending: ReviewDecision<TItem, TDecision> | null;
      },
      events: {} as
        | { type: 'filter.change'; status: TStatus | '' }
        | { type: 'page.change'; page: number }
        | { type: 'decision.request'; lead: TItem; decision: TDecision }
        | { type: 'reason.change'; value: string }
        | { type: 'decision.cancel' }
        | { type: 'decision.confirm' }
        | { type: 'list.retry' },
    },
    actors: {
      listLeads: fromPromise<ReviewPage<TItem>, Query>(async () => {
        throw new Error('listLeads actor not implemented: provide it with .provide()');
      }),
      decideLead: fromPromise<{ message: string | undefined }, ReviewDecision<TItem, TDecision>>(async () => {
        throw new Error('decideLead actor not implemented: provide it with .provide()');
      }),
    },
    actions: {
      notifySuccess: (_, _params: { message: string | undefined }) => {},
      notifyFailure: (_, _params: { message: string }) => {},
      setFilter: assign(({ context, event }) => {
        assertEvent(event, 'filter.change');
        return { query: { ...context.query, status: event.status, page: 1 } };
      }),
      setPage: assign(({ context, event }) => {
        assertEvent(event, 'page.change');
        return { query: { ...context.query, page: Math.max(1, event.page) } };
      }),
    },
  }).createMachine({
    id: options.id,
    context: { query: { page: 1, status: options.initialStatus }, page: null, error: null, pending: null },
    initial: 'loading',
    // A filter or page change always wins, also while a list is still loading (the dialog, the
    // only other place, is modal, so nothing can change behind it).
    on: {
      'filter.change': { target: '.loading', actions: 'setFilter' },
      'page.change': { target: '.loading', actions: 'setPage' },
    },
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'listLeads',
          src: 'listLeads',
          input: ({ context }) => context.query,
          onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => toRequestFailure(event.error).message }),
          },
        },
      },
      ready: {
        on: {
          'decision.request': {
            target: 'confirming',
            actions: assign({ pending: ({ event }) => ({ lead: event.lead, decision: event.decision, reason: '' }) }),
          },
        },
      },
      confirming: {
        tags: ['dialogOpen'],
        on: {
          'reason.change': {
            actions: assign({
              pending: ({ context, event }) => (context.pending ? { ...context.pending, reason: event.value } : null),
            }),
          },
          'decision.cancel': { target: 'ready', actions: assign({ pending: null }) },
          'decision.confirm': 'deciding',
        },
      },
      deciding: {
        tags: ['dialogOpen', 'busy'],
        invoke: {
          id: 'decideLead',
          src: 'decideLead',
          input: ({ context }) => {
            if (!context.pending) throw new Error('deciding without a pending decision');
            return context.pending;
          },
          onDone: {
            target: 'loading',
            actions: [
              assign({ pending: null }),
              { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
            ],
          },
          onError: {
            target: 'loading',
            actions: [
              assign({ pending: null }),
              { type: 'notifyFailure', params: ({ event }) => ({ message: toRequestFailure(event.error).message }) },
            ],
          },
        },
      },
      failed: { on: { 'list.retry': 'loading' } },
    },
  });
}

export type LeadStatusFilter = '' | WorkshopLead['status'];
export type LeadPage = ReviewPage<WorkshopLead>;
export type LeadDecision = ReviewDecision<WorkshopLead, 'approve' | 'reject'>;

/** Workshop invitation requests on /users/leads: approve (sends the invitation) or reject. */
export const adminLeadsMachine = createReviewQueueMachine<WorkshopLead, WorkshopLead['status'], 'approve' | 'reject'>({
  id: 'adminLeads',
  initialStatus: 'requested',
});

export type DealerStatusFilter = '' | DealerLead['status'];
export type DealerDecision = ReviewDecision<DealerLead, 'verify' | 'reject'>;

/** Part-dealer registrations on /users/dealers: verify or reject (each mailed to the dealer). */
export const adminDealersMachine = createReviewQueueMachine<DealerLead, DealerLead['status'], 'verify' | 'reject'>({
  id: 'adminDealers',
  initialStatus: 'UNVERIFIED',
});
