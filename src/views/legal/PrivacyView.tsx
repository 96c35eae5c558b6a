import { Trans } from '@lingui/react/macro';
import { appConfig } from '../../config/app-config';
import { LegalPage } from './LegalPage';
import * as styles from './legal.css';

/** /privacy: what the portal processes, why, for how long, and the rights of the people concerned. */
export function PrivacyView() {
  const { company, support, analyticsScriptUrl } = appConfig;
  return (
    <LegalPage title={<Trans>Privacy policy</Trans>}>
      <h2>
        <Trans>Controller</Trans>
      </h2>
      <address className={styles.address}>
        {company.name}
        {'\n'}
        {company.address}
        {'\n'}
        <a href={`mailto:${support.email}`}>{support.email}</a>
      </address>
      <h2>
        <Trans>What we process and why</Trans>
      </h2>
      <ul>
        <li>
          <Trans>
            Account data (company, name, e-mail address, phone number, postal code) to set up, review and run your
            account (Art. 6 (1) (b) GDPR). Your password is stored only as a salted hash.
          </Trans>
        </li>
        <li>
          <Trans>
            Requests sent through our forms (invitation requests, dealer registrations, contact messages) to answer them
            (Art. 6 (1) (b) and (f) GDPR).
          </Trans>
        </li>
        <li>
          <Trans>
            Technical data (IP address, time, requested page) in server logs and to limit repeated failed logins, to
            keep the portal secure (Art. 6 (1) (f) GDPR). Counters of failed attempts are deleted after 24 hours.
          </Trans>
        </li>
        <li>
          <Trans>
            E-mails we send you about your account (confirmations, password reset, activation) are part of running your
            account.
          </Trans>
        </li>
      </ul>
      <h2>
        <Trans>Cookies and local storage</Trans>
      </h2>
      <p>
        <Trans>
          We use a session cookie to keep you logged in (deleted when you log out, at the latest after 12 hours, or
          after 30 days if you chose to stay logged in), a cookie that stores your language for 7 days, and your
          browser's local storage for the name and role shown in the navigation. All of them are technically necessary;
          none is used for tracking.
        </Trans>
      </p>
      <h2>
        <Trans>Spam protection</Trans>
      </h2>
      <p>
        <Trans>
          Our forms are protected by a proof-of-work check (ALTCHA) that runs in your browser and on our own server. No
          data is passed to third parties for it.
        </Trans>
      </p>
      {analyticsScriptUrl ? (
        <>
          <h2>
            <Trans>Usage statistics</Trans>
          </h2>
          <p>
            <Trans>
              We load a statistics script to understand how the portal is used and to improve it (Art. 6 (1) (f) GDPR).
            </Trans>
          </p>
        </>
      ) : null}
      <h2>
        <Trans>How long we keep data</Trans>
      </h2>
      <p>
        <Trans>
          Account data is kept as long as your account exists and is deleted after it is closed, unless commercial or
          tax law requires us to keep it longer.
        </Trans>
      </p>
      <h2>
        <Trans>Your rights</Trans>
      </h2>
      <p>
        <Trans>
          You have the right to access, rectification, erasure, restriction of processing, data portability and to
          object to processing based on legitimate interests. Write to us at the address above. You may also complain to
          a data protection supervisory authority.
        </Trans>
      </p>
    </LegalPage>
  );
}
