import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type SettableUserStatus, USER_STATUS } from '../common/contracts/auth';
import {
  type Colleague,
  type ColleagueInvite,
  type ColleagueInviteField,
  colleagueInviteSchema,
} from '../common/contracts/dealer-organisation';
import type { MessageId } from '../common/contracts/message-ids';
import { loadWithRetry } from './blocks/load-with-retry';
import { inviteErrors, withInviteChange, withRefusedField } from './invite-form';
import { failureNotice } from './request-failure';

const load = loadWithRetry({ retry: 'colleagues.retry' });

const emptyInvite: Record<ColleagueInviteField, string> = { first_name: '', email: '' };

type Context = {
  colleagues: Colleague[];
  loadError: string | null;
  values: Record<ColleagueInviteField, string>;
  errors: Partial<Record<ColleagueInviteField, MessageId>>;
  /** The colleague a deactivation waits to be confirmed for, or a status change is running for. */
  pending: { colleague: Colleague; status: SettableUserStatus } | null;
};

type Events =
  | { type: 'colleagues.retry' }
  | { type: 'field.change'; field: ColleagueInviteField; value: string }
  | { type: 'invite.submit' }
  | { type: 'colleague.deactivate'; colleague: Colleague }
  | { type: 'colleague.reactivate'; colleague: Colleague }
  | { type: 'deactivate.confirm' }
  | { type: 'deactivate.cancel' };

/**
 * The dealer's colleagues (issue 12): the organisation's users, an invitation form, and status
 * changes: deactivating asks for confirmation first, reactivating does not; one's own account
 * offers neither. After each change the list is the server's answer.
 */
export const dealerColleaguesMachine = setup({
  types: { context: {} as Context, events: {} as Events },
  guards: {
    inviteValid: ({ context }) => v.is(colleagueInviteSchema, context.values),
    /** Another user of the list who is not deactivated (one's own account offers no change). */
    canDeactivate: ({ context, event }) => {
      assertEvent(event, 'colleague.deactivate');
      const listed = context.colleagues.find((colleague) => colleague.id === event.colleague.id);
      return Boolean(listed && !listed.is_you && listed.status !== USER_STATUS.deactivated);
    },
    canReactivate: ({ context, event }) => {
      assertEvent(event, 'colleague.reactivate');
      const listed = context.colleagues.find((colleague) => colleague.id === event.colleague.id);
      return Boolean(listed && !listed.is_you && listed.status === USER_STATUS.deactivated);
    },
  },
  actors: {
    loadColleagues: fromPromise<Colleague[], void>(async () => {
      throw new Error('loadColleagues actor not implemented: provide it with dealerColleaguesMachine.provide()');
    }),
    invite: fromPromise<{ message: string | undefined }, ColleagueInvite>(async () => {
      throw new Error('invite actor not implemented: provide it with dealerColleaguesMachine.provide()');
    }),
    setStatus: fromPromise<
      { colleague: Colleague; message: string | undefined },
      { userId: number; status: SettableUserStatus }
    >(async () => {
      throw new Error('setStatus actor not implemented: provide it with dealerColleaguesMachine.provide()');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'dealerColleagues',
  context: { colleagues: [], loadError: null, values: emptyInvite, errors: {}, pending: null },
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadColleagues',
        src: 'loadColleagues',
        onDone: { target: 'ready', actions: assign({ colleagues: ({ event }) => event.output }) },
        onError: load.failure,
      },
    },
    failed: load.failed,
    ready: {
      type: 'parallel',
      states: {
        invitation: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.change': {
                  actions: assign(({ context, event }) => withInviteChange(context, event.field, event.value)),
                },
                'invite.submit': [
                  { guard: 'inviteValid', target: 'sending' },
                  {
                    actions: assign(({ context }) => ({
                      errors: inviteErrors<ColleagueInviteField>(colleagueInviteSchema, context.values),
                    })),
                  },
                ],
              },
            },
            sending: {
              tags: ['inviting'],
              invoke: {
                id: 'invite',
                src: 'invite',
                input: ({ context }) => v.parse(colleagueInviteSchema, context.values),
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
        },
        status: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'colleague.deactivate': {
                  guard: 'canDeactivate',
                  target: 'confirming',
                  actions: assign({
                    pending: ({ event }) => ({ colleague: event.colleague, status: USER_STATUS.deactivated }),
                  }),
                },
                'colleague.reactivate': {
                  guard: 'canReactivate',
                  target: 'changing',
                  actions: assign({
                    pending: ({ event }) => ({ colleague: event.colleague, status: USER_STATUS.active }),
                  }),
                },
              },
            },
            confirming: {
              tags: ['dialogOpen'],
              on: {
                'deactivate.confirm': 'changing',
                'deactivate.cancel': { target: 'idle', actions: assign({ pending: null }) },
              },
            },
            changing: {
              tags: ['changing'],
              invoke: {
                id: 'setStatus',
                src: 'setStatus',
                input: ({ context }) => ({
                  userId: context.pending?.colleague.id ?? 0,
                  status: context.pending?.status ?? USER_STATUS.deactivated,
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      colleagues: context.colleagues.map((colleague) =>
                        colleague.id === event.output.colleague.id ? event.output.colleague : colleague,
                      ),
                      pending: null,
                    })),
                    { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [assign({ pending: null }), { type: 'notifyFailure', params: failureNotice }],
                },
              },
            },
          },
        },
      },
    },
  },
});
