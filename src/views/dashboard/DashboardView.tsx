import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type PublicUser, USER_ROLE } from '../../../common/contracts/auth';
import type { DashboardPeriod } from '../../../common/contracts/dashboards';
import type { dashboardMachine } from '../../../machines/dashboard.machine';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { AnalyticsFrame } from '../trade-shared/figures/AnalyticsFrame';
import {
  type DashboardFiguresImplementations,
  useDashboardFigures,
} from '../trade-shared/figures/use-dashboard-figures';
import { VinField } from '../vehicle/VinField';
import * as styles from './dashboard.css';
import { useDashboard } from './use-dashboard';
import { WorkshopAnalytics, WorkshopLists } from './WorkshopAnalytics';

type Implementations = Parameters<typeof dashboardMachine.provide>[0];

/**
 * The dashboard. A workshop user lands on its trade (issue 15, ADR 029): short entry points, the
 * open inquiries and late orders, and the analytics over the URL's period; other users see their
 * services as cards, each opening its url.
 */
export function DashboardView({
  implementations,
  storedUser,
  figuresImplementations,
  period,
}: {
  implementations: Implementations;
  storedUser: PublicUser;
  figuresImplementations: DashboardFiguresImplementations;
  period: DashboardPeriod;
}) {
  const dashboard = useDashboard(implementations, storedUser);
  const firstName = dashboard.user.first_name;
  return (
    <section aria-labelledby="dashboard-title" aria-busy={dashboard.loading} className={styles.page}>
      <h1 id="dashboard-title">
        <Trans>Welcome, {firstName}</Trans>
      </h1>
      <LoadError message={dashboard.error} onRetry={dashboard.retry} />
      {dashboard.user.role === USER_ROLE.workshopUser ? (
        <WorkshopDashboardContent implementations={figuresImplementations} period={period} />
      ) : dashboard.loading ? (
        <p role="status">
          <Trans>Loading your services…</Trans>
        </p>
      ) : dashboard.user.services.length === 0 ? (
        <p>
          <Trans>No services are activated for your account yet.</Trans>
        </p>
      ) : (
        <ul className={styles.services}>
          {dashboard.user.services.map((service) => (
            <li key={service.name} className={styles.serviceItem}>
              <a className={styles.serviceLink} href={service.url}>
                <Card>
                  <h2>{service.name === 'WORKSHOP' ? <Trans>Workshop portal</Trans> : service.name}</h2>
                  <p>
                    <Trans>Order parts from your dealers, connect your DMS and manage your suppliers.</Trans>
                  </p>
                </Card>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WorkshopDashboardContent({
  implementations,
  period,
}: {
  implementations: DashboardFiguresImplementations;
  period: DashboardPeriod;
}) {
  const { t } = useLingui();
  const flow = useDashboardFigures(implementations, period);
  const figures = flow.figures?.kind === 'workshop' ? flow.figures : null;
  return (
    <>
      <nav aria-label={t`Quick access`}>
        <ul className={styles.entryPoints}>
          <li>
            <Link to="/inquiries/new">
              <Trans>New inquiry</Trans>
            </Link>
          </li>
          <li>
            <Link to="/inquiries/new">
              <Trans>Order from a file (CSV or PDF)</Trans>
            </Link>
          </li>
          <li>
            <Link to="/inquiries" search={{ status: 'open' }}>
              <Trans>Open inquiries</Trans>
            </Link>
          </li>
          <li>
            <Link to="/orders">
              <Trans>Orders</Trans>
            </Link>
          </li>
          <li>
            <Link to="/suppliers">
              <Trans>Suppliers</Trans>
            </Link>
          </li>
        </ul>
      </nav>
      {figures ? <WorkshopLists figures={figures} /> : null}
      <AnalyticsFrame flow={flow}>{figures ? <WorkshopAnalytics figures={figures} /> : null}</AnalyticsFrame>
      <Card aria-labelledby="vin-check-title">
        <h2 id="vin-check-title">
          <Trans>Check a VIN</Trans>
        </h2>
        <p>
          <Trans>
            Before you order: is the VIN complete and well-formed, and which maker and country does it name? Checked
            here in your browser, nothing is sent.
          </Trans>
        </p>
        <VinField label={<Trans>VIN to check</Trans>} />
      </Card>
    </>
  );
}
