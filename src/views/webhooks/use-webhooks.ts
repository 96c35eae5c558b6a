import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { TradeEventKind } from '../../../common/contracts/trade-events';
import type { WebhookEndpoint } from '../../../common/contracts/webhooks';
import { webhooksMachine } from '../../../machines/webhooks.machine';
import type { WebhooksApi } from '../../api/webhooks-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';
import { useSecretSettings } from '../settings-shared/use-secret-settings';

export type WebhooksImplementations = Parameters<typeof webhooksMachine.provide>[0];

/** The screen's effects: the organisation's service's webhook calls, the clipboard and the snackbar. */
export function createWebhooksImplementations(deps: {
  api: WebhooksApi;
  writeClipboard: (text: string) => Promise<void>;
}): WebhooksImplementations {
  return {
    actors: {
      loadEndpoints: fromPromise(() => deps.api.list()),
      createEndpoint: fromPromise(({ input }) => deps.api.create(input)),
      rotateSecret: fromPromise(({ input }) => deps.api.rotateSecret(input.id)),
      deleteEndpoint: fromPromise(({ input }) => deps.api.remove(input.id)),
      setEnabled: fromPromise(({ input }) => deps.api.setEnabled(input.id, input.enabled)),
      loadAttempts: fromPromise(({ input }) => deps.api.attempts(input.id)),
      resendDelivery: fromPromise(({ input }) => deps.api.resend(input.endpointId, input.deliveryId)),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
      copySecret: (_, { secret }) => {
        // A refused clipboard (permissions) leaves the secret selectable in its field.
        deps.writeClipboard(secret).catch(() => {});
      },
    },
  };
}

/** The facade of /settings/webhooks: what the view shows and the events it sends. */
export function useWebhooks(implementations: WebhooksImplementations) {
  const [machine] = useState(() => webhooksMachine.provide(implementations));
  const actor = useActorRef(machine, inspectionOptions());
  const send = actor.send;
  return {
    ...useSecretSettings(actor),
    endpoints: useSelector(actor, (snapshot) => snapshot.context.endpoints),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    log: useSelector(actor, (snapshot) => (snapshot.matches('showingLog') ? snapshot.context.log : null)),
    logBusy: useSelector(actor, (snapshot) => snapshot.matches('showingLog') && snapshot.hasTag('busy')),
    canAct: useSelector(actor, (snapshot) => snapshot.matches('ready')),
    retryList: () => send({ type: 'list.retry' }),
    change: (field: 'url' | 'description', value: string) => send({ type: 'create.change', field, value }),
    toggleKind: (kind: TradeEventKind) => send({ type: 'create.toggleKind', kind }),
    toggleEnabled: (endpoint: WebhookEndpoint) => send({ type: 'endpoint.toggle', endpoint }),
    openLog: (endpoint: WebhookEndpoint) => send({ type: 'log.open', endpoint }),
    refreshLog: () => send({ type: 'log.refresh' }),
    resend: (deliveryId: number) => send({ type: 'log.resend', deliveryId }),
    closeLog: () => send({ type: 'log.close' }),
  };
}
