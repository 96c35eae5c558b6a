import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { registerMachine } from '../../../machines/register.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { AuthLayout } from '../app-shell/AuthLayout';
import * as styles from '../forms.css';
import { useRegister } from './use-register';

type Implementations = Parameters<typeof registerMachine.provide>[0];

/** /register: workshop sign-up. The account stays pending until the team has checked it. */
export function RegisterView({ implementations }: { implementations: Implementations }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const signUp = useRegister(implementations);
  const { values, errors } = signUp;
  return (
    <AuthLayout
      wide
      title={<Trans>Register your workshop</Trans>}
      lead={<Trans>During the pilot phase we check every registration by hand. You will hear from us by e-mail.</Trans>}
    >
      {signUp.serverError ? <InfoBox tone="error">{signUp.serverError}</InfoBox> : null}
      <Form onValid={signUp.submit} action="/register">
        <TextField
          label={t`Company name`}
          name="company_name"
          autoComplete="organization"
          value={values.company_name}
          onValueChange={(value) => signUp.change('company_name', value)}
          error={messageText(errors.company_name)}
        />
        <div className={styles.twoColumns}>
          <TextField
            label={t`First name`}
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            onValueChange={(value) => signUp.change('first_name', value)}
            error={messageText(errors.first_name)}
          />
          <TextField
            label={t`Last name`}
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onValueChange={(value) => signUp.change('last_name', value)}
            error={messageText(errors.last_name)}
          />
          <TextField
            label={t`Email`}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onValueChange={(value) => signUp.change('email', value)}
            error={messageText(errors.email)}
          />
          <TextField
            label={t`Phone`}
            type="tel"
            name="contact_number"
            autoComplete="tel"
            inputMode="tel"
            value={values.contact_number}
            onValueChange={(value) => signUp.change('contact_number', value)}
            error={messageText(errors.contact_number)}
          />
          <TextField
            label={t`Postal code`}
            name="postal_code"
            autoComplete="postal-code"
            inputMode="numeric"
            value={values.postal_code}
            onValueChange={(value) => signUp.change('postal_code', value)}
            error={messageText(errors.postal_code)}
          />
        </div>
        <div className={styles.twoColumns}>
          <PasswordField
            label={t`Password`}
            name="password"
            autoComplete="new-password"
            hint={t`At least 8 characters.`}
            value={values.password}
            onValueChange={(value) => signUp.change('password', value)}
            error={messageText(errors.password)}
          />
          <PasswordField
            label={t`Confirm password`}
            name="confirm_password"
            autoComplete="new-password"
            value={values.confirm_password}
            onValueChange={(value) => signUp.change('confirm_password', value)}
            error={messageText(errors.confirm_password)}
          />
        </div>
        <Checkbox
          label={
            <Trans>
              I accept the{' '}
              <a href="/terms" target="_blank" rel="noopener">
                terms of use
              </a>{' '}
              and the{' '}
              <a href="/privacy" target="_blank" rel="noopener">
                privacy policy
              </a>
              .
            </Trans>
          }
          name="terms_accepted"
          checked={values.terms_accepted}
          onCheckedChange={signUp.changeTerms}
          error={messageText(errors.terms_accepted)}
        />
        <Button type="submit" fullWidth busy={signUp.busy} busyLabel={t`Registering…`}>
          <Trans>Register</Trans>
        </Button>
      </Form>
      <div className={styles.formFooter}>
        <Link to="/login">
          <Trans>Already registered? Log in</Trans>
        </Link>
      </div>
    </AuthLayout>
  );
}
