import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type {
  InvitedRegistrationInput,
  invitedRegistrationMachine,
} from '../../../machines/invited-registration.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { AuthLayout } from '../app-shell/AuthLayout';
import * as forms from '../forms.css';
import { useInvitedRegistration } from './use-invited-registration';

type Implementations = Parameters<typeof invitedRegistrationMachine.provide>[0];

/** /user-invite?token=…: an invited person completes the account the administrator prepared. */
export function InvitedRegistrationView({
  implementations,
  input,
}: {
  implementations: Implementations;
  input: InvitedRegistrationInput;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const registration = useInvitedRegistration(implementations, input);
  const { values, errors } = registration;
  const { invitation } = input;
  if (registration.checking) {
    return (
      <AuthLayout title={<Trans>Complete your registration</Trans>}>
        <p role="status">
          <Trans>Checking your invitation…</Trans>
        </p>
      </AuthLayout>
    );
  }
  if (registration.alreadyRegistered) {
    return (
      <AuthLayout title={<Trans>You are already registered</Trans>}>
        <InfoBox tone="info">
          <Trans>
            This invitation has already been used to create your account. Log in with your e-mail address and password.
          </Trans>
        </InfoBox>
        <Button onClick={registration.openLogin}>
          <Trans>Go to login</Trans>
        </Button>
      </AuthLayout>
    );
  }
  if (registration.invitationRejected) {
    return (
      <AuthLayout title={<Trans>This invitation can no longer be used</Trans>}>
        <InfoBox tone="error">
          {registration.linkProblem === 'tokenExpired' ? (
            <Trans>This invitation has expired. Please ask the person who invited you to send a new one.</Trans>
          ) : (
            <Trans>
              This invitation is not valid (a newer one may have been sent since). Please use the link from the latest
              invitation mail, or ask the person who invited you for a new one.
            </Trans>
          )}
        </InfoBox>
        <div className={forms.formFooter}>
          <Link to="/login">
            <Trans>Log in</Trans>
          </Link>
          <Link to="/support">
            <Trans>Contact support</Trans>
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (registration.registered) {
    return (
      <AuthLayout title={<Trans>Registration complete</Trans>}>
        <InfoBox tone="success">
          <Trans>Your account is ready. You can log in now.</Trans>
        </InfoBox>
        <Button onClick={registration.openLogin}>
          <Trans>Go to login</Trans>
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      wide
      title={<Trans>Complete your registration</Trans>}
      lead={<Trans>You have been invited to Teileportal. Please add your details.</Trans>}
    >
      {errors.token ? <InfoBox tone="error">{messageText(errors.token)}</InfoBox> : null}
      <Form onValid={registration.submit}>
        <div className={forms.twoColumns}>
          <TextField
            label={t`First name`}
            name="first_name"
            value={invitation?.first_name ?? ''}
            onValueChange={() => {}}
            readOnly
          />
          <TextField
            label={t`Last name`}
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onValueChange={(value) => registration.change('last_name', value)}
            error={messageText(errors.last_name)}
          />
          <TextField
            label={t`Email`}
            type="email"
            name="email"
            autoComplete="username"
            value={invitation?.email ?? ''}
            onValueChange={() => {}}
            readOnly
          />
          <TextField
            label={t`Company name`}
            name="company_name"
            value={invitation?.company_name ?? ''}
            onValueChange={() => {}}
            readOnly
          />
          <TextField
            label={t`Contact number`}
            type="tel"
            name="contact_number"
            autoComplete="tel"
            value={values.contact_number}
            onValueChange={(value) => registration.change('contact_number', value)}
            error={messageText(errors.contact_number)}
          />
        </div>
        <div className={forms.twoColumns}>
          <PasswordField
            label={t`Password`}
            name="password"
            autoComplete="new-password"
            value={values.password}
            onValueChange={(value) => registration.change('password', value)}
            error={messageText(errors.password)}
          />
          <PasswordField
            label={t`Confirm password`}
            name="confirm_password"
            autoComplete="new-password"
            value={values.confirm_password}
            onValueChange={(value) => registration.change('confirm_password', value)}
            error={messageText(errors.confirm_password)}
          />
        </div>
        <Button type="submit" fullWidth busy={registration.busy} busyLabel={t`Registering…`}>
          <Trans>Register</Trans>
        </Button>
      </Form>
    </AuthLayout>
  );
}
