import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useLiveEventSource } from '../../../app/live-events';
import { InquiryListView } from '../../../views/workshop-inquiries/InquiryListView';
import { inquiryListSearchSchema } from '../../../views/workshop-inquiries/list-search';
import { createInquiryListImplementations } from '../../../views/workshop-inquiries/use-inquiry-list';

/** The workshop's inquiries (issue 13); the page and the status filter live in the address. */
export const Route = createFileRoute('/_authenticated/inquiries/')({
  validateSearch: inquiryListSearchSchema,
  component: InquiriesRoute,
});

function InquiriesRoute() {
  const { api } = Route.useRouteContext();
  const live = useLiveEventSource();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const [implementations] = useState(() => createInquiryListImplementations({ api: api.workshopInquiries, live }));
  return (
    <InquiryListView
      // A new query is a new list: the machine reads its query once.
      key={`${query.status}:${query.page}`}
      implementations={implementations}
      query={query}
      onQueryChange={(search) => void navigate({ search })}
    />
  );
}
