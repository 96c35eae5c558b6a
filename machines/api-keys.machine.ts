import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import {
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeySummary,
  apiKeyCreateSchema,
} from '../common/contracts/api-keys';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { loadWithRetry } from './blocks/load-with-retry';
import { toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'list.retry' });

export type ApiKeyDraftField = 'name' | 'allowed_origins';
export type ApiKeyDraft = {
  name: string;
  /** The registered origins as typed: one per line (commas and spaces separate too). */
  origins: string;
  errors: Partial<Record<ApiKeyDraftField, MessageId>>;
  failure: string | null;
};
export type RevokeInput = { id: number };
export type ChangeResult = { message: string | undefined };

type Context = {
  keys: ApiKeySummary[] | null;
  loadError: string | null;
  draft: ApiKeyDraft;
  /** The key just created: its secret is held only while it is shown, and dropped when the dialog closes. */
  created: ApiKeyCreated | null;
  copied: boolean;
  revoking: { key: ApiKeySummary; failure: string | null } | null;
};

export type ApiKeysEvent =
  | { type: 'list.retry' }
  | { type: 'create.open' }
  | { type: 'create.change'; field: 'name' | 'origins'; value: string }
  | { type: 'create.submit' }
  | { type: 'create.cancel' }
  | { type: 'secret.copy' }
  | { type: 'secret.done' }
  | { type: 'revoke.request'; key: ApiKeySummary }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

const emptyDraft: ApiKeyDraft = { name: '', origins: '', errors: {}, failure: null };

/** The request a draft stands for: the origins split at line breaks, commas and spaces. */
export function draftRequest(draft: Pick<ApiKeyDraft, 'name' | 'origins'>): ApiKeyCreate {
  return { name: draft.name, allowed_origins: draft.origins.split(/[\s,]+/).filter((origin) => origin !== '') };
}

/** The shared contract's verdict on a draft, per field (the server applies the same schema). */
export function draftErrors(draft: Pick<ApiKeyDraft, 'name' | 'origins'>): ApiKeyDraft['errors'] {
  const result = v.safeParse(apiKeyCreateSchema, draftRequest(draft));
  if (result.success) return {};
  return fieldErrors<ApiKeyDraftField>(result.issues);
}

/**
 * The workshop's API keys screen (issue 15, ADR 031): the list; creating a key (name and the DMS's
 * registered origins, checked with the shared contract), after which the key is shown once; and
 * revoking one after a confirmation. After every change the list is loaded again.
 */
export const apiKeysMachine = setup({
  types: { context: {} as Context, events: {} as ApiKeysEvent },
  actors: {
    loadKeys: fromPromise<ApiKeySummary[], void>(async () => {
      throw new Error('loadKeys actor not implemented: provide it with .provide()');
    }),
    createKey: fromPromise<ApiKeyCreated & { message: string | undefined }, ApiKeyCreate>(async () => {
      throw new Error('createKey actor not implemented: provide it with .provide()');
    }),
    revokeKey: fromPromise<ChangeResult, RevokeInput>(async () => {
      throw new Error('revokeKey actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    copySecret: (_, _params: { secret: string }) => {},
  },
  guards: {
    draftValid: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
  },
}).createMachine({
  id: 'apiKeys',
  context: { keys: null, loadError: null, draft: emptyDraft, created: null, copied: false, revoking: null },
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadKeys',
        src: 'loadKeys',
        onDone: { target: 'ready', actions: assign({ keys: ({ event }) => event.output }) },
        onError: load.failure,
      },
    },
    failed: load.failed,
    ready: {
      on: {
        'create.open': { target: 'creating', actions: assign({ draft: emptyDraft }) },
        'revoke.request': {
          target: 'confirmingRevoke',
          actions: assign({ revoking: ({ event }) => ({ key: event.key, failure: null }) }),
        },
      },
    },
    creating: {
      initial: 'editing',
      on: { 'create.cancel': { target: 'ready', actions: assign({ draft: emptyDraft }) } },
      states: {
        editing: {
          on: {
            'create.change': {
              actions: assign({
                draft: ({ context, event }) => {
                  const errorField: ApiKeyDraftField = event.field === 'name' ? 'name' : 'allowed_origins';
                  const { [errorField]: _cleared, ...errors } = context.draft.errors;
                  return { ...context.draft, [event.field]: event.value, errors, failure: null };
                },
              }),
            },
            'create.submit': [
              {
                guard: 'draftValid',
                target: 'submitting',
                // What the server said about the previous attempt no longer applies.
                actions: assign({ draft: ({ context }) => ({ ...context.draft, errors: {}, failure: null }) }),
              },
              {
                actions: assign({ draft: ({ context }) => ({ ...context.draft, errors: draftErrors(context.draft) }) }),
              },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'createKey',
            src: 'createKey',
            input: ({ context }) => draftRequest(context.draft),
            onDone: {
              target: '#apiKeys.showingSecret',
              actions: [
                assign({
                  created: ({ event }) => ({ key: event.output.key, secret: event.output.secret }),
                  copied: false,
                  draft: emptyDraft,
                }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({
                draft: ({ context, event }) => {
                  const failure = toRequestFailure(event.error);
                  const field = failure.field === 'name' || failure.field === 'allowed_origins' ? failure.field : null;
                  return field && failure.messageId
                    ? { ...context.draft, errors: { ...context.draft.errors, [field]: failure.messageId } }
                    : { ...context.draft, failure: failure.message };
                },
              }),
            },
          },
        },
      },
    },
    showingSecret: {
      on: {
        'secret.copy': {
          actions: [
            { type: 'copySecret', params: ({ context }) => ({ secret: context.created?.secret ?? '' }) },
            assign({ copied: true }),
          ],
        },
        'secret.done': { target: 'loading', actions: assign({ created: null, copied: false }) },
      },
    },
    confirmingRevoke: {
      initial: 'asking',
      on: { 'revoke.cancel': { target: 'ready', actions: assign({ revoking: null }) } },
      states: {
        asking: { on: { 'revoke.confirm': 'revoking' } },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revokeKey',
            src: 'revokeKey',
            input: ({ context }) => {
              if (!context.revoking) throw new Error('revoking without a key');
              return { id: context.revoking.key.id };
            },
            onDone: {
              target: '#apiKeys.loading',
              actions: [
                assign({ revoking: null }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: {
              target: 'asking',
              actions: assign({
                revoking: ({ context, event }) =>
                  context.revoking ? { ...context.revoking, failure: toRequestFailure(event.error).message } : null,
              }),
            },
          },
        },
      },
    },
  },
});
