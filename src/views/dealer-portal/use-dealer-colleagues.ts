import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { Colleague, ColleagueInviteField } from '../../../common/contracts/dealer-organisation';
import { dealerColleaguesMachine } from '../../../machines/dealer-colleagues.machine';
import type { DealerOrganisationApi } from '../../api/dealer-organisation-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof dealerColleaguesMachine.provide>[0];

export function createDealerColleaguesImplementations(deps: { api: DealerOrganisationApi }): Implementations {
  return {
    actors: {
      loadColleagues: fromPromise(() => deps.api.colleagues()),
      invite: fromPromise(({ input }) => deps.api.inviteColleague(input)),
      setStatus: fromPromise(({ input }) => deps.api.setColleagueStatus(input.userId, input.status)),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

export function useDealerColleagues(implementations: Implementations) {
  const [machine] = useState(() => dealerColleaguesMachine.provide(implementations));
  const colleagues = useActorRef(machine, inspectionOptions());
  return {
    loading: useSelector(colleagues, (snapshot) => snapshot.matches('loading')),
    loadError: useSelector(colleagues, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    ready: useSelector(colleagues, (snapshot) => snapshot.matches('ready')),
    list: useSelector(colleagues, (snapshot) => snapshot.context.colleagues),
    values: useSelector(colleagues, (snapshot) => snapshot.context.values),
    errors: useSelector(colleagues, (snapshot) => snapshot.context.errors),
    inviting: useSelector(colleagues, (snapshot) => snapshot.hasTag('inviting')),
    confirming: useSelector(colleagues, (snapshot) =>
      snapshot.hasTag('dialogOpen') ? (snapshot.context.pending?.colleague ?? null) : null,
    ),
    changingId: useSelector(colleagues, (snapshot) =>
      snapshot.hasTag('changing') ? (snapshot.context.pending?.colleague.id ?? null) : null,
    ),
    canChange: useSelector(colleagues, (snapshot) => snapshot.matches({ ready: { status: 'idle' } })),
    retry: () => colleagues.send({ type: 'colleagues.retry' }),
    change: (field: ColleagueInviteField, value: string) => colleagues.send({ type: 'field.change', field, value }),
    invite: () => colleagues.send({ type: 'invite.submit' }),
    deactivate: (colleague: Colleague) => colleagues.send({ type: 'colleague.deactivate', colleague }),
    reactivate: (colleague: Colleague) => colleagues.send({ type: 'colleague.reactivate', colleague }),
    confirm: () => colleagues.send({ type: 'deactivate.confirm' }),
    cancel: () => colleagues.send({ type: 'deactivate.cancel' }),
  };
}
