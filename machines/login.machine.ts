import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type LoginRequest, loginRequestSchema, type PublicUser } from '../common/contracts/auth';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { isAccountInactive, postLoginDestination } from '../common/login-redirect';

export type LoginField = 'email' | 'password';

export type LoginContext = {
  email: string;
  password: string;
  rememberMe: boolean;
  errors: Partial<Record<LoginField, MessageId>>;
  /** The server's message after a refused login (docs/product.md §8: login keeps it). */
  serverError: string | null;
  redirectUrl: string | null;
  user: PublicUser | null;
};

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'rememberMe.change'; value: boolean }
  | { type: 'login.submit' }
  | { type: 'error.fixed' };

export type LoginResult = { user: PublicUser; message: string | undefined };

/** What the login actor reports when the server refuses: its translated message. */
export type LoginFailure = { message: string };

export function toLoginFailure(error: unknown): LoginFailure {
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * Login (docs/product.md §4.1, §5). Effects are injected with `.provide()`:
 * `login` (HTTP), `storeUser` (localStorage userResponse + session), `navigate`,
 * `showAccountStatus` (the status page for status 2 or 3), `notifySuccess` and `notifyFailure`.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { redirectUrl: string | null },
  },
  delays: {
    // docs/product.md §4: the redirect happens "after a zero-delay timer", once the stored user is written.
    REDIRECT_AFTER_STORE: 0,
  },
  guards: {
    isFormValid: ({ context }) => v.is(loginRequestSchema, context),
    isAccountInactive: (_, params: { user: PublicUser }) => isAccountInactive(params.user),
  },
  actors: {
    login: fromPromise<LoginResult, LoginRequest>(async () => {
      throw new Error('login actor not implemented: provide it with loginMachine.provide()');
    }),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _cleared, ...otherErrors } = context.errors;
      return { [event.field]: event.value, errors: otherErrors, serverError: null };
    }),
    showValidationErrors: assign(({ context }) => {
      const result = v.safeParse(loginRequestSchema, context);
      return { errors: result.success ? {} : fieldErrors<LoginField>(result.issues) };
    }),
    rememberUser: assign((_, params: { user: PublicUser }) => ({ user: params.user, serverError: null })),
    rememberFailure: assign((_, params: LoginFailure) => ({ serverError: params.message, password: '' })),
    storeUser: (_, _params: { user: PublicUser }) => {},
    navigate: (_, _params: { to: string }) => {},
    showAccountStatus: (_, _params: { status: number }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    notifySuccess: (_, _params: { message: string | undefined }) => {},
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    rememberMe: false,
    errors: {},
    serverError: null,
    redirectUrl: input.redirectUrl,
    user: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'updateField' },
        'rememberMe.change': { actions: assign({ rememberMe: ({ event }) => event.value }) },
        'error.fixed': { actions: assign({ serverError: null }) },
        'login.submit': [{ guard: 'isFormValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        // The schema's output, not the raw fields: the e-mail goes out trimmed and lower-cased.
        input: ({ context }) => v.parse(loginRequestSchema, context),
        onDone: [
          {
            guard: { type: 'isAccountInactive', params: ({ event }) => ({ user: event.output.user }) },
            target: 'accountInactive',
            actions: [
              { type: 'rememberUser', params: ({ event }) => ({ user: event.output.user }) },
              { type: 'showAccountStatus', params: ({ event }) => ({ status: event.output.user.status }) },
            ],
          },
          {
            target: 'redirecting',
            actions: [
              { type: 'rememberUser', params: ({ event }) => ({ user: event.output.user }) },
              { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
              { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: [
            { type: 'rememberFailure', params: ({ event }) => toLoginFailure(event.error) },
            { type: 'notifyFailure', params: ({ event }) => ({ message: toLoginFailure(event.error).message }) },
          ],
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      after: {
        REDIRECT_AFTER_STORE: {
          target: 'loggedIn',
          actions: {
            type: 'navigate',
            params: ({ context }) => ({
              to: context.user ? postLoginDestination(context.user, context.redirectUrl) : '/dashboard',
            }),
          },
        },
      },
    },
    accountInactive: { type: 'final', description: 'Status 2 or 3: the account status page is shown instead.' },
    loggedIn: { type: 'final' },
  },
});
