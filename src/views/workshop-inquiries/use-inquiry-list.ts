import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { type InquiryListQuery, inquiryListMachine } from '../../../machines/inquiry-list.machine';
import type { WorkshopInquiriesApi } from '../../api/workshop-inquiries-api';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';

export type InquiryListImplementations = Parameters<typeof inquiryListMachine.provide>[0];

/** The list's effects: the workshop service's list call and the signed-in member's live events. */
export function createInquiryListImplementations(deps: {
  api: WorkshopInquiriesApi;
  live: LiveEventSource;
}): InquiryListImplementations {
  return {
    actors: {
      loadInquiries: fromPromise(({ input }) => deps.api.list(input)),
      liveEvents: tradeEventsActor(deps.live),
    },
  };
}

/** The facade of /inquiries. */
export function useInquiryList(implementations: InquiryListImplementations, query: InquiryListQuery) {
  const [machine] = useState(() => inquiryListMachine.provide(implementations));
  const actor = useActorRef(machine, { input: { query }, ...inspectionOptions() });
  return {
    result: useSelector(actor, (snapshot) => snapshot.context.result),
    loading: useSelector(actor, (snapshot) => snapshot.hasTag('busy')),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    retry: () => actor.send({ type: 'list.retry' }),
  };
}
