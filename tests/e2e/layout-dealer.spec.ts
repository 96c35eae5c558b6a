import { layoutPortal, lookAtRole } from './layout-support';
import { test } from './support';

/**
 * Issue 24: the dealer's and the administrator's screens hold (tests/e2e/layout-support.ts says
 * what is checked).
 */
const baseURL = layoutPortal(1);

test('every dealer screen holds at 1280, 1024 and 390 px in German and English', async ({ browser }, testInfo) => {
  test.setTimeout(900_000);
  await lookAtRole(browser, testInfo, baseURL, 'dealer');
});

test('every administrator screen holds at 1280, 1024 and 390 px in German and English', async ({
  browser,
}, testInfo) => {
  test.setTimeout(900_000);
  await lookAtRole(browser, testInfo, baseURL, 'administrator');
});
