import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { INBOX_FILTERS } from '../../../../../machines/dealer-inquiry-inbox.machine';
import { useLiveEventSource } from '../../../../app/live-events';
import { DealerInquiryInboxView } from '../../../../views/dealer-inquiries/DealerInquiryInboxView';
import { createDealerInquiryInboxImplementations } from '../../../../views/dealer-inquiries/use-dealer-inquiry-inbox';

/** The inbox's filter and page in the URL; anything unreadable falls back to the first page of open inquiries. */
const inboxSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(INBOX_FILTERS), 'open'), 'open'),
  page: v.fallback(
    v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100_000)), 1),
    1,
  ),
});

/** The dealer's inquiry inbox (the /dealer layout lets only dealer users in; the API checks again). */
export const Route = createFileRoute('/_authenticated/dealer/inquiries/')({
  validateSearch: inboxSearchSchema,
  component: DealerInquiriesRoute,
});

function DealerInquiriesRoute() {
  const { api } = Route.useRouteContext();
  const query = Route.useSearch();
  const navigate = useNavigate({ from: '/dealer/inquiries/' });
  const live = useLiveEventSource();
  const [implementations] = useState(() =>
    createDealerInquiryInboxImplementations({
      api: api.dealerInquiries,
      live,
      navigate: (next) => void navigate({ search: next }),
    }),
  );
  return <DealerInquiryInboxView implementations={implementations} query={query} />;
}
