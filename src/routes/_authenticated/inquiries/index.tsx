import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { inquiryListSearchSchema, parseInquiryListSearch } from '../../../../machines/inquiry-list.machine';
import { compactListSearch } from '../../../../machines/list-search';
import { useLiveEventSource } from '../../../app/live-events';
import { InquiryListView } from '../../../views/workshop-inquiries/InquiryListView';
import { createInquiryListImplementations } from '../../../views/workshop-inquiries/use-inquiry-list';

/**
 * The workshop's inquiries (issues 13 and 14): page, status filter and search text live in the
 * address, read by the contract's rules (a foreign value falls back to its default).
 */
export const Route = createFileRoute('/_authenticated/inquiries/')({
  validateSearch: (search) => compactListSearch(inquiryListSearchSchema, parseInquiryListSearch(search)),
  component: InquiriesRoute,
});

function InquiriesRoute() {
  const { api } = Route.useRouteContext();
  const live = useLiveEventSource();
  const navigate = Route.useNavigate();
  const key = JSON.stringify(Route.useSearch());
  // The search's content, not its identity, decides when the list is asked to follow the URL.
  const search = useMemo(() => parseInquiryListSearch(JSON.parse(key) as Record<string, unknown>), [key]);
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
