import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { WorkshopLead } from '../src/contracts/workshop';
import { toRequestFailure } from './request-failure';

export type LeadStatusFilter = '' | WorkshopLead['status'];
export type LeadPage = { items: WorkshopLead[]; total: number; page: number; page_size: number };
export type LeadDecision = { lead: WorkshopLead; decision: 'approve' | 'reject'; reason: string };

export type AdminLeadsEvent =
  | { type: 'filter.change'; status: LeadStatusFilter }
  | { type: 'page.change'; page: number }
  | { type: 'decision.request'; lead: WorkshopLead; decision: 'approve' | 'reject' }
  | { type: 'reason.change'; value: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.confirm' }
  | { type: 'list.retry' };

/**
 * The administrator's review of invitation requests (/users/leads): filter by status, newest
 * first, 20 per page; approve (sends the invitation) or reject with a reason, each confirmed.
 */
export const adminLeadsMachine = setup({
  types: {
    context: {} as {
      query: { page: number; status: LeadStatusFilter };
      page: LeadPage | null;
      error: string | null;
      pending: LeadDecision | null;
    },
    events: {} as AdminLeadsEvent,
  },
  actors: {
    listLeads: fromPromise<LeadPage, { page: number; status: LeadStatusFilter }>(async () => {
      throw new Error('listLeads actor not implemented: provide it with adminLeadsMachine.provide()');
    }),
    decideLead: fromPromise<{ message: string | undefined }, LeadDecision>(async () => {
      throw new Error('decideLead actor not implemented: provide it with adminLeadsMachine.provide()');
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
  id: 'adminLeads',
  context: { query: { page: 1, status: 'requested' }, page: null, error: null, pending: null },
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
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestFailure(event.error).message }) },
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
