import type { DealerInboxItem } from '../../../common/contracts/trading';
import {
  dealerInquiryInboxMachine,
  type InboxQuery,
  type inboxSearchSchema,
} from '../../../machines/dealer-inquiry-inbox.machine';
import { type UrlListImplementations, urlListLoader } from '../../../machines/url-list';
import type { DealerInquiriesApi } from '../../api/dealer-inquiries-api';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';
import { useUrlList } from '../trade-shared/use-url-list';

export type DealerInquiryInboxImplementations = UrlListImplementations<typeof inboxSearchSchema, DealerInboxItem>;

/** The inbox on the part-dealer service, live events from the signed-in member's stream, the URL from the route. */
export function createDealerInquiryInboxImplementations(deps: {
  api: Pick<DealerInquiriesApi, 'inbox'>;
  live: LiveEventSource;
  navigate: (query: InboxQuery, options: { replace: boolean }) => void;
}): DealerInquiryInboxImplementations {
  return {
    actors: {
      loadPage: urlListLoader((query: InboxQuery) =>
        deps.api.inbox({ page: query.page, status: query.status === 'all' ? '' : query.status, q: query.q }),
      ),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: { syncUrl: (_, { query, replace }) => deps.navigate(query, { replace }) },
  };
}

/** The facade of /dealer/inquiries; `query` is the URL's, read by the route (stable while its content is). */
export function useDealerInquiryInbox(implementations: DealerInquiryInboxImplementations, query: InboxQuery) {
  return useUrlList(dealerInquiryInboxMachine, implementations, query);
}
