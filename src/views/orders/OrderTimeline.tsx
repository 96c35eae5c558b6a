import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { OrderDetail, TradeEvent } from '../../../common/contracts/trading';
import { formatLineName } from '../../../common/format/formats';
import { useFormats } from '../../i18n/use-formats';
import {
  isLineStatus,
  isOrderStatus,
  isReturnReason,
  lineStatusText,
  orderStatusText,
  returnReasonText,
} from './order-texts';
import * as styles from './orders.css';

const detailText = (event: TradeEvent, key: string) => {
  const value = event.details[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/** What one event of the log says, as a sentence; read from its entity and the status it led to. */
function EventSentence({ event, order }: { event: TradeEvent; order: OrderDetail }) {
  const { i18n } = useLingui();
  const format = useFormats();
  const lineOf = (lineId: number) => order.lines.find((line) => line.id === lineId);
  const lineOfReturn = (returnId: number) =>
    order.lines.find((line) => line.returns.some((entry) => entry.id === returnId));

  if (event.entity === 'order' && event.after === 'placed') return <Trans>Order placed</Trans>;
  if (event.entity === 'order' && isOrderStatus(event.after)) {
    const status = i18n._(orderStatusText[event.after]);
    return <Trans>Order status changed to “{status}”</Trans>;
  }
  if (event.entity === 'line') {
    const known = lineOf(event.entity_id);
    const part = (known ? formatLineName(known) : null) || detailText(event, 'part_number') || `#${event.entity_id}`;
    const eta = detailText(event, 'eta');
    const reason = detailText(event, 'reason');
    const tracking = detailText(event, 'tracking_reference');
    switch (event.after) {
      case 'confirmed':
        return <Trans>Line {part} confirmed</Trans>;
      case 'backorder': {
        if (!eta) return <Trans>Line {part} put on backorder</Trans>;
        const etaText = format.date(eta);
        return (
          <Trans>
            Line {part} on backorder, expected on {etaText}
          </Trans>
        );
      }
      case 'cancelled':
        return reason ? (
          <Trans>
            Line {part} cancelled: {reason}
          </Trans>
        ) : (
          <Trans>Line {part} cancelled</Trans>
        );
      case 'shipped':
        return tracking ? (
          <Trans>
            Line {part} shipped, tracking number {tracking}
          </Trans>
        ) : (
          <Trans>Line {part} shipped</Trans>
        );
      case 'delivered':
        return <Trans>Line {part} delivered</Trans>;
      case 'returned':
        return <Trans>Line {part} returned</Trans>;
      default:
        if (isLineStatus(event.after)) {
          const status = i18n._(lineStatusText[event.after]);
          return (
            <Trans>
              Line {part}: {status}
            </Trans>
          );
        }
    }
  }
  if (event.entity === 'return') {
    const lineId = event.details.line_id;
    const line = lineOfReturn(event.entity_id) ?? (typeof lineId === 'number' ? lineOf(lineId) : undefined);
    const part = (line ? formatLineName(line) : null) || `#${event.entity_id}`;
    const reason = detailText(event, 'reason');
    if (event.after === 'requested') {
      const reasonText = isReturnReason(reason) ? i18n._(returnReasonText[reason]) : null;
      return reasonText ? (
        <Trans>
          Return of {part} requested: {reasonText}
        </Trans>
      ) : (
        <Trans>Return of {part} requested</Trans>
      );
    }
    if (event.after === 'accepted') return <Trans>Return of {part} accepted</Trans>;
    if (event.after === 'refused')
      return reason ? (
        <Trans>
          Return of {part} refused: {reason}
        </Trans>
      ) : (
        <Trans>Return of {part} refused</Trans>
      );
  }
  // A kind this screen does not know yet (a newer server): said plainly, never a crash.
  const kind = event.kind;
  if (event.before && event.after) {
    const before = event.before;
    const after = event.after;
    return (
      <Trans>
        {kind}: {before} → {after}
      </Trans>
    );
  }
  return <Trans>Event: {kind}</Trans>;
}

/** The order's event log as a timeline, oldest first: what happened, who did it and when (the portal's time zone). */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const format = useFormats();
  const events = [...order.events].sort((a, b) => a.id - b.id);
  return (
    <section aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">
        <Trans>History</Trans>
      </h2>
      {events.length === 0 ? (
        <p>
          <Trans>Nothing has happened on this order yet.</Trans>
        </p>
      ) : (
        <ol className={styles.timeline}>
          {events.map((event) => {
            const actor = event.actor;
            const when = format.dateTime(event.at);
            return (
              <li key={event.id} className={styles.timelineEntry}>
                <p className={styles.value}>
                  <EventSentence event={event} order={order} />
                </p>
                <p className={styles.muted}>
                  {actor ? (
                    <Trans>
                      {actor}, <time dateTime={event.at}>{when}</time>
                    </Trans>
                  ) : (
                    // The system's own events (closing time, expiry) have no person.
                    <time dateTime={event.at}>{when}</time>
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
