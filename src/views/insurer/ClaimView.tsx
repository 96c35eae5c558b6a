import { useLingui } from '@lingui/react';
import { Plural, Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ClaimDetail, ClaimLine, ClaimOrder } from '../../../common/contracts/claims';
import type { TradeEvent } from '../../../common/contracts/trading';
import { portalDateOf } from '../../../common/format/formats';
import { useFormats } from '../../i18n/use-formats';
import { Button } from '../../ui/Button';
import { InfoBox } from '../../ui/InfoBox';
import { LoadError } from '../../ui/LoadError';
import * as cards from '../../ui/table-cards.css';
import { isLineStatus, isOrderStatus, lineStatusText, orderStatusText } from '../trade-shared/order-texts';
import * as styles from '../trade-shared/orders.css';
import { claimOriginText } from './claim-texts';
import { type ClaimImplementations, useClaim } from './use-insurer-claims';

function Delay({ line }: { line: ClaimLine }) {
  if (line.delay_days === null) return <Trans>no date promised</Trans>;
  return line.delivered_on === null ? (
    <Plural value={line.delay_days} one="# day (still open)" other="# days (still open)" />
  ) : (
    <Plural value={line.delay_days} one="# day" other="# days" />
  );
}

/** One event of a line or the order, as a sentence (the status it led to; a backorder's new date). */
function EventText({ event }: { event: TradeEvent }) {
  const { i18n } = useLingui();
  const format = useFormats();
  const eta = typeof event.details.eta === 'string' ? format.date(event.details.eta) : null;
  if (event.entity === 'line' && event.after === 'backorder' && eta) {
    return <Trans>Backorder, new delivery date {eta}</Trans>;
  }
  if (event.entity === 'line' && isLineStatus(event.after)) return <>{i18n._(lineStatusText[event.after])}</>;
  if (event.entity === 'order' && isOrderStatus(event.after)) {
    const status = i18n._(orderStatusText[event.after]);
    return <Trans>Order: {status}</Trans>;
  }
  return <>{event.kind}</>;
}

function LineHistory({ line, order }: { line: ClaimLine; order: ClaimOrder }) {
  const format = useFormats();
  const events = lineEventsOf(line, order);
  if (events.length === 0) return <Trans>No events yet.</Trans>;
  return (
    <ol className={styles.timeline}>
      {events.map((event) => (
        <li key={event.id} className={styles.timelineEntry}>
          <time dateTime={event.at}>{format.dateTime(event.at)}</time> – <EventText event={event} />
        </li>
      ))}
    </ol>
  );
}

const lineEventsOf = (line: ClaimLine, order: ClaimOrder) =>
  order.events.filter((event) => event.entity === 'line' && event.entity_id === line.id);

/** A cancelled line says so, with its day, and nothing of promises, deliveries or delays (issue 24 §7). */
function Cancelled({ line, order }: { line: ClaimLine; order: ClaimOrder }) {
  const format = useFormats();
  const cancelledAt = lineEventsOf(line, order).findLast((event) => event.kind === 'line.cancelled')?.at;
  if (!cancelledAt) return <Trans>Cancelled</Trans>;
  const day = format.date(portalDateOf(cancelledAt));
  return <Trans>Cancelled on {day}</Trans>;
}

function LineRow({ line, order }: { line: ClaimLine; order: ClaimOrder }) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const format = useFormats();
  return (
    <tr className={(line.delay_days ?? 0) > 0 ? styles.attentionRow : undefined}>
      <th scope="row" className={styles.cell}>
        <span className={styles.block}>
          {line.part_number} {line.brand}
        </span>
        <span className={styles.muted}>{line.description}</span>
      </th>
      <td className={styles.cell} data-label={t`Quote`}>
        <span className={styles.block}>{i18n._(claimOriginText[line.origin])}</span>
        {line.origin === 'equivalent' ? (
          <span className={styles.muted}>
            <Trans>instead of {line.requested_part_number}</Trans>
          </span>
        ) : null}
      </td>
      <td className={styles.cell} data-label={t`Quantity`}>
        {format.quantity(line.quantity)}
      </td>
      <td className={`${styles.cell} ${cards.cardFirst} ${cards.amount}`} data-label={t`Net price`}>
        {format.money(line.net_price_cents)}
      </td>
      {line.status === 'cancelled' ? (
        <td className={`${styles.cell} ${cards.cardFirst}`} colSpan={5}>
          <Cancelled line={line} order={order} />
        </td>
      ) : (
        <>
          <td className={styles.cell} data-label={t`Promised for`}>
            {line.promised_on ? format.date(line.promised_on) : '–'}
          </td>
          <td className={styles.cell} data-label={t`Delivery dates given`}>
            {line.eta_history.map((entry) => format.date(entry.eta)).join(' → ') || '–'}
          </td>
          <td className={styles.cell} data-label={t`Delivered on`}>
            {line.delivered_on ? format.date(line.delivered_on) : <Trans>not yet</Trans>}
          </td>
          <td className={`${styles.cell} ${cards.cardFirst}`} data-label={t`Delay`}>
            <Delay line={line} />
          </td>
          <td className={`${styles.cell} ${cards.cardWide}`}>
            <LineHistory line={line} order={order} />
          </td>
        </>
      )}
    </tr>
  );
}

/** One order shared under the claim: who, when, its value, and its parts with their delays. */
function OrderSection({ order }: { order: ClaimOrder }) {
  const { i18n } = useLingui();
  const format = useFormats();
  const reference = format.orderReference(order.order_id);
  const headingId = `claim-order-${order.order_id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {reference} · {order.dealer_name}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>
          <Trans>Parts dealer</Trans>
        </dt>
        <dd className={styles.value}>{order.dealer_name}</dd>
        <dt className={styles.term}>
          <Trans>Workshop</Trans>
        </dt>
        <dd className={styles.value}>{order.workshop_name}</dd>
        <dt className={styles.term}>
          <Trans>Ordered</Trans>
        </dt>
        <dd className={styles.value}>{format.dateTime(order.placed_at)}</dd>
        <dt className={styles.term}>
          <Trans>Shared with you</Trans>
        </dt>
        <dd className={styles.value}>{format.dateTime(order.shared_at)}</dd>
        <dt className={styles.term}>
          <Trans>Order status</Trans>
        </dt>
        <dd className={styles.value}>{i18n._(orderStatusText[order.order_status])}</dd>
        <dt className={styles.term}>
          <Trans>Order value</Trans>
        </dt>
        <dd className={styles.value}>{format.money(order.total_cents)}</dd>
      </dl>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">
            <Trans>Parts and delays, {reference}</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.cell}>
                <Trans>Part</Trans>
              </th>
              <th scope="col" className={styles.cell}>
                <Trans>Quote</Trans>
              </th>
              <th scope="col" className={styles.cell}>
                <Trans>Quantity</Trans>
              </th>
              <th scope="col" className={styles.cell}>
                <Trans>Net price</Trans>
              </th>
              <th scope="col" className={styles.cell}>
                <Trans>Promised for</Trans>
              </th>
              <th scope="col" className={styles.cell}>
                <Trans>Delivery dates given</Trans>
              </th>
              <th scope="col" className={styles.cell}>
                <Trans>Delivered on</Trans>
              </th>
              <th scope="col" className={styles.cell}>
                <Trans>Delay</Trans>
              </th>
              <th scope="col" className={styles.cell}>
                <Trans>History</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <LineRow key={line.id} line={line} order={order} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ClaimContent({ claim }: { claim: ClaimDetail }) {
  const format = useFormats();
  const share = format.share(claim.equivalent_share);
  const workshops = claim.workshop_names.join(', ');
  return (
    <>
      <dl className={styles.facts}>
        <dt className={styles.term}>
          <Plural value={claim.workshop_names.length} one="Workshop" other="Workshops" />
        </dt>
        <dd className={styles.value}>{workshops}</dd>
        <dt className={styles.term}>
          <Trans>Vehicle</Trans>
        </dt>
        <dd className={styles.value}>{claim.vehicles.map((vehicle) => format.vehicle(vehicle)).join('; ')}</dd>
        <dt className={styles.term}>
          <Trans>Orders</Trans>
        </dt>
        <dd className={styles.value}>
          {claim.orders.map((order) => format.orderReference(order.order_id)).join(', ')}
        </dd>
        <dt className={styles.term}>
          <Trans>Total value</Trans>
        </dt>
        <dd className={styles.value}>{format.money(claim.total_cents)}</dd>
        <dt className={styles.term}>
          <Trans>Equivalent parts</Trans>
        </dt>
        <dd className={styles.value}>{share}</dd>
        <dt className={styles.term}>
          <Trans>Largest delay</Trans>
        </dt>
        <dd className={styles.value}>
          <Plural value={claim.max_delay_days} one="# day" other="# days" />
        </dd>
      </dl>
      {claim.orders.map((order) => (
        <OrderSection key={order.order_id} order={order} />
      ))}
    </>
  );
}

/**
 * /claims/$claimNumber: one claim — every order shared with the insurer under its claim number —
 * with its delays, and its delay statement as PDF.
 */
export function ClaimView({
  implementations,
  claimNumber,
}: {
  implementations: ClaimImplementations;
  claimNumber: string;
}) {
  const view = useClaim(implementations, claimNumber);
  const { claim } = view;
  return (
    <section aria-labelledby="claim-title" aria-busy={view.loading || view.downloading}>
      <p>
        <Link to="/claims">
          <Trans>All shared claims</Trans>
        </Link>
      </p>
      <h1 id="claim-title">{claim ? <Trans>Claim {claim.claim_number}</Trans> : <Trans>Claim</Trans>}</h1>
      <LoadError message={view.error} onRetry={view.retry} />
      {view.loading ? (
        <p role="status">
          <Trans>Loading the claim…</Trans>
        </p>
      ) : null}
      {view.gone ? (
        <InfoBox tone="info">
          <Trans>This claim is not shared with you (any more). The workshop may have withdrawn it.</Trans>
        </InfoBox>
      ) : null}
      {claim ? (
        <>
          <p className={styles.actions}>
            <Button onClick={view.download} busy={view.downloading}>
              <Trans>Download delay statement (PDF)</Trans>
            </Button>
          </p>
          {view.downloadFailure ? <p role="alert">{view.downloadFailure}</p> : null}
          <ClaimContent claim={claim} />
        </>
      ) : null}
    </section>
  );
}
