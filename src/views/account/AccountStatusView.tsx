import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { appConfig } from '../../config/app-config';
import { USER_STATUS } from '../../contracts/auth';
import { Card } from '../../ui/Card';
import { InfoBox } from '../../ui/InfoBox';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import * as styles from '../forms.css';

/**
 * /account: where a login with status 2 (pending verification) or 3 (deactivated) lands
 * (spec §4), telling the person what happens next and whom to contact.
 */
export function AccountStatusView({ status }: { status: number | undefined }) {
  const { phone, email } = appConfig.support;
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className={styles.authCard}>
        <Card aria-labelledby="account-title">
          {status === USER_STATUS.deactivated ? (
            <>
              <h1 id="account-title" className={styles.formTitle}>
                <Trans>Your account is deactivated</Trans>
              </h1>
              <InfoBox tone="error">
                <Trans>
                  You cannot log in at the moment. If you think this is a mistake, please contact our support.
                </Trans>
              </InfoBox>
            </>
          ) : (
            <>
              <h1 id="account-title" className={styles.formTitle}>
                <Trans>Your account is being verified</Trans>
              </h1>
              <InfoBox tone="info" title={<Trans>Verification pending</Trans>}>
                <Trans>
                  During the pilot phase we check every account by hand before it is activated. You will receive an
                  e-mail as soon as you can log in. This can take a little longer than usual.
                </Trans>
              </InfoBox>
            </>
          )}
          <p>
            <Trans>
              Questions? Call us at <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a> or write to{' '}
              <a href={`mailto:${email}`}>{email}</a>.
            </Trans>
          </p>
          <Link to="/">
            <Trans>Back to the start page</Trans>
          </Link>
        </Card>
      </main>
    </div>
  );
}
