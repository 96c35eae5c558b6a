import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { claimShareMachine } from '../../../machines/claim-share.machine';
import type { WorkshopClaimsApi } from '../../api/claims-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

export type ClaimShareImplementations = Parameters<typeof claimShareMachine.provide>[0];

/** The share panel's effects: the workshop service's claim endpoints and the snackbar. */
export function createClaimShareImplementations(deps: { api: WorkshopClaimsApi }): ClaimShareImplementations {
  return {
    actors: {
      loadClaim: fromPromise(async ({ input }) => {
        const [claim, insurers] = await Promise.all([deps.api.get(input.orderId), deps.api.insurers()]);
        return { claim, insurers };
      }),
      shareClaim: fromPromise(({ input }) =>
        deps.api.share(input.orderId, {
          claim_number: input.claimNumber,
          insurer_organisation_id: input.insurerOrganisationId,
        }),
      ),
      withdrawClaim: fromPromise(({ input }) => deps.api.withdraw(input.orderId)),
    },
    actions: { notifySuccess: (_, { message }) => notify.success(message) },
  };
}

/** The facade of the order page's insurance share. */
export function useClaimShare(implementations: ClaimShareImplementations, orderId: number) {
  const [machine] = useState(() => claimShareMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { orderId } });
  const send = actor.send;
  return {
    claim: useSelector(actor, (snapshot) => snapshot.context.claim),
    insurers: useSelector(actor, (snapshot) => snapshot.context.insurers),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    notice: useSelector(actor, (snapshot) => snapshot.context.notice),
    draft: useSelector(actor, (snapshot) => (snapshot.matches('sharing') ? snapshot.context.draft : null)),
    sharing: useSelector(actor, (snapshot) => snapshot.matches({ sharing: 'sending' })),
    confirmingWithdrawal: useSelector(actor, (snapshot) => snapshot.matches('confirmingWithdrawal')),
    withdrawing: useSelector(actor, (snapshot) => snapshot.matches({ confirmingWithdrawal: 'withdrawing' })),
    withdrawFailure: useSelector(actor, (snapshot) => snapshot.context.withdrawFailure),
    canShare: useSelector(actor, (snapshot) => snapshot.can({ type: 'share.open' })),
    retry: () => send({ type: 'claim.retry' }),
    openShare: () => send({ type: 'share.open' }),
    change: (field: 'claimNumber' | 'insurerId', value: string) => send({ type: 'share.change', field, value }),
    submit: () => send({ type: 'share.submit' }),
    cancelShare: () => send({ type: 'share.cancel' }),
    openWithdraw: () => send({ type: 'withdraw.open' }),
    confirmWithdraw: () => send({ type: 'withdraw.confirm' }),
    cancelWithdraw: () => send({ type: 'withdraw.cancel' }),
  };
}
