import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type ClaimListSearch,
  insurerClaimListMachine,
  insurerClaimMachine,
  lastClaimPage,
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

/** The list's effects: its page from the service, and writing the page into the URL. */
export function createClaimListImplementations(deps: {
  api: InsurerClaimsApi;
  navigate: (query: ClaimListSearch) => void;
}): ClaimListImplementations {
  return {
    actors: { loadClaims: fromPromise(({ input }) => deps.api.list(input)) },
    actions: { syncUrl: (_, { query }) => deps.navigate(query) },
  };
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

/** The facade of /claims; `search` is the URL's, read by the route. */
export function useClaimList(implementations: ClaimListImplementations, search: ClaimListSearch) {
  const [machine] = useState(() => insurerClaimListMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { query: search } });
  const send = actor.send;
  // "Back", "forward" and links change the URL without the screen: the list follows.
  useEffect(() => {
    send({ type: 'query.sync', query: search });
  }, [send, search]);
  const claims = useSelector(actor, (snapshot) => (snapshot.matches('ready') ? snapshot.context.claims : null));
  return {
    page: useSelector(actor, (snapshot) => snapshot.context.query.page),
    claims,
    /** The total of the last page loaded: the pager stays in place (disabled) while the next one loads. */
    knownTotal: useSelector(actor, (snapshot) => snapshot.context.claims?.total ?? null),
    lastPage: claims ? lastClaimPage(claims) : null,
    busy: useSelector(actor, (snapshot) => snapshot.hasTag('busy')),
    error: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    retry: () => send({ type: 'claims.retry' }),
    goToPage: (page: number) => send({ type: 'page.change', page }),
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
