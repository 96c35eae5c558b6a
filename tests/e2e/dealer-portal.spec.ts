import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { dealerWithUser, invitationLink, type Language, verifiedWorkshopFromWizard } from './dealer-support';
import {
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openPageInNewContext,
  registerFromInvitation,
  test,
  useLanguage,
} from './support';

const PASSWORD = 'Ersatzteile-Lager-2026';

/**
 * A verified dealer organisation with its first dealer user (registered, verified by an
 * administrator, the contact registered through the invitation) and one workshop that chose its
 * tile in the wizard's step 3, waiting for confirmation.
 */
async function dealerOrganisation(page: Page, baseURL: string | undefined, language: Language) {
  const stamp = `${Date.now()}-${language}`;
  const dealer = { name: `Teile Süd ${stamp}`, email: `dora-${stamp}@teile-sued.de`, stamp };
  const { partDealerId } = await dealerWithUser(page, baseURL, {
    language,
    email: dealer.email,
    company: dealer.name,
    city: 'Regensburg',
    password: PASSWORD,
  });
  const workshop = `Autohaus Wartend ${stamp}`;
  await verifiedWorkshopFromWizard(page, baseURL, {
    language: 'de',
    email: `wartend-${stamp}@werkstatt-test.de`,
    name: workshop,
    password: PASSWORD,
    dealers: [{ part_dealer_id: partDealerId, part_dealer_customer_number: 4711 }],
  });
  return { ...dealer, workshop };
}

/** A real 2×2 PNG (signature, IHDR, IDAT, IEND with their CRCs), built here so no file is needed. */
function tinyPng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.from([0, 11, 95, 173, 240, 138, 0, 0, 240, 138, 0, 11, 95, 173]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const copy = {
  de: {
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    nav: { dashboard: 'Übersicht', profile: 'Firmenprofil', colleagues: 'Kollegen' },
    workshopOnly: ['Lieferanten', 'Benutzer'],
    customers: 'Kunden',
    manageCustomers: 'Kunden verwalten',
    waiting: 'Warten auf Ihre Bestätigung',
    incomplete: 'Ihr Profil ist noch nicht vollständig:',
    profileHeading: 'Firmenprofil',
    city: 'Stadt',
    openingHours: 'Öffnungszeiten',
    save: 'Profil speichern',
    saved: 'Das Profil wurde gespeichert.',
    chooseLogo: 'Logo auswählen',
    preview: 'Vorschau des gewählten Logos',
    upload: 'Logo hochladen',
    logoSaved: 'Das Logo wurde gespeichert.',
    currentLogo: 'Aktuelles Logo von',
    wrongType: 'Bitte laden Sie ein PNG-, JPEG- oder WebP-Bild hoch.',
    colleaguesHeading: 'Kollegen',
    you: '(Sie)',
    firstName: 'Vorname',
    email: 'E-Mail',
    invite: 'Einladung senden',
    invited: 'Die Einladung wurde versendet.',
    deactivate: 'Deaktivieren',
    deactivateColleague: (name: string) => `${name} deaktivieren`,
    reactivateColleague: (name: string) => `${name} reaktivieren`,
    deactivateTitle: 'Diesen Kollegen deaktivieren?',
    deactivated: 'Deaktiviert',
    activeStatus: 'Aktiv',
  },
  en: {
    login: { email: 'Email', password: 'Password', submit: 'Log in' },
    nav: { dashboard: 'Dashboard', profile: 'Company profile', colleagues: 'Colleagues' },
    workshopOnly: ['Suppliers', 'Users'],
    customers: 'Customers',
    manageCustomers: 'Manage customers',
    waiting: 'Waiting for your confirmation',
    incomplete: 'Your profile is not complete yet:',
    profileHeading: 'Company profile',
    city: 'City',
    openingHours: 'Opening hours',
    save: 'Save profile',
    saved: 'The profile has been saved.',
    chooseLogo: 'Choose a logo',
    preview: 'Preview of the chosen logo',
    upload: 'Upload logo',
    logoSaved: 'The logo has been saved.',
    currentLogo: 'Current logo of',
    wrongType: 'Please upload a PNG, JPEG or WebP image.',
    colleaguesHeading: 'Colleagues',
    you: '(you)',
    firstName: 'First name',
    email: 'Email',
    invite: 'Send invitation',
    invited: 'The invitation has been sent.',
    deactivate: 'Deactivate',
    deactivateColleague: (name: string) => `Deactivate ${name}`,
    reactivateColleague: (name: string) => `Reactivate ${name}`,
    deactivateTitle: 'Deactivate this colleague?',
    deactivated: 'Deactivated',
    activeStatus: 'Active',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  const words = copy[language];
  test(`${language}: a dealer user sees its dashboard, edits the profile (a reload keeps the draft), uploads a logo and invites a colleague`, async ({
    page,
    baseURL,
    browser,
  }) => {
    await useLanguage(page, language);
    const dealer = await dealerOrganisation(page, baseURL, language);
    await page.goto('/login');
    await logInThroughForm(page, dealer.email, PASSWORD, words.login);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The dealer's dashboard: the organisation, its figures, and its own navigation.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dealer.name);
    const customers = page.getByRole('region', { name: words.customers });
    await expect(customers.getByRole('definition').first()).toHaveText('1');
    await expect(customers.getByRole('term').first()).toHaveText(words.waiting);
    await expect(page.getByText(words.incomplete)).toBeVisible();
    const navigation = page.getByRole('navigation');
    for (const name of Object.values(words.nav)) {
      await expect(navigation.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of words.workshopOnly) {
      await expect(navigation.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expectNoAccessibilityViolations(page);

    // The customers card leads to the customers, where the waiting workshop is listed.
    await customers.getByRole('link', { name: words.manageCustomers }).click();
    await expect(page).toHaveURL(/\/dealer\/customers$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.customers);
    await expect(page.getByRole('row').filter({ hasText: dealer.workshop })).toContainText('4711');

    // The profile: an edit survives a reload as a draft, then is saved.
    await navigation.getByRole('link', { name: words.nav.profile, exact: true }).click();
    await expect(page).toHaveURL(/\/dealer\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.profileHeading);
    await expect(page.getByText(dealer.name, { exact: true })).toBeVisible();
    await page.getByLabel(words.city).fill('Augsburg');
    await page.getByLabel(words.openingHours).fill('Mo–Fr 8–17\nSa 9–12');
    await expectNoAccessibilityViolations(page);
    await page.reload();
    await expect(page.getByLabel(words.city)).toHaveValue('Augsburg');
    await expect(page.getByLabel(words.openingHours)).toHaveValue('Mo–Fr 8–17\nSa 9–12');
    await page.getByRole('button', { name: words.save }).click();
    await expect(page.getByText(words.saved).first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(words.city)).toHaveValue('Augsburg');

    // The logo: a script renamed .png is refused by the server; a real PNG is previewed, uploaded, shown.
    const fileInput = page.getByLabel(words.chooseLogo);
    await fileInput.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg onload=alert(1)>'),
    });
    await expect(page.getByRole('img', { name: words.preview })).toBeVisible();
    await page.getByRole('button', { name: words.upload }).click();
    await expect(page.getByText(words.wrongType).first()).toBeVisible();
    await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(page.getByRole('img', { name: words.preview })).toBeVisible();
    await page.getByRole('button', { name: words.upload }).click();
    await expect(page.getByText(words.logoSaved).first()).toBeVisible();
    const logo = page.getByRole('img', { name: `${words.currentLogo} ${dealer.name}` });
    await expect(logo).toBeVisible();
    // The browser really loaded the image from the public address.
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);
    await expectNoAccessibilityViolations(page);

    // Colleagues: the list marks the user; an invitation is mailed; the colleague registers into
    // this organisation; deactivating asks first.
    await page.getByRole('navigation').getByRole('link', { name: words.nav.colleagues, exact: true }).click();
    await expect(page).toHaveURL(/\/dealer\/colleagues$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.colleaguesHeading);
    await expect(page.getByRole('row').filter({ hasText: dealer.email })).toContainText(words.you);
    const colleagueEmail = `carla-${dealer.stamp}@teile-sued.de`;
    await page.getByLabel(words.firstName).fill('Carla');
    await page.getByLabel(words.email).fill(colleagueEmail);
    await page.getByRole('button', { name: words.invite }).click();
    await expect(page.getByText(words.invited).first()).toBeVisible();
    await expect(page.getByLabel(words.email)).toHaveValue('');
    await expectNoAccessibilityViolations(page);

    const mailbox = await openPageInNewContext(browser);
    const link = await invitationLink(mailbox, colleagueEmail, language);
    const colleague = await openPageInNewContext(browser);
    await useLanguage(colleague, language);
    // The invitation carries the first name the dealer typed.
    await registerFromInvitation(colleague, link, language, {
      firstName: 'Carla',
      lastName: 'Kollegin',
      contactNumber: '+49 89 777777',
      password: PASSWORD,
    });

    await page.reload();
    const carlaRow = page.getByRole('row').filter({ hasText: colleagueEmail });
    await expect(carlaRow).toContainText(words.activeStatus);
    await carlaRow.getByRole('button', { name: words.deactivateColleague('Carla Kollegin') }).click();
    const dialog = page.getByRole('dialog', { name: words.deactivateTitle });
    await expect(dialog).toContainText('Carla Kollegin');
    await expectNoAccessibilityViolations(page);
    await dialog.getByRole('button', { name: words.deactivate }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(carlaRow).toContainText(words.deactivated);
    await expect(carlaRow.getByRole('button', { name: words.reactivateColleague('Carla Kollegin') })).toBeVisible();
  });
}
