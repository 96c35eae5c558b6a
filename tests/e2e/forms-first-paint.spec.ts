import type { Page } from '@playwright/test';
import {
  activateAccount,
  expect,
  expectNoAccessibilityViolations,
  reachForPrerenderedPages,
  registerAccount,
  test,
} from './support';

/**
 * ADR 046: the prerendered public forms are real HTML forms. Login and forgot-password work with
 * JavaScript switched off; with JavaScript, what someone types before the app has arrived
 * survives the app's takeover, caret included.
 */
test.describe('with JavaScript switched off', () => {
  // A German browser: without the app's language cookie the server answers in Accept-Language.
  test.use({ javaScriptEnabled: false, locale: 'de-DE' });

  test('logs in (after a refused try that keeps the e-mail) and asks for a reset link that arrives', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request, 'Nora');
    await activateAccount(request, account.email);

    await page.goto('/login');
    await page.getByLabel('E-Mail').fill(account.email);
    await page.getByLabel('Passwort', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('E-Mail oder Passwort ist falsch');
    await expect(page.getByLabel('E-Mail')).toHaveValue(account.email);
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('');

    await page.getByLabel('Passwort', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const me = await page.request.get('/svc/auth/api/v1/user');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(account.email);

    await page.context().clearCookies();
    await page.goto('/forgot-password');
    await page.getByLabel('E-Mail').fill(account.email);
    await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
    await expect(page).toHaveURL(/\/login\?notice=resetLinkSent$/);
    await expect(page.getByRole('note')).toHaveText(
      'Wenn ein Konto mit dieser E-Mail-Adresse verknüpft ist, haben wir einen Link zum Zurücksetzen gesendet.',
    );
    await expect(async () => {
      await page.goto('/dev/mailbox');
      await expect(
        page
          .getByRole('row')
          .filter({ hasText: account.email })
          .filter({ hasText: 'Ihr Link zum Zurücksetzen des Passworts' }),
      ).toHaveCount(1);
    }).toPass({ timeout: 15_000 });
  });

  test('a form that needs the app says so instead of failing silently', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Firmenname').fill('Kfz Ohne Skript');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByRole('alert').first()).toContainText('Dieses Formular braucht JavaScript');
  });
});

test.describe('typing before the app has arrived', () => {
  // A German browser, as above: a form post's answer without the language cookie follows Accept-Language.
  test.use({ locale: 'de-DE' });

  /** Holds the app's main chunk back until `release` is called. */
  async function holdTheApp(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  /** Fills the prerendered copy's login form and sends it as the browser does, without the app. */
  async function postTheCopysLogin(page: Page, credentials: { email: string; password: string }) {
    await page.evaluate(({ email, password }) => {
      const field = (name: string) => document.querySelector<HTMLInputElement>(`#prerendered input[name="${name}"]`);
      const emailField = field('email');
      const passwordField = field('password');
      if (!emailField || !passwordField) throw new Error('the copy has no login form');
      emailField.value = email;
      passwordField.value = password;
      emailField.form?.requestSubmit();
    }, credentials);
  }

  /** Clicks the centre of an element of the copy (locators on the copy wait for the takeover). */
  async function clickInCopy(page: Page, selector: string) {
    const centre = await page.evaluate((query) => {
      const box = document.querySelector(query)?.getBoundingClientRect();
      return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
    }, selector);
    if (!centre) throw new Error(`the copy has no ${selector}`);
    await page.mouse.click(centre.x, centre.y);
  }

  test('login: the typed e-mail and password survive the takeover, and typing goes on in the field', async ({
    page,
  }) => {
    const release = await holdTheApp(page);
    await page.goto('/login');
    await clickInCopy(page, '#prerendered input[name="email"]');
    await page.keyboard.type('werkstatt@example.de');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Brems');
    await clickInCopy(page, '#prerendered input[type="checkbox"]');
    await clickInCopy(page, '#prerendered input[name="password"]');
    // Still the copy (read without a locator, whose handler would wait for the held-back app).
    expect(
      await page.evaluate(() => document.querySelector<HTMLInputElement>('#prerendered input[name="email"]')?.value),
    ).toBe('werkstatt@example.de');
    release();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByLabel('E-Mail')).toHaveValue('werkstatt@example.de');
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('Brems');
    await expect(page.getByLabel('Passwort', { exact: true })).toBeFocused();
    await expect(page.getByRole('checkbox')).toBeChecked();
    await page.keyboard.type('scheibe');
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('Bremsscheibe');
  });

  test('login: the app is not fetched while the person types, only once they pause', async ({ page }) => {
    // The page's clock is held, so the pause is the test's to give, however busy the machine is.
    await page.clock.install();
    const appRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/main-[^/]+\.js$/.test(request.url())) appRequests.push(request.url());
    });
    await page.goto('/login');
    await clickInCopy(page, '#prerendered input[name="email"]');
    await page.keyboard.type('werkstatt@example.de');
    await page.clock.runFor(1_000);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Brems');
    await page.clock.runFor(1_400);
    expect(appRequests).toEqual([]);
    // A pause: the app arrives and takes over with what was typed.
    await page.clock.runFor(200);
    await expect.poll(() => appRequests.length).toBe(1);
    await page.clock.resume();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue('Brems');
  });

  test('sent before the app arrived: the server answers the login form, and its page passes axe', async ({ page }) => {
    // The app never arrives (axe needs JavaScript in the page, so the scripts are blocked instead),
    // so nothing waits for a takeover here.
    await page.removeLocatorHandler(page.locator('#prerendered'));
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto('/login');
    await postTheCopysLogin(page, { email: 'niemand@example.de', password: 'falsches-passwort' });
    await page.waitForURL(/\/login$/);
    await expect(page.locator('#prerendered [role="alert"]')).toHaveText('E-Mail oder Passwort ist falsch');
    await expectNoAccessibilityViolations(page);
  });

  test('signed in by the form while another app is running: the page the login leads to still asks the server', async ({
    page,
    context,
    request,
  }) => {
    // The race this guards: the login page's app, arriving while its form was being posted, read
    // the hint the login leaves and cleared it before the page was left; the page the login led to
    // had neither a stored profile nor the hint, and showed the login again (4 of 6 tries with a
    // person sending the form as the app arrived). Here another tab's app reads the hint and never
    // learns who signed in, before the signed-in page loads.
    const account = await registerAccount(request, 'Hinweis');
    await activateAccount(request, account.email);
    await page.removeLocatorHandler(page.locator('#prerendered'));
    const scripts = /\/assets\/[^/]+\.js$/;
    await page.route(scripts, (route) => route.abort());
    await page.goto('/login');
    await postTheCopysLogin(page, account);
    await page.waitForURL(/\/dashboard$/);

    const other = await context.newPage();
    await other.route('**/svc/auth/api/v1/user', (route) => route.abort());
    const otherAsked = other.waitForRequest((sent) => sent.url().endsWith('/svc/auth/api/v1/user'));
    await other.goto('/dashboard');
    await otherAsked;
    await other.close();

    await page.unroute(scripts);
    const sessionAnswers: number[] = [];
    page.on('response', (answer) => {
      if (answer.url().endsWith('/svc/auth/api/v1/user')) sessionAnswers.push(answer.status());
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen, Hinweis');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(sessionAnswers).toContain(200);
  });

  test('register: the caret stays where it stood', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/register');
    await clickInCopy(page, '#prerendered input[name="company_name"]');
    await page.keyboard.type('Kfz Meier');
    for (let step = 0; step < 6; step++) await page.keyboard.press('ArrowLeft');
    release();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByLabel('Firmenname')).toBeFocused();
    await page.keyboard.type('-Technik');
    await expect(page.getByLabel('Firmenname')).toHaveValue('Kfz-Technik Meier');
  });
});

/**
 * ADR 046, forms with a captcha: the copy loads the ALTCHA widget alone (never the app) once the
 * form is near the viewport, so it can be solved and the form sent before the app has arrived.
 */
test.describe('a form with a captcha before the app has arrived', () => {
  test.use({ locale: 'de-DE' });

  /**
   * Opens `pathname` with the app held back until `release` is called; while it is held, locators
   * act on the copy itself (no reaching for the page and waiting for a takeover, which could not come).
   */
  async function openCopyWithTheAppHeld(page: Page, pathname: string) {
    await page.removeLocatorHandler(page.locator('#prerendered'));
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const appRequests: string[] = [];
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      appRequests.push(route.request().url());
      await released;
      await route.continue();
    });
    await page.goto(pathname);
    return { copy: page.locator('#prerendered'), release, appRequested: () => appRequests.length > 0 };
  }

  /** Scrolls to the copy's captcha place (the widget loads there), solves it, and waits for its answer. */
  async function solveWidgetInCopy(page: Page) {
    await page.locator('#prerendered [data-captcha-host]').scrollIntoViewIfNeeded();
    const widget = page.locator('#prerendered altcha-widget');
    await widget.locator('label').first().click();
    await expect(widget.locator('input[name="captcha"]')).not.toHaveValue('', { timeout: 20_000 });
  }

  test('/view-request: the widget alone loads, is solved, and the request is sent and answered without the app', async ({
    page,
  }) => {
    const { appRequested, copy } = await openCopyWithTheAppHeld(page, '/view-request');
    // Loaded by the copy after the load event, before any pointer move or key: the app was not even asked for.
    await expect(copy.locator('altcha-widget')).toBeVisible();
    expect(appRequested()).toBe(false);
    // The JavaScript requested before the load event (gzip, as scripts/bench.ts counts it) stays within
    // the prerendered pages' 2.5 KB; the widget's chunks all come after it.
    const scripts = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({
          file: new URL(entry.name).pathname,
          beforeLoad: entry.startTime < (navigation?.loadEventStart ?? 0),
          bytes: entry.encodedBodySize,
        }));
    });
    const beforeLoad = scripts.filter((script) => script.beforeLoad);
    expect(beforeLoad.reduce((total, script) => total + script.bytes, 0)).toBeLessThanOrEqual(2.5 * 1024);
    expect(scripts.filter((script) => !script.beforeLoad).map((script) => script.file)).toContainEqual(
      expect.stringMatching(/\/assets\/altcha-[^/]+\.js$/),
    );
    const email = `vorab-${Date.now()}@werkstatt-test.de`;
    await copy.getByLabel('E-Mail').fill(email);
    await copy.getByLabel('Werkstattname').fill('Kfz Vorab');
    await solveWidgetInCopy(page);
    await copy.getByRole('button', { name: 'Anfrage senden' }).click();
    await page.waitForURL(/\/view-request\?notice=invitationRequested$/);
    await expect(page.locator('#prerendered [role="note"]')).toHaveText(
      'Vielen Dank! Ihre Anfrage ist eingegangen. Bitte prüfen Sie Ihr Postfach.',
    );
    await expectNoAccessibilityViolations(page);
    await expect(async () => {
      await page.goto('/dev/mailbox');
      await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
    }).toPass({ timeout: 15_000 });
  });

  test('/view-request: the app taking over keeps the typed values and the solved captcha, and sends at once', async ({
    page,
  }) => {
    const { release, copy } = await openCopyWithTheAppHeld(page, '/view-request');
    const email = `uebernahme-${Date.now()}@werkstatt-test.de`;
    await copy.getByLabel('E-Mail').fill(email);
    await copy.getByLabel('Werkstattname').fill('Kfz Übernahme');
    await solveWidgetInCopy(page);
    release();
    await reachForPrerenderedPages(page);
    await expect(page.getByLabel('E-Mail')).toHaveValue(email);
    await expect(page.getByLabel('Werkstattname')).toHaveValue('Kfz Übernahme');
    // Not asked again: the live form has the answer, its send button is enabled.
    await expect(page.getByRole('button', { name: 'Anfrage senden' })).toBeEnabled();
    await expect(page.locator('altcha-widget input[name="captcha"]')).not.toHaveValue('');
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einladung angefragt');
  });

  test('/part-dealer-onboarding: filled and solved in the copy, Next held until the app arrives, which goes on to the review', async ({
    page,
  }) => {
    const { release, copy } = await openCopyWithTheAppHeld(page, '/part-dealer-onboarding');
    const email = `haendler-vorab-${Date.now()}@teile-haendler.de`;
    await copy.getByLabel('Vorname').fill('Dora');
    await copy.getByLabel('Nachname').fill('Vorab');
    await copy.getByLabel('Firmenname').fill('Vorab Teile GmbH');
    await copy.getByLabel('E-Mail').fill(email);
    await copy.getByLabel('Telefon').fill('+49 89 654321');
    await copy.getByLabel('Steuernummer').fill('DE987654321');
    await copy.getByLabel('Straße und Hausnummer').fill('Ringstraße 9');
    await copy.getByLabel('Stadt').fill('Augsburg');
    await copy.getByLabel('Postleitzahl').fill('86150');
    await copy.getByLabel('Land', { exact: true }).selectOption('Deutschland');
    await copy.getByLabel('Liefergebiet', { exact: true }).selectOption({ label: 'Deutschlandweit' });
    await copy.getByRole('checkbox', { name: 'BMW', exact: true }).check();
    // The widget is far down the form: it loads when the dealer gets near it.
    await solveWidgetInCopy(page);
    await copy.getByRole('button', { name: 'Weiter', exact: true }).click();
    await expect(copy).toHaveAttribute('aria-busy', 'true');
    release();
    const review = page.getByRole('dialog', { name: 'Bitte prüfen Sie Ihre Angaben' });
    await expect(review).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(review.getByText(email)).toBeVisible();
    await expect(review.getByText('BMW', { exact: true })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await review.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page).toHaveURL(/\/business-info-success$/);
  });
});
