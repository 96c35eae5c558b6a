import { Trans, useLingui } from '@lingui/react/macro';
import { appConfig } from '../../config/app-config';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import * as controls from '../../ui/controls.css';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import * as styles from './support.css';

/** The subject line docs/product.md §2.6 asks for: German, about help with onboarding. */
const SUPPORT_MAIL_SUBJECT = 'Hilfe beim Onboarding im Teileportal';

/** /support (docs/product.md §2): back, and three ways to reach us; contact details from the configuration. */
export function SupportView({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const { phone, email, bookingUrl } = appConfig.support;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo />
        <LanguageSwitcher />
      </header>
      <main>
        <Button variant="ghost" onClick={onBack}>
          ← <Trans>Back</Trans>
        </Button>
        <h1>
          <Trans>How can we help?</Trans>
        </h1>
        <div className={styles.cards}>
          <Card aria-labelledby="support-mail">
            <h2 id="support-mail" className={styles.cardTitle}>
              <Trans>E-mail support</Trans>
            </h2>
            <p>
              <Trans>Write to us with your question; we usually answer within one working day.</Trans>
            </p>
            <a
              className={controls.button.secondary}
              href={`mailto:${email}?subject=${encodeURIComponent(SUPPORT_MAIL_SUBJECT)}`}
            >
              {email}
            </a>
          </Card>
          <Card aria-labelledby="support-booking">
            <h2 id="support-booking" className={styles.cardTitle}>
              <Trans>Book a phone appointment</Trans>
            </h2>
            <p>
              <Trans>Choose a time that suits you and we will call you to go through the onboarding together.</Trans>
            </p>
            <a
              className={controls.button.secondary}
              href={bookingUrl}
              target="_blank"
              rel="noopener"
              aria-label={t`Book an appointment (opens in a new tab)`}
            >
              <Trans>Book an appointment</Trans>
            </a>
          </Card>
          <Card aria-labelledby="support-phone">
            <h2 id="support-phone" className={styles.cardTitle}>
              <Trans>Immediate help</Trans>
            </h2>
            <p>
              <Trans>Call us: Mo–Fr 9:00–18:00</Trans>
            </p>
            <a className={controls.button.primary} href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
              {phone}
            </a>
          </Card>
        </div>
      </main>
    </div>
  );
}
