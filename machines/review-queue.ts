import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../common/contracts/message-ids';
import { type LoadFailureContext, loadWithRetry } from './blocks/load-with-retry';
import { toRequestFailure } from './request-failure';

/** What a list asks the server for; `search` stays '' on a list without a search box. */
export type ReviewQuery<TStatus extends string> = { page: number; status: TStatus | ''; search: string };
/**
 * One page of a list. `choices` are what a decision's dialog may offer to pick from (the dealer
 * registrations: the listed dealers a verification can be linked to), loaded with the page so
 * they are as fresh as the list.
 */
/** A list's query after a filter changes (search, status, kind): back to the first page. */
export function filteredQuery<TQuery extends { page: number }>(query: TQuery, change: Partial<Omit<TQuery, 'page'>>) {
  return { ...query, ...change, page: 1 };
}

/** A list's query at another page; never before the first. */
export function queryAtPage<TQuery extends { page: number }>(query: TQuery, page: number) {
  return { ...query, page: Math.max(1, page) };
}

export type ReviewPage<TItem> = {
  items: TItem[];
  total: number;
  page: number;
  page_size: number;
  choices?: readonly ReviewChoice[];
};
export type ReviewChoice = { value: string; label: string };
/** A decision with its reason, and the picked choice once one is picked (absent: none). */
export type ReviewDecision<TItem, TDecision extends string> = {
  item: TItem;
  decision: TDecision;
  reason: string;
  choice?: string;
};

export type ReviewQueueOptions<TStatus extends string, TDecision extends string = string> = {
  id: string;
  initialStatus: TStatus | '';
  /**
   * With a search box: how long to wait after the last keystroke, so typing a name sends one
   * request. Without it the list has no search.
   */
  searchDebounceMs?: number;
  /**
   * The rule of a decision's reason, from the list's contract: the message id of what is wrong
   * with it, or null. Without it every reason is optional. A reason that breaks its rule keeps
   * the dialog open with the message, and nothing is sent.
   */
  reasonProblem?: (decision: TDecision, reason: string) => MessageId | null;
};

/**
 * A review queue of the system administrator: a status filter (and optionally a debounced
 * search), newest first, 20 per page, and a confirmed decision (with an optional reason) per
 * item. Accounts, workshop invitation requests and dealer registrations are three queues of this
 * one flow; they differ in their items, statuses and decisions.
 */
export function createReviewQueueMachine<
  TItem extends { id: number },
  TStatus extends string,
  TDecision extends string,
>(options: ReviewQueueOptions<TStatus, TDecision>) {
  const searchable = options.searchDebounceMs !== undefined;
  const load = loadWithRetry({ retry: 'list.retry' });
  const reasonProblemOf = (pending: ReviewDecision<TItem, TDecision>) =>
    options.reasonProblem?.(pending.decision, pending.reason) ?? null;
  return setup({
    types: {
      context: {} as {
        query: ReviewQuery<TStatus>;
        page: ReviewPage<TItem> | null;
        pending: ReviewDecision<TItem, TDecision> | null;
        /** What is wrong with the pending decision's reason, once confirming was tried. */
        reasonProblem: MessageId | null;
      } & LoadFailureContext,
      events: {} as
        | { type: 'search.change'; value: string }
        | { type: 'filter.change'; status: TStatus | '' }
        | { type: 'page.change'; page: number }
        | { type: 'decision.request'; item: TItem; decision: TDecision }
        | { type: 'reason.change'; value: string }
        | { type: 'choice.change'; value: string }
        | { type: 'decision.cancel' }
        | { type: 'decision.confirm' }
        | { type: 'list.retry' },
    },
    delays: { SEARCH_DEBOUNCE: options.searchDebounceMs ?? 0 },
    actors: {
      loadPage: fromPromise<ReviewPage<TItem>, ReviewQuery<TStatus>>(async () => {
        throw new Error('loadPage actor not implemented: provide it with .provide()');
      }),
      decide: fromPromise<{ message: string | undefined }, ReviewDecision<TItem, TDecision>>(async () => {
        throw new Error('decide actor not implemented: provide it with .provide()');
      }),
    },
    guards: {
      reasonBreaksRule: ({ context }) => context.pending !== null && reasonProblemOf(context.pending) !== null,
    },
    actions: {
      notifySuccess: (_, _params: { message: string | undefined }) => {},
      notifyFailure: (_, _params: { message: string }) => {},
      setSearch: assign(({ context, event }) => {
        assertEvent(event, 'search.change');
        return { query: filteredQuery(context.query, { search: event.value }) };
      }),
      setFilter: assign(({ context, event }) => {
        assertEvent(event, 'filter.change');
        return { query: filteredQuery(context.query, { status: event.status }) };
      }),
      setPage: assign(({ context, event }) => {
        assertEvent(event, 'page.change');
        return { query: queryAtPage(context.query, event.page) };
      }),
    },
  }).createMachine({
    id: options.id,
    context: {
      query: { page: 1, status: options.initialStatus, search: '' },
      page: null,
      loadError: null,
      pending: null,
      reasonProblem: null,
    },
    initial: 'loading',
    // A search, filter or page change always wins, also while a list is still loading (the
    // dialog, the only other place, is modal, so nothing can change behind it).
    on: {
      ...(searchable && { 'search.change': { target: '.debouncing', actions: 'setSearch' } }),
      'filter.change': { target: '.loading', actions: 'setFilter' },
      'page.change': { target: '.loading', actions: 'setPage' },
    },
    states: {
      // Declared in every queue because XState infers no state values from a state that is only
      // sometimes there; only a queue with a search box handles search.change and enters it.
      debouncing: {
        description: 'Typing in the search box; every keystroke restarts the wait.',
        tags: ['busy'],
        after: { SEARCH_DEBOUNCE: 'loading' },
      },
      loading: {
        ...load.loading,
        invoke: {
          id: 'loadPage',
          src: 'loadPage',
          input: ({ context }) => context.query,
          onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
          onError: load.failure,
        },
      },
      ready: {
        tags: ['decidable'],
        on: {
          'decision.request': {
            target: 'confirming',
            actions: assign({ pending: ({ event }) => ({ item: event.item, decision: event.decision, reason: '' }) }),
          },
        },
      },
      confirming: {
        tags: ['dialogOpen'],
        on: {
          'reason.change': {
            actions: assign({
              pending: ({ context, event }) => (context.pending ? { ...context.pending, reason: event.value } : null),
              reasonProblem: null,
            }),
          },
          'choice.change': {
            actions: assign({
              pending: ({ context, event }) => (context.pending ? { ...context.pending, choice: event.value } : null),
            }),
          },
          'decision.cancel': { target: 'ready', actions: assign({ pending: null, reasonProblem: null }) },
          'decision.confirm': [
            {
              guard: 'reasonBreaksRule',
              actions: assign({
                reasonProblem: ({ context }) => (context.pending ? reasonProblemOf(context.pending) : null),
              }),
            },
            { target: 'deciding' },
          ],
        },
      },
      deciding: {
        tags: ['dialogOpen', 'busy', 'deciding'],
        invoke: {
          id: 'decide',
          src: 'decide',
          input: ({ context }) => {
            if (!context.pending) throw new Error('deciding without a pending decision');
            return context.pending;
          },
          // Reloaded either way: a refusal usually means the item changed meanwhile (decided by
          // another administrator, deleted), and the list should show how it stands now.
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
      failed: load.failed,
    },
  });
}

export type ReviewQueueMachine<
  TItem extends { id: number },
  TStatus extends string,
  TDecision extends string,
> = ReturnType<typeof createReviewQueueMachine<TItem, TStatus, TDecision>>;

/** The effects a route supplies to a review queue with `.provide()`. */
export type ReviewQueueImplementations<
  TItem extends { id: number },
  TStatus extends string,
  TDecision extends string,
> = Parameters<ReviewQueueMachine<TItem, TStatus, TDecision>['provide']>[0];
