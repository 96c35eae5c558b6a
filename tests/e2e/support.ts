import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@teileportal.local', password: 'Teileportal-Admin-2026' };

/** Every page gets an axe scan (WCAG 2.1 A/AA); a violation fails the test with its ids. */
export async function expectNoAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

export async function useLanguage(page: Page, language: 'de' | 'en') {
  await page.context().addCookies([{ name: 'defaultLanguage', value: language, url: 'http://127.0.0.1' }]);
}
