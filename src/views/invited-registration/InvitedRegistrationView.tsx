import { Trans, useLingui } from '@lingui/react/macro';
import type { UserInvitationClaims } from '../../../common/contracts/user-invitation';
import type { invitedRegistrationMachine } from '../../../machines/invited-registration.machine';
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
  token,
  invitation,
}: {
  implementations: Implementations;
  token: string | null;
  invitation: UserInvitationClaims | null;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const registration = useInvitedRegistration(implementations, token, invitation);
  const { values, errors } = registration;
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
