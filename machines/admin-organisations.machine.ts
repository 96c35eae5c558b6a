import * as v from 'valibot';
import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import type { OrganisationKind } from '../common/contracts/auth';
import { type InsurerCreate, insurerCreateSchema } from '../common/contracts/claims';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import {
  type AdminOrganisation,
  type OrganisationChange,
  type OrganisationDetail,
  type OrganisationInvite,
  type OrganisationQuery,
  type OrganisationState,
  organisationInviteSchema,
} from '../common/contracts/organisations';
import { firstProblem } from '../common/contracts/trading';
import { loadWithRetry } from './blocks/load-with-retry';
import { failureNotice, toRequestFailure } from './request-failure';
import { filteredQuery, queryAtPage } from './review-queue';

export type OrganisationPage = { items: AdminOrganisation[]; total: number; page: number; page_size: number };
export type OrganisationInviteField = keyof OrganisationInvite;

const emptyInvite: Record<OrganisationInviteField, string> = { first_name: '', email: '' };
export const ORGANISATION_SEARCH_DEBOUNCE_MS = 300;

/** The change an organisation in this state is offered: an active one can be deactivated, and back. */
export function organisationChangeFor(organisation: AdminOrganisation): OrganisationChange {
  return organisation.status === 'active' ? 'deactivate' : 'reactivate';
}

/**
 * The administrators' organisations on /users/organisations (ADR 022). Two regions: the list
 * (kind and status filters, a debounced name search, 20 per page), and the organisation opened
 * from it (its members and relations, read-only) with its actions: deactivate or reactivate after
 * a confirmation, and invite a person as a member. After a change both the organisation and the
 * list are loaded again, so they show how it stands now.
 */
// Another organisation can be opened, or this one closed, whenever no dialog is open and nothing
// is being sent: from the list, while one loads, after a failure, and while it is shown.
const listLoad = loadWithRetry({ retry: 'list.retry', errorKey: 'listError', busyTag: 'listBusy' });
const detailLoad = loadWithRetry({ retry: 'detail.retry', errorKey: 'detailError', busyTag: 'detailBusy' });

const openAnother = { target: '#adminOrganisations.detail.loading', actions: 'open', reenter: true } as const;
const leave = {
  'organisation.open': openAnother,
  'organisation.close': { target: '#adminOrganisations.detail.closed', actions: 'close' },
} as const;

export const adminOrganisationsMachine = setup({
  types: {
    context: {} as {
      query: OrganisationQuery;
      page: OrganisationPage | null;
      listError: string | null;
      openedId: number | null;
      detail: OrganisationDetail | null;
      detailError: string | null;
      invite: Record<OrganisationInviteField, string>;
      inviteErrors: Partial<Record<OrganisationInviteField, MessageId>>;
      /** The new insurer's name (ADR 030: insurers are created here, then invited like any member). */
      insurerName: string;
      insurerError: MessageId | null;
    },
    events: {} as
      | { type: 'search.change'; value: string }
      | { type: 'kind.change'; kind: OrganisationKind | '' }
      | { type: 'status.change'; status: OrganisationState | '' }
      | { type: 'page.change'; page: number }
      | { type: 'list.retry' }
      | { type: 'list.reload' }
      | { type: 'organisation.open'; id: number }
      | { type: 'organisation.close' }
      | { type: 'detail.retry' }
      | { type: 'change.request' }
      | { type: 'change.cancel' }
      | { type: 'change.confirm' }
      | { type: 'invite.open' }
      | { type: 'invite.change'; field: OrganisationInviteField; value: string }
      | { type: 'invite.cancel' }
      | { type: 'invite.submit' }
      | { type: 'insurer.new' }
      | { type: 'insurer.change'; value: string }
      | { type: 'insurer.cancel' }
      | { type: 'insurer.submit' },
  },
  delays: { SEARCH_DEBOUNCE: ORGANISATION_SEARCH_DEBOUNCE_MS },
  guards: {
    inviteIsValid: ({ context }) => v.is(organisationInviteSchema, context.invite),
    insurerIsValid: ({ context }) => v.is(insurerCreateSchema, { name: context.insurerName }),
    // A deactivated organisation takes no new members (the server refuses them too).
    isActive: ({ context }) => context.detail?.organisation.status === 'active',
  },
  actors: {
    loadPage: fromPromise<OrganisationPage, OrganisationQuery>(async () => {
      throw new Error('loadPage actor not implemented: provide it with .provide()');
    }),
    loadDetail: fromPromise<OrganisationDetail, { id: number }>(async () => {
      throw new Error('loadDetail actor not implemented: provide it with .provide()');
    }),
    changeStatus: fromPromise<{ message: string | undefined }, { id: number; change: OrganisationChange }>(async () => {
      throw new Error('changeStatus actor not implemented: provide it with .provide()');
    }),
    invite: fromPromise<{ message: string | undefined }, { id: number; invite: OrganisationInvite }>(async () => {
      throw new Error('invite actor not implemented: provide it with .provide()');
    }),
    createInsurer: fromPromise<{ organisation: AdminOrganisation; message: string | undefined }, InsurerCreate>(
      async () => {
        throw new Error('createInsurer actor not implemented: provide it with .provide()');
      },
    ),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    setSearch: assign(({ context, event }) => {
      assertEvent(event, 'search.change');
      return { query: filteredQuery(context.query, { search: event.value }) };
    }),
    setKind: assign(({ context, event }) => {
      assertEvent(event, 'kind.change');
      return { query: filteredQuery(context.query, { kind: event.kind }) };
    }),
    setStatus: assign(({ context, event }) => {
      assertEvent(event, 'status.change');
      return { query: filteredQuery(context.query, { status: event.status }) };
    }),
    setPage: assign(({ context, event }) => {
      assertEvent(event, 'page.change');
      return { query: queryAtPage(context.query, event.page) };
    }),
    open: assign(({ event }) => {
      assertEvent(event, 'organisation.open');
      return { openedId: event.id, detail: null, detailError: null, invite: emptyInvite, inviteErrors: {} };
    }),
    close: assign({ openedId: null, detail: null, detailError: null, invite: emptyInvite, inviteErrors: {} }),
    updateInvite: assign(({ context, event }) => {
      assertEvent(event, 'invite.change');
      const { [event.field]: _cleared, ...inviteErrors } = context.inviteErrors;
      return { invite: { ...context.invite, [event.field]: event.value }, inviteErrors };
    }),
    showInviteErrors: assign(({ context }) => {
      const result = v.safeParse(organisationInviteSchema, context.invite);
      return { inviteErrors: result.success ? {} : fieldErrors<OrganisationInviteField>(result.issues) };
    }),
    resetInvite: assign({ invite: emptyInvite, inviteErrors: {} }),
    reloadList: raise({ type: 'list.reload' }),
  },
}).createMachine({
  id: 'adminOrganisations',
  type: 'parallel',
  context: {
    query: { page: 1, kind: '', status: '', search: '' },
    page: null,
    listError: null,
    openedId: null,
    detail: null,
    detailError: null,
    invite: emptyInvite,
    inviteErrors: {},
    insurerName: '',
    insurerError: null,
  },
  states: {
    newInsurer: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'insurer.new': { target: 'editing', actions: assign({ insurerName: '', insurerError: null }) } },
        },
        editing: {
          tags: ['insurerOpen'],
          on: {
            'insurer.change': { actions: assign({ insurerName: ({ event }) => event.value, insurerError: null }) },
            'insurer.cancel': { target: 'closed', actions: assign({ insurerName: '', insurerError: null }) },
            'insurer.submit': [
              { guard: 'insurerIsValid', target: 'sending' },
              {
                actions: assign({
                  insurerError: ({ context }) => firstProblem(insurerCreateSchema, { name: context.insurerName }),
                }),
              },
            ],
          },
        },
        sending: {
          tags: ['insurerOpen', 'insurerBusy'],
          invoke: {
            id: 'createInsurer',
            src: 'createInsurer',
            input: ({ context }) => v.parse(insurerCreateSchema, { name: context.insurerName }),
            // The new insurer opens below the list, ready for its first member's invitation.
            onDone: {
              target: 'closed',
              actions: [
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                'reloadList',
                raise(({ event }) => ({ type: 'organisation.open' as const, id: event.output.organisation.id })),
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                assign({ insurerError: ({ event }) => toRequestFailure(event.error).messageId }),
                { type: 'notifyFailure', params: failureNotice },
              ],
            },
          },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'search.change': { target: '.debouncing', actions: 'setSearch' },
        'kind.change': { target: '.loading', actions: 'setKind' },
        'status.change': { target: '.loading', actions: 'setStatus' },
        'page.change': { target: '.loading', actions: 'setPage' },
      },
      states: {
        debouncing: {
          description: 'Typing in the search box; every keystroke restarts the wait.',
          tags: ['listBusy'],
          after: { SEARCH_DEBOUNCE: 'loading' },
        },
        loading: {
          ...listLoad.loading,
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => context.query,
            onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
            onError: listLoad.failure,
          },
        },
        ready: { on: { 'list.reload': 'loading' } },
        failed: { ...listLoad.failed, on: { ...listLoad.failed.on, 'list.reload': 'loading' } },
      },
    },
    detail: {
      initial: 'closed',
      states: {
        closed: { on: { 'organisation.open': openAnother } },
        loading: {
          ...detailLoad.loading,
          on: leave,
          invoke: {
            id: 'loadDetail',
            src: 'loadDetail',
            input: ({ context }) => ({ id: context.openedId ?? 0 }),
            onDone: { target: 'shown', actions: assign({ detail: ({ event }) => event.output }) },
            onError: detailLoad.failure,
          },
        },
        failed: { ...detailLoad.failed, on: { ...detailLoad.failed.on, ...leave } },
        shown: {
          initial: 'idle',
          states: {
            idle: {
              tags: ['actionable'],
              on: {
                'change.request': 'confirming',
                'invite.open': { guard: 'isActive', target: 'inviting' },
                ...leave,
              },
            },
            confirming: {
              tags: ['dialogOpen'],
              on: { 'change.cancel': 'idle', 'change.confirm': 'changing' },
            },
            changing: {
              tags: ['dialogOpen', 'changing'],
              invoke: {
                id: 'changeStatus',
                src: 'changeStatus',
                input: ({ context }) => {
                  const organisation = context.detail?.organisation;
                  if (!organisation) throw new Error('changing without an organisation');
                  return { id: organisation.id, change: organisationChangeFor(organisation) };
                },
                // Reloaded either way: a refusal means another administrator changed it meanwhile.
                onDone: {
                  target: '#adminOrganisations.detail.loading',
                  actions: [
                    { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                    'reloadList',
                  ],
                },
                onError: {
                  target: '#adminOrganisations.detail.loading',
                  actions: [{ type: 'notifyFailure', params: failureNotice }, 'reloadList'],
                },
              },
            },
            inviting: {
              tags: ['inviteOpen'],
              on: {
                ...leave,
                'invite.change': { actions: 'updateInvite' },
                'invite.cancel': { target: 'idle', actions: 'resetInvite' },
                'invite.submit': [{ guard: 'inviteIsValid', target: 'sendingInvite' }, { actions: 'showInviteErrors' }],
              },
            },
            sendingInvite: {
              tags: ['inviteOpen', 'inviteBusy'],
              invoke: {
                id: 'invite',
                src: 'invite',
                input: ({ context }) => ({
                  id: context.openedId ?? 0,
                  invite: v.parse(organisationInviteSchema, context.invite),
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    'resetInvite',
                    { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: {
                  target: 'inviting',
                  actions: [
                    assign(({ context, event }) => {
                      const failure = toRequestFailure(event.error);
                      return failure.field && failure.messageId && failure.field in context.invite
                        ? { inviteErrors: { ...context.inviteErrors, [failure.field]: failure.messageId } }
                        : {};
                    }),
                    { type: 'notifyFailure', params: failureNotice },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});
