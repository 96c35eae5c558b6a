import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { WorkshopDashboard } from '../../../common/contracts/dashboards';
import type { ReturnReason } from '../../../common/contracts/trading';
import type { Formats } from '../../../common/format/formats';
import { useFormats } from '../../i18n/use-formats';
import { Card } from '../../ui/Card';
import { FigureBlock } from '../trade-shared/figures/FigureBlock';
import type { FigureTable } from '../trade-shared/figures/figure-table';
import * as styles from '../trade-shared/figures/figures.css';

const returnReasonText: Record<ReturnReason, MessageDescriptor> = {
  does_not_fit: msg`Does not fit`,
  damaged: msg`Damaged`,
  wrong_part: msg`Wrong part`,
  no_longer_needed: msg`No longer needed`,
};

/** The workshop's lists: open inquiries waiting for quotes, orders with a late or changed ETA. */
export function WorkshopLists({ figures }: { figures: WorkshopDashboard }) {
  const format = useFormats();
  const openTotal = figures.open_inquiries.total;
  const alertTotal = figures.eta_alerts.total;
  return (
    <div className={styles.lists}>
      <Card aria-labelledby="open-inquiries-title">
        <h2 id="open-inquiries-title">
          <Trans>Inquiries waiting for quotes ({openTotal})</Trans>
        </h2>
        {openTotal === 0 ? (
          <p>
            <Trans>No open inquiries.</Trans>
          </p>
        ) : (
          <ul className={styles.itemList}>
            {figures.open_inquiries.items.map((inquiry) => {
              const closes = format.dateTime(inquiry.closes_at);
              const vehicle = inquiry.vehicle_description || inquiry.vin;
              const quoted = inquiry.quoted_count;
              const recipients = inquiry.recipient_count;
              return (
                <li key={inquiry.id}>
                  <Link to="/inquiries/$inquiryId" params={{ inquiryId: String(inquiry.id) }}>
                    <Trans>
                      {vehicle}: {quoted} of {recipients} dealers quoted, closes {closes}
                    </Trans>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {openTotal > figures.open_inquiries.items.length ? (
          <Link to="/inquiries" search={{ status: 'open' }}>
            <Trans>All open inquiries</Trans>
          </Link>
        ) : null}
      </Card>
      <Card aria-labelledby="eta-alerts-title">
        <h2 id="eta-alerts-title">
          <Trans>Orders with a late or changed ETA ({alertTotal})</Trans>
        </h2>
        {alertTotal === 0 ? (
          <p>
            <Trans>Every open order line is on schedule.</Trans>
          </p>
        ) : (
          <ul className={styles.itemList}>
            {figures.eta_alerts.items.map((alert) => {
              const orderNumber = alert.order_id;
              const dealer = alert.dealer_name;
              const late = alert.late_lines;
              const changed = alert.changed_lines;
              const eta = alert.next_eta ? format.date(alert.next_eta) : '–';
              return (
                <li key={alert.order_id}>
                  <Link to="/orders/$orderId" params={{ orderId: String(alert.order_id) }}>
                    <Trans>
                      Order {orderNumber} from {dealer}: {late} late, {changed} with a changed ETA (next {eta})
                    </Trans>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {alertTotal > figures.eta_alerts.items.length ? (
          <Link to="/orders">
            <Trans>All orders</Trans>
          </Link>
        ) : null}
      </Card>
    </div>
  );
}

function useWorkshopTables(figures: WorkshopDashboard, format: Formats) {
  const { t } = useMacroLingui();
  const { i18n } = useLingui();
  return useMemo(() => {
    const spend: FigureTable = {
      columns: [t`Month`, t`Dealer`, t`Orders`, t`Spend (EUR)`],
      rows: figures.spend.map((row) => ({
        key: `${row.month}-${row.part_dealer_id}`,
        cells: [
          { display: format.month(row.month), raw: row.month },
          { display: row.dealer_name, raw: row.dealer_name },
          { display: format.count(row.order_count), raw: row.order_count },
          { display: format.money(row.total_cents), raw: row.total_cents / 100 },
        ],
      })),
    };
    const responseTimes: FigureTable = {
      columns: [t`Dealer`, t`Answers`, t`Median response time (minutes)`],
      rows: figures.response_times.map((row) => ({
        key: String(row.part_dealer_id),
        cells: [
          { display: row.dealer_name, raw: row.dealer_name },
          { display: format.count(row.answered), raw: row.answered },
          {
            display: row.median_minutes === null ? '–' : format.duration(row.median_minutes),
            raw: row.median_minutes === null ? '' : Math.round(row.median_minutes * 10) / 10,
          },
        ],
      })),
    };
    const returns: FigureTable = {
      columns: [t`Reason`, t`Returns`],
      rows: figures.returns.map((row) => ({
        key: row.reason,
        cells: [
          { display: i18n._(returnReasonText[row.reason]), raw: i18n._(returnReasonText[row.reason]) },
          { display: format.count(row.count), raw: row.count },
        ],
      })),
    };
    return { spend, responseTimes, returns };
  }, [figures, format, t, i18n]);
}

/** The workshop's analytics over the period: spend, savings, delivery on the promised day, response times, returns. */
export function WorkshopAnalytics({ figures }: { figures: WorkshopDashboard }) {
  const { t } = useMacroLingui();
  const format = useFormats();
  const tables = useWorkshopTables(figures, format);
  const { savings, on_time: onTime } = figures;
  const saved = format.money(savings.saved_cents);
  const comparedLines = savings.compared_lines;
  const onTimeShare = onTime.share === null ? '–' : format.share(onTime.share);
  const onTimeLines = onTime.on_time_lines;
  const deliveredLines = onTime.delivered_lines;
  const period = `${figures.from}_${figures.to}`;
  return (
    <div className={styles.analytics}>
      <FigureBlock
        title={<Trans>Spend per dealer and month</Trans>}
        chart={{
          points: figures.spend.map((row) => ({
            category: format.month(row.month),
            series: row.dealer_name,
            value: row.total_cents / 100,
          })),
          orientation: 'columns',
          label: t`Spend per dealer and month, stacked by dealer`,
          categoryLabel: t`Month`,
          valueLabel: t`Spend`,
          formatValue: format.euros,
        }}
        table={tables.spend}
        fileName={`spend_${period}.csv`}
      />
      <Card aria-labelledby="savings-title" className={styles.figure}>
        <h3 id="savings-title">
          <Trans>Savings against the second-best quote</Trans>
        </h3>
        <p className={styles.keyFigure}>{saved}</p>
        <p className={styles.muted}>
          <Trans>
            Over {comparedLines} ordered lines that another dealer quoted too (price difference × quantity).
          </Trans>
        </p>
      </Card>
      <Card aria-labelledby="on-time-title" className={styles.figure}>
        <h3 id="on-time-title">
          <Trans>Delivered on the promised day</Trans>
        </h3>
        <p className={styles.keyFigure}>{onTimeShare}</p>
        <p className={styles.muted}>
          <Trans>
            {onTimeLines} of {deliveredLines} delivered lines arrived no later than the day the quote promised.
          </Trans>
        </p>
      </Card>
      <FigureBlock
        title={<Trans>Dealers' median response time</Trans>}
        chart={{
          points: figures.response_times
            .filter((row) => row.median_minutes !== null)
            .map((row) => ({ category: row.dealer_name, value: row.median_minutes ?? 0 })),
          orientation: 'rows',
          label: t`Median minutes from sending an inquiry to the dealer's first answer, per dealer`,
          categoryLabel: t`Dealer`,
          valueLabel: t`Minutes`,
          formatValue: format.duration,
        }}
        table={tables.responseTimes}
        fileName={`response-times_${period}.csv`}
      />
      <FigureBlock
        title={<Trans>Returns by reason</Trans>}
        chart={{
          points: figures.returns.map((row) => ({
            category:
              tables.returns.rows.find((candidate) => candidate.key === row.reason)?.cells[0]?.display ?? row.reason,
            value: row.count,
          })),
          orientation: 'rows',
          label: t`Returns requested in the period, by reason`,
          categoryLabel: t`Reason`,
          valueLabel: t`Returns`,
          formatValue: format.count,
        }}
        table={tables.returns}
        fileName={`returns_${period}.csv`}
      />
    </div>
  );
}
