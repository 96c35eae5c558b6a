import { dealerWithUser } from './dealer-support';
import { expect, expectNoAccessibilityViolations, logInThroughForm, test, useLanguage } from './support';

const PASSWORD = 'Bremsscheibe-2026';

/**
 * Issue 25, ADR 041: a dealer registers a webhook in its settings (German). A private address is
 * refused with the translated reason; a loopback receiver (allowed in development only) is
 * registered, its secret shown once, and the list and the (still empty) delivery log show it.
 */
test('a dealer registers a webhook: a private address is refused, the secret is shown once (de)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const dealer = {
    language: 'de' as const,
    email: `hook-dealer-${stamp}@teile-handel.de`,
    company: `Hook Teile ${stamp}`,
    city: 'Flensburg',
    password: PASSWORD,
  };
  await dealerWithUser(page, baseURL, dealer);
  await useLanguage(page, 'de');
  await page.goto('/login');
  await logInThroughForm(page, dealer.email, PASSWORD, { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Webhooks', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks');
  await expect(page.getByText('Sie haben noch keine Webhooks.')).toBeVisible();

  await page.getByRole('button', { name: 'Webhook hinzufügen' }).click();
  const form = page.getByRole('dialog', { name: 'Webhook hinzufügen' });
  await form.getByLabel('Adresse (URL)').fill('https://10.0.0.1/hooks');
  await form.getByRole('checkbox', { name: 'Bestellung bestätigt' }).check();
  await form.getByRole('button', { name: 'Webhook anlegen' }).click();
  await expect(
    form.getByText(
      'Diese Adresse wird nicht beliefert: nur https an öffentliche Adressen, keine internen, lokalen oder privaten Netze.',
    ),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);

  const url = `http://127.0.0.9:4451/hooks/${stamp}`;
  await form.getByLabel('Adresse (URL)').fill(url);
  await form.getByLabel('Beschreibung').fill('Warenwirtschaft');
  await form.getByRole('button', { name: 'Webhook anlegen' }).click();
  const shown = page.getByRole('dialog', { name: 'Das Geheimnis des Webhooks' });
  const secret = (await shown.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expectNoAccessibilityViolations(page);
  await shown.getByRole('button', { name: 'Fertig' }).click();

  const table = page.getByRole('table', { name: 'Ihre Webhooks' });
  await expect(table.getByText(url)).toBeVisible();
  await expect(table.getByText('Anfrage gesendet, Bestellung aufgegeben, Bestellung bestätigt')).toBeVisible();
  await expect(table.getByText('Aktiv', { exact: true })).toBeVisible();
  // Shown once: after a reload the secret is nowhere on the page.
  await page.reload();
  await expect(table.getByText(url)).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  await table.getByRole('button', { name: 'Zustellprotokoll' }).click();
  const log = page.getByRole('dialog', { name: `Zustellprotokoll von ${url}` });
  await expect(log.getByText('An diese Adresse wurde noch nichts gesendet.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
