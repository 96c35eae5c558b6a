import { useLingui } from '@lingui/react';
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OrderDetail, OrderLine, OrderReturn } from '../../../common/contracts/trading';
import { formatLineName } from '../../../common/format/formats';
import { useFormats } from '../../i18n/use-formats';
import * as cards from '../../ui/table-cards.css';
import { type LineColumn, LinesTable } from '../trade-shared/LinesTable';
import { lineStatusText, returnReasonText, returnStatusText, statusTone } from '../trade-shared/order-texts';
import * as styles from '../trade-shared/orders.css';

/** The ETA with the ones it replaced, newest first: "28.11.2026 (before: 26.11., 25.11.)". */
function Eta({ eta, history }: { eta: string; history: OrderLine['eta_history'] }) {
  const format = useFormats();
  const earlier = history
    .map((change) => change.eta)
    .filter((earlierEta, index, all) => !(index === all.length - 1 && earlierEta === eta))
    .reverse();
  const current = format.date(eta);
  if (earlier.length === 0) return <>{current}</>;
  const before = earlier.map((eta) => format.dayMonth(eta)).join(', ');
  return (
    <Trans>
      {current} (before: {before})
    </Trans>
  );
}

function ReturnEntry({ entry, actions }: { entry: OrderReturn; actions: ReactNode }) {
  const { i18n } = useLingui();
  const format = useFormats();
  const reason = i18n._(returnReasonText[entry.reason]);
  const requested = format.dateTime(entry.requested_at);
  const note = entry.note;
  const refusal = entry.refusal_reason;
  return (
    <li>
      <span className={styles.badge[statusTone(entry.status)]}>{i18n._(returnStatusText[entry.status])}</span>{' '}
      <Trans>
        Reason: {reason} (requested {requested})
      </Trans>
      {note ? (
        <span className={styles.block}>
          <Trans>Note: {note}</Trans>
        </span>
      ) : null}
      {refusal ? (
        <span className={styles.block}>
          <Trans>Refused because: {refusal}</Trans>
        </span>
      ) : null}
      {actions}
    </li>
  );
}

/**
 * The lines of an order on both sides: the part number exactly as the dealer wrote it, brand,
 * description, quantity, price, status, the ETA with its history, why a line was cancelled, the
 * tracking reference and the returns. The dealer's page adds a checkbox per line and the actions.
 */
export function OrderLinesTable({
  order,
  selection,
  lineActions,
  returnActions,
}: {
  order: OrderDetail;
  selection?: { selected: readonly number[]; onToggle: (lineId: number) => void };
  lineActions?: (line: OrderLine) => ReactNode;
  returnActions?: (line: OrderLine, entry: OrderReturn) => ReactNode;
}) {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const format = useFormats();
  const details = (line: OrderLine) => {
    const cancelReason = line.cancel_reason;
    const tracking = line.tracking_reference;
    return (
      <>
        {cancelReason ? (
          <p className={styles.muted}>
            <Trans>Cancelled because: {cancelReason}</Trans>
          </p>
        ) : null}
        {tracking ? (
          <p className={styles.muted}>
            <Trans>Tracking number: {tracking}</Trans>
          </p>
        ) : null}
        {line.returns.length > 0 ? (
          <ul className={styles.timeline}>
            {line.returns.map((entry) => (
              <ReturnEntry key={entry.id} entry={entry} actions={returnActions?.(line, entry)} />
            ))}
          </ul>
        ) : null}
      </>
    );
  };
  const columns: readonly (LineColumn<OrderLine> | false)[] = [
    selection !== undefined && {
      header: <Trans>Select</Trans>,
      headerClassName: styles.cell,
      className: `${styles.cell} ${cards.cardHead}`,
      cell: (line) => {
        const partNumber = formatLineName(line);
        return (
          <input
            type="checkbox"
            aria-label={t`Select line ${partNumber}`}
            checked={selection.selected.includes(line.id)}
            onChange={() => selection.onToggle(line.id)}
          />
        );
      },
    },
    {
      header: <Trans>Part number</Trans>,
      headerClassName: styles.cell,
      className: `${styles.cell} ${cards.cardHead}`,
      rowHeader: true,
      // The row's name for screen readers: a line asked for by description has no part number.
      cell: (line) => line.part_number || <span className={styles.muted}>{line.description}</span>,
    },
    {
      header: <Trans>Description</Trans>,
      headerClassName: styles.cell,
      className: `${styles.cell} ${cards.cardHead} ${cards.cardWide}`,
      label: t`Description`,
      cell: (line) => (
        <>
          {line.description}
          {line.brand ? <span className={styles.muted}> · {line.brand}</span> : null}
          {details(line)}
        </>
      ),
    },
    {
      header: <Trans>Quantity</Trans>,
      headerClassName: styles.cell,
      className: `${styles.cell} ${cards.cardHead}`,
      label: t`Quantity`,
      cell: (line) => line.quantity,
    },
    {
      header: <Trans>Price (net)</Trans>,
      headerClassName: styles.cell,
      className: `${styles.cell} ${cards.cardFirst} ${cards.amount}`,
      label: t`Price (net)`,
      cell: (line) => {
        const deposit = format.money(line.deposit_cents);
        return (
          <>
            {format.money(line.net_price_cents)}
            {line.deposit_cents > 0 ? (
              <p className={styles.muted}>
                <Trans>+ deposit {deposit}</Trans>
              </p>
            ) : null}
          </>
        );
      },
    },
    {
      header: <Trans>Status</Trans>,
      headerClassName: styles.cell,
      className: `${styles.cell} ${cards.cardFirst}`,
      cell: (line) => (
        <>
          <span className={styles.badge[statusTone(line.status)]}>{i18n._(lineStatusText[line.status])}</span>
          {/* The server's read answers "still expected?" (server/trade/expected-delivery.ts): null is never. */}
          {line.eta !== null ? (
            <span className={styles.block}>
              <span className={styles.muted}>
                <Trans>Expected delivery</Trans>:
              </span>{' '}
              <span>
                <Eta eta={line.eta} history={line.eta_history} />
              </span>
            </span>
          ) : null}
        </>
      ),
    },
    lineActions !== undefined && {
      header: <Trans>Actions</Trans>,
      headerClassName: styles.cell,
      className: `${styles.cell} ${cards.cardFirst} ${cards.cardWide}`,
      cell: lineActions,
    },
  ];
  return (
    <div className={styles.tableWrap}>
      <LinesTable
        lines={order.lines}
        columns={columns}
        caption={<Trans>Order lines</Trans>}
        captionClassName={styles.caption}
        tableClassName={styles.table}
      />
    </div>
  );
}
