import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  dealerInquiryInboxMachine,
  type InboxFilter,
  type InboxQuery,
} from '../../../machines/dealer-inquiry-inbox.machine';
import type { DealerInquiriesApi } from '../../api/dealer-inquiries-api';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';

export type DealerInquiryInboxImplementations = Parameters<typeof dealerInquiryInboxMachine.provide>[0];

/** The inbox on the part-dealer service, live events from the signed-in member's stream, the URL from the route. */
export function createDealerInquiryInboxImplementations(deps: {
  api: Pick<DealerInquiriesApi, 'inbox'>;
  live: LiveEventSource;
  navigate: (query: InboxQuery, options: { replace: boolean }) => void;
}): DealerInquiryInboxImplementations {
  return {
    actors: {
      loadInbox: fromPromise(({ input }) =>
        deps.api.inbox({ page: input.page, status: input.status === 'all' ? '' : input.status, q: input.q }),
      ),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: { syncUrl: (_, { query, replace }) => deps.navigate(query, { replace }) },
  };
}

/** The facade of /dealer/inquiries; `query` is the URL's, read by the route (stable while its content is). */
export function useDealerInquiryInbox(implementations: DealerInquiryInboxImplementations, query: InboxQuery) {
  const [machine] = useState(() => dealerInquiryInboxMachine.provide(implementations));
  const inbox = useActorRef(machine, { input: { query }, ...inspectionOptions() });
  // The URL is the truth for the query: a back button or a link moves the list along.
  useEffect(() => inbox.send({ type: 'query.sync', query }), [inbox, query]);
  return {
    query: useSelector(inbox, (snapshot) => snapshot.context.query),
    page: useSelector(inbox, (snapshot) => snapshot.context.page),
    loading: useSelector(inbox, (snapshot) => snapshot.hasTag('busy')),
    error: useSelector(inbox, (snapshot) => (snapshot.matches({ list: 'failed' }) ? snapshot.context.error : null)),
    /** Something is searched and nothing matches it (the "no results for …" screen). */
    noMatches: useSelector(
      inbox,
      (snapshot) =>
        snapshot.matches({ list: 'ready' }) &&
        snapshot.context.query.q.trim() !== '' &&
        snapshot.context.page?.total === 0,
    ),
    filter: (status: InboxFilter) => inbox.send({ type: 'filter.change', status }),
    search: (q: string) => inbox.send({ type: 'search.change', q }),
    clearSearch: () => inbox.send({ type: 'search.clear' }),
    goToPage: (page: number) => inbox.send({ type: 'page.change', page }),
    retry: () => inbox.send({ type: 'list.retry' }),
  };
}
