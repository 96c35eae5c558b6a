import {
  ADMIN,
  activateAccount,
  adminActivatesOnUsersScreen,
  adminDecidesLead,
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openLatestMailLink,
  openPageInNewContext,
  registerAccount,
  solveCaptcha,
  test,
  useLanguage,
} from './support';

test('the whole pilot loop: request → approval → wizard → pending → verification → dashboard', async ({
  page,
  browser,
}) => {
  const email = `loop-${Date.now()}@werkstatt-test.de`;
  await page.goto('/view-request');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Werkstattname').fill('Autoservice Schmitt');
  const send = page.getByRole('button', { name: 'Anfrage senden' });
  await expect(send).toBeDisabled();
  await solveCaptcha(page, 'Anfrage senden');
  await send.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einladung angefragt');
  await page.getByRole('button', { name: 'Hinweis schließen' }).click();
  await expect(page.getByText('Pilotphase')).toBeHidden();

  await adminDecidesLead(browser, email, 'Freigeben');

  const invitationLink = await openLatestMailLink(page, email, 'Ihre Einladung zum Teileportal', 'Konto einrichten');
  const wizard = await openPageInNewContext(browser);
  await wizard.goto(invitationLink);
  await expect(wizard.getByLabel('E-Mail')).toHaveValue(email);
  await expectNoAccessibilityViolations(wizard);
  // docs/product.md §5: one message at a time, in order.
  await wizard.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(wizard.getByText('Bitte geben Sie Ihren Vornamen ein')).toBeVisible();
  await wizard.getByLabel('Vorname *').fill('Sabine');
  await wizard.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(wizard.getByText('Bitte geben Sie ein Passwort ein')).toBeVisible();
  await wizard.getByLabel('Passwort', { exact: true }).fill('kurz');
  await wizard.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(wizard.getByText('Das Passwort muss mindestens 8 Zeichen lang sein')).toBeVisible();
  await wizard.getByLabel('Nachname *').fill('Schmitt');
  await wizard.getByLabel('Passwort', { exact: true }).fill('Bremssattel-2026');
  await wizard.getByRole('button', { name: 'Konto erstellen' }).click();

  await expect(wizard.getByText('Schritt 1 von 2')).toBeVisible();
  await expect(wizard.getByText(email)).toBeVisible();
  await wizard.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(wizard.getByText('Bitte wählen Sie Ihr DMS aus')).toBeVisible();
  await wizard.getByLabel('DMS-Software').selectOption({ label: 'WERBAS' });
  await wizard.getByLabel('DMS-Kundenreferenznummer').fill('W-2026-17');
  await expectNoAccessibilityViolations(wizard);
  await wizard.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(wizard.getByText('Schritt 2 von 2')).toBeVisible();
  await wizard.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(wizard.getByText('Bitte wählen Sie mindestens einen Teilelieferanten aus')).toBeVisible();
  await wizard.getByRole('button', { name: 'WM SE' }).click();
  await wizard.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(wizard.getByText('Kundennummer erforderlich')).toBeVisible();
  await wizard.getByLabel('Kundennummer bei WM SE').fill('100200');
  await wizard.getByLabel('Kundennummer bei Stahlgruber').fill('3344');
  await expect(wizard.getByRole('button', { name: 'Stahlgruber' })).toHaveAttribute('aria-pressed', 'true');
  await wizard.getByRole('button', { name: 'Weitere Teilelieferanten hinzufügen' }).click();
  await wizard.getByLabel('Name des Lieferanten').fill('Teilehandel Nord');
  await wizard.getByLabel('Kundennummer', { exact: true }).fill('N-77');
  await wizard.getByRole('button', { name: 'Ausgewählte hinzufügen' }).click();
  await expect(wizard.getByText('Teilehandel Nord')).toBeVisible();
  await expectNoAccessibilityViolations(wizard);
  await wizard.getByRole('button', { name: 'Weiter', exact: true }).click();

  await expect(wizard.getByRole('heading', { level: 1 })).toHaveText('Konto erfolgreich erstellt');
  await expect(wizard.getByText('Verifizierung ausstehend')).toBeVisible();
  await wizard.getByRole('button', { name: 'Schließen', exact: true }).click();
  await expect(wizard).toHaveURL(/\/$/);

  // The browser that finished the onboarding sees its confirmation again (ADR 015); any other
  // browser cannot use the invitation a second time.
  await wizard.goto(invitationLink);
  await expect(wizard.getByText('Verifizierung ausstehend')).toBeVisible();
  const elsewhere = await openPageInNewContext(browser);
  await elsewhere.goto(invitationLink);
  await expect(elsewhere.getByRole('heading', { level: 1 })).toHaveText('Diese Einladung kann nicht verwendet werden');
  await expect(
    elsewhere.getByText('Dieser Link wurde bereits verwendet. Bitte fordern Sie einen neuen an.'),
  ).toBeVisible();
  await expect(elsewhere.getByRole('button', { name: 'Mit Ihrem Passwort fortfahren' })).toHaveCount(0);

  // Pending until verified.
  await wizard.goto('/login');
  await logInThroughForm(wizard, email, 'Bremssattel-2026');
  await expect(wizard).toHaveURL(/\/account\?status=2$/);

  await page.goto('/login');
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/users$/);
  await adminActivatesOnUsersScreen(page, email);
  await page.getByRole('link', { name: 'Einladungsanfragen' }).click();
  await page.getByLabel('Status').selectOption({ label: 'Verifiziert' });
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();

  await wizard.goto('/login');
  await logInThroughForm(wizard, email, 'Bremssattel-2026');
  await expect(wizard).toHaveURL(/\/dashboard$/);
  await expect(wizard.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Sabine');
});

test('in English, /workshop-account ends after step 1 with the redirect', async ({ page, browser }) => {
  const email = `account-${Date.now()}@werkstatt-test.de`;
  await useLanguage(page, 'en');
  await page.goto('/workshop-account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Workshop name').fill('Kfz Meister Weber');
  await solveCaptcha(page, 'Send request');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation requested');

  await adminDecidesLead(browser, email, 'Freigeben');
  // The request was made in English, so the invitation mail is English too.
  const link = await openLatestMailLink(page, email, 'Your invitation to Teileportal', 'Set up account');
  const wizard = await openPageInNewContext(browser);
  await useLanguage(wizard, 'en');
  await wizard.goto(link);
  await wizard.getByLabel('First name *').fill('Weber');
  await wizard.getByLabel('Password', { exact: true }).fill('Kolbenring-2026');
  await wizard.getByRole('button', { name: 'Create account' }).click();
  await expect(wizard).toHaveURL(/\/account\?status=2$/);
  await expect(wizard.getByRole('heading', { level: 1 })).toHaveText('Your account is being verified');
});

test('a workshop user cannot call the admin lead API (403), whatever userResponse says', async ({ page, request }) => {
  const account = await registerAccount(request, 'Nina');
  await activateAccount(request, account.email);
  await page.goto('/login');
  await logInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('userResponse') ?? '{}');
    window.localStorage.setItem('userResponse', JSON.stringify({ ...stored, role: 'system_admin' }));
  });
  const statuses = await page.evaluate(async () => {
    const list = await fetch('/svc/workshop/leads', { credentials: 'include' });
    const approve = await fetch('/svc/workshop/leads/1/approve', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return [list.status, approve.status];
  });
  expect(statuses).toEqual([403, 403]);
});
