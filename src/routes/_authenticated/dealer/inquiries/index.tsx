import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { inboxSearchSchema, parseInboxSearch } from '../../../../../machines/dealer-inquiry-inbox.machine';
import { compactListSearch } from '../../../../../machines/list-search';
import { useLiveEventSource } from '../../../../app/live-events';
import { DealerInquiryInboxView } from '../../../../views/dealer-inquiries/DealerInquiryInboxView';
import { createDealerInquiryInboxImplementations } from '../../../../views/dealer-inquiries/use-dealer-inquiry-inbox';

/**
 * The dealer's inquiry inbox (the /dealer layout lets only dealer users in; the API checks again):
 * filter, page and search text in the URL; anything unreadable falls back to its default.
 */
export const Route = createFileRoute('/_authenticated/dealer/inquiries/')({
  validateSearch: (search) => compactListSearch(inboxSearchSchema, parseInboxSearch(search)),
  component: DealerInquiriesRoute,
});

function DealerInquiriesRoute() {
  const { api } = Route.useRouteContext();
  const key = JSON.stringify(Route.useSearch());
  // The search's content, not its identity, decides when the inbox is asked to follow the URL.
  const query = useMemo(() => parseInboxSearch(JSON.parse(key) as Record<string, unknown>), [key]);
  const navigate = useNavigate({ from: '/dealer/inquiries/' });
  const live = useLiveEventSource();
  const [implementations] = useState(() =>
    createDealerInquiryInboxImplementations({
      api: api.dealerInquiries,
      live,
      navigate: (next, { replace }) => void navigate({ search: compactListSearch(inboxSearchSchema, next), replace }),
    }),
  );
  return <DealerInquiryInboxView implementations={implementations} query={query} />;
}
