import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { ApiKeySummary } from '../../../common/contracts/api-keys';
import { apiKeysMachine, type ChangeResult, type RevokeInput } from '../../../machines/api-keys.machine';
import type { ApiKeysApi } from '../../api/api-keys-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';
import { useSecretSettings } from '../settings-shared/use-secret-settings';

export type ApiKeysImplementations = Parameters<typeof apiKeysMachine.provide>[0];

/** The screen's effects: the workshop service's key calls, the clipboard and the snackbar. */
export function createApiKeysImplementations(deps: {
  api: ApiKeysApi;
  writeClipboard: (text: string) => Promise<void>;
}): ApiKeysImplementations {
  return {
    actors: {
      loadKeys: fromPromise(() => deps.api.list()),
      createKey: fromPromise(({ input }) => deps.api.create(input)),
      revokeKey: fromPromise<ChangeResult, RevokeInput>(({ input }) => deps.api.revoke(input.id)),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      copySecret: (_, { secret }) => {
        // A refused clipboard (permissions) leaves the key selectable in its field.
        deps.writeClipboard(secret).catch(() => {});
      },
    },
  };
}

/** The facade of /settings/api-keys: what the view shows and the events it sends. */
export function useApiKeys(implementations: ApiKeysImplementations) {
  const [machine] = useState(() => apiKeysMachine.provide(implementations));
  const actor = useActorRef(machine, inspectionOptions());
  const send = actor.send;
  return {
    ...useSecretSettings(actor),
    keys: useSelector(actor, (snapshot) => snapshot.context.keys),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    retryList: () => send({ type: 'list.retry' }),
    change: (field: 'name' | 'origins', value: string) => send({ type: 'create.change', field, value }),
    requestRevoke: (key: ApiKeySummary) => send({ type: 'confirm.request', action: 'revoke', subject: key }),
  };
}
