import { Trans, useLingui } from '@lingui/react/macro';
import type { loginMachine } from '../../../machines/login.machine';
import { messageCatalog } from '../../i18n/message-catalog';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Checkbox } from '../../ui/Checkbox';
import { InfoBox } from '../../ui/InfoBox';
import { PasswordField } from '../../ui/PasswordField';
import { TextField } from '../../ui/TextField';
import { LanguageSwitcher } from '../app-shell/LanguageSwitcher';
import { Logo } from '../app-shell/Logo';
import * as styles from '../forms.css';
import { useLogin } from './use-login';

type Implementations = Parameters<typeof loginMachine.provide>[0];

/** /login (spec §2): email, password with show/hide, remember me, link to /forgot-password. */
export function LoginView({
  implementations,
  redirectUrl,
}: {
  implementations: Implementations;
  redirectUrl: string | null;
}) {
  const { t, i18n } = useLingui();
  const login = useLogin(implementations, redirectUrl);
  const errorText = (field: 'email' | 'password') => {
    const id = login.errors[field];
    return id ? i18n._(messageCatalog[id]) : null;
  };
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Logo />
        <LanguageSwitcher />
      </header>
      <main className={styles.authCard}>
        <Card aria-labelledby="login-title">
          <h1 id="login-title" className={styles.formTitle}>
            <Trans>Log in</Trans>
          </h1>
          <p className={styles.formLead}>
            <Trans>Welcome back. Log in to order parts from your dealers.</Trans>
          </p>
          {login.serverError ? (
            <div className={styles.serverError}>
              <InfoBox tone="error">{login.serverError}</InfoBox>
            </div>
          ) : null}
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              login.submit();
            }}
          >
            <TextField
              label={t`Email`}
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              value={login.email}
              onValueChange={(value) => login.changeField('email', value)}
              error={errorText('email')}
            />
            <PasswordField
              label={t`Password`}
              name="password"
              autoComplete="current-password"
              value={login.password}
              onValueChange={(value) => login.changeField('password', value)}
              error={errorText('password')}
            />
            <Checkbox
              label={t`Stay logged in for 30 days`}
              checked={login.rememberMe}
              onCheckedChange={login.changeRememberMe}
            />
            <Button type="submit" fullWidth busy={login.busy} busyLabel={t`Logging in…`}>
              <Trans>Log in</Trans>
            </Button>
          </form>
        </Card>
      </main>
    </div>
  );
}
