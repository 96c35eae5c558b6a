import { Trans } from '@lingui/react/macro';
import type { PublicUser } from '../../contracts/auth';
import { Card } from '../../ui/Card';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import * as styles from './dashboard.css';

/** The signed-in start page: a greeting and the user's services, each opening its url. */
export function DashboardView({ user }: { user: PublicUser }) {
  const firstName = user.first_name;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo />
        <LanguageSwitcher />
      </header>
      <main>
        <h1>
          <Trans>Welcome, {firstName}</Trans>
        </h1>
        {user.services.length === 0 ? (
          <p>
            <Trans>No services are activated for your account yet.</Trans>
          </p>
        ) : (
          <ul className={styles.services} aria-label="services">
            {user.services.map((service) => (
              <li key={service.name} style={{ listStyle: 'none' }}>
                <a className={styles.serviceLink} href={service.url}>
                  <Card>
                    <h2>{service.name === 'WORKSHOP' ? <Trans>Workshop portal</Trans> : service.name}</h2>
                  </Card>
                </a>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
