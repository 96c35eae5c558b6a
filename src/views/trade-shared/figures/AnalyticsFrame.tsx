import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useFormats } from '../../../i18n/use-formats';
import { LoadError } from '../../../ui/LoadError';
import * as styles from './figures.css';
import { PeriodPicker } from './PeriodPicker';
import type { DashboardFiguresFacade } from './use-dashboard-figures';

/**
 * The analytics part of a dashboard: the period, what is loading or failed (the last figures stay
 * while another period loads), and the figures themselves.
 */
export function AnalyticsFrame({ flow, children }: { flow: DashboardFiguresFacade; children: ReactNode }) {
  const format = useFormats();
  const { figures } = flow;
  return (
    <section aria-labelledby="analytics-title" aria-busy={flow.busy} className={styles.page}>
      <div className={styles.analyticsHeader}>
        <h2 id="analytics-title">
          <Trans>Analytics</Trans>
        </h2>
        <PeriodPicker
          period={flow.period}
          onChoose={flow.choosePeriod}
          from={figures ? format.date(figures.from) : null}
          to={figures ? format.date(figures.to) : null}
        />
      </div>
      {flow.offline ? (
        <p role="status">
          <Trans>You are offline. The figures load again as soon as the connection is back.</Trans>
        </p>
      ) : null}
      <LoadError message={flow.error} onRetry={flow.retry} />
      {flow.busy ? (
        <p role="status">
          <Trans>Loading the figures…</Trans>
        </p>
      ) : null}
      {children}
    </section>
  );
}
