import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RETURN_REASONS } from '../../../common/contracts/trading';
import { formatLineName } from '../../../common/format/formats';
import { useFormats } from '../../i18n/use-formats';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { returnReasonText } from '../trade-shared/order-texts';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderPageFrame } from './OrderPageFrame';
import { OrderTimeline } from './OrderTimeline';
import { useWorkshopOrder, type WorkshopOrderImplementations } from './use-workshop-order';

/** /orders/$orderId: the workshop's order with its lines, returns and history, kept current live. */
export function WorkshopOrderView({
  implementations,
  orderId,
  claimSharing,
}: {
  implementations: WorkshopOrderImplementations;
  orderId: number;
  /** The insurance share of the order (ADR 030), shown once the order is loaded. */
  claimSharing?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const messageText = useMessageText();
  const format = useFormats();
  const view = useWorkshopOrder(implementations, orderId);
  const inquiryId = view.order?.inquiry_id ?? 0;
  const { order, draft } = view;
  const draftLine = draft ? order?.lines.find((line) => line.id === draft.lineId) : undefined;
  const draftPart = draftLine ? formatLineName(draftLine) : '';
  return (
    <OrderPageFrame
      orderId={orderId}
      side="workshop"
      view={view}
      listLink={
        <Link to="/orders">
          <Trans>All orders</Trans>
        </Link>
      }
      inquiryLink={
        <Link to="/inquiries/$inquiryId" params={{ inquiryId: String(inquiryId) }}>
          {format.inquiryReference(inquiryId)}
        </Link>
      }
      dialogs={
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
      }
    >
      {(order) => (
        <>
          <OrderLinesTable
            order={order}
            lineActions={(line) => {
              const part = formatLineName(line);
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
          {claimSharing}
          <OrderTimeline order={order} />
        </>
      )}
    </OrderPageFrame>
  );
}
