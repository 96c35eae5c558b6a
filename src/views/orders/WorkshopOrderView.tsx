import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { RETURN_REASONS } from '../../../common/contracts/trading';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { InfoBox } from '../../ui/InfoBox';
import { LoadError } from '../../ui/LoadError';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { OrderHeader } from './OrderHeader';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderTimeline } from './OrderTimeline';
import { lineName, returnReasonText } from './order-texts';
import { useWorkshopOrder, type WorkshopOrderImplementations } from './use-workshop-order';

/** /orders/$orderId: the workshop's order with its lines, returns and history, kept current live. */
export function WorkshopOrderView({
  implementations,
  orderId,
}: {
  implementations: WorkshopOrderImplementations;
  orderId: number;
}) {
  const { t, i18n } = useLingui();
  const messageText = useMessageText();
  const view = useWorkshopOrder(implementations, orderId);
  const inquiryId = view.order?.inquiry_id ?? 0;
  const { order, draft } = view;
  const draftLine = draft ? order?.lines.find((line) => line.id === draft.lineId) : undefined;
  const draftPart = draftLine ? lineName(draftLine) : '';
  return (
    <section aria-labelledby="order-title" aria-busy={view.loading}>
      <p>
        <Link to="/orders">
          <Trans>All orders</Trans>
        </Link>
      </p>
      <h1 id="order-title">
        <Trans>Order {orderId}</Trans>
      </h1>
      <LoadError message={view.loadError} onRetry={view.retry} />
      {view.loading ? (
        <p role="status">
          <Trans>Loading the order…</Trans>
        </p>
      ) : null}
      {view.notice ? <InfoBox tone="error">{messageText(view.notice)}</InfoBox> : null}
      {order ? (
        <>
          <OrderHeader
            order={order}
            side="workshop"
            inquiryLink={
              <Link to="/inquiries/$inquiryId" params={{ inquiryId: String(order.inquiry_id) }}>
                <Trans>Inquiry {inquiryId}</Trans>
              </Link>
            }
          />
          <OrderLinesTable
            order={order}
            lineActions={(line) => {
              const part = lineName(line);
              return view.canRequestReturn(line.id) ? (
                <Button
                  variant="secondary"
                  aria-label={t`Request return ${part}`}
                  onClick={() => view.openReturn(line.id)}
                >
                  <Trans>Request return</Trans>
                </Button>
              ) : null;
            }}
          />
          <OrderTimeline order={order} />
        </>
      ) : null}

      <Dialog
        open={draft !== null}
        onOpenChange={(open) => {
          if (!open) view.cancel();
        }}
        title={<Trans>Return {draftPart}</Trans>}
        description={<Trans>The dealer accepts or refuses the return; you see its answer here.</Trans>}
        actions={
          <>
            <Button variant="secondary" onClick={view.cancel} disabled={view.sending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" form="return-request-form" busy={view.sending}>
              <Trans>Request return</Trans>
            </Button>
          </>
        }
      >
        <form
          id="return-request-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            view.submit();
          }}
        >
          <Select
            label={<Trans>Reason</Trans>}
            value={draft?.reason ?? ''}
            onValueChange={(value) => view.change('reason', value)}
            options={RETURN_REASONS.map((reason) => ({ value: reason, label: i18n._(returnReasonText[reason]) }))}
            placeholder={t`Choose a reason`}
            error={draft?.error && draft.error !== 'fieldTooLong' ? messageText(draft.error) : null}
          />
          <TextField
            label={<Trans>Note (optional)</Trans>}
            value={draft?.note ?? ''}
            onValueChange={(value) => view.change('note', value)}
            error={draft?.error === 'fieldTooLong' ? messageText(draft.error) : null}
            autoComplete="off"
          />
        </form>
        {draft?.failure ? <p role="alert">{draft.failure}</p> : null}
      </Dialog>
    </section>
  );
}
