import type { Page } from '@playwright/test';
import { expect, test, useLanguage } from './support';

test.describe('without JavaScript (as on a slow connection before the scripts arrive)', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page shows the hero and the contact details, and its anchors work', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jetzt starten' }).first()).toHaveAttribute('href', '/register');
    const contact = page.locator('section#contact address');
    await expect(contact.getByRole('link').first()).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(contact.getByRole('link').nth(1)).toHaveAttribute('href', /^mailto:.+@.+/);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kontakt' }).click();
    await expect(page).toHaveURL(/#contact$/);
  });

  test('the page comes in the language of the cookie', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle('Teileportal – spare parts for workshops');
  });

  test('forms in the copy are real forms: posted to the page, named fields, typing goes in', async ({ page }) => {
    await page.goto('/login');
    const form = page.locator('form');
    await expect(form).not.toHaveAttribute('inert', /.*/);
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/login');
    await expect(page.getByLabel('E-Mail')).toHaveAttribute('autocomplete', 'username');
    await page.getByLabel('E-Mail').fill('werkstatt@example.de');
    await expect(page.getByLabel('E-Mail')).toHaveValue('werkstatt@example.de');
  });

  test('pages that read a link token are not prerendered', async ({ page }) => {
    await page.goto('/reset-password?token=abc');
    await expect(page.locator('#root')).toBeEmpty();
    await expect(page.locator('#prerendered')).toHaveCount(0);
  });
});

test('with JavaScript the app takes the page over: one copy, live and usable', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.getByLabel('E-Mail').fill('werkstatt@example.de');
  await expect(page.getByLabel('E-Mail')).toHaveValue('werkstatt@example.de');
});

test.describe('a click before the app has taken over is not lost', () => {
  /**
   * Holds the app's main chunk back, clicks the centre of an element of the copy (page.mouse,
   * since locators on the copy wait for the takeover), sees the copy marked busy, then lets the
   * app arrive.
   */
  async function clickCopyBeforeTakeover(page: Page, pathname: string, selector: string) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(pathname);
    const centre = await page.evaluate((query) => {
      const box = document.querySelector(query)?.getBoundingClientRect();
      return box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
    }, selector);
    if (!centre) throw new Error(`the copy has no ${selector}`);
    await page.mouse.click(centre.x, centre.y);
    // A form's fields take the click themselves (ADR 046); anything else marks the copy busy.
    if (!selector.includes(' form ')) {
      await page.waitForFunction(() => document.getElementById('prerendered')?.getAttribute('aria-busy') === 'true');
    }
    release();
  }

  test('a click into a form field: the live field gets the focus, and typing goes into it', async ({ page }) => {
    await clickCopyBeforeTakeover(page, '/login', '#prerendered form input[name="email"]');
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByLabel('E-Mail')).toBeFocused();
    await page.keyboard.type('werkstatt@example.de');
    await expect(page.getByLabel('E-Mail')).toHaveValue('werkstatt@example.de');
  });

  test('a click on a button: the live page carries it out', async ({ page }) => {
    await clickCopyBeforeTakeover(page, '/login', '#prerendered button[lang="en"]');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
