import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { DealerDashboard, LostLineReason } from '../../../common/contracts/dashboards';
import { useFormats } from '../../i18n/use-formats';
import { Card } from '../../ui/Card';
import { FigureBlock } from '../trade-shared/figures/FigureBlock';
import type { FigureTable } from '../trade-shared/figures/figure-table';
import * as styles from '../trade-shared/figures/figures.css';

const lostReasonText: Record<LostLineReason, MessageDescriptor> = {
  no_answer: msg`Not answered in time`,
  declined: msg`Declined or not available`,
  ordered_elsewhere_cheaper: msg`Ordered from a cheaper dealer`,
  ordered_elsewhere: msg`Ordered from another dealer`,
  not_ordered: msg`Not ordered from anyone`,
  inquiry_not_ordered: msg`Inquiry closed without an order`,
};

/** Inquiries waiting for the dealer's answer, soonest closing first. */
export function DealerWaitingList({ figures }: { figures: DealerDashboard }) {
  const format = useFormats();
  const total = figures.waiting.total;
  return (
    <Card aria-labelledby="waiting-title">
      <h2 id="waiting-title">
        <Trans>Inquiries waiting for your answer ({total})</Trans>
      </h2>
      {total === 0 ? (
        <p>
          <Trans>Nothing is waiting for your answer.</Trans>
        </p>
      ) : (
        <ul className={styles.itemList}>
          {figures.waiting.items.map((item) => {
            const workshop = item.workshop_name;
            const vehicle = item.vehicle_description;
            const lines = item.line_count;
            const closes = format.dateTime(item.closes_at);
            return (
              <li key={item.inquiry_id}>
                <Link to="/dealer/inquiries/$inquiryId" params={{ inquiryId: String(item.inquiry_id) }}>
                  <Trans>
                    {workshop}, {vehicle}: {lines} lines, closes {closes}
                  </Trans>
                </Link>{' '}
                {item.seen ? null : (
                  <span className={styles.muted}>
                    <Trans>(new)</Trans>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {total > figures.waiting.items.length ? (
        <Link to="/dealer/inquiries">
          <Trans>All inquiries</Trans>
        </Link>
      ) : null}
    </Card>
  );
}

/** The dealer's analytics over the period: response time, win rate, lost lines by reason. */
export function DealerAnalytics({ figures }: { figures: DealerDashboard }) {
  const { t } = useMacroLingui();
  const { i18n } = useLingui();
  const format = useFormats();
  const lostLines: FigureTable = useMemo(
    () => ({
      columns: [t`Reason`, t`Lines`],
      rows: figures.lost_lines.map((row) => ({
        key: row.reason,
        cells: [
          { display: i18n._(lostReasonText[row.reason]), raw: i18n._(lostReasonText[row.reason]) },
          { display: format.count(row.count), raw: row.count },
        ],
      })),
    }),
    [figures, format, t, i18n],
  );
  const points = useMemo(
    () => figures.lost_lines.map((row) => ({ category: i18n._(lostReasonText[row.reason]), value: row.count })),
    [figures, i18n],
  );
  const median = figures.response.median_minutes === null ? '–' : format.duration(figures.response.median_minutes);
  const answered = figures.response.answered;
  const received = figures.response.received;
  const winShare = figures.win_rate.share === null ? '–' : format.share(figures.win_rate.share);
  const ordered = figures.win_rate.ordered_lines;
  const quoted = figures.win_rate.quoted_lines;
  return (
    <div className={styles.analytics}>
      <Card aria-labelledby="response-title" className={styles.figure}>
        <h3 id="response-title">
          <Trans>Your median response time</Trans>
        </h3>
        <p className={styles.keyFigure}>{median}</p>
        <p className={styles.muted}>
          <Trans>
            From an inquiry reaching you to your first answer; you answered {answered} of {received} inquiries.
          </Trans>
        </p>
      </Card>
      <Card aria-labelledby="win-rate-title" className={styles.figure}>
        <h3 id="win-rate-title">
          <Trans>Win rate</Trans>
        </h3>
        <p className={styles.keyFigure}>{winShare}</p>
        <p className={styles.muted}>
          <Trans>
            {ordered} of {quoted} quoted lines were ordered from you.
          </Trans>
        </p>
      </Card>
      <FigureBlock
        title={<Trans>Lost lines by reason</Trans>}
        chart={{
          points,
          orientation: 'rows',
          label: t`Lines sent to you that were not ordered from you, by reason`,
          categoryLabel: t`Reason`,
          valueLabel: t`Lines`,
          formatValue: format.count,
        }}
        table={lostLines}
        fileName={`lost-lines_${figures.from}_${figures.to}.csv`}
      />
    </div>
  );
}
