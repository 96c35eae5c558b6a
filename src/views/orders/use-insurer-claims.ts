import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  insurerClaimListMachine,
  insurerClaimMachine,
  type StatementFile,
} from '../../../machines/insurer-claims.machine';
import type { InsurerClaimsApi } from '../../api/claims-api';
import { inspectionOptions } from '../../app/inspection';

export type ClaimListImplementations = Parameters<typeof insurerClaimListMachine.provide>[0];
export type ClaimImplementations = Parameters<typeof insurerClaimMachine.provide>[0];

/** Hands a downloaded file to the browser as a download (the only way a SPA saves a file). */
export function saveFileInBrowser({ bytes, fileName }: StatementFile) {
  const url = URL.createObjectURL(bytes);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its bytes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function createClaimListImplementations(deps: { api: InsurerClaimsApi }): ClaimListImplementations {
  return { actors: { loadClaims: fromPromise(() => deps.api.list()) } };
}

export function createClaimImplementations(deps: {
  api: InsurerClaimsApi;
  saveFile: (file: StatementFile) => void;
}): ClaimImplementations {
  return {
    actors: {
      loadClaim: fromPromise(({ input }) => deps.api.get(input.claimId)),
      downloadStatement: fromPromise(({ input }) => deps.api.statement(input.claimId)),
    },
    actions: { saveFile: (_, file) => deps.saveFile(file) },
  };
}

/** The facade of /claims. */
export function useClaimList(implementations: ClaimListImplementations) {
  const [machine] = useState(() => insurerClaimListMachine.provide(implementations));
  const actor = useActorRef(machine, inspectionOptions());
  return {
    claims: useSelector(actor, (snapshot) => (snapshot.matches('ready') ? snapshot.context.claims : null)),
    busy: useSelector(actor, (snapshot) => snapshot.hasTag('busy')),
    error: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    retry: () => actor.send({ type: 'claims.retry' }),
  };
}

/** The facade of /claims/$claimId. */
export function useClaim(implementations: ClaimImplementations, claimId: number) {
  const [machine] = useState(() => insurerClaimMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { claimId } });
  return {
    claim: useSelector(actor, (snapshot) => snapshot.context.claim),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    gone: useSelector(actor, (snapshot) => snapshot.matches('gone')),
    error: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    downloading: useSelector(actor, (snapshot) => snapshot.matches({ ready: 'downloading' })),
    downloadFailure: useSelector(actor, (snapshot) => snapshot.context.downloadFailure),
    retry: () => actor.send({ type: 'claim.retry' }),
    download: () => actor.send({ type: 'statement.download' }),
  };
}
