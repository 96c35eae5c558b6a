import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useLiveEventSource } from '../../../app/live-events';
import { recordIdParam } from '../../../app/record-id';
import { InquiryPageView } from '../../../views/workshop-inquiries/InquiryPageView';
import { createInquiryPageImplementations } from '../../../views/workshop-inquiries/use-inquiry-page';

/** One of the workshop's inquiries (issue 13): its quotes compared, ordering, withdrawing. */
export const Route = createFileRoute('/_authenticated/inquiries/$inquiryId')({
  // The id stays a string in links (other screens link here); one a PostgreSQL integer cannot hold is no inquiry.
  beforeLoad: ({ params }) => {
    recordIdParam(params.inquiryId);
  },
  component: InquiryRoute,
});

function InquiryRoute() {
  const { api } = Route.useRouteContext();
  const live = useLiveEventSource();
  const { inquiryId } = Route.useParams();
  const [implementations] = useState(() => createInquiryPageImplementations({ api: api.workshopInquiries, live }));
  // A different inquiry is a different page (its own machine).
  return <InquiryPageView key={inquiryId} implementations={implementations} inquiryId={Number(inquiryId)} />;
}
