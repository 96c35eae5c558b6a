import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import type { TradeEventKind } from '../common/contracts/trade-events';
import {
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointWithSecret,
  webhookEndpointCreateSchema,
} from '../common/contracts/webhooks';
import { loadWithRetry } from './blocks/load-with-retry';
import {
  type ChangeResult,
  changedDraft,
  type SecretSettingsContext,
  type SecretSettingsEvent,
  secretSettings,
  secretSettingsContext,
} from './blocks/secret-settings';
import { toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'list.retry' });

export type WebhookDraftField = 'url' | 'description' | 'event_kinds';
export type WebhookDraft = {
  url: string;
  description: string;
  kinds: TradeEventKind[];
  errors: Partial<Record<WebhookDraftField, MessageId>>;
  failure: string | null;
};
export type { ChangeResult };
export type EndpointInput = { id: number };
export type ResendInput = { endpointId: number; deliveryId: number };
/** What needs a confirmation: a new secret (the old one keeps signing for a day) or deleting the endpoint. */
export type WebhookConfirmAction = 'rotate' | 'delete';

type Context = SecretSettingsContext<WebhookDraft, WebhookConfirmAction, WebhookEndpoint> & {
  endpoints: WebhookEndpoint[] | null;
  loadError: string | null;
  /** The endpoint whose delivery log is open, its attempts once loaded. */
  log: { endpoint: WebhookEndpoint; attempts: WebhookAttempt[] | null; failure: string | null } | null;
  toggling: WebhookEndpoint | null;
};

export type WebhooksEvent =
  | SecretSettingsEvent<WebhookConfirmAction, WebhookEndpoint>
  | { type: 'list.retry' }
  | { type: 'create.change'; field: 'url' | 'description'; value: string }
  | { type: 'create.toggleKind'; kind: TradeEventKind }
  | { type: 'endpoint.toggle'; endpoint: WebhookEndpoint }
  | { type: 'log.open'; endpoint: WebhookEndpoint }
  | { type: 'log.refresh' }
  | { type: 'log.resend'; deliveryId: number }
  | { type: 'log.close' };

/** A new endpoint listens to the kinds a system usually wants first: new inquiries and orders and what happens to them. */
export const DEFAULT_WEBHOOK_KINDS: TradeEventKind[] = ['inquiry.sent', 'order.placed'];
const emptyDraft: WebhookDraft = { url: '', description: '', kinds: DEFAULT_WEBHOOK_KINDS, errors: {}, failure: null };

export function draftRequest(draft: Pick<WebhookDraft, 'url' | 'description' | 'kinds'>): WebhookEndpointCreate {
  return { url: draft.url, description: draft.description, event_kinds: draft.kinds };
}

/** The shared contract's verdict on a draft, per field (the server applies the same schema, and then checks the address). */
export function draftErrors(draft: Pick<WebhookDraft, 'url' | 'description' | 'kinds'>): WebhookDraft['errors'] {
  const result = v.safeParse(webhookEndpointCreateSchema, draftRequest(draft));
  return result.success ? {} : fieldErrors<WebhookDraftField>(result.issues);
}

const settings = secretSettings({
  machineId: 'webhooks',
  emptyDraft,
  draftErrors,
  fields: ['url', 'description', 'event_kinds'],
});

/** The message of a failed request's event (an invoke's error event carries `error`). */
function failureMessage(event: object) {
  return toRequestFailure('error' in event ? event.error : undefined).message;
}

const notImplemented = (name: string) => () => {
  throw new Error(`${name} actor not implemented: provide it with .provide()`);
};

/**
 * The webhooks screen (issue 25, ADR 041), for a workshop or a dealer: the endpoint list;
 * registering one (URL, description, event kinds; the secret is then shown once); a new secret
 * (shown once as well) or deletion after a confirmation; pausing and resuming; and per endpoint
 * the delivery log of the last attempts with "send again". The dialogs around the secret are the
 * secret-settings block's (machines/blocks/secret-settings.ts), shared with the API keys screen.
 */
export const webhooksMachine = setup({
  types: { context: {} as Context, events: {} as WebhooksEvent },
  actors: {
    loadEndpoints: fromPromise<WebhookEndpoint[], void>(notImplemented('loadEndpoints')),
    createEndpoint: fromPromise<WebhookEndpointWithSecret & ChangeResult, WebhookEndpointCreate>(
      notImplemented('createEndpoint'),
    ),
    rotateSecret: fromPromise<WebhookEndpointWithSecret & ChangeResult, EndpointInput>(notImplemented('rotateSecret')),
    deleteEndpoint: fromPromise<ChangeResult, EndpointInput>(notImplemented('deleteEndpoint')),
    setEnabled: fromPromise<ChangeResult, EndpointInput & { enabled: boolean }>(notImplemented('setEnabled')),
    loadAttempts: fromPromise<WebhookAttempt[], EndpointInput>(notImplemented('loadAttempts')),
    resendDelivery: fromPromise<ChangeResult, ResendInput>(notImplemented('resendDelivery')),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    copySecret: (_, _params: { secret: string }) => {},
    rememberLogFailure: assign({
      log: ({ context, event }) => (context.log ? { ...context.log, failure: failureMessage(event) } : null),
    }),
  },
  guards: {
    isRotation: ({ context }) => context.confirming?.action === 'rotate',
  },
}).createMachine({
  id: 'webhooks',
  context: { endpoints: null, loadError: null, ...secretSettingsContext(emptyDraft), log: null, toggling: null },
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadEndpoints',
        src: 'loadEndpoints',
        onDone: { target: 'ready', actions: assign({ endpoints: ({ event }) => event.output }) },
        onError: load.failure,
      },
    },
    failed: load.failed,
    ready: {
      on: {
        ...settings.openers,
        'endpoint.toggle': { target: 'toggling', actions: assign({ toggling: ({ event }) => event.endpoint }) },
        'log.open': {
          target: 'showingLog',
          actions: assign({ log: ({ event }) => ({ endpoint: event.endpoint, attempts: null, failure: null }) }),
        },
      },
    },
    creating: {
      ...settings.creating,
      states: {
        editing: {
          on: {
            'create.change': {
              actions: assign({
                draft: ({ context, event }) =>
                  changedDraft(context.draft, { [event.field]: event.value }, [event.field]),
              }),
            },
            'create.toggleKind': {
              actions: assign({
                draft: ({ context, event }) => {
                  const kinds = context.draft.kinds.includes(event.kind)
                    ? context.draft.kinds.filter((kind) => kind !== event.kind)
                    : [...context.draft.kinds, event.kind];
                  return changedDraft(context.draft, { kinds }, ['event_kinds']);
                },
              }),
            },
            'create.submit': settings.submit,
          },
        },
        submitting: settings.submitting('createEndpoint', draftRequest),
      },
    },
    showingSecret: settings.showingSecret,
    confirming: {
      ...settings.confirming,
      states: {
        asking: {
          on: { 'confirm.accept': [{ guard: 'isRotation', target: 'rotating' }, { target: 'deleting' }] },
        },
        rotating: {
          tags: ['busy'],
          invoke: {
            id: 'rotateSecret',
            src: 'rotateSecret',
            input: ({ context }) => ({ id: context.confirming?.subject.id ?? 0 }),
            onDone: { target: '#webhooks.showingSecret', actions: settings.confirmedWithSecret },
            onError: { target: 'asking', actions: settings.confirmFailure },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteEndpoint',
            src: 'deleteEndpoint',
            input: ({ context }) => ({ id: context.confirming?.subject.id ?? 0 }),
            onDone: { target: '#webhooks.loading', actions: settings.confirmed },
            onError: { target: 'asking', actions: settings.confirmFailure },
          },
        },
      },
    },
    toggling: {
      tags: ['busy'],
      invoke: {
        id: 'setEnabled',
        src: 'setEnabled',
        input: ({ context }) => ({ id: context.toggling?.id ?? 0, enabled: context.toggling?.disabled_at !== null }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ toggling: null }),
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: {
          target: 'loading',
          actions: [
            assign({ toggling: null }),
            { type: 'notifyFailure', params: ({ event }) => ({ message: toRequestFailure(event.error).message }) },
          ],
        },
      },
    },
    showingLog: {
      initial: 'loadingLog',
      on: { 'log.close': { target: 'ready', actions: assign({ log: null }) } },
      states: {
        loadingLog: {
          tags: ['busy'],
          invoke: {
            id: 'loadAttempts',
            src: 'loadAttempts',
            input: ({ context }) => ({ id: context.log?.endpoint.id ?? 0 }),
            onDone: {
              target: 'viewing',
              actions: assign({
                log: ({ context, event }) =>
                  context.log ? { ...context.log, attempts: event.output, failure: null } : null,
              }),
            },
            onError: { target: 'viewing', actions: 'rememberLogFailure' },
          },
        },
        viewing: {
          on: {
            'log.refresh': 'loadingLog',
            'log.resend': 'resending',
          },
        },
        resending: {
          tags: ['busy'],
          invoke: {
            id: 'resendDelivery',
            src: 'resendDelivery',
            input: ({ context, event }) => ({
              endpointId: context.log?.endpoint.id ?? 0,
              deliveryId: event.type === 'log.resend' ? event.deliveryId : 0,
            }),
            onDone: {
              target: 'loadingLog',
              actions: { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
            },
            onError: { target: 'viewing', actions: 'rememberLogFailure' },
          },
        },
      },
    },
  },
});
