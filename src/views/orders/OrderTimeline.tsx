import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { isTradeEventKind, type TradeEventKind } from '../../../common/contracts/trade-events';
import type { OrderDetail, TradeEvent } from '../../../common/contracts/trading';
import { formatLineName } from '../../../common/format/formats';
import { useFormats } from '../../i18n/use-formats';
import { isOrderStatus, isReturnReason, orderStatusText, returnReasonText } from '../trade-shared/order-texts';
import * as styles from '../trade-shared/orders.css';

const detailText = (event: TradeEvent, key: string) => {
  const value = event.details[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

type SentenceProps = { event: TradeEvent; order: OrderDetail };

/** The line an event names, as the page calls it (else its part number, else its number). */
const linePart = ({ event, order }: SentenceProps) => {
  const known = order.lines.find((line) => line.id === event.entity_id);
  return (known ? formatLineName(known) : null) || detailText(event, 'part_number') || `#${event.entity_id}`;
};

/** The line a return event concerns, as the page calls it. */
const returnPart = ({ event, order }: SentenceProps) => {
  const lineId = event.details.line_id;
  const line =
    order.lines.find((candidate) => candidate.returns.some((entry) => entry.id === event.entity_id)) ??
    (typeof lineId === 'number' ? order.lines.find((candidate) => candidate.id === lineId) : undefined);
  return (line ? formatLineName(line) : null) || `#${event.entity_id}`;
};

/** An event the order page tells by its kind and status change (the inquiry's own events), or a kind it does not know yet. */
function KindSentence({ event }: SentenceProps) {
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

function OrderStatusSentence(props: SentenceProps) {
  const { i18n } = useLingui();
  const { after } = props.event;
  if (!isOrderStatus(after)) return <KindSentence {...props} />;
  const status = i18n._(orderStatusText[after]);
  return <Trans>Order status changed to “{status}”</Trans>;
}

function LineBackorderSentence(props: SentenceProps) {
  const format = useFormats();
  const part = linePart(props);
  const eta = detailText(props.event, 'eta');
  if (!eta) return <Trans>Line {part} put on backorder</Trans>;
  const etaText = format.date(eta);
  return (
    <Trans>
      Line {part} on backorder, expected on {etaText}
    </Trans>
  );
}

function LineCancelledSentence(props: SentenceProps) {
  const part = linePart(props);
  const reason = detailText(props.event, 'reason');
  return reason ? (
    <Trans>
      Line {part} cancelled: {reason}
    </Trans>
  ) : (
    <Trans>Line {part} cancelled</Trans>
  );
}

function LineShippedSentence(props: SentenceProps) {
  const part = linePart(props);
  const tracking = detailText(props.event, 'tracking_reference');
  return tracking ? (
    <Trans>
      Line {part} shipped, tracking number {tracking}
    </Trans>
  ) : (
    <Trans>Line {part} shipped</Trans>
  );
}

function ReturnRequestedSentence(props: SentenceProps) {
  const { i18n } = useLingui();
  const part = returnPart(props);
  const reason = detailText(props.event, 'reason');
  const reasonText = isReturnReason(reason) ? i18n._(returnReasonText[reason]) : null;
  return reasonText ? (
    <Trans>
      Return of {part} requested: {reasonText}
    </Trans>
  ) : (
    <Trans>Return of {part} requested</Trans>
  );
}

function ReturnRefusedSentence(props: SentenceProps) {
  const part = returnPart(props);
  const reason = detailText(props.event, 'reason');
  return reason ? (
    <Trans>
      Return of {part} refused: {reason}
    </Trans>
  ) : (
    <Trans>Return of {part} refused</Trans>
  );
}

/**
 * What each kind of the log says on the order's timeline (ADR 035): a kind added to
 * `TRADE_EVENT_KINDS` does not compile until it has its sentence here.
 */
const EVENT_SENTENCES: Record<TradeEventKind, (props: SentenceProps) => ReactNode> = {
  'inquiry.sent': KindSentence,
  'inquiry.quoted': KindSentence,
  'inquiry.allAnswered': KindSentence,
  'inquiry.closed': KindSentence,
  'inquiry.cancelled': KindSentence,
  'inquiry.ordered': KindSentence,
  'recipient.seen': KindSentence,
  'recipient.answered': KindSentence,
  'recipient.declined': KindSentence,
  'recipient.expired': KindSentence,
  'order.placed': () => <Trans>Order placed</Trans>,
  'order.confirmed': OrderStatusSentence,
  'order.shipped': OrderStatusSentence,
  'order.delivered': OrderStatusSentence,
  'order.cancelled': OrderStatusSentence,
  'line.confirmed': (props) => {
    const part = linePart(props);
    return <Trans>Line {part} confirmed</Trans>;
  },
  'line.backorder': LineBackorderSentence,
  'line.cancelled': LineCancelledSentence,
  'line.shipped': LineShippedSentence,
  'line.delivered': (props) => {
    const part = linePart(props);
    return <Trans>Line {part} delivered</Trans>;
  },
  'line.returned': (props) => {
    const part = linePart(props);
    return <Trans>Line {part} returned</Trans>;
  },
  'return.requested': ReturnRequestedSentence,
  'return.accepted': (props) => {
    const part = returnPart(props);
    return <Trans>Return of {part} accepted</Trans>;
  },
  'return.refused': ReturnRefusedSentence,
};

/** What one event of the log says, as a sentence; a kind this screen does not know yet (a newer server) is said plainly, never a crash. */
function EventSentence(props: SentenceProps) {
  const Sentence = isTradeEventKind(props.event.kind) ? EVENT_SENTENCES[props.event.kind] : KindSentence;
  return <Sentence {...props} />;
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
