import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { inboxSearchSchema } from '../../../../../machines/dealer-inquiry-inbox.machine';
import { compactListSearch, listSearchValidator } from '../../../../../machines/list-search';
import { useLiveEventSource } from '../../../../app/live-events';
import { DealerInquiryInboxView } from '../../../../views/dealer-inquiries/DealerInquiryInboxView';
import { createDealerInquiryInboxImplementations } from '../../../../views/dealer-inquiries/use-dealer-inquiry-inbox';
import { useUrlListQuery } from '../../../../views/trade-shared/use-url-list';

/**
 * The dealer's inquiry inbox (the /dealer layout lets only dealer users in; the API checks again):
 * filter, page and search text in the URL; anything unreadable falls back to its default.
 */
export const Route = createFileRoute('/_authenticated/dealer/inquiries/')({
  validateSearch: listSearchValidator(inboxSearchSchema),
  component: DealerInquiriesRoute,
});

function DealerInquiriesRoute() {
  const { api } = Route.useRouteContext();
  const query = useUrlListQuery(inboxSearchSchema, Route.useSearch());
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
