import {
  ADMIN,
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openPageInNewContext,
  test,
} from './support';

test('an admin invites a user; the mail opens /user-invite; the user registers and logs in; the link works once', async ({
  page,
  browser,
}) => {
  const email = `invited-${Date.now()}@teile-nord.de`;
  await page.goto('/login');
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('link', { name: 'Benutzer' }).click();
  const form = page.getByRole('region', { name: 'Benutzer einladen' });
  await form.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(form.getByText('Vorname ist erforderlich')).toBeVisible();
  await form.getByLabel('Vorname').fill('Ines');
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Firmenname').fill('Teile Nord GmbH');
  await form.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(page.getByText('Die Einladung wurde versendet.').first()).toBeVisible();
  await expect(form.getByLabel('E-Mail')).toHaveValue('');

  await expect(async () => {
    await page.goto('/dev/mailbox');
    await page.getByRole('row').filter({ hasText: email }).getByRole('link').click();
  }).toPass({ timeout: 10_000 });
  const link = await page.getByRole('link', { name: 'Jetzt registrieren' }).getAttribute('href');
  expect(link).toContain('/user-invite?token=');

  const invitee = await openPageInNewContext(browser);
  await invitee.goto(link ?? '');
  await expect(invitee.getByLabel('Vorname')).toHaveValue('Ines');
  await expect(invitee.getByLabel('E-Mail')).toHaveValue(email);
  await expect(invitee.getByLabel('Firmenname')).toHaveValue('Teile Nord GmbH');
  await expectNoAccessibilityViolations(invitee);
  await invitee.getByRole('button', { name: 'Registrieren' }).click();
  await expect(invitee.getByText('Nachname ist erforderlich')).toBeVisible();
  await invitee.getByLabel('Nachname').fill('Nord');
  await invitee.getByLabel('Telefonnummer').fill('+49 40 123456');
  await invitee.getByLabel('Passwort', { exact: true }).fill('Lagerhalle-2026');
  await invitee.getByLabel('Passwort bestätigen').fill('Lagerhalle-2026');
  await invitee.getByRole('button', { name: 'Registrieren' }).click();
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Registrierung abgeschlossen');
  await invitee.getByRole('button', { name: 'Zur Anmeldung' }).click();
  await expect(invitee).toHaveURL(/\/login$/);
  await logInThroughForm(invitee, email, 'Lagerhalle-2026');
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Ines');

  // The link works once: opened again, it says the registration is done and offers the login.
  const again = await openPageInNewContext(browser);
  await again.goto(link ?? '');
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('Sie sind bereits registriert');
  await expect(again.getByRole('button', { name: 'Registrieren' })).toHaveCount(0);
  await again.getByRole('button', { name: 'Zur Anmeldung' }).click();
  await expect(again).toHaveURL(/\/login$/);
});

test('without a token /user-invite says so and sends nothing', async ({ page }) => {
  await page.goto('/user-invite');
  await expect(page.getByText('Der Registrierungslink ist unvollständig')).toBeVisible();
});

test('the support page offers mail, booking and phone; back returns', async ({ page }) => {
  await page.goto('/');
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wie können wir helfen?');
  await expect(page.getByRole('link', { name: /support@/ })).toHaveAttribute(
    'href',
    /^mailto:.*subject=Hilfe%20beim%20Onboarding/,
  );
  await expect(page.getByRole('link', { name: /^\+49/ })).toHaveAttribute('href', /^tel:\+49/);
  await expect(page.getByText('Mo–Fr 9:00–18:00')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/$/);
});
