import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { isLineCharged, type OrderDetail } from '../../../common/contracts/trading';
import { useFormats } from '../../i18n/use-formats';
import { VinDecoded } from '../vehicle/VinDecoded';
import { handoverText, orderStatusText, statusTone } from './order-texts';
import * as styles from './orders.css';

/** The sums of the charged lines (not cancelled, not returned): goods and deposit (Altteilpfand). */
function lineSums(order: OrderDetail) {
  const live = order.lines.filter((line) => isLineCharged(line.status));
  return {
    net: live.reduce((sum, line) => sum + line.net_price_cents * line.quantity, 0),
    deposit: live.reduce((sum, line) => sum + line.deposit_cents * line.quantity, 0),
  };
}

/**
 * The head of an order on both sides: who it is with (the dealer for the workshop, the workshop
 * for the dealer), the customer number, the vehicle, delivery or pickup and the workshop's note, the
 * status and the totals. The workshop's own reference shows on its side only (the dealer's read has none).
 */
export function OrderHeader({
  order,
  side,
  inquiryLink,
}: {
  order: OrderDetail;
  side: 'workshop' | 'dealer';
  inquiryLink: ReactNode;
}) {
  const { i18n } = useLingui();
  const format = useFormats();
  const sums = lineSums(order);
  return (
    <div className={styles.header}>
      <dl className={styles.facts}>
        <dt className={styles.term}>{side === 'workshop' ? <Trans>Dealer</Trans> : <Trans>Workshop</Trans>}</dt>
        <dd className={styles.value}>{side === 'workshop' ? order.dealer_name : order.workshop_name}</dd>
        <dt className={styles.term}>
          <Trans>Customer number</Trans>
        </dt>
        <dd className={styles.value}>{order.customer_number}</dd>
        <dt className={styles.term}>
          <Trans>Vehicle</Trans>
        </dt>
        <dd className={styles.value}>
          {format.vehicle(order.vehicle)}
          <VinDecoded vin={order.vehicle.vin} />
        </dd>
        {side === 'workshop' && order.workshop_reference ? (
          <>
            <dt className={styles.term}>
              <Trans>Your reference</Trans>
            </dt>
            <dd className={styles.freeTextValue}>{order.workshop_reference}</dd>
          </>
        ) : null}
        <dt className={styles.term}>
          <Trans>Delivery method</Trans>
        </dt>
        <dd className={styles.value}>{i18n._(handoverText[order.handover])}</dd>
        {order.note ? (
          <>
            <dt className={styles.term}>
              {side === 'workshop' ? <Trans>Note to the dealer</Trans> : <Trans>Note from the workshop</Trans>}
            </dt>
            <dd className={styles.freeTextValue}>{order.note}</dd>
          </>
        ) : null}
        <dt className={styles.term}>
          <Trans>Status</Trans>
        </dt>
        <dd className={styles.value}>
          <span className={styles.badge[statusTone(order.status)]}>{i18n._(orderStatusText[order.status])}</span>
        </dd>
        <dt className={styles.term}>
          <Trans>Placed</Trans>
        </dt>
        <dd className={styles.value}>{format.dateTime(order.placed_at)}</dd>
        <dt className={styles.term}>
          <Trans>Inquiry</Trans>
        </dt>
        <dd className={styles.value}>{inquiryLink}</dd>
      </dl>
      <dl className={styles.facts}>
        <dt className={styles.term}>
          <Trans>Goods (net)</Trans>
        </dt>
        <dd className={styles.value}>{format.money(sums.net)}</dd>
        <dt className={styles.term}>
          <Trans>Deposit</Trans>
        </dt>
        <dd className={styles.value}>{format.money(sums.deposit)}</dd>
        <dt className={styles.term}>
          <Trans>Freight</Trans>
        </dt>
        <dd className={styles.value}>{format.money(order.freight_cents)}</dd>
        <dt className={styles.term}>
          <Trans>Total</Trans>
        </dt>
        <dd className={styles.value}>
          <strong>{format.money(order.total_cents)}</strong>
        </dd>
      </dl>
    </div>
  );
}
