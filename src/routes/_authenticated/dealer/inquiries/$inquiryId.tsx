import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { useLiveEventSource } from '../../../../app/live-events';
import { readAnswerDraft } from '../../../../views/dealer-inquiries/answer-draft';
import { DealerInquiryView } from '../../../../views/dealer-inquiries/DealerInquiryView';
import { berlinToday } from '../../../../views/dealer-inquiries/trade-time';
import { createDealerInquiryImplementations } from '../../../../views/dealer-inquiries/use-dealer-inquiry';

/** One inquiry of a customer and this dealer's answer (dealer users only; the API scopes it to the dealer). */
export const Route = createFileRoute('/_authenticated/dealer/inquiries/$inquiryId')({
  component: DealerInquiryRoute,
});

/** A record id as the contract takes it (a PostgreSQL integer), or null for anything else in the URL. */
function inquiryIdOf(param: string) {
  return /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null;
}

function DealerInquiryRoute() {
  const { inquiryId: param } = Route.useParams();
  const inquiryId = inquiryIdOf(param);
  if (inquiryId === null) {
    return (
      <p role="alert">
        <Trans>This inquiry does not exist.</Trans>
      </p>
    );
  }
  // A new machine (and draft) for each inquiry the person opens.
  return <DealerInquiryScreen key={inquiryId} inquiryId={inquiryId} />;
}

function DealerInquiryScreen({ inquiryId }: { inquiryId: number }) {
  const { api, storage, user } = Route.useRouteContext();
  const live = useLiveEventSource();
  // Unsent entries survive a reload (sessionStorage, per user and inquiry).
  const [draft] = useState(() => readAnswerDraft(storage.session, user.id, inquiryId));
  const [today] = useState(() => berlinToday(new Date()));
  const [implementations] = useState(() =>
    createDealerInquiryImplementations({
      api: api.dealerInquiries,
      live,
      storage: storage.session,
      userId: user.id,
      inquiryId,
    }),
  );
  return <DealerInquiryView implementations={implementations} inquiryId={inquiryId} today={today} draft={draft} />;
}
