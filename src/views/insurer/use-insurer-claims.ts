import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { ClaimSummary, claimListQuerySchema } from '../../../common/contracts/claims';
import {
  type ClaimListSearch,
  insurerClaimListMachine,
  insurerClaimMachine,
  lastClaimPage,
  type StatementFile,
} from '../../../machines/insurer-claims.machine';
import { type UrlListImplementations, urlListLoader } from '../../../machines/url-list';
import type { InsurerClaimsApi } from '../../api/claims-api';
import { inspectionOptions } from '../../app/inspection';
import { useUrlList } from '../trade-shared/use-url-list';

export type ClaimListImplementations = UrlListImplementations<typeof claimListQuerySchema, ClaimSummary>;
export type ClaimImplementations = Parameters<typeof insurerClaimMachine.provide>[0];

export { saveFileInBrowser } from '../trade-shared/save-file';

/** The list's effects: its page from the service, and writing the page into the URL. */
export function createClaimListImplementations(deps: {
  api: InsurerClaimsApi;
  navigate: (query: ClaimListSearch) => void;
}): ClaimListImplementations {
  return {
    actors: { loadPage: urlListLoader(deps.api.list) },
    actions: { syncUrl: (_, { query }) => deps.navigate(query) },
  };
}

/** The claim page's effects: the claim and its statement from the service, a file saved, the claim's own URL shown. */
export function createClaimImplementations(deps: {
  api: InsurerClaimsApi;
  saveFile: (file: StatementFile) => void;
  showClaimNumber: (claimNumber: string) => void;
}): ClaimImplementations {
  return {
    actors: {
      loadClaim: fromPromise(({ input }) => deps.api.get(input.claimNumber)),
      downloadStatement: fromPromise(({ input }) => deps.api.statement(input.claimNumber)),
    },
    actions: {
      saveFile: (_, file) => deps.saveFile(file),
      showClaimNumber: (_, { claimNumber }) => deps.showClaimNumber(claimNumber),
    },
  };
}

/** The facade of /claims; `search` is the URL's, read by the route. */
export function useClaimList(implementations: ClaimListImplementations, search: ClaimListSearch) {
  const list = useUrlList(insurerClaimListMachine, implementations, search);
  return {
    page: list.query.page,
    claims: list.shownPage,
    /** The total of the last page loaded: the pager stays in place (disabled) while the next one loads. */
    knownTotal: list.page?.total ?? null,
    lastPage: list.shownPage ? lastClaimPage(list.shownPage) : null,
    busy: list.busy,
    error: list.error,
    retry: list.retry,
    goToPage: list.goToPage,
  };
}

/** The facade of /claims/$claimNumber. */
export function useClaim(implementations: ClaimImplementations, claimNumber: string) {
  const [machine] = useState(() => insurerClaimMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { claimNumber } });
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
