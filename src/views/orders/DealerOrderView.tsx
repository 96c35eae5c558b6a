import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ORDER_LINE_ACTIONS, type OrderDetail } from '../../../common/contracts/trading';
import { formatLineName } from '../../../common/format/formats';
import { useFormats } from '../../i18n/use-formats';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { lineActionText, lineActionTitle } from '../trade-shared/order-texts';
import * as styles from '../trade-shared/orders.css';
import { OpenTransPanel } from './OpenTransPanel';
import { OrderLinesTable } from './OrderLinesTable';
import { OrderPageFrame } from './OrderPageFrame';
import { OrderTimeline } from './OrderTimeline';
import { type DealerOrderImplementations, type LineActionDraft, useDealerOrder } from './use-dealer-order';
import type { OpenTransDocumentsImplementations } from './use-opentrans-documents';

/** Which field of the action's dialog a problem belongs to; the rest is said for the whole dialog. */
function fieldOf(draft: LineActionDraft) {
  if (!draft.error) return null;
  if (draft.action === 'backorder' && (draft.error === 'etaRequired' || draft.error === 'dateInvalid')) return 'eta';
  if (draft.action === 'cancel' && (draft.error === 'reasonRequired' || draft.error === 'fieldTooLong'))
    return 'reason';
  if (draft.action === 'ship' && draft.error === 'fieldTooLong') return 'trackingReference';
  return 'dialog';
}

/** /dealer/orders/$orderId: the dealer's order; line actions one by one or on ticked lines, returns decided. */
export function DealerOrderView({
  implementations,
  openTrans,
  orderId,
}: {
  implementations: DealerOrderImplementations;
  /** The openTRANS panel's effects, given how to show the order an applied document left. */
  openTrans: (onOrderChanged: (order: OrderDetail) => void) => OpenTransDocumentsImplementations;
  orderId: number;
}) {
  const { t, i18n } = useLingui();
  const messageText = useMessageText();
  const format = useFormats();
  const view = useDealerOrder(implementations, orderId);
  const [openTransImplementations] = useState(() => openTrans(view.replaceOrder));
  const inquiryId = view.order?.inquiry_id ?? 0;
  const { order, action, decision, selected } = view;
  const actionParts = action
    ? action.lineIds
        .map((id) => order?.lines.find((line) => line.id === id))
        .map((line) => (line ? formatLineName(line) : ''))
        .join(', ')
    : '';
  const problemAt = action ? fieldOf(action) : null;
  const decisionLine = decision
    ? order?.lines.find((line) => line.returns.some((entry) => entry.id === decision.returnId))
    : undefined;
  const decisionPart = decisionLine ? formatLineName(decisionLine) : '';
  const selectedCount = selected.length;
  const bulkLabel = (label: string) => t`${label} (selected lines)`;
  const bulkActions = ORDER_LINE_ACTIONS.filter((candidate) => selectedCount > 0 && view.canApply(candidate));
  return (
    <OrderPageFrame
      orderId={orderId}
      side="dealer"
      view={view}
      listLink={
        <Link to="/dealer/orders">
          <Trans>All orders</Trans>
        </Link>
      }
      inquiryLink={
        <Link to="/dealer/inquiries/$inquiryId" params={{ inquiryId: String(inquiryId) }}>
          {format.inquiryReference(inquiryId)}
        </Link>
      }
      dialogs={
        <>
          <Dialog
            open={action !== null}
            onOpenChange={(open) => {
              if (!open) view.cancelAction();
            }}
            title={action ? i18n._(lineActionTitle[action.action]) : ''}
            description={<Trans>Lines: {actionParts}</Trans>}
            actions={
              <>
                <Button variant="secondary" onClick={view.cancelAction} disabled={view.sending}>
                  <Trans>Back</Trans>
                </Button>
                <Button type="submit" form="line-action-form" busy={view.sending}>
                  <Trans>Apply</Trans>
                </Button>
              </>
            }
          >
            <form
              id="line-action-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                view.submitAction();
              }}
            >
              {action?.action === 'backorder' ? (
                <TextField
                  type="date"
                  label={<Trans>Expected delivery date</Trans>}
                  value={action.eta}
                  onValueChange={(value) => view.changeAction('eta', value)}
                  error={problemAt === 'eta' ? messageText(action.error) : null}
                />
              ) : null}
              {action?.action === 'cancel' ? (
                <TextField
                  label={<Trans>Reason for the cancellation</Trans>}
                  value={action.reason}
                  onValueChange={(value) => view.changeAction('reason', value)}
                  error={problemAt === 'reason' ? messageText(action.error) : null}
                  autoComplete="off"
                />
              ) : null}
              {action?.action === 'ship' ? (
                <TextField
                  label={<Trans>Tracking number (optional)</Trans>}
                  value={action.trackingReference}
                  onValueChange={(value) => view.changeAction('trackingReference', value)}
                  error={problemAt === 'trackingReference' ? messageText(action.error) : null}
                  autoComplete="off"
                />
              ) : null}
            </form>
            {action && problemAt === 'dialog' ? <p role="alert">{messageText(action.error)}</p> : null}
            {action?.failure ? <p role="alert">{action.failure}</p> : null}
          </Dialog>

          <Dialog
            open={decision !== null}
            onOpenChange={(open) => {
              if (!open) view.cancelDecision();
            }}
            title={
              decision?.decision === 'refuse' ? (
                <Trans>Refuse the return of {decisionPart}</Trans>
              ) : (
                <Trans>Accept the return of {decisionPart}</Trans>
              )
            }
            actions={
              <>
                <Button variant="secondary" onClick={view.cancelDecision} disabled={view.sending}>
                  <Trans>Back</Trans>
                </Button>
                <Button type="submit" form="return-decision-form" busy={view.sending}>
                  {decision?.decision === 'refuse' ? <Trans>Refuse return</Trans> : <Trans>Accept return</Trans>}
                </Button>
              </>
            }
          >
            <form
              id="return-decision-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                view.submitDecision();
              }}
            >
              {decision?.decision === 'refuse' ? (
                <TextField
                  label={<Trans>Reason for refusing</Trans>}
                  value={decision.reason}
                  onValueChange={view.changeDecision}
                  error={messageText(decision.error)}
                  autoComplete="off"
                />
              ) : (
                <p>
                  <Trans>The line becomes returned; the workshop sees your decision at once.</Trans>
                </p>
              )}
            </form>
            {decision?.failure ? <p role="alert">{decision.failure}</p> : null}
          </Dialog>
        </>
      }
    >
      {(order) => (
        <>
          <fieldset className={styles.toolbar}>
            <legend className="visually-hidden">
              <Trans>Selected lines</Trans>
            </legend>
            <span>
              <Plural value={selectedCount} one="# line selected" other="# lines selected" />
            </span>
            {bulkActions.map((candidate) => (
              <Button
                key={candidate}
                variant="secondary"
                aria-label={bulkLabel(i18n._(lineActionText[candidate]))}
                onClick={() => view.openAction(candidate)}
              >
                {i18n._(lineActionText[candidate])}
              </Button>
            ))}
            {selectedCount > 0 ? (
              <Button variant="ghost" onClick={view.clearSelection}>
                <Trans>Clear selection</Trans>
              </Button>
            ) : null}
          </fieldset>
          <OrderLinesTable
            order={order}
            selection={{ selected, onToggle: view.toggle }}
            lineActions={(line) => (
              <div className={styles.actions}>
                {ORDER_LINE_ACTIONS.filter((candidate) => view.canApply(candidate, [line.id])).map((candidate) => (
                  <Button
                    key={candidate}
                    variant="secondary"
                    aria-label={`${i18n._(lineActionText[candidate])} ${formatLineName(line)}`}
                    onClick={() => view.openAction(candidate, [line.id])}
                  >
                    {i18n._(lineActionText[candidate])}
                  </Button>
                ))}
              </div>
            )}
            returnActions={(line, entry) => {
              const part = formatLineName(line);
              return view.canDecide(entry.id) ? (
                <span className={styles.actions}>
                  <Button
                    variant="secondary"
                    aria-label={t`Accept return ${part}`}
                    onClick={() => view.decide(entry.id, 'accept')}
                  >
                    <Trans>Accept return</Trans>
                  </Button>
                  <Button
                    variant="ghost"
                    aria-label={t`Refuse return ${part}`}
                    onClick={() => view.decide(entry.id, 'refuse')}
                  >
                    <Trans>Refuse return</Trans>
                  </Button>
                </span>
              ) : null;
            }}
          />
          <OpenTransPanel implementations={openTransImplementations} orderId={orderId} />
          <OrderTimeline order={order} />
        </>
      )}
    </OrderPageFrame>
  );
}
