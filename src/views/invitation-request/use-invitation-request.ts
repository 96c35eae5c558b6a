import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AppPath } from '../../../common/app-paths';
import type { InvitationRequest, WorkshopLeadMode } from '../../../common/contracts/workshop';
import { type InvitationField, invitationRequestMachine } from '../../../machines/invitation-request.machine';
import type { WorkshopApi } from '../../api/workshop-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof invitationRequestMachine.provide>[0];

export function createInvitationRequestImplementations(deps: {
  workshopApi: WorkshopApi;
  navigate: (to: AppPath) => void;
}): Implementations {
  return {
    actors: {
      sendRequest: fromPromise<{ message: string | undefined }, InvitationRequest>(({ input }) =>
        deps.workshopApi.requestInvitation(input),
      ),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
      navigate: (_, { to }) => deps.navigate(to),
    },
  };
}

export function useInvitationRequest(implementations: Implementations, mode: WorkshopLeadMode) {
  const [machine] = useState(() => invitationRequestMachine.provide(implementations));
  const request = useActorRef(machine, { input: { mode }, ...inspectionOptions() });
  return {
    captcha: useSelector(request, (snapshot) => snapshot.context.captcha),
    values: useSelector(request, (snapshot) => snapshot.context.values),
    errors: useSelector(request, (snapshot) => snapshot.context.errors),
    busy: useSelector(request, (snapshot) => snapshot.hasTag('busy')),
    sent: useSelector(request, (snapshot) => snapshot.hasTag('step:2')),
    canSend: useSelector(request, (snapshot) => snapshot.can({ type: 'request.submit' })),
    change: (field: InvitationField, value: string) => request.send({ type: 'field.change', field, value }),
    submit: () => request.send({ type: 'request.submit' }),
    close: () => request.send({ type: 'request.close' }),
  };
}
