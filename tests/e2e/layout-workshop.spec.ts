import { layoutPortal, layoutProblems, lookAtRole, SIZES } from './layout-support';
import { expect, test } from './support';

/**
 * Issue 24: the workshop's and the insurer's screens hold, and the checks find what they look for
 * (tests/e2e/layout-support.ts says what is checked).
 */
const baseURL = layoutPortal(0);

/** The checks themselves: each kind of defect planted on a page of its own is found. */
test('the layout checks find a planted overflow, a cut amount, a broken word or date and a button off-screen', async ({
  page,
}) => {
  await page.setViewportSize(SIZES[2]);
  const planted = {
    sideways: '<div style="width: 600px">Eine zu breite Zeile</div>',
    cutAmount: '<p style="width: 40px; overflow: hidden; white-space: nowrap">12.345,67 €</p>',
    brokenWord: '<p style="width: 90px; overflow-wrap: anywhere">Abgasrückführungsventil</p>',
    brokenDate: '<p style="width: 40px; overflow-wrap: anywhere">27.11.2026</p>',
    buttonOffScreen: '<button type="button" style="position: absolute; left: 420px">Bestellen</button>',
  };
  const found = {
    sideways: /the page scrolls sideways/,
    cutAmount: /clipped \(\d+ px in 40 px\): <p> "12\.345,67 €"/,
    brokenWord: /broken inside: "Abgasrückführungsventil"/,
    brokenDate: /broken inside: "27\.11\.2026"/,
    buttonOffScreen: /button off-screen .*"Bestellen"/,
  };
  for (const [defect, html] of Object.entries(planted) as [keyof typeof planted, string][]) {
    await page.setContent(`<!doctype html><html lang="de"><body style="margin: 0">${html}</body></html>`);
    const problems = await layoutProblems(page, []);
    expect(problems.join('\n'), defect).toMatch(found[defect]);
  }
  // And a page without them has no problems (an e-mail address may break): the checks do not cry wolf.
  await page.setContent(
    '<!doctype html><html lang="de"><body><p>Abgasrückführungsventil 12.345,67 € am 27.11.2026</p>' +
      '<p style="width: 90px; overflow-wrap: anywhere">haendler1-b@demo.teileportal.local</p></body></html>',
  );
  expect(await layoutProblems(page, [])).toEqual([]);
});

test('every workshop screen holds at 1280, 1024 and 390 px in German and English', async ({ browser }, testInfo) => {
  test.setTimeout(900_000);
  await lookAtRole(browser, testInfo, baseURL, 'workshop');
});

test('every insurer screen holds at 1280, 1024 and 390 px in German and English', async ({ browser }, testInfo) => {
  test.setTimeout(900_000);
  await lookAtRole(browser, testInfo, baseURL, 'insurer');
});
