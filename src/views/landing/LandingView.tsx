import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Card } from '../../ui/Card';
import * as controls from '../../ui/controls.css';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import * as styles from './landing.css';

/** The landing page (spec §2): header, hero and the three advantages. */
export function LandingView() {
  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Logo />
          <div className={styles.headerActions}>
            <LanguageSwitcher />
            <Link to="/login" className={controls.button.primary}>
              <Trans>Login</Trans>
            </Link>
          </div>
        </div>
      </header>
      <main>
        <section id="home" className={styles.hero} aria-labelledby="hero-title">
          <div className={styles.heroInner}>
            <h1 id="hero-title" className={styles.heroTitle}>
              <Trans>Order spare parts from all your dealers – in one place</Trans>
            </h1>
            <p className={styles.heroSubtitle}>
              <Trans>
                Teileportal connects your workshop with your preferred part dealers: compare across brands, check that a
                part fits the vehicle, and order without switching between catalogues.
              </Trans>
            </p>
          </div>
        </section>
        <section id="advantages" className={styles.section} aria-labelledby="advantages-title">
          <h2 id="advantages-title">
            <Trans>Your advantages</Trans>
          </h2>
          <div className={styles.grid3}>
            <Card>
              <h3>
                <Trans>Optimisation</Trans>
              </h3>
              <p>
                <Trans>
                  See prices and availability of your dealers side by side and choose the best offer for every job.
                </Trans>
              </p>
            </Card>
            <Card>
              <h3>
                <Trans>Seamless integration</Trans>
              </h3>
              <p>
                <Trans>
                  Connect your garage management system and your dealer accounts once; orders flow without retyping.
                </Trans>
              </p>
            </Card>
            <Card>
              <h3>
                <Trans>Efficient management</Trans>
              </h3>
              <p>
                <Trans>Keep orders, deliveries and returns of every dealer in one overview for your whole team.</Trans>
              </p>
            </Card>
          </div>
        </section>
      </main>
    </>
  );
}
