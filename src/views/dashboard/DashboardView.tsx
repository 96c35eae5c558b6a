import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type PublicUser, USER_ROLE } from '../../../common/contracts/auth';
import type { dashboardMachine } from '../../../machines/dashboard.machine';
import { Card } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { VinField } from '../vehicle/VinField';
import * as styles from './dashboard.css';
import { useDashboard } from './use-dashboard';

type Implementations = Parameters<typeof dashboardMachine.provide>[0];

/** The dashboard: a greeting and the user's services as cards, each opening its url. */
export function DashboardView({
  implementations,
  storedUser,
}: {
  implementations: Implementations;
  storedUser: PublicUser;
}) {
  const dashboard = useDashboard(implementations, storedUser);
  const firstName = dashboard.user.first_name;
  return (
    <section aria-labelledby="dashboard-title" aria-busy={dashboard.loading}>
      <h1 id="dashboard-title">
        <Trans>Welcome, {firstName}</Trans>
      </h1>
      <LoadError message={dashboard.error} onRetry={dashboard.retry} />
      {dashboard.user.role === USER_ROLE.workshopUser ? (
        <Card aria-labelledby="trade-card-title">
          <h2 id="trade-card-title">
            <Trans>Order parts</Trans>
          </h2>
          <p>
            <Trans>
              Send one inquiry to several of your dealers, compare their quotes line by line and order from the best —
              one order per dealer.
            </Trans>
          </p>
          <ul className={styles.tradeLinks}>
            <li>
              <Link to="/inquiries/new">
                <Trans>New inquiry</Trans>
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
          </ul>
        </Card>
      ) : null}
      {dashboard.user.role === USER_ROLE.workshopUser ? (
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
      ) : null}
      {dashboard.loading ? (
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
