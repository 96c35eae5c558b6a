import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AdminUser } from '../common/contracts/admin-users';
import type { SettableUserStatus } from '../common/contracts/auth';
import { toRequestFailure } from './request-failure';

export type UserQuery = { page: number; search: string; status: '' | '1' | '2' | '3' };
export type UserPage = { items: AdminUser[]; total: number; page: number; page_size: number };
export type StatusChange = { user: AdminUser; status: SettableUserStatus };

export type AdminUsersEvent =
  | { type: 'search.change'; value: string }
  | { type: 'filter.change'; status: UserQuery['status'] }
  | { type: 'page.change'; page: number }
  | { type: 'status.request'; user: AdminUser; status: SettableUserStatus }
  | { type: 'status.cancel' }
  | { type: 'status.confirm' }
  | { type: 'list.retry' };

/** Waiting after the last keystroke before searching, so typing a name sends one request. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The system administrator's user list on /users: search, status filter, 20 per page, and
 * activating (2 → 1) or deactivating (→ 3) an account after a confirmation.
 */
export const adminUsersMachine = setup({
  types: {
    context: {} as { query: UserQuery; page: UserPage | null; error: string | null; pending: StatusChange | null },
    events: {} as AdminUsersEvent,
  },
  delays: { SEARCH_DEBOUNCE: SEARCH_DEBOUNCE_MS },
  actors: {
    listUsers: fromPromise<UserPage, UserQuery>(async () => {
      throw new Error('listUsers actor not implemented: provide it with adminUsersMachine.provide()');
    }),
    setUserStatus: fromPromise<{ message: string | undefined }, { userId: number; status: SettableUserStatus }>(
      async () => {
        throw new Error('setUserStatus actor not implemented: provide it with adminUsersMachine.provide()');
      },
    ),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    setSearch: assign(({ context, event }) => {
      assertEvent(event, 'search.change');
      return { query: { ...context.query, search: event.value, page: 1 } };
    }),
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
  id: 'adminUsers',
  context: { query: { page: 1, search: '', status: '' }, page: null, error: null, pending: null },
  initial: 'loading',
  on: {
    'search.change': { target: '.debouncing', actions: 'setSearch' },
    'filter.change': { target: '.loading', actions: 'setFilter' },
    'page.change': { target: '.loading', actions: 'setPage' },
  },
  states: {
    debouncing: {
      after: { SEARCH_DEBOUNCE: 'loading' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'listUsers',
        src: 'listUsers',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => toRequestFailure(event.error).message }),
            { type: 'notifyFailure', params: ({ event }) => ({ message: toRequestFailure(event.error).message }) },
          ],
        },
      },
    },
    ready: {
      on: {
        'status.request': {
          target: 'confirmingStatus',
          actions: assign({ pending: ({ event }) => ({ user: event.user, status: event.status }) }),
        },
      },
    },
    confirmingStatus: {
      tags: ['dialogOpen'],
      on: {
        'status.cancel': { target: 'ready', actions: assign({ pending: null }) },
        'status.confirm': 'changingStatus',
      },
    },
    changingStatus: {
      tags: ['dialogOpen', 'busy'],
      invoke: {
        id: 'setUserStatus',
        src: 'setUserStatus',
        input: ({ context }) => ({ userId: context.pending?.user.id ?? -1, status: context.pending?.status ?? 3 }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ pending: null }),
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: {
          target: 'ready',
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
