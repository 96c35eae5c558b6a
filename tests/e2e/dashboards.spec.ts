import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { dataOf, dealerWithCustomer, orderedThroughTheApi, signedInApi, tradingParties } from './dealer-support';
import {
  downloadedText,
  expect,
  expectNoAccessibilityViolations,
  logInThroughForm,
  openPageInNewContext,
  test,
  useLanguage,
} from './support';

/**
 * Issue 15, dashboards, in a browser against the real server (ADR 029): a workshop orders through
 * the real endpoints, then sees exactly those figures on its dashboard (chart, table, CSV) in
 * German and in English, with the period surviving a language switch; the dealer sees its own
 * dashboard. Observable Plot loads on the dashboard and never on `/`. One workshop and one
 * dealer only: invitation requests are limited to 20 an hour per IP address for the whole suite.
 */
const PASSWORD = 'Ersatzteile-Analyse-2026';
const LOAD = { timeout: 15_000 };

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };

/** The built files Observable Plot lives in: the lazily imported chart module and the chunks only it needs. */
function chartChunkFiles() {
  const manifest = JSON.parse(readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const chart = manifest['src/views/trade-shared/figures/PlotChart.tsx'];
  expect(chart, 'the chart module is a chunk of its own').toBeDefined();
  return chart?.file ?? '';
}

/**
 * The workshop's trade through the real endpoints: two lines (1 234,56 € × 1 and 10,00 € × 2),
 * quoted, ordered, confirmed; the first shipped and delivered today and then asked to be returned
 * as damaged. Order total: 1 254,56 €.
 */
async function tradeThroughTheApi(workshop: APIRequestContext, dealer: APIRequestContext) {
  const { inquiryId, orderId } = await orderedThroughTheApi(workshop, dealer, {
    vin: 'WVWZZZAUZFW123456',
    description: 'VW Golf 7',
    lines: [
      { part_number: '1K0 615 301 AA', description: 'Bremsscheibe', quantity: 1, net_price_cents: 123_456 },
      { part_number: '04L 115 561 H', description: 'Ölfilter', quantity: 2, net_price_cents: 1_000 },
    ],
  });
  type OrderRead = { version: number; lines: { id: number; status: string }[] };
  let order = await dataOf<OrderRead>(await dealer.get(`/svc/part-dealer/orders/${orderId}`));
  const first = order.lines[0]?.id as number;
  for (const [action, lineIds] of [
    ['confirm', order.lines.map((line) => line.id)],
    ['ship', [first]],
    ['deliver', [first]],
  ] as const) {
    order = await dataOf<OrderRead>(
      await dealer.post(`/svc/part-dealer/orders/${orderId}/lines`, {
        data: { version: order.version, action, line_ids: lineIds },
      }),
    );
  }
  const delivered = await dataOf<OrderRead>(await workshop.get(`/svc/workshop/orders/${orderId}`));
  await dataOf(
    await workshop.post(`/svc/workshop/orders/${orderId}/lines/${first}/return`, {
      data: { version: delivered.version, reason: 'damaged', note: '' },
    }),
  );
  return { inquiryId, orderId };
}

const words = {
  de: {
    login: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' },
    spend: 'Ausgaben je Händler und Monat',
    showTable: 'Als Tabelle anzeigen',
    csv: 'Als CSV herunterladen',
    total: '1.254,56 €',
    onTime: 'Zum zugesagten Tag geliefert',
    returns: 'Rücksendungen nach Grund',
    damaged: 'Beschädigt',
    period: 'Zeitraum',
    analytics: 'Auswertungen',
    winRate: 'Zuschlagsquote',
    lost: 'Verlorene Positionen nach Grund',
    waiting: /Anfragen, die auf Ihre Antwort warten \(0\)/,
  },
  en: {
    login: { email: 'Email', password: 'Password', submit: 'Log in' },
    spend: 'Spend per dealer and month',
    showTable: 'Show as table',
    csv: 'Download as CSV',
    total: '€1,254.56',
    onTime: 'Delivered on the promised day',
    returns: 'Returns by reason',
    damaged: 'Damaged',
    period: 'Period',
    analytics: 'Analytics',
    winRate: 'Win rate',
    lost: 'Lost lines by reason',
    waiting: /Inquiries waiting for your answer \(0\)/,
  },
} as const;

async function expectWorkshopFigures(page: Page, language: 'de' | 'en', dealerName: string) {
  const copy = words[language];
  const analytics = page.getByRole('region', { name: copy.analytics });
  const spend = analytics.getByRole('region', { name: copy.spend });
  await expect(spend.getByTestId('plot-chart').locator('svg').first()).toBeVisible(LOAD);
  // Plot's own English group names ("bar", "x-axis tick") never reach a screen reader.
  const spokenGroupNames = await spend
    .getByTestId('plot-chart')
    .locator('g[aria-label]:not([aria-hidden="true"])')
    .evaluateAll((groups) => groups.map((group) => group.getAttribute('aria-label') ?? ''));
  expect(spokenGroupNames.length).toBeGreaterThan(0);
  expect(spokenGroupNames.filter((name) => /^(bar|[xy]-axis)/.test(name))).toEqual([]);
  await spend.getByText(copy.showTable).click();
  const row = spend.getByRole('row').filter({ hasText: dealerName });
  await expect(row).toContainText(copy.total);
  await expect(analytics.getByRole('region', { name: copy.onTime })).toContainText('100');
  const returns = analytics.getByRole('region', { name: copy.returns });
  await returns.getByText(copy.showTable).click();
  await expect(returns.getByRole('row').filter({ hasText: copy.damaged })).toContainText('1');
  return spend;
}

test('dashboards: a workshop sees the figures of what it ordered (chart, table, CSV; de and en), the dealer its own; Plot never loads on /', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { dealer, workshop } = tradingParties('Dashboard', { city: 'Kiel', customerNumber: 7100, password: PASSWORD });
  const chartFile = chartChunkFiles();

  // 1. Set-up through the real ways in: the dealer and its user, the workshop naming it, accepted, one trade.
  const { dealerApi } = await dealerWithCustomer(page, baseURL, dealer, workshop);
  const workshopApi = await signedInApi(baseURL, workshop.email, PASSWORD);
  await tradeThroughTheApi(workshopApi, dealerApi);
  await Promise.all([workshopApi.dispose(), dealerApi.dispose()]);

  // 2. The landing page loads no chart code.
  const shop = await openPageInNewContext(browser);
  const scripts: string[] = [];
  shop.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await useLanguage(shop, 'de');
  await shop.goto('/');
  await shop.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.endsWith(chartFile))).toEqual([]);

  // 3. German: the workshop logs in and lands on its dashboard with the figures of its trade.
  await shop.goto('/login');
  await logInThroughForm(shop, workshop.email, PASSWORD, words.de.login);
  await expect(shop).toHaveURL(/\/dashboard$/);
  const spend = await expectWorkshopFigures(shop, 'de', dealer.company);
  expect(scripts.some((script) => script.endsWith(chartFile))).toBe(true);
  const { fileName, text: csv } = await downloadedText(shop, () => spend.getByText(words.de.csv).click());
  expect(fileName).toMatch(/^spend_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv).toContain(`"${dealer.company}",1,1254.56`);
  await expectNoAccessibilityViolations(shop);

  // 4. Another period goes into the URL; the language switch reloads and keeps it; figures in English.
  await shop.getByLabel(words.de.period, { exact: true }).selectOption('30d');
  await expect(shop).toHaveURL(/\/dashboard\?period=30d$/);
  await shop.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: /^EN/ }).click();
  await expect(shop).toHaveURL(/\/dashboard\?period=30d$/);
  await expect(shop.getByLabel(words.en.period, { exact: true })).toHaveValue('30d', LOAD);
  await expectWorkshopFigures(shop, 'en', dealer.company);
  await expectNoAccessibilityViolations(shop);

  // 5. The dealer's dashboard: its win rate (both quoted lines ordered) and nothing waiting.
  const dealerPage = await openPageInNewContext(browser);
  await useLanguage(dealerPage, 'en');
  await dealerPage.goto('/login');
  await logInThroughForm(dealerPage, dealer.email, PASSWORD, words.en.login);
  await expect(dealerPage).toHaveURL(/\/dashboard$/);
  const analytics = dealerPage.getByRole('region', { name: words.en.analytics });
  await expect(analytics.getByRole('region', { name: words.en.winRate })).toContainText('100%', LOAD);
  await expect(analytics.getByRole('region', { name: words.en.winRate })).toContainText('2 of 2 quoted lines');
  await expect(dealerPage.getByRole('heading', { name: words.en.waiting })).toBeVisible();
  await expect(analytics.getByRole('region', { name: words.en.lost })).toContainText(
    'Nothing to show for this period.',
  );
  await expectNoAccessibilityViolations(dealerPage);
});
