import { assign, fromPromise, setup } from 'xstate';
import type { AppPath } from '../common/app-paths';
import { failureNotice, toRequestFailure } from './request-failure';

export type LogoutEvent = { type: 'logout.request' } | { type: 'logout.cancel' } | { type: 'logout.confirm' };

/**
 * Logout from the shell (docs/product.md §2): the menu entry opens a confirmation dialog; Yes logs out.
 * Success removes the stored user and goes to /login (docs/product.md §4.2); a failure keeps
 * the dialog open and keeps the server's message as the error.
 */
export const logoutMachine = setup({
  types: { context: {} as { error: string | null }, events: {} as LogoutEvent },
  actors: {
    logout: fromPromise<{ message: string | undefined }, void>(async () => {
      throw new Error('logout actor not implemented: provide it with logoutMachine.provide()');
    }),
  },
  actions: {
    forgetSession: () => {},
    navigate: (_, _params: { to: AppPath }) => {},
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'logout',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'logout.request': { target: 'confirming', actions: assign({ error: null }) } } },
    confirming: {
      tags: ['dialogOpen'],
      on: { 'logout.cancel': 'idle', 'logout.confirm': 'loggingOut' },
    },
    loggingOut: {
      tags: ['dialogOpen', 'busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'loggedOut',
          actions: [
            'forgetSession',
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
            { type: 'navigate', params: { to: '/login' } },
          ],
        },
        onError: {
          target: 'confirming',
          actions: [
            assign({ error: ({ event }) => toRequestFailure(event.error).message }),
            { type: 'notifyFailure', params: failureNotice },
          ],
        },
      },
    },
    loggedOut: { type: 'final' },
  },
});
