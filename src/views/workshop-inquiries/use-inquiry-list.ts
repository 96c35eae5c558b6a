import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type InquiryListFilter,
  type InquiryListQuery,
  inquiryListMachine,
} from '../../../machines/inquiry-list.machine';
import type { WorkshopInquiriesApi } from '../../api/workshop-inquiries-api';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';

export type InquiryListImplementations = Parameters<typeof inquiryListMachine.provide>[0];

/**
 * The list's effects: the workshop service's list call, the signed-in member's live events, and
 * writing the query into the URL.
 */
export function createInquiryListImplementations(deps: {
  api: Pick<WorkshopInquiriesApi, 'list'>;
  live: LiveEventSource;
  navigate: (query: InquiryListQuery, options: { replace: boolean }) => void;
}): InquiryListImplementations {
  return {
    actors: {
      loadInquiries: fromPromise(({ input }) => deps.api.list(input)),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: {
      syncUrl: (_, { query, replace }) => deps.navigate(query, { replace }),
    },
  };
}

/** The facade of /inquiries; `query` is the URL's, read by the route (stable while its content is). */
export function useInquiryList(implementations: InquiryListImplementations, query: InquiryListQuery) {
  const [machine] = useState(() => inquiryListMachine.provide(implementations));
  const actor = useActorRef(machine, { input: { query }, ...inspectionOptions() });
  const send = actor.send;
  // "Back", "forward" and links change the URL without the screen: the list follows.
  useEffect(() => send({ type: 'query.sync', query }), [send, query]);
  return {
    query: useSelector(actor, (snapshot) => snapshot.context.query),
    result: useSelector(actor, (snapshot) => snapshot.context.result),
    loading: useSelector(actor, (snapshot) => snapshot.hasTag('busy')),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    /** Something is searched and nothing matches it (the "no results for …" screen). */
    noMatches: useSelector(
      actor,
      (snapshot) =>
        snapshot.matches('ready') && snapshot.context.query.q.trim() !== '' && snapshot.context.result?.total === 0,
    ),
    filter: (status: InquiryListFilter) => send({ type: 'filter.change', status }),
    search: (q: string) => send({ type: 'search.change', q }),
    clearSearch: () => send({ type: 'search.clear' }),
    goToPage: (page: number) => send({ type: 'page.change', page }),
    retry: () => send({ type: 'list.retry' }),
  };
}
