import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AppPath } from '../common/app-paths';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import {
  type InvitedRegistrationRequest,
  invitedRegistrationFormSchema,
  type UserInvitationClaims,
} from '../common/contracts/user-invitation';
import { failureNotice, isTokenProblem, type RequestFailure, toRequestFailure } from './request-failure';

export type RegistrationField = 'last_name' | 'contact_number' | 'password' | 'confirm_password';

export type InvitedRegistrationEvent =
  | { type: 'field.change'; field: RegistrationField; value: string }
  | { type: 'registration.submit' }
  | { type: 'login.open' };

export type InvitedRegistrationInput = {
  token: string | null;
  invitation: UserInvitationClaims | null;
  /** Someone is signed in in this browser: an invitation already used leads on to the dashboard. */
  signedIn: boolean;
};

type InvitedRegistrationContext = {
  token: string | null;
  signedIn: boolean;
  /** Why the invitation cannot be used (tokenExpired, tokenInvalid), once known. */
  linkProblem: MessageId | null;
  invitation: UserInvitationClaims | null;
  values: Record<RegistrationField, string>;
  errors: Partial<Record<RegistrationField | 'token', MessageId>>;
};

/**
 * Invited-user registration (docs/product.md §2.4, §4.5: idle, registering with the loader shown,
 * registered). Name, e-mail and company are shown from the invitation; a missing or unreadable
 * token shows registrationTokenMissing and nothing is sent. The invitation is checked before the
 * form shows (docs/product.md §4.6): once used (or the address has an account) the person is
 * registered already and goes on to the dashboard when signed in, else is offered the login; an
 * expired or withdrawn invitation says so instead of a form that could only fail.
 */
export const invitedRegistrationMachine = setup({
  types: {
    context: {} as InvitedRegistrationContext,
    events: {} as InvitedRegistrationEvent,
    input: {} as InvitedRegistrationInput,
  },
  guards: {
    hasInvitation: ({ context }) => context.token !== null && context.invitation !== null,
    isSignedIn: ({ context }) => context.signedIn,
    isAlreadyRegistered: (_, failure: RequestFailure) =>
      failure.messageId === 'tokenUsed' || failure.messageId === 'accountExists',
    isInvitationUnusable: (_, failure: RequestFailure) => isTokenProblem(failure),
    isInvitationRefused: (_, failure: RequestFailure) =>
      isTokenProblem(failure) || failure.messageId === 'accountExists',
    isFormValid: ({ context }) => v.is(invitedRegistrationFormSchema, context.values),
  },
  actors: {
    checkInvitation: fromPromise<void, { token: string }>(async () => {
      throw new Error('checkInvitation actor not implemented: provide it with invitedRegistrationMachine.provide()');
    }),
    register: fromPromise<{ message: string | undefined }, InvitedRegistrationRequest>(async () => {
      throw new Error('register actor not implemented: provide it with invitedRegistrationMachine.provide()');
    }),
  },
  actions: {
    showLoader: () => {},
    hideLoader: () => {},
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: AppPath }) => {},
    rememberLinkProblem: assign((_, failure: RequestFailure) => ({ linkProblem: failure.messageId ?? 'tokenInvalid' })),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showValidationErrors: assign(({ context }) => {
      const result = v.safeParse(invitedRegistrationFormSchema, context.values);
      return {
        errors: {
          ...(context.errors.token ? { token: context.errors.token } : {}),
          ...(result.success ? {} : fieldErrors<RegistrationField>(result.issues)),
        },
      };
    }),
  },
}).createMachine({
  id: 'invitedRegistration',
  context: ({ input }) => ({
    token: input.token,
    signedIn: input.signedIn,
    linkProblem: null,
    invitation: input.invitation,
    values: { last_name: '', contact_number: '', password: '', confirm_password: '' },
    errors: input.token && input.invitation ? {} : { token: 'registrationTokenMissing' },
  }),
  initial: 'readingInvitation',
  states: {
    readingInvitation: {
      always: [{ guard: 'hasInvitation', target: 'checkingInvitation' }, { target: 'idle' }],
    },
    checkingInvitation: {
      tags: ['checking'],
      description: 'Asks the server whether the invitation still works before showing the form.',
      invoke: {
        id: 'checkInvitation',
        src: 'checkInvitation',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'idle' },
        onError: [
          {
            guard: { type: 'isAlreadyRegistered', params: ({ event }) => toRequestFailure(event.error) },
            target: 'alreadyRegistered',
          },
          {
            guard: { type: 'isInvitationUnusable', params: ({ event }) => toRequestFailure(event.error) },
            target: 'invitationRejected',
            actions: { type: 'rememberLinkProblem', params: ({ event }) => toRequestFailure(event.error) },
          },
          // No answer (offline, server busy): the form still works; registering checks again.
          { target: 'idle' },
        ],
      },
    },
    idle: {
      on: {
        'field.change': { actions: 'updateField' },
        'registration.submit': [
          { guard: 'hasInvitation', target: 'checking' },
          {
            actions: assign({
              errors: ({ context }) => ({ ...context.errors, token: 'registrationTokenMissing' as MessageId }),
            }),
          },
        ],
      },
    },
    checking: {
      always: [
        { guard: 'isFormValid', target: 'registering' },
        { target: 'idle', actions: 'showValidationErrors' },
      ],
    },
    registering: {
      tags: ['busy'],
      entry: 'showLoader',
      exit: 'hideLoader',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({
          token: context.token ?? '',
          first_name: context.invitation?.first_name ?? '',
          email: context.invitation?.email ?? '',
          company_name: context.invitation?.company_name ?? '',
          last_name: context.values.last_name.trim(),
          contact_number: context.values.contact_number.trim(),
          password: context.values.password,
        }),
        onDone: {
          target: 'registered',
          actions: { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
        },
        onError: [
          {
            // Used in another tab meanwhile, or withdrawn: the check says which, and what to do.
            guard: { type: 'isInvitationRefused', params: ({ event }) => toRequestFailure(event.error) },
            target: 'checkingInvitation',
          },
          {
            target: 'idle',
            actions: [
              assign(({ context, event }) => {
                const failure = toRequestFailure(event.error);
                const { field, messageId } = failure;
                // Only a field this form shows (or the token notice) can carry the server's message.
                return field && messageId && (field === 'token' || field in context.values)
                  ? { errors: { ...context.errors, [field]: messageId } }
                  : {};
              }),
              { type: 'notifyFailure', params: failureNotice },
            ],
          },
        ],
      },
    },
    registered: {
      on: { 'login.open': { target: 'done', actions: { type: 'navigate', params: { to: '/login' } } } },
    },
    alreadyRegistered: {
      tags: ['alreadyRegistered'],
      always: { guard: 'isSignedIn', target: 'done', actions: { type: 'navigate', params: { to: '/dashboard' } } },
      on: { 'login.open': { target: 'done', actions: { type: 'navigate', params: { to: '/login' } } } },
    },
    invitationRejected: { tags: ['invitationRejected'], type: 'final' },
    done: { type: 'final' },
  },
});
