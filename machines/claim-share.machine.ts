import { assign, fromPromise, setup } from 'xstate';
import { claimShareRequestSchema, type InsurerOption, type OrderClaim } from '../common/contracts/claims';
import type { MessageId } from '../common/contracts/message-ids';
import { firstProblem } from '../common/contracts/trading';
import { loadWithRetry } from './blocks/load-with-retry';
import { toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'claim.retry' });

export type ClaimShareDraft = {
  claimNumber: string;
  /** The chosen insurer's id as the select holds it ('' before a choice). */
  insurerId: string;
  /** What is wrong with the draft by the contract (or the server's refusal of a field). */
  error: MessageId | null;
  errorField: 'claim_number' | 'insurer_organisation_id' | null;
  /** A failure to send (no connection, server error): the dialog stays open to try again. */
  failure: string | null;
};

export type ClaimShareLoad = { claim: OrderClaim | null; insurers: InsurerOption[] };
export type ClaimShareInput = { orderId: number; claimNumber: string; insurerOrganisationId: number };
export type ClaimChangeResult = { claim: OrderClaim | null; message: string | undefined };

type Context = {
  orderId: number;
  claim: OrderClaim | null;
  insurers: InsurerOption[];
  loadError: string | null;
  draft: ClaimShareDraft | null;
  /** A failed withdrawal's message, shown in the confirmation until the next try. */
  withdrawFailure: string | null;
  /** Why the screen changed under the person (the share was withdrawn elsewhere). */
  notice: MessageId | null;
};

export type ClaimShareEvent =
  | { type: 'claim.retry' }
  | { type: 'share.open' }
  | { type: 'share.change'; field: 'claimNumber' | 'insurerId'; value: string }
  | { type: 'share.submit' }
  | { type: 'share.cancel' }
  | { type: 'withdraw.open' }
  | { type: 'withdraw.confirm' }
  | { type: 'withdraw.cancel' };

const requestBody = (draft: ClaimShareDraft) => ({
  claim_number: draft.claimNumber,
  insurer_organisation_id: draft.insurerId === '' ? undefined : Number(draft.insurerId),
});

/** The contract's first problem with the draft, and the field it belongs to. */
function draftProblem(draft: ClaimShareDraft): Pick<ClaimShareDraft, 'error' | 'errorField'> {
  const error = firstProblem(claimShareRequestSchema, requestBody(draft));
  if (error === null) return { error: null, errorField: null };
  return {
    error,
    errorField: error === 'insurerRequired' || error === 'invalidRequest' ? 'insurer_organisation_id' : 'claim_number',
  };
}

const emptyDraft = (claim: OrderClaim | null): ClaimShareDraft => ({
  claimNumber: claim?.claim_number ?? '',
  insurerId: claim ? String(claim.insurer_organisation_id) : '',
  error: null,
  errorField: null,
  failure: null,
});

/**
 * The insurance share of one of the workshop's orders (issue 15, ADR 030): its current share (or
 * none) and the active insurers; a dialog tags the order with a claim number and shares it with one
 * insurer (the contract's rules, then the server's), and a confirmation withdraws the share. A
 * withdrawal refused because nothing is shared any more reloads and says why.
 */
export const claimShareMachine = setup({
  types: {
    context: {} as Context,
    events: {} as ClaimShareEvent,
    input: {} as { orderId: number },
  },
  actors: {
    loadClaim: fromPromise<ClaimShareLoad, { orderId: number }>(async () => {
      throw new Error('loadClaim actor not implemented: provide it with .provide()');
    }),
    shareClaim: fromPromise<ClaimChangeResult, ClaimShareInput>(async () => {
      throw new Error('shareClaim actor not implemented: provide it with .provide()');
    }),
    withdrawClaim: fromPromise<ClaimChangeResult, { orderId: number }>(async () => {
      throw new Error('withdrawClaim actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
  },
  guards: {
    hasInsurers: ({ context }) => context.insurers.length > 0,
    isShared: ({ context }) => context.claim !== null,
    draftValid: ({ context }) => context.draft !== null && draftProblem(context.draft).error === null,
    refusedAsNotShared: ({ event }) => 'error' in event && toRequestFailure(event.error).messageId === 'claimNotShared',
    refusedField: ({ event }) => 'error' in event && toRequestFailure(event.error).field !== null,
  },
}).createMachine({
  id: 'claimShare',
  context: ({ input }) => ({
    orderId: input.orderId,
    claim: null,
    insurers: [],
    loadError: null,
    draft: null,
    withdrawFailure: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadClaim',
        src: 'loadClaim',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'ready',
          actions: assign({
            claim: ({ event }) => event.output.claim,
            insurers: ({ event }) => event.output.insurers,
          }),
        },
        onError: load.failure,
      },
    },
    failed: load.failed,
    ready: {
      on: {
        'share.open': {
          guard: 'hasInsurers',
          target: 'sharing',
          actions: assign({ draft: ({ context }) => emptyDraft(context.claim), notice: null }),
        },
        'withdraw.open': {
          guard: 'isShared',
          target: 'confirmingWithdrawal',
          actions: assign({ withdrawFailure: null, notice: null }),
        },
      },
    },
    sharing: {
      description: 'The share dialog: claim number and insurer, checked by the contract before sending.',
      initial: 'editing',
      on: { 'share.cancel': { target: 'ready', actions: assign({ draft: null }) } },
      states: {
        editing: {
          on: {
            'share.change': {
              actions: assign({
                draft: ({ context, event }) =>
                  context.draft
                    ? { ...context.draft, [event.field]: event.value, error: null, errorField: null, failure: null }
                    : null,
              }),
            },
            'share.submit': [
              { guard: 'draftValid', target: 'sending' },
              {
                actions: assign({
                  draft: ({ context }) => (context.draft ? { ...context.draft, ...draftProblem(context.draft) } : null),
                }),
              },
            ],
          },
        },
        sending: {
          tags: ['busy'],
          on: { 'share.cancel': {} },
          invoke: {
            id: 'shareClaim',
            src: 'shareClaim',
            input: ({ context }) => {
              if (!context.draft) throw new Error('sharing without a draft');
              return {
                orderId: context.orderId,
                claimNumber: context.draft.claimNumber,
                insurerOrganisationId: Number(context.draft.insurerId),
              };
            },
            onDone: {
              target: '#claimShare.ready',
              actions: [
                assign({ claim: ({ event }) => event.output.claim, draft: null }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: [
              {
                guard: 'refusedField',
                target: 'editing',
                actions: assign({
                  draft: ({ context, event }) => {
                    const failure = toRequestFailure(event.error);
                    return context.draft
                      ? {
                          ...context.draft,
                          // The newest answer alone is shown: a field refusal replaces an earlier dropped connection.
                          failure: null,
                          error: failure.messageId,
                          errorField:
                            failure.field === 'insurer_organisation_id' ? 'insurer_organisation_id' : 'claim_number',
                        }
                      : null;
                  },
                }),
              },
              {
                target: 'editing',
                actions: assign({
                  draft: ({ context, event }) =>
                    context.draft
                      ? {
                          ...context.draft,
                          error: null,
                          errorField: null,
                          failure: toRequestFailure(event.error).message,
                        }
                      : null,
                }),
              },
            ],
          },
        },
      },
    },
    confirmingWithdrawal: {
      initial: 'asking',
      on: { 'withdraw.cancel': { target: 'ready' } },
      states: {
        asking: { on: { 'withdraw.confirm': 'withdrawing' } },
        withdrawing: {
          tags: ['busy'],
          on: { 'withdraw.cancel': {} },
          invoke: {
            id: 'withdrawClaim',
            src: 'withdrawClaim',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: '#claimShare.ready',
              actions: [
                assign({ claim: null }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: [
              {
                guard: 'refusedAsNotShared',
                target: '#claimShare.loading',
                actions: assign({ notice: 'claimNotShared' as MessageId }),
              },
              {
                target: 'asking',
                actions: assign({ withdrawFailure: ({ event }) => toRequestFailure(event.error).message }),
              },
            ],
          },
        },
      },
    },
  },
});
