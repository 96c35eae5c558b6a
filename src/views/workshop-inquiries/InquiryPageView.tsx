import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { answeringRecipients } from '../../../machines/inquiry-quotes';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InfoBox } from '../../ui/InfoBox';
import { LoadError } from '../../ui/LoadError';
import { RequestedLinesTable } from '../trade-shared/RequestedLinesTable';
import { InquiryDetails, OrdersList, StatusNote } from './InquiryDetails';
import * as styles from './inquiries.css';
import { OrderReviewDialog } from './OrderReviewDialog';
import { QuoteMatrix } from './QuoteMatrix';
import { useTradeFormat } from './trade-text';
import { type InquiryPageImplementations, useInquiryPage } from './use-inquiry-page';

/** /inquiries/$inquiryId (issue 13): the dealers' answers, the comparison matrix, ordering and withdrawing. */
export function InquiryPageView({
  implementations,
  inquiryId,
}: {
  implementations: InquiryPageImplementations;
  inquiryId: number;
}) {
  const format = useTradeFormat();
  const messageText = useMessageText();
  const page = useInquiryPage(implementations, inquiryId);
  const { detail, planned } = page;
  const failureText = page.failure ? (messageText(page.failure.messageId) ?? page.failure.message) : null;
  const orders = detail && detail.orders.length > 0 ? detail.orders : page.placed;

  return (
    <section aria-labelledby="inquiry-title" aria-busy={page.loading}>
      <p>
        <Link to="/inquiries">
          <Trans>Back to the inquiries</Trans>
        </Link>
      </p>
      <h1 id="inquiry-title">{format.inquiryReference(inquiryId)}</h1>
      {page.loading && !detail ? (
        <p role="status">
          <Trans>Loading the inquiry…</Trans>
        </p>
      ) : null}
      <LoadError message={page.loadError} onRetry={page.retry} />
      {page.notice === 'inquiryChanged' ? (
        <InfoBox tone="error">
          <Trans>
            The quotes changed while you were ordering. Nothing was ordered: please check your choice again.
          </Trans>{' '}
          <Button variant="ghost" onClick={page.dismissNotice}>
            <Trans>OK</Trans>
          </Button>
        </InfoBox>
      ) : null}
      {detail ? <InquiryDetails detail={detail} format={format} /> : null}
      {detail ? (
        <>
          <StatusNote detail={detail} />
          <OrdersList orders={orders} format={format} />
          {answeringRecipients(detail).length > 0 ? (
            <QuoteMatrix detail={detail} page={page} format={format} />
          ) : (
            <RequestedLinesTable lines={detail.lines} caption={<Trans>Parts asked for (no quote yet)</Trans>} />
          )}
          <div className={styles.actions}>
            {page.ordersAllowed ? (
              <Button onClick={page.review} disabled={!page.canReview}>
                <Trans>Order…</Trans>
              </Button>
            ) : null}
            {page.canCancel ? (
              <Button variant="secondary" onClick={page.requestCancel}>
                <Trans>Withdraw inquiry</Trans>
              </Button>
            ) : null}
          </div>
        </>
      ) : null}

      <OrderReviewDialog
        open={page.reviewing}
        ordering={page.ordering}
        planned={planned}
        handovers={page.handovers}
        noteErrors={page.noteErrors}
        chooseHandover={page.chooseHandover}
        changeNote={page.changeNote}
        failureText={failureText}
        format={format}
        cancelReview={page.cancelReview}
        confirmOrder={page.confirmOrder}
      />

      <Dialog
        open={page.confirmingCancel}
        onOpenChange={(open) => {
          if (!open) page.dismissCancel();
        }}
        title={<Trans>Withdraw this inquiry?</Trans>}
        description={<Trans>Your dealers are told that you no longer need quotes. This cannot be undone.</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={page.dismissCancel} disabled={page.cancelling}>
              <Trans>Keep the inquiry</Trans>
            </Button>
            <Button onClick={page.confirmCancel} busy={page.cancelling}>
              <Trans>Withdraw</Trans>
            </Button>
          </>
        }
      >
        {failureText ? <p role="alert">{failureText}</p> : null}
      </Dialog>
    </section>
  );
}
