import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type SignUpRequest, signUpRequestSchema } from '../common/contracts/account';
import { USER_STATUS } from '../common/contracts/auth';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { failureNotice, type RequestFailure, toRequestFailure } from './request-failure';

export type SignUpValues = {
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  contact_number: string;
  postal_code: string;
  password: string;
  confirm_password: string;
  terms_accepted: boolean;
};
export type SignUpField = keyof SignUpValues;
export type SignUpResult = { message: string | undefined };

export type SignUpEvent =
  | { type: 'field.change'; field: Exclude<SignUpField, 'terms_accepted'>; value: string }
  | { type: 'terms.change'; value: boolean }
  | { type: 'signUp.submit' }
  | { type: 'error.fixed' };

const emptyValues: SignUpValues = {
  company_name: '',
  first_name: '',
  last_name: '',
  email: '',
  contact_number: '',
  postal_code: '',
  password: '',
  confirm_password: '',
  terms_accepted: false,
};

function withoutError<TKey extends string>(errors: Partial<Record<TKey, MessageId>>, field: TKey) {
  const { [field]: _removed, ...rest } = errors;
  return rest as Partial<Record<TKey, MessageId>>;
}

/**
 * Workshop sign-up (docs/product.md §4.2: in progress, completed, error; the error cleared by error.fixed).
 * Success shows the server's message and the account status page (pending verification); a
 * refusal keeps the form and shows the server's error on the field it names.
 */
export const registerMachine = setup({
  types: {
    context: {} as {
      values: SignUpValues;
      errors: Partial<Record<SignUpField, MessageId>>;
      serverError: string | null;
    },
    events: {} as SignUpEvent,
  },
  guards: {
    isFormValid: ({ context }) => v.is(signUpRequestSchema, context.values),
  },
  actors: {
    signUp: fromPromise<SignUpResult, SignUpRequest>(async () => {
      throw new Error('signUp actor not implemented: provide it with registerMachine.provide()');
    }),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return {
        values: { ...context.values, [event.field]: event.value },
        errors: withoutError(context.errors, event.field),
      };
    }),
    updateTerms: assign(({ context, event }) => {
      assertEvent(event, 'terms.change');
      return {
        values: { ...context.values, terms_accepted: event.value },
        errors: withoutError(context.errors, 'terms_accepted'),
      };
    }),
    showValidationErrors: assign(({ context }) => {
      const result = v.safeParse(signUpRequestSchema, context.values);
      return { errors: result.success ? {} : fieldErrors<SignUpField>(result.issues) };
    }),
    rememberFailure: assign(({ context }, failure: RequestFailure) => ({
      serverError: failure.message,
      errors:
        failure.field && failure.messageId && failure.field in context.values
          ? { ...context.errors, [failure.field]: failure.messageId }
          : context.errors,
    })),
    showAccountStatus: (_, _params: { status: number }) => {},
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'signUp',
  context: { values: emptyValues, errors: {}, serverError: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: ['updateField', assign({ serverError: null })] },
        'terms.change': { actions: 'updateTerms' },
        'error.fixed': { actions: assign({ serverError: null }) },
        'signUp.submit': [{ guard: 'isFormValid', target: 'submitting' }, { actions: 'showValidationErrors' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => v.parse(signUpRequestSchema, context.values),
        onDone: {
          target: 'completed',
          actions: [
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
            { type: 'showAccountStatus', params: { status: USER_STATUS.pendingVerification } },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'rememberFailure', params: ({ event }) => toRequestFailure(event.error) },
            { type: 'notifyFailure', params: failureNotice },
          ],
        },
      },
    },
    completed: { type: 'final' },
  },
});
