import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../common/contracts/message-ids';
import { type UserInviteRequest, userInviteRequestSchema } from '../common/contracts/user-invitation';
import { inviteErrors, withInviteChange, withRefusedField } from './invite-form';
import { failureNotice } from './request-failure';

export type InviteField = keyof UserInviteRequest;
const emptyInvite: Record<InviteField, string> = { first_name: '', email: '', company_name: '' };

/** The administrator's "invite a user" form on /users: sends the invitation mail, then empties. */
export const inviteUserMachine = setup({
  types: {
    context: {} as { values: Record<InviteField, string>; errors: Partial<Record<InviteField, MessageId>> },
    events: {} as { type: 'field.change'; field: InviteField; value: string } | { type: 'invite.submit' },
  },
  guards: { isValid: ({ context }) => v.is(userInviteRequestSchema, context.values) },
  actors: {
    invite: fromPromise<{ message: string | undefined }, UserInviteRequest>(async () => {
      throw new Error('invite actor not implemented: provide it with inviteUserMachine.provide()');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return withInviteChange(context, event.field, event.value);
    }),
    showErrors: assign(({ context }) => ({
      errors: inviteErrors<InviteField>(userInviteRequestSchema, context.values),
    })),
  },
}).createMachine({
  id: 'inviteUser',
  context: { values: emptyInvite, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'updateField' },
        'invite.submit': [{ guard: 'isValid', target: 'sending' }, { actions: 'showErrors' }],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context }) => v.parse(userInviteRequestSchema, context.values),
        onDone: {
          target: 'editing',
          actions: [
            assign({ values: emptyInvite, errors: {} }),
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => withRefusedField(context, event.error)),
            { type: 'notifyFailure', params: failureNotice },
          ],
        },
      },
    },
  },
});
