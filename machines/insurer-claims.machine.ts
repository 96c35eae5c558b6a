import { assign, fromPromise, setup } from 'xstate';
import {
  type ClaimDetail,
  type ClaimListQuery,
  type ClaimPage,
  type ClaimSummary,
  claimListQuerySchema,
} from '../common/contracts/claims';
import { compactListSearch, parseListSearch } from './list-search';
import { toRequestFailure } from './request-failure';
import { createUrlListMachine } from './url-list';

/*
 * The insurer's screens (issue 15, ADR 030): the list of claims shared with its organisation, and
 * one claim with its delay statement PDF. A claim is its claim number, across every order shared
 * under it (issue 24 §7); the URL names it by that number. A claim the workshops withdrew (or never
 * shared) answers 404: the claim screen then says it is no longer shared, on load and on download
 * alike. An old link by share id loads the claim that share belongs to, and the screen then shows
 * the claim's own address.
 */

const isGone = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

/** The list's query as the URL and the contract hold it: the page (1 when unset). */
export type ClaimListSearch = ClaimListQuery;

/** The URL's search params read by the contract's rules: a page it refuses becomes page 1. */
export function parseClaimListSearch(raw: Record<string, unknown>): ClaimListSearch {
  return parseListSearch(claimListQuerySchema, raw);
}

/** The query as the URL carries it: only what differs from the defaults (a clean `/claims`). */
export function compactClaimListSearch(query: ClaimListSearch): Partial<ClaimListSearch> {
  return compactListSearch(claimListQuerySchema, query);
}

/** The last page that has claims (1 when there are none). */
export const lastClaimPage = (page: ClaimPage) => Math.max(1, Math.ceil(page.total / page.page_size));

/**
 * The insurer's claim list, a page at a time (the order list's page size): the page lives in the
 * URL, so a reload, a language switch or "back" keep it.
 */
export const insurerClaimListMachine = createUrlListMachine<typeof claimListQuerySchema, ClaimSummary>({
  id: 'insurerClaimList',
  schema: claimListQuerySchema,
});

export type StatementFile = { bytes: Blob; fileName: string };

type ClaimContext = {
  /** The claim as the URL names it: its number, or (an old link) a share id until the claim has loaded. */
  claimNumber: string;
  claim: ClaimDetail | null;
  loadError: string | null;
  downloadFailure: string | null;
};

export type InsurerClaimEvent = { type: 'claim.retry' } | { type: 'statement.download' };

export const insurerClaimMachine = setup({
  types: {
    context: {} as ClaimContext,
    events: {} as InsurerClaimEvent,
    input: {} as { claimNumber: string },
  },
  actors: {
    loadClaim: fromPromise<ClaimDetail, { claimNumber: string }>(async () => {
      throw new Error('loadClaim actor not implemented: provide it with .provide()');
    }),
    downloadStatement: fromPromise<StatementFile, { claimNumber: string }>(async () => {
      throw new Error('downloadStatement actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    saveFile: (_, _params: StatementFile) => {},
    /** The URL names the claim by another reference (an old share id): show the claim's own address. */
    showClaimNumber: (_, _params: { claimNumber: string }) => {},
  },
  guards: {
    gone: ({ event }) => 'error' in event && isGone(event.error),
    otherReference: ({ context, event }) =>
      'output' in event && (event.output as ClaimDetail).claim_number !== context.claimNumber,
  },
}).createMachine({
  id: 'insurerClaim',
  context: ({ input }) => ({ claimNumber: input.claimNumber, claim: null, loadError: null, downloadFailure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadClaim',
        src: 'loadClaim',
        input: ({ context }) => ({ claimNumber: context.claimNumber }),
        onDone: [
          {
            guard: 'otherReference',
            target: 'ready',
            actions: [
              assign({
                claim: ({ event }) => event.output,
                claimNumber: ({ event }) => event.output.claim_number,
                loadError: null,
              }),
              { type: 'showClaimNumber', params: ({ event }) => ({ claimNumber: event.output.claim_number }) },
            ],
          },
          { target: 'ready', actions: assign({ claim: ({ event }) => event.output, loadError: null }) },
        ],
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
            input: ({ context }) => ({ claimNumber: context.claimNumber }),
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
