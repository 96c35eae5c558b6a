import type { InquirySummary } from '../../../common/contracts/trading';
import {
  type InquiryListQuery,
  inquiryListMachine,
  type inquiryListSearchSchema,
} from '../../../machines/inquiry-list.machine';
import { type UrlListImplementations, urlListLoader } from '../../../machines/url-list';
import type { WorkshopInquiriesApi } from '../../api/workshop-inquiries-api';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';
import { useUrlList } from '../trade-shared/use-url-list';

export type InquiryListImplementations = UrlListImplementations<typeof inquiryListSearchSchema, InquirySummary>;

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
      loadPage: urlListLoader((query: InquiryListQuery) => deps.api.list(query)),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: {
      syncUrl: (_, { query, replace }) => deps.navigate(query, { replace }),
    },
  };
}

/** The facade of /inquiries; `query` is the URL's, read by the route (stable while its content is). */
export function useInquiryList(implementations: InquiryListImplementations, query: InquiryListQuery) {
  return useUrlList(inquiryListMachine, implementations, query);
}
