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
import { toRequestFailure } from './request-failure';

export type RegistrationField = 'last_name' | 'contact_number' | 'password' | 'confirm_password';

export type InvitedRegistrationEvent =
  | { type: 'field.change'; field: RegistrationField; value: string }
  | { type: 'registration.submit' }
  | { type: 'login.open' };

type InvitedRegistrationContext = {
  token: string | null;
  invitation: UserInvitationClaims | null;
  values: Record<RegistrationField, string>;
  errors: Partial<Record<RegistrationField | 'token', MessageId>>;
};

/**
 * Invited-user registration (spec §2 /user-invite, §4: idle, registering with the loader shown,
 * registered). Name, e-mail and company are shown from the invitation; a missing or unreadable
 * token shows registrationTokenMissing and nothing is sent.
 */
export const invitedRegistrationMachine = setup({
  types: {
    context: {} as InvitedRegistrationContext,
    events: {} as InvitedRegistrationEvent,
    input: {} as { token: string | null; invitation: UserInvitationClaims | null },
  },
  guards: {
    hasInvitation: ({ context }) => context.token !== null && context.invitation !== null,
    isFormValid: ({ context }) => v.is(invitedRegistrationFormSchema, context.values),
  },
  actors: {
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
    invitation: input.invitation,
    values: { last_name: '', contact_number: '', password: '', confirm_password: '' },
    errors: input.token && input.invitation ? {} : { token: 'registrationTokenMissing' },
  }),
  initial: 'idle',
  states: {
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
        onError: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => {
              const failure = toRequestFailure(event.error);
              const field = failure.field as RegistrationField | 'token' | null;
              return field && failure.messageId ? { errors: { ...context.errors, [field]: failure.messageId } } : {};
            }),
            { type: 'notifyFailure', params: ({ event }) => ({ message: toRequestFailure(event.error).message }) },
          ],
        },
      },
    },
    registered: {
      on: { 'login.open': { target: 'done', actions: { type: 'navigate', params: { to: '/login' } } } },
    },
    done: { type: 'final' },
  },
});
