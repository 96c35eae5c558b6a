import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, test as base, expect, type Page } from '@playwright/test';

/**
 * The e2e server trusts 127.0.0.1 as a reverse proxy (TRUSTED_PROXIES in playwright.config.ts, ADR
 * 032), so each test, browser context and API client names a client address of its own in
 * X-Forwarded-For, as a proxy would: the per-address limits (20 invitation requests an hour, …) then
 * count each one separately instead of the whole suite against one budget. Addresses come from the
 * IPv6 documentation range, one block per worker.
 */
let clientsSoFar = 0;
export function ownClientAddress(): Record<string, string> {
  clientsSoFar += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  return { 'x-forwarded-for': `2001:db8:e2e:${worker.toString(16)}::${clientsSoFar.toString(16)}` };
}

/** The address of the portal that worker `index` uses: the first portal's port plus the index. */
function portalOfWorker(first: string | undefined, index: number) {
  const portals = Number(process.env.E2E_WORKERS ?? 1);
  if (!first) throw new Error('playwright.config.ts sets no baseURL');
  if (index >= portals) {
    throw new Error(
      `worker ${index + 1} has no portal: ${portals} were started (set E2E_WORKERS to the --workers count)`,
    );
  }
  const url = new URL(first);
  url.port = String(Number(url.port) + index);
  return url.origin;
}

/**
 * Public pages arrive prerendered; the app loads when the visitor first reaches for the page
 * (pointer, touch, wheel, key, focus: ADR 017) and their buttons work once it has taken the page
 * over. Before every action and assertion on such a page, a test does what a person does: it
 * moves the pointer over the page, then waits until the app has taken over.
 */
export const test = base.extend({
  // Every worker has a portal of its own (playwright.config.ts): the n-th worker's runs on E2E_PORT + n.
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(portalOfWorker(baseURL, testInfo.parallelIndex));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, ...ownClientAddress() });
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    await parkPointerOffThePage(page);
    await readMailboxAsLoopbackClient(page);
    if (javaScriptEnabled) await reachForPrerenderedPages(page);
    await use(page);
  },
});

/**
 * A person's pointer is not over a page that has just opened. Headless Chromium's virtual mouse
 * starts at the page's top-left corner, and Blink then sends a pointer move whenever the layout
 * under it changes. Parked far outside the viewport (a negative position is taken as 0, 0), it
 * moves only when a test moves it. Chromium still sends one move at 0, 0 when a page appears; the
 * boot script takes a pointer move for a person reaching for the page only where the pointer did
 * not stand at the first move (src/boot.ts), so the handler below moves it to two positions.
 */
async function parkPointerOffThePage(page: Page) {
  await page.mouse.move(10_000, 10_000);
}

/** Installs, for one page, what a person does on a prerendered page before using it (see above). */
export async function reachForPrerenderedPages(page: Page) {
  const prerenderedCopy = page.locator('#prerendered');
  await page.addLocatorHandler(
    prerenderedCopy,
    async () => {
      // Reaching again if the page was reloaded meanwhile (the language switch reloads it).
      await expect(async () => {
        // Two positions, so that the pointer really moves wherever it was before.
        await page.mouse.move(1, 1);
        await page.mouse.move(2, 2);
        await prerenderedCopy.waitFor({ state: 'detached', timeout: 5000 });
      }).toPass({ timeout: 30_000 });
      // A takeover can reload the page (a replayed language switch): the new copy is handled by the
      // next run of this handler, rather than waited for here as if it could vanish by itself.
    },
    { noWaitAfter: true },
  );
}

/**
 * The dev mailbox answers only loopback clients (issue 27 §7). The tests do run on the portal's
 * machine; acting as the trusted proxy, they name that real client for the mailbox's requests
 * instead of the documentation-range address that keeps the per-address limits apart.
 */
export const LOOPBACK_CLIENT = { 'x-forwarded-for': '127.0.0.1' } as const;
async function readMailboxAsLoopbackClient(page: Page) {
  await page.route('**/dev/mailbox**', (route) =>
    route.continue({ headers: { ...route.request().headers(), ...LOOPBACK_CLIENT } }),
  );
}

/** A page in a fresh browser context (another person, no cookies) that waits for takeovers like `page`. */
export async function openPageInNewContext(browser: Browser) {
  const page = await (await browser.newContext({ extraHTTPHeaders: ownClientAddress() })).newPage();
  await parkPointerOffThePage(page);
  await readMailboxAsLoopbackClient(page);
  await reachForPrerenderedPages(page);
  return page;
}
export { expect };

export const ADMIN = { email: 'admin@teileportal.local', password: 'Teileportal-Admin-2026' };

/**
 * Every page gets an axe scan (WCAG 2.1 A/AA); a violation fails the test with its ids.
 *
 * The scan runs in the page itself (axe's legacy mode) instead of partial runs that are finished in
 * a blank page opened for each scan: those exist for cross-origin frames, which the portal has
 * none of. And axe aggregates only the violations (its own advice for speed); the rules run are
 * the same. Compared on the landing, register and login pages with two planted violations: the same
 * rules ran, the same violations were found on the same elements, in 180–260 ms instead of 420–960 ms
 * (2026-11-28). `options` replaces the whole options object, so it comes before `withTags`.
 */
export async function expectNoAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

export async function useLanguage(page: Page, language: 'de' | 'en') {
  await page.context().addCookies([{ name: 'defaultLanguage', value: language, url: 'http://127.0.0.1' }]);
}

export type TestAccount = { email: string; password: string; firstName: string };

let counter = 0;
/** A fresh, unique workshop account registered through the real sign-up API (status 2). */
export async function registerAccount(request: APIRequestContext, firstName = 'Jana'): Promise<TestAccount> {
  counter += 1;
  const account = { email: `e2e-${Date.now()}-${counter}@werkstatt-test.de`, password: 'Bremsscheibe-2026', firstName };
  const response = await request.post('/svc/auth/api/v1/sign-up', {
    data: {
      company_name: 'E2E Kfz-Technik',
      first_name: firstName,
      last_name: 'Tester',
      email: account.email,
      contact_number: '+49 30 1234567',
      postal_code: '10115',
      password: account.password,
      confirm_password: account.password,
      terms_accepted: true,
    },
  });
  expect(response.status()).toBe(200);
  return account;
}

/** The admin activates an account through the real admin API. */
export async function activateAccount(request: APIRequestContext, email: string) {
  const login = await request.post('/svc/auth/api/v1/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const list = await request.get(`/svc/auth/api/v1/users/list?search=${encodeURIComponent(email)}`);
  const body = (await list.json()) as { data: { items: { id: number }[] } };
  const id = body.data.items[0]?.id;
  const change = await request.post(`/svc/auth/api/v1/users/${id}/status`, { data: { status: 1 } });
  expect(change.status()).toBe(200);
  await request.post('/svc/auth/api/v1/logout', { data: {} });
}

export async function logInThroughForm(
  page: Page,
  email: string,
  password: string,
  labels = { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
) {
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

/**
 * A person signs in through the form on `page` in `language`, as nobody else (the context's
 * cookies cleared first), and lands on its dashboard.
 */
export async function signInAfresh(
  page: Page,
  email: string,
  password: string,
  language: 'de' | 'en' = 'de',
  labels?: { email: string; password: string; submit: string },
) {
  await page.context().clearCookies();
  await useLanguage(page, language);
  await page.goto('/login');
  await logInThroughForm(page, email, password, labels);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

/** The file a click downloads: the name the server suggests and its content as text. */
export async function downloadedText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { fileName: download.suggestedFilename(), text: readFileSync((await download.path()) ?? '', 'utf8') };
}

/** Fills the German sign-up form (/register) completely and accepts the terms; does not send it. */
export async function fillSignUpForm(page: Page, account: { company: string; email: string; password: string }) {
  await page.getByLabel('Firmenname').fill(account.company);
  await page.getByLabel('Vorname').fill('Paula');
  await page.getByLabel('Nachname').fill('Prüfer');
  await page.getByLabel('E-Mail').fill(account.email);
  await page.getByLabel('Telefon').fill('+49 30 7654321');
  await page.getByLabel('Postleitzahl').fill('10117');
  await page.getByLabel('Passwort', { exact: true }).fill(account.password);
  await page.getByLabel('Passwort bestätigen').fill(account.password);
  await page.getByRole('checkbox').check();
}

/** Solves the real ALTCHA widget; the form's send button is enabled once the machine has the answer. */
export async function solveCaptcha(page: Page, sendButtonName: string) {
  // ADR 019 (stack facts): click the widget's label, not its checkbox.
  await page.locator('altcha-widget label').first().click();
  await expect(page.getByRole('button', { name: sendButtonName })).toBeEnabled({ timeout: 20_000 });
}

/** The href of a link in the newest mail to `recipient` with `subject`, read in the dev mailbox. */
export async function openLatestMailLink(page: Page, recipient: string, subject: string, linkName: string) {
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await page
      .getByRole('row')
      .filter({ hasText: recipient })
      .filter({ hasText: subject })
      .first()
      .getByRole('link')
      .click();
  }).toPass({ timeout: 15_000 });
  const href = await page.getByRole('link', { name: linkName }).getAttribute('href');
  if (!href) throw new Error(`no "${linkName}" link in the mail`);
  return href;
}

/** The administrator, in a browser context of their own (German, the default), decides a workshop's invitation request. */
export async function adminDecidesLead(browser: Browser, email: string, decision: 'Freigeben' | 'Ablehnen') {
  const page = await openPageInNewContext(browser);
  await page.goto('/login');
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('link', { name: 'Benutzer' }).click();
  await page.getByRole('link', { name: 'Einladungsanfragen' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expectNoAccessibilityViolations(page);
  await row.getByRole('button', { name: decision }).click();
  await page.getByRole('dialog').getByRole('button', { name: decision }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ja' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.context().close();
}

/** The signed-in administrator (German) activates the account with `email` on /users. */
export async function adminActivatesOnUsersScreen(page: Page, email: string) {
  await page.goto('/users');
  await page.getByLabel('Suche nach Name, Firma oder E-Mail').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Freischalten' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Freischalten' }).click();
  await expect(row.getByRole('cell', { name: 'Aktiv', exact: true })).toBeVisible();
}

const invitedRegistrationWords = {
  de: {
    firstName: 'Vorname',
    lastName: 'Nachname',
    contactNumber: 'Telefonnummer',
    password: 'Passwort',
    confirmPassword: 'Passwort bestätigen',
    register: 'Registrieren',
    registered: 'Registrierung abgeschlossen',
    goToLogin: 'Zur Anmeldung',
  },
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    contactNumber: 'Contact number',
    password: 'Password',
    confirmPassword: 'Confirm password',
    register: 'Register',
    registered: 'Registration complete',
    goToLogin: 'Go to login',
  },
} as const;

/**
 * An invited person opens the mailed /user-invite link (the first name comes from the invitation,
 * when the caller knows it), registers, and is taken to /login.
 */
export async function registerFromInvitation(
  page: Page,
  link: string,
  language: 'de' | 'en',
  person: { firstName?: string; lastName?: string; contactNumber?: string; password: string },
) {
  const say = invitedRegistrationWords[language];
  await page.goto(link);
  await expect(page.getByLabel(say.lastName)).toBeVisible();
  if (person.firstName) await expect(page.getByLabel(say.firstName)).toHaveValue(person.firstName);
  await expectNoAccessibilityViolations(page);
  await page.getByLabel(say.lastName).fill(person.lastName ?? 'Dealer');
  await page.getByLabel(say.contactNumber).fill(person.contactNumber ?? '+49 89 123456');
  await page.getByLabel(say.password, { exact: true }).fill(person.password);
  await page.getByLabel(say.confirmPassword).fill(person.password);
  await page.getByRole('button', { name: say.register }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(say.registered);
  await page.getByRole('button', { name: say.goToLogin }).click();
  await expect(page).toHaveURL(/\/login$/);
}
