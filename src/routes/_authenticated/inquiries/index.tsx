import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { inquiryListSearchSchema } from '../../../../machines/inquiry-list.machine';
import { compactListSearch, listSearchValidator } from '../../../../machines/list-search';
import { useLiveEventSource } from '../../../app/live-events';
import { useUrlListQuery } from '../../../views/trade-shared/use-url-list';
import { InquiryListView } from '../../../views/workshop-inquiries/InquiryListView';
import { createInquiryListImplementations } from '../../../views/workshop-inquiries/use-inquiry-list';

/**
 * The workshop's inquiries (issues 13 and 14): page, status filter and search text live in the
 * address, read by the contract's rules (a foreign value falls back to its default).
 */
export const Route = createFileRoute('/_authenticated/inquiries/')({
  validateSearch: listSearchValidator(inquiryListSearchSchema),
  component: InquiriesRoute,
});

function InquiriesRoute() {
  const { api } = Route.useRouteContext();
  const live = useLiveEventSource();
  const navigate = Route.useNavigate();
  const search = useUrlListQuery(inquiryListSearchSchema, Route.useSearch());
  const [implementations] = useState(() =>
    createInquiryListImplementations({
      api: api.workshopInquiries,
      live,
      navigate: (next, { replace }) =>
        void navigate({ search: compactListSearch(inquiryListSearchSchema, next), replace }),
    }),
  );
  return <InquiryListView implementations={implementations} search={search} />;
}
