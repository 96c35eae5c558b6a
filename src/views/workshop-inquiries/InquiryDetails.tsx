import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { InquiryDetail, OrderSummary, Recipient } from '../../../common/contracts/trading';
import { InfoBox } from '../../ui/InfoBox';
import { VinDecoded } from '../vehicle/VinDecoded';
import * as styles from './inquiries.css';
import { ScrollingTable } from './ScrollingTable';
import { inquiryStatusText, recipientStatusText, type useTradeFormat } from './trade-text';

type Format = ReturnType<typeof useTradeFormat>;

/*
 * The inquiry page's account of the inquiry (issue 13): the vehicle, the dates, the dealers asked
 * and their states, what the status means, and the orders placed from it.
 */

function RecipientTime({ recipient, format }: { recipient: Recipient; format: Format }) {
  if (recipient.answered_at) return <>{format.dateTime(recipient.answered_at)}</>;
  if (recipient.seen_at) return <>{format.dateTime(recipient.seen_at)}</>;
  return null;
}

/** What the inquiry's status means for the workshop (closed, ordered, withdrawn). */
export function StatusNote({ detail }: { detail: InquiryDetail }) {
  const reason = detail.cancel_reason;
  if (detail.status === 'closed') {
    return (
      <InfoBox>
        <Trans>
          The closing time has passed: no more quotes come in. You can still order from the quotes received.
        </Trans>
      </InfoBox>
    );
  }
  if (detail.status === 'ordered') {
    return (
      <InfoBox tone="success">
        <Trans>You have ordered from this inquiry. Its orders are listed below.</Trans>
      </InfoBox>
    );
  }
  if (detail.status === 'cancelled') {
    return (
      <InfoBox>
        <Trans>You withdrew this inquiry. Nothing can be ordered from it.</Trans>
        {reason ? (
          <>
            {' '}
            <Trans>Reason: {reason}</Trans>
          </>
        ) : null}
      </InfoBox>
    );
  }
  return null;
}

/** The orders placed from the inquiry, each a link to its page. */
export function OrdersList({ orders, format }: { orders: OrderSummary[]; format: Format }) {
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="inquiry-orders-title">
      <h2 id="inquiry-orders-title">
        <Trans>Orders from this inquiry</Trans>
      </h2>
      <ul>
        {orders.map((order) => {
          const dealer = order.dealer_name;
          const total = format.money(order.total_cents);
          const count = order.line_count;
          return (
            <li key={order.id}>
              <Link to="/orders/$orderId" params={{ orderId: String(order.id) }}>
                <Trans>Order at {dealer}</Trans>: <Plural value={count} one="# line" other="# lines" />, {total}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The vehicle, the status and dates, and the dealers asked with their states. */
export function InquiryDetails({ detail, format }: { detail: InquiryDetail; format: Format }) {
  const { t } = useLingui();
  const vehicle = format.vehicle(detail.vehicle);
  const closes = format.dateTime(detail.closes_at);
  const created = format.dateTime(detail.created_at);
  return (
    <>
      <dl>
        <dt>
          <Trans>Vehicle</Trans>
        </dt>
        <dd>
          {vehicle}
          <VinDecoded vin={detail.vehicle.vin} />
        </dd>
        {detail.workshop_reference ? (
          <>
            <dt>
              <Trans>Your reference</Trans>
            </dt>
            <dd className={styles.referenceValue}>{detail.workshop_reference}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd className={styles.status}>{format.text(inquiryStatusText[detail.status])}</dd>
        <dt>
          <Trans>Sent</Trans>
        </dt>
        <dd>{created}</dd>
        <dt>
          <Trans>Closing time</Trans>
        </dt>
        <dd>{closes}</dd>
      </dl>
      <ScrollingTable caption={<Trans>Dealers asked</Trans>} tableClassName={styles.recipientsTable}>
        <thead>
          <tr>
            <th scope="col" className={styles.cell}>
              <Trans>Dealer</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>State</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Since</Trans>
            </th>
            <th scope="col" className={styles.cell}>
              <Trans>Quote valid until</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.recipients.map((recipient) => (
            <tr key={recipient.id}>
              <th scope="row" className={styles.cell}>
                {recipient.dealer_name}
              </th>
              <td className={styles.cell} data-label={t`State`}>
                {format.text(recipientStatusText[recipient.status])}
                {recipient.decline_reason ? ` — ${recipient.decline_reason}` : null}
              </td>
              <td className={styles.cell} data-label={t`Since`}>
                <RecipientTime recipient={recipient} format={format} />
              </td>
              <td className={styles.cell} data-label={t`Quote valid until`}>
                {recipient.valid_until ? format.date(recipient.valid_until) : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </>
  );
}
