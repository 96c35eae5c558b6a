import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { portalToday } from '../../../../../common/format/formats';
import { useLiveEventSource } from '../../../../app/live-events';
import { recordIdParam } from '../../../../app/record-id';
import { readAnswerDraft } from '../../../../views/dealer-inquiries/answer-draft';
import { DealerInquiryView } from '../../../../views/dealer-inquiries/DealerInquiryView';
import { createDealerInquiryImplementations } from '../../../../views/dealer-inquiries/use-dealer-inquiry';

/** One inquiry of a customer and this dealer's answer (dealer users only; the API scopes it to the dealer). */
export const Route = createFileRoute('/_authenticated/dealer/inquiries/$inquiryId')({
  beforeLoad: ({ params }) => {
    recordIdParam(params.inquiryId);
  },
  component: DealerInquiryRoute,
});

function DealerInquiryRoute() {
  const inquiryId = Number(Route.useParams().inquiryId);
  // A new machine (and draft) for each inquiry the person opens.
  return <DealerInquiryScreen key={inquiryId} inquiryId={inquiryId} />;
}

function DealerInquiryScreen({ inquiryId }: { inquiryId: number }) {
  const { api, storage, user } = Route.useRouteContext();
  const live = useLiveEventSource();
  // Unsent entries survive a reload, a closed tab and the mail link opening a new one (per user and inquiry).
  const [draft] = useState(() => readAnswerDraft(storage.local, user.id, inquiryId));
  const [today] = useState(() => portalToday());
  const [implementations] = useState(() =>
    createDealerInquiryImplementations({
      api: api.dealerInquiries,
      live,
      storage: storage.local,
      userId: user.id,
      inquiryId,
    }),
  );
  return <DealerInquiryView implementations={implementations} inquiryId={inquiryId} today={today} draft={draft} />;
}
