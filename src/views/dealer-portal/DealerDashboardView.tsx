import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { DashboardPeriod } from '../../../common/contracts/dashboards';
import type { dealerDashboardMachine } from '../../../machines/dealer-dashboard.machine';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { AnalyticsFrame } from '../trade-shared/figures/AnalyticsFrame';
import {
  type DashboardFiguresImplementations,
  useDashboardFigures,
} from '../trade-shared/figures/use-dashboard-figures';
import { DealerAnalytics, DealerWaitingList } from './DealerAnalytics';
import * as styles from './dealer-portal.css';
import { useDealerDashboard } from './use-dealer-dashboard';

type Implementations = Parameters<typeof dealerDashboardMachine.provide>[0];

/**
 * The dealer's dashboard (issues 12 and 15): the inquiries waiting for an answer, a card per area,
 * and the analytics over the URL's period (ADR 029).
 */
export function DealerDashboardView({
  implementations,
  figuresImplementations,
  period,
}: {
  implementations: Implementations;
  figuresImplementations: DashboardFiguresImplementations;
  period: DashboardPeriod;
}) {
  const dashboard = useDealerDashboard(implementations);
  const flow = useDashboardFigures(figuresImplementations, period);
  const figures = flow.figures?.kind === 'dealer' ? flow.figures : null;
  const { overview } = dashboard;
  const colleagueCount = overview?.colleagues ?? 0;
  return (
    <section aria-labelledby="dealer-dashboard-title" aria-busy={dashboard.loading} className={styles.page}>
      <h1 id="dealer-dashboard-title">{overview ? overview.organisation.name : <Trans>Dealer dashboard</Trans>}</h1>
      <LoadError message={dashboard.error} onRetry={dashboard.retry} />
      {dashboard.loading ? (
        <p role="status">
          <Trans>Loading your overview…</Trans>
        </p>
      ) : null}
      {figures ? <DealerWaitingList figures={figures} /> : null}
      {overview ? (
        <ul className={styles.cards}>
          <li>
            <Card aria-labelledby="trade-card-title">
              <h2 id="trade-card-title">
                <Trans>Inquiries and orders</Trans>
              </h2>
              <p>
                <Trans>
                  Answer your customers' inquiries with a quote per line, and confirm and ship their orders.
                </Trans>
              </p>
              <ul className={styles.tradeLinks}>
                <li>
                  <Link to="/dealer/inquiries">
                    <Trans>Open inquiries</Trans>
                  </Link>
                </li>
                <li>
                  <Link to="/dealer/orders">
                    <Trans>Orders received</Trans>
                  </Link>
                </li>
              </ul>
            </Card>
          </li>
          <li>
            <Card aria-labelledby="customers-card-title">
              <h2 id="customers-card-title">
                <Trans>Customers</Trans>
              </h2>
              <dl className={styles.figures}>
                <dt>
                  <Trans>Waiting for your confirmation</Trans>
                </dt>
                <dd className={styles.figure}>{overview.customers.requested}</dd>
                <dt>
                  <Trans>Active</Trans>
                </dt>
                <dd className={styles.figure}>{overview.customers.active}</dd>
                <dt>
                  <Trans>Declined</Trans>
                </dt>
                <dd className={styles.figure}>{overview.customers.declined}</dd>
              </dl>
              <Link to="/dealer/customers">
                <Trans>Manage customers</Trans>
              </Link>
            </Card>
          </li>
          <li>
            <Card aria-labelledby="colleagues-card-title">
              <h2 id="colleagues-card-title">
                <Trans>Colleagues</Trans>
              </h2>
              <p>
                <Trans>Active users in your organisation: {colleagueCount}</Trans>
              </p>
              <Link to="/dealer/colleagues">
                <Trans>Manage colleagues</Trans>
              </Link>
            </Card>
          </li>
          <li>
            <Card aria-labelledby="profile-card-title">
              <h2 id="profile-card-title">
                <Trans>Company profile</Trans>
              </h2>
              {overview.profile.complete ? (
                <p>
                  <Trans>Your profile is complete.</Trans>
                </p>
              ) : (
                <>
                  <p>
                    <Trans>Your profile is not complete yet:</Trans>
                  </p>
                  <ul>
                    {overview.profile.has_logo ? null : (
                      <li>
                        <Trans>no logo</Trans>
                      </li>
                    )}
                    {overview.profile.has_opening_hours ? null : (
                      <li>
                        <Trans>no opening hours</Trans>
                      </li>
                    )}
                  </ul>
                </>
              )}
              <Link to="/dealer/profile">
                <Trans>Edit profile</Trans>
              </Link>
            </Card>
          </li>
        </ul>
      ) : null}
      <AnalyticsFrame flow={flow}>{figures ? <DealerAnalytics figures={figures} /> : null}</AnalyticsFrame>
    </section>
  );
}
