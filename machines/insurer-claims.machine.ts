import { assign, fromPromise, setup } from 'xstate';
import type { ClaimDetail, ClaimSummary } from '../common/contracts/claims';
import { toRequestFailure } from './request-failure';

/*
 * The insurer's screens (issue 15, ADR 030): the list of claims shared with its organisation, and
 * one claim with its delay statement PDF. A claim the workshop withdrew (or never shared) answers
 * 404: the claim screen then says it is no longer shared, on load and on download alike.
 */

const isGone = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

export const insurerClaimListMachine = setup({
  types: {
    context: {} as { claims: ClaimSummary[]; loadError: string | null },
    events: {} as { type: 'claims.retry' } | { type: 'claims.reload' },
  },
  actors: {
    loadClaims: fromPromise<ClaimSummary[]>(async () => {
      throw new Error('loadClaims actor not implemented: provide it with .provide()');
    }),
  },
}).createMachine({
  id: 'insurerClaimList',
  context: { claims: [], loadError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadClaims',
        src: 'loadClaims',
        onDone: { target: 'ready', actions: assign({ claims: ({ event }) => event.output, loadError: null }) },
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => toRequestFailure(event.error).message }),
        },
      },
    },
    failed: { on: { 'claims.retry': 'loading' } },
    ready: { on: { 'claims.reload': 'loading' } },
  },
});

export type StatementFile = { bytes: Blob; fileName: string };

type ClaimContext = {
  claimId: number;
  claim: ClaimDetail | null;
  loadError: string | null;
  downloadFailure: string | null;
};

export type InsurerClaimEvent = { type: 'claim.retry' } | { type: 'statement.download' };

export const insurerClaimMachine = setup({
  types: {
    context: {} as ClaimContext,
    events: {} as InsurerClaimEvent,
    input: {} as { claimId: number },
  },
  actors: {
    loadClaim: fromPromise<ClaimDetail, { claimId: number }>(async () => {
      throw new Error('loadClaim actor not implemented: provide it with .provide()');
    }),
    downloadStatement: fromPromise<StatementFile, { claimId: number }>(async () => {
      throw new Error('downloadStatement actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    saveFile: (_, _params: StatementFile) => {},
  },
  guards: {
    gone: ({ event }) => 'error' in event && isGone(event.error),
  },
}).createMachine({
  id: 'insurerClaim',
  context: ({ input }) => ({ claimId: input.claimId, claim: null, loadError: null, downloadFailure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadClaim',
        src: 'loadClaim',
        input: ({ context }) => ({ claimId: context.claimId }),
        onDone: { target: 'ready', actions: assign({ claim: ({ event }) => event.output, loadError: null }) },
        onError: [
          { guard: 'gone', target: 'gone' },
          { target: 'failed', actions: assign({ loadError: ({ event }) => toRequestFailure(event.error).message }) },
        ],
      },
    },
    failed: { on: { 'claim.retry': 'loading' } },
    gone: {
      description: 'Not shared with this insurer (any more): nothing of the claim stays on screen.',
      entry: assign({ claim: null }),
      type: 'final',
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'statement.download': { target: 'downloading', actions: assign({ downloadFailure: null }) } } },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'downloadStatement',
            src: 'downloadStatement',
            input: ({ context }) => ({ claimId: context.claimId }),
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
            onError: [
              { guard: 'gone', target: '#insurerClaim.gone' },
              {
                target: 'idle',
                actions: assign({ downloadFailure: ({ event }) => toRequestFailure(event.error).message }),
              },
            ],
          },
        },
      },
    },
  },
});
