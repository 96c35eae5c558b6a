import {
  ADMIN,
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openPageInNewContext,
  test,
  useLanguage,
} from './support';

test('a dealer fills the form with mistakes, is guided to them, reviews, edits, confirms; the admin verifies', async ({
  page,
  browser,
}) => {
  const email = `dealer-${Date.now()}@teile-haendler.de`;
  await page.goto('/part-dealer-onboarding');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Als Teilehändler registrieren');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('Vorname').fill('Dieter');
  await page.getByLabel('Nachname').fill('Händler');
  await page.getByLabel('Firmenname').fill('Teile Händler GmbH');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Telefon').fill('+49 (89) 123-456');
  await expect(page.getByLabel('Telefon')).toHaveValue('+49 89 123456');
  await page.getByLabel('Postleitzahl').fill('80a331');
  await expect(page.getByLabel('Postleitzahl')).toHaveValue('80331');

  // Reload: the draft is still there.
  await page.reload();
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);

  const next = page.getByRole('button', { name: 'Weiter', exact: true });
  await expect(next).toBeDisabled();
  // The captcha loads when the dealer scrolls near it.
  await page.getByTestId('captcha').scrollIntoViewIfNeeded();
  await page.locator('altcha-widget label').first().click();
  await expect(next).toBeEnabled({ timeout: 20_000 });
  await next.click();
  await expect(page.getByText('Adresse ist erforderlich')).toBeVisible();
  await expect(page.getByLabel('Straße und Hausnummer')).toBeFocused();
  await page.getByLabel('Straße und Hausnummer').fill('Industriestraße 5');
  await page.getByLabel('Stadt').fill('München');
  await page.getByLabel('Steuernummer').fill('DE123456789');
  await page.getByLabel('Land', { exact: true }).selectOption('Deutschland');
  await page.getByLabel('Liefergebiet', { exact: true }).selectOption({ label: 'Deutschlandweit' });

  // Editing resets the captcha after 1 s; solve it again, then the brands are the first problem.
  await expect(next).toBeDisabled({ timeout: 5_000 });
  // The captcha loads when the dealer scrolls near it.
  await page.getByTestId('captcha').scrollIntoViewIfNeeded();
  await page.locator('altcha-widget label').first().click();
  await expect(next).toBeEnabled({ timeout: 20_000 });
  await next.click();
  await expect(page.getByText('Bitte wählen Sie mindestens eine Marke')).toBeVisible();
  await page.getByRole('checkbox', { name: 'BMW', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Andere', exact: true }).check();
  await page.getByLabel('Weitere Marke').fill('audi');
  await page.getByLabel('Weitere Marke').press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Audi', exact: true })).toBeChecked();
  await page.getByLabel('Weitere Marke').fill('Eigenmarke Nord');
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByRole('button', { name: 'Eigenmarke Nord entfernen' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await next.click();

  const review = page.getByRole('dialog', { name: 'Bitte prüfen Sie Ihre Angaben' });
  await expect(review).toBeVisible();
  await expect(review.getByText('BMW, Audi, Eigenmarke Nord')).toBeVisible();
  await review.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(review).toBeHidden();
  await page.getByLabel('Website (optional)').fill('www.teile-haendler.de');
  await expect(next).toBeDisabled({ timeout: 5_000 });
  // The captcha loads when the dealer scrolls near it.
  await page.getByTestId('captcha').scrollIntoViewIfNeeded();
  await page.locator('altcha-widget label').first().click();
  await expect(next).toBeEnabled({ timeout: 20_000 });
  await next.click();
  await expect(review.getByText('www.teile-haendler.de')).toBeVisible();
  await review.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page).toHaveURL(/\/business-info-success$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vielen Dank für Ihre Registrierung');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Schließen', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  const adminPage = await openPageInNewContext(browser);
  await adminPage.goto('/login');
  await logInThroughForm(adminPage, ADMIN.email, ADMIN.password);
  await expect(adminPage).toHaveURL(/\/users$/);
  await adminPage.goto('/users/dealers');
  const row = adminPage.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Teile Händler GmbH');
  await expect(row).toContainText('Nicht verifiziert');
  await expectNoAccessibilityViolations(adminPage);
  await row.getByRole('button', { name: 'Verifizieren' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Verifizieren' }).click();
  await adminPage.getByLabel('Status').selectOption({ label: 'Verifiziert' });
  await expect(adminPage.getByRole('row').filter({ hasText: email })).toContainText('Verifiziert');
});

test('in English: the dealer form validates in English and the success page closes to /', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/part-dealer-onboarding');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register as a part dealer');
  await page.getByLabel('First name').fill('Dana');
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect(next).toBeDisabled({ timeout: 5_000 });
  // The captcha loads when the dealer scrolls near it.
  await page.getByTestId('captcha').scrollIntoViewIfNeeded();
  await page.locator('altcha-widget label').first().click();
  await expect(next).toBeEnabled({ timeout: 20_000 });
  await next.click();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Select at least one brand')).toBeVisible();
  await expect(page.getByLabel('Last name')).toBeFocused();
  await page.goto('/business-info-success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for registering');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});
