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
import {
  type ChangeResult,
  changedDraft,
  type SecretSettingsContext,
  type SecretSettingsEvent,
  secretSettings,
  secretSettingsContext,
} from './blocks/secret-settings';

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
export type { ChangeResult };

type Context = SecretSettingsContext<ApiKeyDraft, 'revoke', ApiKeySummary> & {
  keys: ApiKeySummary[] | null;
  loadError: string | null;
};

export type ApiKeysEvent =
  | SecretSettingsEvent<'revoke', ApiKeySummary>
  | { type: 'list.retry' }
  | { type: 'create.change'; field: 'name' | 'origins'; value: string };

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

const settings = secretSettings({
  machineId: 'apiKeys',
  emptyDraft,
  draftErrors,
  fields: ['name', 'allowed_origins'],
});

/**
 * The workshop's API keys screen (issue 15, ADR 031): the list; creating a key (name and the DMS's
 * registered origins, checked with the shared contract), after which the key is shown once; and
 * revoking one after a confirmation. After every change the list is loaded again. The dialogs are
 * the secret-settings block's (machines/blocks/secret-settings.ts), shared with the webhooks screen.
 */
export const apiKeysMachine = setup({
  types: { context: {} as Context, events: {} as ApiKeysEvent },
  actors: {
    loadKeys: fromPromise<ApiKeySummary[], void>(async () => {
      throw new Error('loadKeys actor not implemented: provide it with .provide()');
    }),
    createKey: fromPromise<ApiKeyCreated & ChangeResult, ApiKeyCreate>(async () => {
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
}).createMachine({
  id: 'apiKeys',
  context: { keys: null, loadError: null, ...secretSettingsContext(emptyDraft) },
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
    ready: { on: settings.openers },
    creating: {
      ...settings.creating,
      states: {
        editing: {
          on: {
            'create.change': {
              actions: assign({
                draft: ({ context, event }) =>
                  changedDraft(context.draft, { [event.field]: event.value }, [
                    event.field === 'name' ? 'name' : 'allowed_origins',
                  ]),
              }),
            },
            'create.submit': settings.submit,
          },
        },
        submitting: settings.submitting('createKey', draftRequest),
      },
    },
    showingSecret: settings.showingSecret,
    confirming: {
      ...settings.confirming,
      states: {
        asking: { on: { 'confirm.accept': 'revoking' } },
        revoking: {
          tags: ['busy'],
          invoke: {
            id: 'revokeKey',
            src: 'revokeKey',
            input: ({ context }) => {
              if (!context.confirming) throw new Error('revoking without a key');
              return { id: context.confirming.subject.id };
            },
            onDone: { target: '#apiKeys.loading', actions: settings.confirmed },
            onError: { target: 'asking', actions: settings.confirmFailure },
          },
        },
      },
    },
  },
});
