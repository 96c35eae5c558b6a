import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { DealerInquiry } from '../../../common/contracts/trading';
import type { AnswerDraft } from '../../../machines/dealer-answer-form';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { RequestedLinesTable } from '../trade-shared/RequestedLinesTable';
import { AnswerForm, fieldId } from './AnswerForm';
import { AnswerTable } from './AnswerTable';
import * as styles from './dealer-inquiries.css';
import { ConflictDialog, DeclineDialog } from './InquiryDialogs';
import { InquiryFacts } from './InquiryFacts';
import { ChangeNotice, Standing } from './InquiryStanding';
import { type DealerInquiryImplementations, useDealerInquiry } from './use-dealer-inquiry';

/**
 * /dealer/inquiries/$inquiryId (issue 13): one inquiry of a customer, the dealer's answer form
 * while the inquiry takes answers, and how it stands otherwise.
 */
export function DealerInquiryView({
  implementations,
  inquiryId,
  today,
  draft,
}: {
  implementations: DealerInquiryImplementations;
  inquiryId: number;
  today: string;
  draft: AnswerDraft | null;
}) {
  const { t } = useLingui();
  const inquiry = useDealerInquiry(implementations, { inquiryId, today, draft });
  const { focus } = inquiry;

  useEffect(() => {
    if (focus) document.getElementById(fieldId(focus.key))?.focus();
  }, [focus]);

  const loaded = inquiry.inquiry;
  return (
    <section aria-labelledby="inquiry-title" aria-busy={inquiry.loading} className={styles.page}>
      <p>
        <Link to="/dealer/inquiries" search={{ status: 'open', page: 1 }}>
          <Trans>Back to the inquiries</Trans>
        </Link>
      </p>
      <h1 id="inquiry-title">{loaded ? <Trans>Inquiry from {loaded.workshop_name}</Trans> : <Trans>Inquiry</Trans>}</h1>
      {inquiry.loading ? (
        <p role="status">
          <Trans>Loading the inquiry…</Trans>
        </p>
      ) : null}
      <LoadError message={inquiry.loadError} onRetry={inquiry.retry} />
      {loaded && !inquiry.loading ? (
        <>
          <ChangeNotice inquiry={inquiry} />
          <Standing inquiry={loaded} />
          <InquiryFacts inquiry={loaded} />
          {inquiry.answerable ? (
            <AnswerForm inquiry={inquiry} loaded={loaded} />
          ) : loaded.recipient.quote_lines.length > 0 ? (
            <Card aria-labelledby="answer-title">
              <h2 id="answer-title">
                <Trans>Your answer</Trans>
              </h2>
              <AnswerTable inquiry={loaded} caption={t`Your quote per line`} />
            </Card>
          ) : (
            <RequestedLines inquiry={loaded} />
          )}
          <ConflictDialog inquiry={inquiry} />
          <DeclineDialog inquiry={inquiry} />
        </>
      ) : null}
    </section>
  );
}

/** The parts asked for, when there is no answer form and no quote of this dealer to show. */
function RequestedLines({ inquiry }: { inquiry: DealerInquiry }) {
  const { t } = useLingui();
  return (
    <Card aria-labelledby="lines-title">
      <h2 id="lines-title">
        <Trans>Requested parts</Trans>
      </h2>
      <RequestedLinesTable lines={inquiry.lines} caption={t`Requested parts`} captionHidden withPosition />
    </Card>
  );
}
