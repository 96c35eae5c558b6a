import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { RESET_TOKEN_MINUTES } from '../../../common/contracts/account';
import type { ResetPasswordInput, resetPasswordMachine } from '../../../machines/reset-password.machine';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { AuthLayout } from '../app-shell/AuthLayout';
import * as styles from '../forms.css';
import { useResetPassword } from './use-reset-password';

type Implementations = Parameters<typeof resetPasswordMachine.provide>[0];

/**
 * The signed-in password change stays inside the app's frame (issue 24 §11): the shell around it
 * is the signed-in layout's; this is just the page's card with its heading.
 */
function InAppLayout({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.authCard}>
      <Card aria-labelledby="page-title">
        <h1 id="page-title" className={styles.formTitle}>
          {title}
        </h1>
        {lead ? <p className={styles.formLead}>{lead}</p> : null}
        {children}
      </Card>
    </section>
  );
}

/**
 * /reset-password?token=: the mailed reset (the token's e-mail shown read-only), in the public
 * account frame; /change-password: the signed-in user's password change, which also asks for the
 * current password (ADR 009), inside the app's frame.
 */
export function ResetPasswordView({
  implementations,
  input,
}: {
  implementations: Implementations;
  input: ResetPasswordInput;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const reset = useResetPassword(implementations, input);
  const title = input.mode === 'reset' ? <Trans>Set a new password</Trans> : <Trans>Change your password</Trans>;
  const Frame = input.mode === 'reset' ? AuthLayout : InAppLayout;

  if (reset.checkingLink) {
    return (
      <Frame title={title}>
        <p role="status">
          <Trans>Checking your link…</Trans>
        </p>
      </Frame>
    );
  }
  if (reset.linkRejected) {
    return (
      <AuthLayout title={<Trans>This link can no longer be used</Trans>}>
        <InfoBox tone="error">
          {reset.linkProblem === 'tokenUsed' ? (
            <Trans>
              This link has already been used. If you set a new password with it, log in with that password. Otherwise
              request a new link.
            </Trans>
          ) : reset.linkProblem === 'tokenExpired' ? (
            <Trans>
              This link has expired: a reset link is valid for{' '}
              <Plural value={RESET_TOKEN_MINUTES} _60="one hour" other="# minutes" />. Please request a new link.
            </Trans>
          ) : (
            <Trans>
              This link is not valid (a newer link may have been requested since). Please use the link from the latest
              mail, or request a new link.
            </Trans>
          )}
        </InfoBox>
        <div className={styles.formFooter}>
          <Link to="/login">
            <Trans>Log in</Trans>
          </Link>
          <Link to="/forgot-password">
            <Trans>Request a new link</Trans>
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (reset.saved) {
    return (
      <Frame title={title}>
        <InfoBox tone="success">
          {input.mode === 'reset' ? (
            <Trans>Your password has been saved. You are being taken to the login…</Trans>
          ) : (
            <Trans>Your password has been changed.</Trans>
          )}
        </InfoBox>
      </Frame>
    );
  }
  return (
    <Frame
      title={title}
      lead={<Trans>Choose a password with at least 8 characters that you do not use anywhere else.</Trans>}
    >
      <Form onValid={reset.submit}>
        {input.mode === 'reset' && input.email ? (
          <TextField
            label={t`Email`}
            type="email"
            name="email"
            autoComplete="username"
            value={input.email}
            onValueChange={() => {}}
            readOnly
          />
        ) : null}
        {input.mode === 'change' ? (
          <PasswordField
            label={t`Current password`}
            name="current_password"
            autoComplete="current-password"
            value={reset.values.current_password}
            onValueChange={(value) => reset.change('current_password', value)}
            error={messageText(reset.errors.current_password)}
          />
        ) : null}
        <PasswordField
          label={t`New password`}
          name="password"
          autoComplete="new-password"
          value={reset.values.password}
          onValueChange={(value) => reset.change('password', value)}
          error={messageText(reset.errors.password)}
        />
        <PasswordField
          label={t`Confirm new password`}
          name="confirm_password"
          autoComplete="new-password"
          value={reset.values.confirm_password}
          onValueChange={(value) => reset.change('confirm_password', value)}
          error={messageText(reset.errors.confirm_password)}
        />
        <Button type="submit" fullWidth disabled={!reset.canSave} busy={reset.busy} busyLabel={t`Saving…`}>
          <Trans>Save password</Trans>
        </Button>
      </Form>
    </Frame>
  );
}
