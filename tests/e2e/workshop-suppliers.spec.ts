import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import {
  ADMIN,
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openLatestMailLink,
  test,
  useLanguage,
} from './support';

const PASSWORD = 'Bremsscheibe-2026';

/** A real ALTCHA answer, solved here as the widget would (the forms' own captcha is tested elsewhere). */
async function solvedCaptcha(api: APIRequestContext) {
  const { solveChallenge } = await import('altcha-lib');
  const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
  const challenge = await (await api.get('/captcha/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function newApi(baseURL: string | undefined) {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? '' } });
}

async function asAdmin(baseURL: string | undefined) {
  const admin = await newApi(baseURL);
  expect((await admin.post('/svc/auth/api/v1/login', { data: ADMIN })).status()).toBe(200);
  return admin;
}

/**
 * A verified workshop whose wizard named two listed dealers and one supplier not on the portal,
 * all through the real API: request, approval, account, step 3, activation by the administrator.
 */
async function verifiedWorkshopFromWizard(page: Page, baseURL: string | undefined, email: string) {
  const visitor = await newApi(baseURL);
  const requested = await visitor.post('/svc/workshop/lead', {
    data: {
      workshop_primary_email: email,
      workshop_account_name: 'Autoservice Schmitt',
      recaptcha: await solvedCaptcha(visitor),
      mode: 'plain',
    },
  });
  expect(requested.status()).toBe(200);
  const admin = await asAdmin(baseURL);
  const leads = (await (await admin.get('/svc/workshop/leads?status=requested')).json()) as {
    data: { items: { id: number; email: string }[] };
  };
  const lead = leads.data.items.find((item) => item.email === email);
  expect((await admin.post(`/svc/workshop/leads/${lead?.id}/approve`, { data: {} })).status()).toBe(200);
  const link = await openLatestMailLink(page, email, 'Ihre Einladung zum Teileportal', 'Konto einrichten');
  const token = new URL(link ?? '', baseURL).searchParams.get('token');

  const wizard = await newApi(baseURL);
  const account = await wizard.post('/svc/workshop/lead/account', {
    data: { token, first_name: 'Sabine', last_name: 'Schmitt', password: PASSWORD },
  });
  expect(account.status()).toBe(200);
  const workshopId = ((await account.json()) as { data: { workshop: { id: number } } }).data.workshop.id;
  const suppliers = await wizard.put(`/svc/workshop/${lead?.id}/workshop/${workshopId}/details`, {
    data: {
      part_dealer_request: true,
      first_name: 'Sabine',
      part_dealer_data: [
        { part_dealer_id: 1, part_dealer_customer_number: 100200 },
        { part_dealer_id: 2, part_dealer_customer_number: 3344 },
      ],
      additional_part_dealer_data: [{ part_dealer_name: 'Teilehandel Nord', part_dealer_customer_number: 'N-77' }],
    },
  });
  expect(suppliers.status()).toBe(200);

  const users = (await (await admin.get(`/svc/auth/api/v1/users/list?search=${encodeURIComponent(email)}`)).json()) as {
    data: { items: { id: number }[] };
  };
  const activated = await admin.post(`/svc/auth/api/v1/users/${users.data.items[0]?.id}/status`, {
    data: { status: 1 },
  });
  expect(activated.status()).toBe(200);
  await Promise.all([visitor.dispose(), admin.dispose(), wizard.dispose()]);
}

/** A dealer registers and an administrator verifies it: verifying makes it a dealer organisation. */
async function verifiedDealer(baseURL: string | undefined, company: string, city: string) {
  const email = `dealer-${Date.now()}@${city.toLowerCase()}-teile.de`;
  const visitor = await newApi(baseURL);
  const registered = await visitor.post('/svc/part-dealer/part-dealer/leads', {
    data: {
      first_name: 'Dieter',
      last_name: 'Händler',
      company_name: company,
      email,
      contact_number: '+49 461 123456',
      street: 'Hafendamm 5',
      city,
      postcode: '24937',
      country: 'Deutschland',
      website: '',
      steerer: '',
      brands_served: ['Volvo'],
      delivery_area: 'Schleswig-Holstein',
      tax_id: 'DE123456789',
      recaptcha: await solvedCaptcha(visitor),
    },
  });
  expect(registered.status()).toBe(200);
  const admin = await asAdmin(baseURL);
  const leads = (await (await admin.get('/svc/part-dealer/part-dealer/leads?status=UNVERIFIED')).json()) as {
    data: { items: { id: number; email: string }[] };
  };
  const lead = leads.data.items.find((item) => item.email === email);
  const verified = await admin.post(`/svc/part-dealer/part-dealer/leads/${lead?.id}/verify`, { data: { reason: '' } });
  expect(verified.status()).toBe(200);
  await Promise.all([visitor.dispose(), admin.dispose()]);
}

const copy = {
  de: {
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    nav: 'Lieferanten',
    notYet: 'Noch nicht auf Teileportal – die Anfrage wartet, bis der Händler beitritt',
    requested: 'Angefragt – wartet auf die Bestätigung des Händlers',
    notOnPortal: 'Lieferanten, die nicht auf Teileportal sind',
    editAt: (name: string) => `Nummer ändern: ${name}`,
    customerNumber: 'Kundennummer',
    digitsOnly: 'Die Kundennummer darf nur Ziffern enthalten',
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
    notYet: 'Not on Teileportal yet — the request waits until the dealer joins',
    requested: 'Requested — waiting for the dealer to confirm',
    notOnPortal: 'Suppliers not on Teileportal',
    editAt: (name: string) => `Edit number: ${name}`,
    customerNumber: 'Customer number',
    digitsOnly: 'The customer number may contain digits only',
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
    await verifiedWorkshopFromWizard(page, baseURL, email);
    await verifiedDealer(baseURL, dealerName, city);

    if (language === 'en') await useLanguage(page, 'en');
    await page.goto('/login');
    await logInThroughForm(page, email, PASSWORD, words.login);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: words.nav, exact: true }).click();
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
    await editDialog.getByLabel(words.customerNumber).fill('10A');
    await editDialog.getByRole('button', { name: words.save }).click();
    await expect(editDialog.getByText(words.digitsOnly)).toBeVisible();
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
