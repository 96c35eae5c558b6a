import { request as playwrightRequest } from '@playwright/test';
import {
  dataOf,
  dealerAccepts,
  dealerWithUser,
  type Language,
  signedInApi,
  verifiedWorkshopFromWizard,
} from './dealer-support';
import {
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openPageInNewContext,
  test,
  useLanguage,
} from './support';

/**
 * Issue 15, the DMS punch-in (ADR 034), in a browser against the real server: a DMS (this test,
 * with the workshop's API key) posts a pre-filled inquiry and gets a one-time link; the browser
 * opens it signed out, logs in, lands on the pre-filled form ("from your DMS"), survives a reload,
 * sends the inquiry and arrives at the DMS's return URL with the inquiry id. The same link again
 * says, translated, that it was already used, and offers a way on.
 */
const PASSWORD = 'Punch-in-Werkstatt-2026';
const DMS_ORIGIN = 'https://dms.example.test';
const DMS_NAME = 'Werkstattplaner E2E';

const copy = {
  de: {
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    title: 'Neue Anfrage',
    fromDms: `Aus Ihrem DMS: ${DMS_NAME}`,
    vin: 'FIN',
    line: (position: number) => `Position ${position}`,
    description: 'Beschreibung',
    send: 'Anfrage senden',
    refused: 'Der Link aus Ihrem DMS konnte nicht geöffnet werden',
    used: 'Dieser Link aus Ihrem DMS wurde bereits geöffnet',
    inquiries: 'Zu Ihren Anfragen',
    writeHere: 'Anfrage hier erfassen',
  },
  en: {
    login: { email: 'Email', password: 'Password', submit: 'Log in' },
    title: 'New inquiry',
    fromDms: `From your DMS: ${DMS_NAME}`,
    vin: 'VIN',
    line: (position: number) => `Line ${position}`,
    description: 'Description',
    send: 'Send inquiry',
    refused: 'The link from your DMS could not be opened',
    used: 'This link from your DMS has already been opened',
    inquiries: 'Go to your inquiries',
    writeHere: 'Write the inquiry here',
  },
} as const;

/** One workshop for both languages (invitation requests are limited per IP address), with one active dealer and a key. */
let apiKey = '';
let workshopEmail = '';

test.describe
  .serial('DMS punch-in', () => {
    test.beforeAll(async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      const page = await openPageInNewContext(browser);
      const stamp = Date.now();
      const dealer = {
        language: 'de' as Language,
        email: `punchin-dealer-${stamp}@teile-handel.de`,
        company: `Teile Punch-in ${stamp}`,
        city: 'Kiel',
        password: PASSWORD,
      };
      const workshop = { email: `punchin-${stamp}@werkstatt-test.de`, name: `Werkstatt Punch-in ${stamp}` };
      const { partDealerId } = await dealerWithUser(page, baseURL, dealer);
      await verifiedWorkshopFromWizard(page, baseURL, {
        language: 'de',
        email: workshop.email,
        name: workshop.name,
        password: PASSWORD,
        dealers: [{ part_dealer_id: partDealerId, part_dealer_customer_number: 6100 }],
      });
      const dealerApi = await signedInApi(baseURL, dealer.email, PASSWORD);
      await dealerAccepts(dealerApi, workshop.name);

      // The workshop creates the key for its DMS in its settings' API (shown once).
      const workshopApi = await signedInApi(baseURL, workshop.email, PASSWORD);
      const created = await dataOf<{ secret: string }>(
        await workshopApi.post('/svc/workshop/api-keys', { data: { name: DMS_NAME, allowed_origins: [DMS_ORIGIN] } }),
      );
      apiKey = created.secret;
      workshopEmail = workshop.email;
      await Promise.all([dealerApi.dispose(), workshopApi.dispose(), page.context().close()]);
    });

    for (const language of ['de', 'en'] as const) {
      const words = copy[language];
      test(`${language}: the DMS's link opens the pre-filled inquiry after login, sending returns to the DMS, the link works once`, async ({
        browser,
        baseURL,
      }) => {
        test.setTimeout(120_000);
        // The DMS: a server of its own, with nothing but the key (no cookies, no origin).
        const dms = await playwrightRequest.newContext({
          baseURL,
          extraHTTPHeaders: { authorization: `Bearer ${apiKey}`, 'accept-language': language },
        });
        const job = `${language}-${Date.now()}`;
        const returnUrl = `${DMS_ORIGIN}/werkstatt/auftrag?job=${job}`;
        const punchIn = await dataOf<{ url: string }>(
          await dms.post('/api/v1/punch-ins', {
            data: {
              vehicle: { vin: 'WVWZZZ1KZAW000001', description: 'VW Golf VI' },
              lines: [
                {
                  part_number: '1K0 615 301 AA',
                  description: 'Bremsscheibe vorne',
                  quantity: 2,
                  note: `Auftrag ${job}`,
                },
                { description: 'Bremsbeläge vorne', quantity: 1 },
              ],
              return_url: returnUrl,
            },
          }),
        );
        const link = new URL(punchIn.url);
        const path = `${link.pathname}${link.search}`;

        const page = await openPageInNewContext(browser);
        await useLanguage(page, language);
        // The DMS's own page, where the browser returns: served here instead of from the internet.
        await page.route(`${DMS_ORIGIN}/**`, (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><html lang="${language}"><title>DMS</title><h1>DMS</h1></html>`,
          }),
        );

        // Signed out: the login comes first, and the link survives it.
        await page.goto(path);
        await expect(page).toHaveURL(/\/login\?redirect=/);
        await logInThroughForm(page, workshopEmail, PASSWORD, words.login);
        await expect(page.getByRole('heading', { name: words.title, level: 1 })).toBeVisible();
        await expect(page.getByText(words.fromDms)).toBeVisible();
        await expect(page.getByLabel(words.vin, { exact: true })).toHaveValue('WVWZZZ1KZAW000001');
        await expect(
          page.getByRole('group', { name: words.line(2), exact: true }).getByLabel(words.description, { exact: true }),
        ).toHaveValue('Bremsbeläge vorne');
        // The spent token leaves the address: a reload restores the draft instead of redeeming again.
        await expect(page).toHaveURL(/\/inquiries\/new$/);
        await expectNoAccessibilityViolations(page);

        await page.reload();
        await expect(page.getByText(words.fromDms)).toBeVisible();
        await expect(
          page.getByRole('group', { name: words.line(1), exact: true }).getByLabel(words.description, { exact: true }),
        ).toHaveValue('Bremsscheibe vorne');

        if (language === 'de') {
          // A language switch reloads the page: the draft, the DMS and the way back stay.
          await page.getByRole('button', { name: /^EN/ }).click();
          await expect(page.locator('html')).toHaveAttribute('lang', 'en');
          await expect(page.getByText(copy.en.fromDms)).toBeVisible();
          await expect(page.getByLabel(copy.en.vin, { exact: true })).toHaveValue('WVWZZZ1KZAW000001');
          await page.getByRole('button', { name: /^DE/ }).click();
          await expect(page.locator('html')).toHaveAttribute('lang', 'de');
          await expect(page.getByText(words.fromDms)).toBeVisible();
        }

        await page.getByRole('button', { name: words.send, exact: true }).click();
        await page.waitForURL((url) => url.origin === DMS_ORIGIN);
        const back = new URL(page.url());
        expect(`${back.origin}${back.pathname}`).toBe(`${DMS_ORIGIN}/werkstatt/auftrag`);
        expect(back.searchParams.get('job')).toBe(job);
        const inquiryId = back.searchParams.get('teileportal_inquiry_id');
        expect(inquiryId).toMatch(/^\d+$/);

        // The inquiry is real, and the link is spent.
        await page.goto(`/inquiries/${inquiryId}`);
        await expect(page.getByText('Bremsscheibe vorne').first()).toBeVisible();
        await page.goto(path);
        const refusal = page.getByRole('alert').filter({ hasText: words.refused });
        await expect(refusal).toContainText(words.used);
        await expect(refusal.getByRole('link', { name: words.inquiries })).toHaveAttribute('href', '/inquiries');
        await expectNoAccessibilityViolations(page);
        await refusal.getByRole('button', { name: words.writeHere }).click();
        await expect(refusal).toHaveCount(0);
        await expect(page.getByRole('button', { name: words.send, exact: true })).toBeVisible();

        await Promise.all([dms.dispose(), page.context().close()]);
      });
    }
  });
