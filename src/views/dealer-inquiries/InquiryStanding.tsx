import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { DealerInquiry } from '../../../common/contracts/trading';
import { inquiryStanding } from '../../../machines/dealer-inquiry-standing';
import { useFormats } from '../../i18n/use-formats';
import { Button } from '../../ui/Button';
import { InfoBox } from '../../ui/InfoBox';
import { useNow } from './trade-time';
import type { DealerInquiryFacade as Inquiry } from './use-dealer-inquiry';

/** How the inquiry stands for the dealer and what changed under them (issue 23 §2: the dealer inquiry page split). */

export function ChangeNotice({ inquiry }: { inquiry: Inquiry }) {
  if (!inquiry.notice) return null;
  return (
    <div role="status">
      <InfoBox title={<Trans>This inquiry has changed</Trans>}>
        {inquiry.notice === 'updated' ? (
          <Trans>The page shows the current state.</Trans>
        ) : (
          <Trans>
            It changed while you were entering your answer. Your entries are kept; if a colleague answered meanwhile,
            you will see their answer before yours replaces it.
          </Trans>
        )}{' '}
        <Button variant="ghost" onClick={inquiry.dismissNotice}>
          <Trans>OK</Trans>
        </Button>
      </InfoBox>
    </div>
  );
}

/** How the inquiry stands for this dealer, in words (never by colour alone). */
export function Standing({ inquiry }: { inquiry: DealerInquiry }) {
  const format = useFormats();
  const now = useNow();
  const closes = format.dateTime(inquiry.closes_at);
  const closesIn = format.relativeTime(inquiry.closes_at, now);
  const answeredAt = inquiry.recipient.answered_at ? format.dateTime(inquiry.recipient.answered_at) : '';
  const reason = inquiry.recipient.decline_reason ?? '';
  const texts: Record<ReturnType<typeof inquiryStanding>, ReactNode> = {
    open: (
      <Trans>
        Open for answers until {closes} ({closesIn}).
      </Trans>
    ),
    answered: (
      <Trans>
        You answered on {answeredAt}. You can revise your quote until {closes} ({closesIn}).
      </Trans>
    ),
    declined: <Trans>You declined this inquiry. Reason: {reason}</Trans>,
    expired: <Trans>The inquiry closed on {closes} before you answered.</Trans>,
    closed: <Trans>The inquiry closed on {closes} and takes no more answers.</Trans>,
    orderedFromYou: <Trans>The workshop ordered from you.</Trans>,
    orderedElsewhere: <Trans>The workshop ordered from other quotes; this inquiry is finished.</Trans>,
    cancelled: <Trans>The workshop withdrew this inquiry.</Trans>,
  };
  const standing = inquiryStanding(inquiry);
  return (
    <InfoBox title={<Trans>Status</Trans>}>
      <p>{texts[standing]}</p>
      {inquiry.order_id !== null ? (
        <Link to="/dealer/orders/$orderId" params={{ orderId: String(inquiry.order_id) }}>
          <Trans>Open the order</Trans>
        </Link>
      ) : null}
    </InfoBox>
  );
}
