import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, expect, expectNoAccessibilityViolations, test } from './support';

test('the landing page renders in German by default and passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Ersatzteile bei all Ihren Händlern bestellen – an einem Ort',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectNoAccessibilityViolations(page);
});

/** The scan itself: violations planted in a page of their own are found, by rule and element. */
test('the accessibility scan finds a planted image without text and text without contrast', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="de"><title>Geprüft</title><main><h1>Geprüft</h1>' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '<p style="color:#eeeeee;background:#ffffff">kaum lesbar</p></main></html>',
  );
  const failure = await expectNoAccessibilityViolations(page).then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(failure).toContain('image-alt: img');
  expect(failure).toContain('color-contrast: p');
});

test('switching to English stores the cookie for 7 days and survives a reload', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Englisch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Order spare parts from all your dealers – in one place',
  );
  const cookie = (await context.cookies()).find((item) => item.name === 'defaultLanguage');
  expect(cookie?.value).toBe('en');
  const secondsLeft = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(secondsLeft).toBeGreaterThan(604_800 - 120);
  expect(secondsLeft).toBeLessThanOrEqual(604_800);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Order spare parts from all your dealers – in one place',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'German' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Ersatzteile bei all Ihren Händlern bestellen – an einem Ort',
  );
});

test('an unknown path lands on the start page', async ({ page }) => {
  await page.goto('/gibt-es/nicht');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the seeded admin logs in through the form; the session cookie is httpOnly', async ({ page, context }) => {
  await page.goto('/login');
  await expectNoAccessibilityViolations(page);
  await page.getByLabel('E-Mail').fill(ADMIN.email);
  await page.getByLabel('Passwort', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // The administrator's work is the users list; it lands there (issue 24 §11).
  await expect(page).toHaveURL(/\/users$/);
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Benutzer' }),
  ).toBeVisible();
  const session = (await context.cookies()).find((cookie) => cookie.name === 'tp_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  const stored = await page.evaluate(() => window.localStorage.getItem('userResponse'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({ email: ADMIN.email, role: 'system_admin', status: 1 });
  expect(stored).not.toMatch(/password|hash/i);
  await expectNoAccessibilityViolations(page);
});

test('a bad login shows the server message in a snackbar that closes after 3 s', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(ADMIN.email);
  await page.getByLabel('Passwort', { exact: true }).fill('definitely-wrong');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  const snackbar = page
    .getByRole('alert')
    .filter({ hasText: 'E-Mail oder Passwort ist falsch' })
    .and(page.locator('[data-severity]'));
  await expect(snackbar).toBeVisible();
  const shownAt = Date.now();
  await expect(snackbar).toBeHidden({ timeout: 6000 });
  const visibleFor = Date.now() - shownAt;
  expect(visibleFor).toBeGreaterThan(2000);
  await expect(page).toHaveURL(/\/login$/);
});

test('validation messages show under the fields and clear on edit', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('E-Mail ist erforderlich')).toBeVisible();
  await expect(page.getByText('Passwort erforderlich')).toBeVisible();
  await page.getByLabel('E-Mail').fill('a');
  await expect(page.getByText('E-Mail ist erforderlich')).toBeHidden();
  await expect(page.getByText('Passwort erforderlich')).toBeVisible();
});

test('a deep link to /change-password while logged out goes to /login and back after login', async ({ page }) => {
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fchange-password/);
  await page.getByLabel('E-Mail').fill(ADMIN.email);
  await page.getByLabel('Passwort', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
});

test('/healthz reports the database', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'up', kind: 'pglite' } });
});

test('the production bundle carries no Stately inspector', () => {
  const assets = path.join(import.meta.dirname, '../../dist/assets');
  const offenders = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .filter((file) =>
      /stately\.ai\/inspect|createBrowserInspector/.test(readFileSync(path.join(assets, file), 'utf8')),
    );
  expect(offenders).toEqual([]);
});
