import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { onboardingWizardMachine } from '../../../machines/onboarding-wizard.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Card } from '../../ui/Card';
import { InfoBox } from '../../ui/InfoBox';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import { Spinner } from '../app-shell/Spinner';
import * as forms from '../forms.css';
import * as styles from './onboarding.css';
import { useOnboardingWizard } from './use-onboarding-wizard';
import { ContinueWithPassword, CreateAccountStep, DoneStep, MasterDataStep, SuppliersStep } from './WizardSteps';

type Implementations = Parameters<typeof onboardingWizardMachine.provide>[0];

/** /onboarding?token=…: the workshop onboarding wizard opened from the invitation mail. */
export function OnboardingWizardView({
  implementations,
  token,
  loadingLabel,
}: {
  implementations: Implementations;
  token: string | null;
  loadingLabel: string;
}) {
  const wizard = useOnboardingWizard(implementations, token);
  const messageText = useMessageText();
  const titles = {
    1: <Trans>Create account</Trans>,
    2: <Trans>Your master data</Trans>,
    3: <Trans>Your part suppliers</Trans>,
    4: <Trans>Account created successfully</Trans>,
  } as const;
  return (
    <div className={forms.authPage}>
      <header className={styles.header}>
        <Logo />
        <LanguageSwitcher />
      </header>
      {wizard.checking ? <Spinner label={loadingLabel} /> : null}
      {wizard.rejected ? (
        <main className={forms.authCard}>
          <Card aria-labelledby="page-title">
            <h1 id="page-title" className={forms.formTitle}>
              <Trans>This invitation cannot be used</Trans>
            </h1>
            <InfoBox tone="error">
              {messageText(wizard.invitationError) ?? <Trans>The invitation link is missing or incomplete.</Trans>}
            </InfoBox>
            {wizard.passwordOffered ? <ContinueWithPassword wizard={wizard} /> : null}
            <p>
              <Trans>
                If you have already created your account, <Link to="/login">log in</Link> once it has been activated.
                Otherwise you can <Link to="/view-request">request a new invitation</Link>.
              </Trans>
            </p>
          </Card>
        </main>
      ) : null}
      {wizard.step ? (
        <div className={styles.layout}>
          <main>
            <Card aria-labelledby="page-title">
              <h1 id="page-title" className={forms.formTitle}>
                {titles[wizard.step]}
              </h1>
              {wizard.step === 1 ? <CreateAccountStep step={wizard.accountStep} /> : null}
              {wizard.step === 2 ? (
                <MasterDataStep step={wizard.masterDataStep} workshopAccountName={wizard.workshopAccountName} />
              ) : null}
              {wizard.step === 3 ? <SuppliersStep step={wizard.suppliersStep} /> : null}
              {wizard.step === 4 ? <DoneStep close={wizard.close} /> : null}
            </Card>
          </main>
          {wizard.account ? (
            <aside>
              <Card aria-labelledby="account-details" className={styles.detailsCard}>
                <h2 id="account-details">
                  <Trans>Account details</Trans>
                </h2>
                <dl>
                  <dt>
                    <Trans>Account ID</Trans>
                  </dt>
                  <dd>{wizard.account.id}</dd>
                  <dt>
                    <Trans>Name</Trans>
                  </dt>
                  <dd>{wizard.account.name}</dd>
                  <dt>
                    <Trans>E-mail</Trans>
                  </dt>
                  <dd>{wizard.account.email}</dd>
                </dl>
              </Card>
            </aside>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
