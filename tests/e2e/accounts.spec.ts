import {
  ADMIN,
  activateAccount,
  expect,
  expectNoAccessibilityViolations,
  fillSignUpForm,
  logInThroughForm,
  registerAccount,
  test,
  useLanguage,
} from './support';

test('sign-up through the form lands on the pending page; the admin activates; the user logs in to the dashboard', async ({
  page,
  request,
}) => {
  const email = `e2e-form-${Date.now()}@werkstatt-test.de`;
  await page.goto('/register');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByText('Firmenname ist erforderlich')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await fillSignUpForm(page, { company: 'Autohaus E2E', email, password: 'Zuendkerze-2026' });
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/account\?status=2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Konto wird geprüft');
  await expectNoAccessibilityViolations(page);

  // A pending account cannot log in: the status page again, and no session.
  await page.goto('/login');
  await logInThroughForm(page, email, 'Zuendkerze-2026');
  await expect(page).toHaveURL(/\/account\?status=2$/);

  // The admin activates it on /users.
  await page.goto('/login');
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Benutzer' }).click();
  await page.getByLabel('Suche nach Name, Firma oder E-Mail').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell', { name: 'Prüfung ausstehend' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await row.getByRole('button', { name: 'Freischalten' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Freischalten' }).click();
  await expect(row.getByRole('cell', { name: 'Aktiv', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughForm(page, email, 'Zuendkerze-2026');
  // One service (WORKSHOP): straight to its url, /dashboard here (WORKSHOP_APP_URL).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Paula');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Benutzer' })).toHaveCount(0);
  void request;
});

test('a logged-in workshop user typing /users is sent to /login', async ({ page, request }) => {
  const account = await registerAccount(request, 'Walter');
  await activateAccount(request, account.email);
  await page.goto('/login');
  await logInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login$/);
});

test('forged userResponse in localStorage does not open /users: the server says no', async ({ page, request }) => {
  const account = await registerAccount(request, 'Mallory');
  await activateAccount(request, account.email);
  await page.goto('/login');
  await logInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('userResponse') ?? '{}');
    window.localStorage.setItem('userResponse', JSON.stringify({ ...stored, role: 'system_admin' }));
  });
  const answer = await page.evaluate(
    async () => (await fetch('/svc/auth/api/v1/users/list', { credentials: 'include' })).status,
  );
  expect(answer).toBe(403);
  await page.goto('/users');
  // The session is revalidated with the server at start, so the forged role does not survive a load.
  await expect(page).toHaveURL(/\/login$/);
});

test('logout asks first; No keeps the session, Yes ends it', async ({ page, context }) => {
  await page.goto('/login');
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abmelden?' });
  await expect(dialog).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Nein' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('userResponse'))).toBeNull();
  expect((await context.cookies()).find((cookie) => cookie.name === 'tp_session')).toBeUndefined();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
});

test('in English: forgot password → mail in the dev mailbox → reset → log in with the new password', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'Rita');
  await activateAccount(request, account.email);
  await useLanguage(page, 'en');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const send = page.getByRole('button', { name: 'Send reset link' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email').fill(account.email);
  await expectNoAccessibilityViolations(page);
  await send.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your inbox');
  await expect(
    page.getByText('If an account is linked to this e-mail address, we have sent a reset link.'),
  ).toBeVisible();

  await expect(async () => {
    await page.goto('/dev/mailbox');
    await page
      .getByRole('row')
      .filter({ hasText: account.email })
      .filter({ hasText: 'Ihr Link zum Zurücksetzen des Passworts' })
      .getByRole('link')
      .click();
  }).toPass({ timeout: 10_000 });
  await page.getByRole('link', { name: 'Passwort zurücksetzen' }).click();

  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  const save = page.getByRole('button', { name: 'Save password' });
  await expect(save).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByLabel('Confirm new password').press('Enter');
  await expect(page.getByText('Password should be at least 8 characters long')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Kupplung-2026-neu');
  await page.getByLabel('Confirm new password').fill('Kupplung-2026-neu');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Confirm new password').press('Enter');
  await expect(page.getByText('Your password has been saved. You are being taken to the login…')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await logInThroughForm(page, account.email, account.password, {
    email: 'Email',
    password: 'Password',
    submit: 'Log in',
  });
  await expect(page.getByText('Email or password is incorrect').first()).toBeVisible();
  await logInThroughForm(page, account.email, 'Kupplung-2026-neu', {
    email: 'Email',
    password: 'Password',
    submit: 'Log in',
  });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Rita');
});

test('a used reset link shows "request a new link" (and the login) instead of the form', async ({ page, request }) => {
  const account = await registerAccount(request, 'Udo');
  await activateAccount(request, account.email);
  await request.post('/svc/auth/api/v1/forgot-password', { data: { email: account.email } });
  await page.goto('/dev/mailbox');
  await page
    .getByRole('row')
    .filter({ hasText: account.email })
    .filter({ hasText: 'Zurücksetzen' })
    .getByRole('link')
    .click();
  const link = await page.getByRole('link', { name: 'Passwort zurücksetzen' }).getAttribute('href');
  const token = new URL(link ?? '').searchParams.get('token');
  const used = await request.post('/svc/auth/api/v1/reset-password', {
    data: { token, password: 'Scheibe-2026-a', confirm_password: 'Scheibe-2026-a' },
  });
  expect(used.status()).toBe(200);
  await page.goto(`/reset-password?token=${token}`);
  // The link is checked before the form shows (docs/product.md §4.6): no form that could only fail.
  await expect(page.getByText('Dieser Link wurde bereits verwendet.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anmelden', exact: true })).toHaveAttribute('href', '/login');
});

test('a signed-in user changes the password from the navigation', async ({ page, request }) => {
  const account = await registerAccount(request, 'Chris');
  await activateAccount(request, account.email);
  await page.goto('/login');
  await logInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Passwort ändern' }).click();
  // Issue 24 §11: the change happens inside the app's frame, its navigation still there.
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await page.getByLabel('Aktuelles Passwort').fill(account.password);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('Stossdaempfer-2026');
  await page.getByLabel('Neues Passwort bestätigen').fill('Stossdaempfer-2026');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Ihr Passwort wurde geändert.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});
