import { Trans } from '@lingui/react/macro';
import { appConfig } from '../../config/app-config';
import { LegalPage } from './LegalPage';

/** /terms: the terms of use of the pilot phase. */
export function TermsView() {
  const companyName = appConfig.company.name;
  return (
    <LegalPage title={<Trans>Terms of use</Trans>}>
      <h2>
        <Trans>1. Scope</Trans>
      </h2>
      <p>
        <Trans>
          These terms apply to the use of Teileportal, operated by {companyName}, by workshops and part dealers. The
          portal is in a pilot phase in Germany.
        </Trans>
      </p>
      <h2>
        <Trans>2. Registration and review</Trans>
      </h2>
      <p>
        <Trans>
          Every registration and invitation request is reviewed by hand. There is no right to be admitted. We may ask
          for further information before activating an account. Your details must be true and kept up to date.
        </Trans>
      </p>
      <h2>
        <Trans>3. Your account</Trans>
      </h2>
      <p>
        <Trans>
          Keep your password secret and tell us at once if you suspect misuse. We may deactivate an account that is
          misused or whose details turn out to be wrong.
        </Trans>
      </p>
      <h2>
        <Trans>4. Orders</Trans>
      </h2>
      <p>
        <Trans>
          Orders placed through the portal are contracts between the workshop and the part dealer. Prices, availability,
          delivery and warranty are the part dealer's.
        </Trans>
      </p>
      <h2>
        <Trans>5. Availability during the pilot phase</Trans>
      </h2>
      <p>
        <Trans>
          We work to keep the portal available, but during the pilot phase functions may change and interruptions may
          occur. We announce larger changes by e-mail.
        </Trans>
      </p>
      <h2>
        <Trans>6. Changes to these terms</Trans>
      </h2>
      <p>
        <Trans>
          We tell registered users about changes to these terms by e-mail at least four weeks before they take effect.
        </Trans>
      </p>
    </LegalPage>
  );
}
