import { Trans, useLingui } from '@lingui/react/macro';
import type { PlannedOrder } from '../../../machines/inquiry-quotes';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import * as styles from './inquiries.css';
import { TotalRows } from './QuoteMatrix';
import type { useTradeFormat } from './trade-text';

type Format = ReturnType<typeof useTradeFormat>;

/** The review before ordering ("Check your orders"): one order per dealer with its lines and total. */
export function OrderReviewDialog({
  open,
  ordering,
  planned,
  failureText,
  format,
  cancelReview,
  confirmOrder,
}: {
  open: boolean;
  ordering: boolean;
  planned: PlannedOrder[];
  failureText: string | null;
  format: Format;
  cancelReview: () => void;
  confirmOrder: () => void;
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
        return (
          <table key={order.recipient.id} className={styles.reviewTable}>
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
        );
      })}
      {failureText ? <p role="alert">{failureText}</p> : null}
    </Dialog>
  );
}
