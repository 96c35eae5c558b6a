import { Trans } from '@lingui/react/macro';
import { appConfig } from '../../config/app-config';
import { LegalPage } from './LegalPage';
import * as styles from './legal.css';

/** /imprint (Impressum, § 5 DDG) from the operator's details in the configuration. */
export function ImprintView() {
  const { company, support } = appConfig;
  const { representative, register, vatId } = company;
  return (
    <LegalPage title={<Trans>Imprint</Trans>}>
      <h2>
        <Trans>Provider</Trans>
      </h2>
      <address className={styles.address}>
        {company.name}
        {'\n'}
        {company.address}
      </address>
      {representative ? (
        <p>
          <Trans>Represented by: {representative}</Trans>
        </p>
      ) : null}
      {register ? (
        <p>
          <Trans>Commercial register: {register}</Trans>
        </p>
      ) : null}
      {vatId ? (
        <p>
          <Trans>VAT identification number: {vatId}</Trans>
        </p>
      ) : null}
      <h2>
        <Trans>Contact</Trans>
      </h2>
      <p>
        <Trans>Phone:</Trans> <a href={`tel:${support.phone.replace(/[^+\d]/g, '')}`}>{support.phone}</a>
        <br />
        <Trans>E-mail:</Trans> <a href={`mailto:${support.email}`}>{support.email}</a>
      </p>
      <h2>
        <Trans>Consumer dispute resolution</Trans>
      </h2>
      <p>
        <Trans>
          We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer
          arbitration board.
        </Trans>
      </p>
    </LegalPage>
  );
}
