import * as v from 'valibot';
import { and, assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { AppPath } from '../common/app-paths';
import { newPasswordFormSchema } from '../common/contracts/account';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { failureNotice, isTokenProblem, type RequestFailure, toRequestFailure } from './request-failure';

export type PasswordField = 'current_password' | 'password' | 'confirm_password';

export type ResetPasswordInput =
  /** A mailed link: `email` is what the token says, or null when the token could not be read. */
  | { mode: 'reset'; token: string; email: string | null }
  /** No token: the signed-in user changes the password (docs/product.md §2.2). */
  | { mode: 'change' };

export type ResetPasswordRequest =
  | { mode: 'reset'; token: string; password: string; confirm_password: string }
  | { mode: 'change'; current_password: string; password: string; confirm_password: string };

export type ResetPasswordEvent =
  | { type: 'field.change'; field: PasswordField; value: string }
  | { type: 'reset.submit' };

type ResetPasswordContext = {
  input: ResetPasswordInput;
  values: Record<PasswordField, string>;
  errors: Partial<Record<PasswordField, MessageId>>;
  serverError: string | null;
  /** Why the mailed link cannot be used (tokenUsed, tokenExpired, tokenInvalid), once known. */
  linkProblem: MessageId | null;
};

function validationErrors(context: ResetPasswordContext) {
  const result = v.safeParse(newPasswordFormSchema, context.values);
  const errors: Partial<Record<PasswordField, MessageId>> = result.success
    ? {}
    : fieldErrors<PasswordField>(result.issues);
  if (context.input.mode === 'change' && context.values.current_password === '')
    errors.current_password = 'currentPasswordRequired';
  return errors;
}

/**
 * Reset password (docs/product.md §4.3: step 1 → step 2 on success, then /login) and, without a
 * token, the signed-in password change. Validation follows docs/product.md §5 (empty, then 8
 * characters; confirmation empty, then equal). The mailed link is checked before the form shows,
 * so a link opened again after success, or too late, explains itself at once with both ways on:
 * log in, or request a new link (docs/product.md §4.6). A link the server refuses on saving leads
 * to the same screen; other failures keep the form and are also logged (docs/product.md §8).
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
  },
  delays: {
    /** How long step 2 ("password saved") stays before the browser moves on. */
    SHOW_CONFIRMATION: 2000,
  },
  guards: {
    isTokenUnreadable: ({ context }) => context.input.mode === 'reset' && context.input.email === null,
    isChangeMode: ({ context }) => context.input.mode === 'change',
    isFormValid: ({ context }) => Object.keys(validationErrors(context)).length === 0,
    // docs/product.md §5: Save stays disabled until both fields (and, when changing, the current one) are filled.
    areFieldsFilled: ({ context }) =>
      context.values.password !== '' &&
      context.values.confirm_password !== '' &&
      (context.input.mode === 'reset' || context.values.current_password !== ''),
    isTokenProblem: (_, failure: RequestFailure) => isTokenProblem(failure),
  },
  actors: {
    checkLink: fromPromise<void, { token: string }>(async () => {
      throw new Error('checkLink actor not implemented: provide it with resetPasswordMachine.provide()');
    }),
    savePassword: fromPromise<{ message: string | undefined }, ResetPasswordRequest>(async () => {
      throw new Error('savePassword actor not implemented: provide it with resetPasswordMachine.provide()');
    }),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors, serverError: null };
    }),
    showValidationErrors: assign(({ context }) => ({ errors: validationErrors(context) })),
    rememberFailure: assign((_, failure: RequestFailure) => ({ serverError: failure.message })),
    rememberLinkProblem: assign((_, failure: RequestFailure) => ({ linkProblem: failure.messageId ?? 'tokenInvalid' })),
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    logFailure: (_, _params: RequestFailure) => {},
    navigate: (_, _params: { to: AppPath }) => {},
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    input,
    values: { current_password: '', password: '', confirm_password: '' },
    errors: {},
    serverError: null,
    linkProblem: null,
  }),
  initial: 'readingLink',
  states: {
    readingLink: {
      always: [
        { guard: 'isChangeMode', target: 'editing' },
        { guard: 'isTokenUnreadable', target: 'linkRejected', actions: assign({ linkProblem: 'tokenInvalid' }) },
        { target: 'checkingLink' },
      ],
    },
    checkingLink: {
      tags: ['busy'],
      description: 'Asks the server whether the link still works before showing a form that could only fail.',
      invoke: {
        id: 'checkLink',
        src: 'checkLink',
        input: ({ context }) => ({ token: context.input.mode === 'reset' ? context.input.token : '' }),
        onDone: { target: 'editing' },
        onError: [
          {
            guard: { type: 'isTokenProblem', params: ({ event }) => toRequestFailure(event.error) },
            target: 'linkRejected',
            actions: { type: 'rememberLinkProblem', params: ({ event }) => toRequestFailure(event.error) },
          },
          // No answer (offline, server busy): the form still works; saving checks the link again.
          { target: 'editing' },
        ],
      },
    },
    editing: {
      tags: ['step:1'],
      on: {
        'field.change': { actions: 'updateField' },
        'reset.submit': [
          { guard: and(['areFieldsFilled', 'isFormValid']), target: 'saving' },
          { guard: 'areFieldsFilled', actions: 'showValidationErrors' },
        ],
      },
    },
    saving: {
      tags: ['step:1', 'busy'],
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context }): ResetPasswordRequest =>
          context.input.mode === 'reset'
            ? {
                mode: 'reset',
                token: context.input.token,
                password: context.values.password,
                confirm_password: context.values.confirm_password,
              }
            : {
                mode: 'change',
                current_password: context.values.current_password,
                password: context.values.password,
                confirm_password: context.values.confirm_password,
              },
        onDone: {
          target: 'saved',
          actions: { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
        },
        onError: [
          {
            guard: { type: 'isTokenProblem', params: ({ event }) => toRequestFailure(event.error) },
            target: 'linkRejected',
            actions: [
              { type: 'rememberLinkProblem', params: ({ event }) => toRequestFailure(event.error) },
              { type: 'logFailure', params: ({ event }) => toRequestFailure(event.error) },
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'rememberFailure', params: ({ event }) => toRequestFailure(event.error) },
              { type: 'notifyFailure', params: failureNotice },
              { type: 'logFailure', params: ({ event }) => toRequestFailure(event.error) },
              assign(({ context, event }) => {
                const failure = toRequestFailure(event.error);
                const field = failure.field as PasswordField | null;
                return field && failure.messageId && field in context.values
                  ? { errors: { ...context.errors, [field]: failure.messageId } }
                  : {};
              }),
            ],
          },
        ],
      },
    },
    saved: {
      tags: ['step:2'],
      description: 'Step 2: the confirmation, then on to /login (reset) or back to the dashboard (change).',
      after: {
        SHOW_CONFIRMATION: {
          target: 'done',
          actions: {
            type: 'navigate',
            params: ({ context }) => ({ to: context.input.mode === 'reset' ? '/login' : '/dashboard' }),
          },
        },
      },
    },
    linkRejected: { tags: ['linkRejected'], type: 'final' },
    done: { type: 'final' },
  },
});

/** Save is enabled exactly when the machine would accept a submit (ADR 019 §6). */
export function canSavePassword(snapshot: SnapshotFrom<typeof resetPasswordMachine>) {
  return snapshot.can({ type: 'reset.submit' });
}
