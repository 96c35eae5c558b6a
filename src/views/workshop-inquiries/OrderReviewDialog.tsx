import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageId } from '../../../common/contracts/message-ids';
import { ORDER_NOTE_MAX_LENGTH, type OrderHandover } from '../../../common/contracts/trading';
import { DEFAULT_HANDOVER, type HandoverChoice } from '../../../machines/inquiry-page.machine';
import type { PlannedOrder } from '../../../machines/inquiry-quotes';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../dealer-fields/DealerFields';
import * as styles from './inquiries.css';
import { TotalRows } from './QuoteMatrix';
import type { useTradeFormat } from './trade-text';

type Format = ReturnType<typeof useTradeFormat>;

/**
 * The review before ordering ("Check your orders"): one order per dealer with its lines and total,
 * and per order delivery or pickup and a note to the dealer (issue 24 §9).
 */
export function OrderReviewDialog({
  open,
  ordering,
  planned,
  handovers,
  noteErrors,
  failureText,
  format,
  cancelReview,
  confirmOrder,
  chooseHandover,
  changeNote,
}: {
  open: boolean;
  ordering: boolean;
  planned: PlannedOrder[];
  handovers: Record<number, HandoverChoice>;
  noteErrors: Record<number, MessageId>;
  failureText: string | null;
  format: Format;
  cancelReview: () => void;
  confirmOrder: () => void;
  chooseHandover: (recipientId: number, handover: OrderHandover) => void;
  changeNote: (recipientId: number, note: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) cancelReview();
      }}
      wide
      title={<Trans>Check your orders</Trans>}
      description={<Trans>One order goes to each dealer, with the lines you chose from its quote.</Trans>}
      actions={
        <>
          <Button variant="secondary" onClick={cancelReview} disabled={ordering}>
            <Trans>Back to the comparison</Trans>
          </Button>
          <Button onClick={confirmOrder} busy={ordering}>
            <Trans>Place orders</Trans>
          </Button>
        </>
      }
    >
      {planned.map((order) => {
        const dealer = order.recipient.dealer_name;
        const recipientId = order.recipient.id;
        const choice = handovers[recipientId] ?? DEFAULT_HANDOVER;
        return (
          <div key={recipientId} className={styles.reviewOrder}>
            <table className={styles.reviewTable}>
              <caption className={styles.caption}>
                <Trans>Order at {dealer}</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={styles.cell}>
                    <Trans>Part</Trans>
                  </th>
                  <th scope="col" className={styles.reviewHead}>
                    <Trans>Quantity</Trans>
                  </th>
                  <th scope="col" className={styles.reviewHead}>
                    <Trans>Net price each</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map(({ line, quote }) => (
                  <tr key={line.id}>
                    <th scope="row" className={styles.partCell}>
                      {quote.alternative_part_number || format.lineTitle(line)}
                    </th>
                    <td className={styles.numeric} data-label={t`Quantity`}>
                      {line.quantity}
                    </td>
                    <td className={styles.reviewPrice} data-label={t`Net price each`}>
                      {format.money(quote.net_price_cents)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <TotalRows totals={order.totals} format={format} colSpan={2} />
              </tfoot>
            </table>
            <fieldset className={styles.handoverChoice}>
              <legend className={styles.handoverLegend}>
                <Trans>How the parts from {dealer} reach you</Trans>
              </legend>
              <label>
                <input
                  type="radio"
                  name={`handover-${recipientId}`}
                  checked={choice.handover === 'delivery'}
                  disabled={ordering}
                  onChange={() => chooseHandover(recipientId, 'delivery')}
                />{' '}
                <Trans>Delivery</Trans>
              </label>
              <label>
                <input
                  type="radio"
                  name={`handover-${recipientId}`}
                  checked={choice.handover === 'pickup'}
                  disabled={ordering}
                  onChange={() => chooseHandover(recipientId, 'pickup')}
                />{' '}
                <Trans>Pickup</Trans>
              </label>
            </fieldset>
            <TextAreaField
              id={`order-note-${recipientId}`}
              label={<Trans>Note to {dealer} (optional)</Trans>}
              value={choice.note}
              maxLength={ORDER_NOTE_MAX_LENGTH}
              onValueChange={(note) => changeNote(recipientId, note)}
              error={noteErrors[recipientId]}
            />
          </div>
        );
      })}
      {failureText ? <p role="alert">{failureText}</p> : null}
    </Dialog>
  );
}
