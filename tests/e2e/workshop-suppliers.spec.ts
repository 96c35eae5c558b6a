import { verifiedDealer, verifiedWorkshopFromWizard } from './dealer-support';
import { expect, expectNoAccessibilityViolations, logInThroughForm, test, useLanguage } from './support';

const PASSWORD = 'Bremsscheibe-2026';

const copy = {
  de: {
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    nav: 'Lieferanten',
    mainNavigation: 'Hauptnavigation',
    notYet: 'Noch nicht auf Teileportal – die Anfrage wartet, bis der Händler beitritt',
    requested: 'Angefragt – wartet auf die Bestätigung des Händlers',
    notOnPortal: 'Lieferanten, die nicht auf Teileportal sind',
    editAt: (name: string) => `Nummer ändern: ${name}`,
    customerNumber: 'Kundennummer',
    numberRule: 'Die Kundennummer darf Buchstaben, Ziffern, -, /, . und Leerzeichen enthalten (bis zu 32 Zeichen)',
    save: 'Speichern',
    number: (value: string) => `Kundennummer: ${value}`,
    add: 'Lieferanten hinzufügen',
    city: 'Stadt',
    name: 'Name',
    alreadyListed: 'Bereits auf Ihrer Liste',
    choose: (name: string) => `${name} auswählen`,
    send: 'Anfrage senden',
    remove: (name: string) => `${name} entfernen`,
    confirmRemove: 'Entfernen',
  },
  en: {
    login: { email: 'Email', password: 'Password', submit: 'Log in' },
    nav: 'Suppliers',
    mainNavigation: 'Main navigation',
    notYet: 'Not on Teileportal yet — the request waits until the dealer joins',
    requested: 'Requested — waiting for the dealer to confirm',
    notOnPortal: 'Suppliers not on Teileportal',
    editAt: (name: string) => `Edit number: ${name}`,
    customerNumber: 'Customer number',
    numberRule: 'The customer number may contain letters, digits, -, /, . and spaces (up to 32 characters)',
    save: 'Save',
    number: (value: string) => `Customer number: ${value}`,
    add: 'Add a supplier',
    city: 'City',
    name: 'Name',
    alreadyListed: 'Already on your list',
    choose: (name: string) => `Choose ${name}`,
    send: 'Send request',
    remove: (name: string) => `Remove ${name}`,
    confirmRemove: 'Remove',
  },
} as const;

for (const [language, words] of Object.entries(copy) as [keyof typeof copy, (typeof copy)[keyof typeof copy]][]) {
  test(`${language}: a verified workshop sees its wizard's suppliers, edits a number, adds a dealer found by city, removes one`, async ({
    page,
    baseURL,
  }) => {
    const email = `suppliers-${language}-${Date.now()}@werkstatt-test.de`;
    const city = language === 'de' ? 'Flensburg' : 'Husum';
    const dealerName = `Förde Teile ${language.toUpperCase()}`;
    // The wizard named two listed dealers and one supplier not on the portal.
    await verifiedWorkshopFromWizard(page, baseURL, {
      language: 'de',
      email,
      name: 'Autoservice Schmitt',
      password: PASSWORD,
      dealers: [
        { part_dealer_id: 1, part_dealer_customer_number: 100200 },
        { part_dealer_id: 2, part_dealer_customer_number: 3344 },
      ],
      additional: [{ part_dealer_name: 'Teilehandel Nord', part_dealer_customer_number: 'N-77' }],
    });
    await verifiedDealer(baseURL, {
      language,
      email: `dealer-${Date.now()}@${city.toLowerCase()}-teile.de`,
      company: dealerName,
      city,
    });

    if (language === 'en') await useLanguage(page, 'en');
    await page.goto('/login');
    await logInThroughForm(page, email, PASSWORD, words.login);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard's quick access links to the suppliers too: the main navigation's link is the one meant.
    await page
      .getByRole('navigation', { name: words.mainNavigation })
      .getByRole('link', { name: words.nav, exact: true })
      .click();
    await expect(page).toHaveURL(/\/suppliers$/);

    // The wizard's relations: requested, at listed dealers that are not on the portal yet.
    const wm = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'WM SE' }) });
    await expect(wm.getByText(words.notYet)).toBeVisible();
    await expect(wm.getByText(words.number('100200'))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stahlgruber' })).toBeVisible();
    await expect(page.getByRole('heading', { name: words.notOnPortal })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Teilehandel Nord' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // Editing a number: the wizard's rule, then saved.
    await wm.getByRole('button', { name: words.editAt('WM SE') }).click();
    const editDialog = page.getByRole('dialog');
    await editDialog.getByLabel(words.customerNumber).fill('10#A');
    await editDialog.getByRole('button', { name: words.save }).click();
    await expect(editDialog.getByText(words.numberRule)).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await editDialog.getByLabel(words.customerNumber).fill('100201');
    await editDialog.getByRole('button', { name: words.save }).click();
    await expect(editDialog).toBeHidden();
    await expect(wm.getByText(words.number('100201'))).toBeVisible();

    // Adding the verified dealer organisation, found by its city.
    await page.getByRole('button', { name: words.add }).click();
    const addDialog = page.getByRole('dialog');
    await addDialog.getByLabel(words.city).fill(city);
    await addDialog.getByRole('button', { name: words.choose(dealerName) }).click();
    await expectNoAccessibilityViolations(page);
    await addDialog.getByLabel(words.customerNumber).fill('5566');
    await addDialog.getByRole('button', { name: words.send }).click();
    await expect(addDialog).toBeHidden();
    const added = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: dealerName }) });
    await expect(added.getByText(words.requested)).toBeVisible();
    await expect(added.getByText(words.number('5566'))).toBeVisible();

    // Removing one after the confirmation.
    await page.getByRole('button', { name: words.remove('Stahlgruber') }).click();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: words.confirmRemove, exact: true }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Stahlgruber' })).toHaveCount(0);

    // A reload keeps the page working, with what the server holds.
    await page.reload();
    await expect(page.getByRole('heading', { name: dealerName })).toBeVisible();
    await expect(wm.getByText(words.number('100201'))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stahlgruber' })).toHaveCount(0);
    await page.getByRole('button', { name: words.add }).click();
    await page.getByRole('dialog').getByLabel(words.name).fill('WM SE');
    const listed = page
      .getByRole('dialog')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'WM SE', exact: true }) });
    await expect(listed.getByText(words.alreadyListed)).toBeVisible();
    await expect(listed.getByRole('button')).toHaveCount(0);
  });
}
