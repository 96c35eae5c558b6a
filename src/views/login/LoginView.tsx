import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { loginMachine } from '../../../machines/login.machine';
import { appConfig } from '../../config/app-config';
import { useMessageText } from '../../i18n/use-message-text';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Form } from '../../ui/Form';
import { InfoBox } from '../../ui/InfoBox';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { AuthLayout } from '../app-shell/AuthLayout';
import * as styles from '../forms.css';
import { useLogin } from './use-login';

type Implementations = Parameters<typeof loginMachine.provide>[0];

/** /login (docs/product.md §2): email, password with show/hide, remember me, link to /forgot-password. */
export function LoginView({
  implementations,
  redirectUrl,
}: {
  implementations: Implementations;
  redirectUrl: string | null;
}) {
  const { t } = useLingui();
  const messageText = useMessageText();
  const login = useLogin(implementations, redirectUrl);
  return (
    <AuthLayout
      title={<Trans>Log in</Trans>}
      lead={
        appConfig.portalKind === 'insurance' ? (
          <Trans>Welcome back. Log in to see the claims workshops shared with you.</Trans>
        ) : (
          <Trans>Welcome back. Log in to order parts from your dealers.</Trans>
        )
      }
    >
      {login.serverError ? <InfoBox tone="error">{login.serverError}</InfoBox> : null}
      <Form onValid={login.submit} action="/login">
        <TextField
          label={t`Email`}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={login.email}
          onValueChange={(value) => login.changeField('email', value)}
          error={messageText(login.errors.email)}
        />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="current-password"
          value={login.password}
          onValueChange={(value) => login.changeField('password', value)}
          error={messageText(login.errors.password)}
        />
        <Checkbox
          label={t`Stay logged in for 30 days`}
          name="rememberMe"
          checked={login.rememberMe}
          onCheckedChange={login.changeRememberMe}
        />
        <Button type="submit" fullWidth busy={login.busy} busyLabel={t`Logging in…`}>
          <Trans>Log in</Trans>
        </Button>
      </Form>
      <div className={styles.formFooter}>
        <Link to="/forgot-password">
          <Trans>Forgot password?</Trans>
        </Link>
        <Link to="/register">
          <Trans>No account yet? Sign up</Trans>
        </Link>
      </div>
    </AuthLayout>
  );
}
