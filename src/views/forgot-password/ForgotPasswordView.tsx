import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { RESET_TOKEN_MINUTES } from '../../../common/contracts/account';
import type { forgotPasswordMachine } from '../../../machines/forgot-password.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { TextField } from '../../ui/TextField';
import { AuthLayout } from '../app-shell/AuthLayout';
import * as styles from '../forms.css';
import { useForgotPassword } from './use-forgot-password';

type Implementations = Parameters<typeof forgotPasswordMachine.provide>[0];

/** /forgot-password: step 1 the e-mail, step 2 the confirmation (docs/product.md §2). */
export function ForgotPasswordView({ implementations }: { implementations: Implementations }) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const forgot = useForgotPassword(implementations);
  if (forgot.linkSent) {
    return (
      <AuthLayout title={<Trans>Check your inbox</Trans>}>
        <InfoBox tone="success">
          {forgot.sentMessage ?? (
            <Trans>If an account is linked to this e-mail address, we have sent a reset link.</Trans>
          )}
        </InfoBox>
        <p>
          <Trans>
            The link is valid for <Plural value={RESET_TOKEN_MINUTES} _60="one hour" other="# minutes" /> and can be
            used once. Please also look in your spam folder.
          </Trans>
        </p>
        <Link to="/login">
          <Trans>Back to login</Trans>
        </Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={<Trans>Forgot your password?</Trans>}
      lead={<Trans>Enter the e-mail address of your account. We will send you a link to set a new password.</Trans>}
    >
      <Form onValid={forgot.submit} action="/forgot-password">
        <TextField
          label={t`Email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={forgot.email}
          onValueChange={forgot.changeEmail}
          error={messageText(forgot.error)}
        />
        <Button type="submit" fullWidth disabled={!forgot.canSend} busy={forgot.busy} busyLabel={t`Sending…`}>
          <Trans>Send reset link</Trans>
        </Button>
      </Form>
      <div className={styles.formFooter}>
        <Link to="/login">
          <Trans>Back to login</Trans>
        </Link>
      </div>
    </AuthLayout>
  );
}
