import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { dataOf, signedInApi } from './dealer-support';
import { ADMIN, expect, logInThroughForm, ownClientAddress, reachForPrerenderedPages, test } from './support';

/**
 * Issue 24: layouts that hold. Every signed-in screen of every role and the dialogs of the trade
 * loop, at 1280×800, 1024×768 and 390×844, in German and English, on full tables with long German
 * words (the demo data plus tests/e2e/layout-fixture.ts, served by a portal of the spec's own):
 *  - the document never scrolls sideways (scroll width = client width);
 *  - no element showing money, a date or a status is wider inside than its box or off-screen, and
 *    no button of the page is off-screen;
 *  - on the phone the navigation hides behind a menu button that opens, closes on Escape and gives
 *    focus back.
 * A full-page screenshot of each screen at each size is attached to the test (test-results/) for a
 * person to look at. Failures are collected per screen (soft), so one run lists all of them.
 *
 * The roles are looked at by two spec files (layout-workshop.spec.ts, layout-dealer.spec.ts) so
 * that the two e2e workers share the work (issue 23 §5); each file has a portal and data of its own.
 */
export const SIZES = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '1024x768', width: 1024, height: 768 },
  { name: '390x844', width: 390, height: 844 },
] as const;
const LANGUAGES = ['de', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const DEMO_PASSWORD = 'Teileportal-Demo-2026';
/** The catalogs' words, so that the test names buttons and statuses in both languages. */
function catalog(language: Language) {
  const words = new Map<string, string>();
  const text = readFileSync(path.resolve(`locales/${language}/messages.po`), 'utf8');
  for (const match of text.matchAll(/^msgid "(.+)"\nmsgstr "(.+)"$/gm)) {
    words.set(match[1] as string, (match[2] as string).replace(/\\"/g, '"'));
  }
  return words;
}
const catalogs = { de: catalog('de'), en: catalog('en') };
function say(language: Language, msgid: string) {
  const word = catalogs[language].get(msgid);
  if (!word) throw new Error(`"${msgid}" is not in the ${language} catalog`);
  return word;
}
/** Statuses as the portal shows them (order, line, return, inquiry, recipient, relation, account). */
const STATUS_IDS = [
  'Placed',
  'Confirmed',
  'Shipped',
  'Delivered',
  'Cancelled',
  'Waiting for the dealer',
  'Backorder',
  'Returned',
  'Return requested',
  'Return accepted',
  'Return refused',
  'Sent — waiting for quotes',
  'Quotes received',
  'Closed — no more quotes',
  'Ordered',
  'Withdrawn',
  'Seen',
  'Quote received',
  'Declined',
  'No answer by the closing time',
  'Active',
];

/**
 * A portal of the spec file's own on the layout fixture: port E2E_LAYOUT_PORT (else the workers'
 * first port + 50) plus `slot`, apart from the workers' portals (E2E_PORT + n, playwright.config.ts).
 * LAYOUT_BASE_URL: look at a portal already running with the layout fixture instead (development).
 * Registers the file's beforeAll and afterAll and gives the portal's address.
 */
export function layoutPortal(slot: number) {
  const port = Number(process.env.E2E_LAYOUT_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 50) + slot;
  const baseURL = process.env.LAYOUT_BASE_URL ?? `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;

  test.use({ baseURL });
  test.beforeAll(async () => {
    test.setTimeout(480_000);
    if (process.env.LAYOUT_BASE_URL) {
      await openTrade(baseURL);
      return;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-layout-'));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      TRUSTED_PROXIES: '127.0.0.1',
    };
    // `npm test` seeds the fixture once beside the fault suite (E2E_LAYOUT_TEMPLATE); each file
    // then works on a copy of its own. Run alone, a file seeds its own.
    const template = process.env.E2E_LAYOUT_TEMPLATE;
    if (template) cpSync(template, dataDir, { recursive: true });
    else {
      const seeded = spawnSync('node', ['--import', 'tsx', 'tests/e2e/layout-fixture.ts'], { env, encoding: 'utf8' });
      if (seeded.status !== 0) throw new Error(`the layout fixture failed: ${seeded.stderr}`);
    }
    // The build the suite's web server made (dist/), on the fixture's database.
    server = spawn('node', ['--import', 'tsx', 'server/main.ts'], { env, stdio: 'ignore' });
    await expect(async () => {
      const answer = await fetch(`${baseURL}/healthz`);
      expect(answer.status).toBe(200);
    }).toPass({ timeout: 120_000 });
    await openTrade(baseURL);
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
  });
  return baseURL;
}

/**
 * The demo's orders are all delivered or cancelled: open trade is made here through the real API.
 * The demo workshop asks for three long-named parts; the first dealer quotes large amounts; the
 * workshop keeps one inquiry quoted (the order dialog), orders one (placed: the dealer's confirm
 * and backorder dialogs) and one the dealer confirms (its ship dialog).
 */
async function openTrade(baseURL: string) {
  const workshop = await signedInApi(baseURL, 'werkstatt@demo.teileportal.local', DEMO_PASSWORD);
  const dealer = await signedInApi(baseURL, 'haendler1@demo.teileportal.local', DEMO_PASSWORD);
  const { relations } = await dataOf<{ relations: { id: number; status: string }[] }>(
    await workshop.get('/svc/workshop/suppliers'),
  );
  const active = relations.filter((relation) => relation.status === 'active').map((relation) => relation.id);
  type InquiryRead = {
    id: number;
    version: number;
    lines: { id: number }[];
    recipients: { id: number; status: string }[];
  };
  const orderIds: number[] = [];
  for (const next of ['quoted', 'placed', 'confirmed'] as const) {
    const sent = await dataOf<InquiryRead>(
      await workshop.post('/svc/workshop/inquiries', {
        data: {
          vehicle: {
            vin: 'WDD2050041R123456',
            hsn: '1313',
            tsn: 'BEF',
            description: 'Mercedes-Benz C 220 d T-Modell (S205)',
          },
          lines: [
            {
              part_number: '03L 253 010 F',
              description: 'Abgasrückführungsventil mit Dichtungssatz und Befestigungsschrauben',
              quantity: 1,
              note: '',
            },
            {
              part_number: '06K 903 023 A',
              description: 'Drehstromlichtmaschine Austauschteil',
              quantity: 2,
              note: '',
            },
            {
              part_number: '5G0 941 005',
              description: 'Hauptscheinwerfer links LED-Ausführung',
              quantity: 1,
              note: '',
            },
          ],
          recipient_relation_ids: active,
          closes_in_minutes: 120,
        },
      }),
    );
    const asked = await dataOf<{ lines: { id: number }[]; recipient: { version: number } }>(
      await dealer.get(`/svc/part-dealer/inquiries/${sent.id}`),
    );
    const prices = [1_234_567, 98_765, 45_678];
    await dataOf(
      await dealer.put(`/svc/part-dealer/inquiries/${sent.id}/answer`, {
        data: {
          version: asked.recipient.version,
          valid_until: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          freight_cents: 1_990,
          free_freight_from_cents: null,
          lines: asked.lines.map((line, index) => ({
            inquiry_line_id: line.id,
            offered: true,
            net_price_cents: prices[index] ?? 1_000,
            deposit_cents: index === 1 ? 15_000 : 0,
            availability: 'central_24h',
            alternative_part_number: '',
            alternative_brand: '',
            fits_vehicle: true,
            note: '',
          })),
        },
      }),
    );
    if (next === 'quoted') continue;
    const quoted = await dataOf<InquiryRead>(await workshop.get(`/svc/workshop/inquiries/${sent.id}`));
    const answered = quoted.recipients.find((recipient) => recipient.status === 'answered');
    const placed = await dataOf<{ orders: { id: number }[] }>(
      await workshop.post(`/svc/workshop/inquiries/${sent.id}/orders`, {
        data: {
          version: quoted.version,
          choices: quoted.lines.map((line) => ({ inquiry_line_id: line.id, recipient_id: answered?.id })),
        },
      }),
    );
    const orderId = placed.orders[0]?.id as number;
    orderIds.push(orderId);
    if (next === 'confirmed') {
      const order = await dataOf<{ version: number; lines: { id: number }[] }>(
        await dealer.get(`/svc/part-dealer/orders/${orderId}`),
      );
      await dataOf(
        await dealer.post(`/svc/part-dealer/orders/${orderId}/lines`, {
          data: { version: order.version, action: 'confirm', line_ids: order.lines.map((line) => line.id) },
        }),
      );
    }
  }
  await workshop.dispose();
  await dealer.dispose();
}

type Dialog = { opener: string };
type Screen = { name: string; path: string | ((page: Page) => Promise<string>); dialogs?: Dialog[] };

/** The address of the first link in the main area whose href matches (a list's first row). */
function firstLink(listPath: string, href: RegExp) {
  return async (page: Page) => {
    await page.goto(listPath);
    const find = () =>
      page
        .locator('main a[href]')
        .evaluateAll(
          (links, pattern) =>
            links.map((link) => link.getAttribute('href') ?? '').find((target) => new RegExp(pattern).test(target)) ??
            '',
          href.source,
        );
    await expect.poll(find, { message: `a link like ${href} on ${listPath}`, timeout: 30_000 }).not.toBe('');
    return find();
  };
}

export const ROLES: { role: string; email: string; password: string; screens: Screen[] }[] = [
  {
    role: 'workshop',
    email: 'werkstatt@demo.teileportal.local',
    password: DEMO_PASSWORD,
    screens: [
      { name: 'dashboard', path: '/dashboard', dialogs: [{ opener: 'Logout' }] },
      { name: 'inquiries', path: '/inquiries' },
      { name: 'inquiry-new', path: '/inquiries/new' },
      {
        name: 'inquiry-open',
        path: firstLink('/inquiries?status=open', /^\/inquiries\/\d+/),
        dialogs: [{ opener: 'Order…' }, { opener: 'Withdraw inquiry' }],
      },
      { name: 'inquiry-ordered', path: firstLink('/inquiries?status=ordered', /^\/inquiries\/\d+/) },
      { name: 'suppliers', path: '/suppliers' },
      { name: 'orders', path: '/orders' },
      {
        name: 'order-delivered',
        path: firstLink('/orders?status=delivered', /^\/orders\/\d+/),
        dialogs: [{ opener: 'Request return' }, { opener: 'Share with insurer' }],
      },
      { name: 'order-placed', path: firstLink('/orders?status=placed', /^\/orders\/\d+/) },
      { name: 'api-keys', path: '/settings/api-keys' },
      {
        name: 'webhooks',
        path: '/settings/webhooks',
        dialogs: [{ opener: 'Delivery log' }, { opener: 'Add a webhook' }],
      },
      { name: 'change-password', path: '/reset-password' },
    ],
  },
  {
    role: 'dealer',
    email: 'haendler1@demo.teileportal.local',
    password: DEMO_PASSWORD,
    screens: [
      { name: 'dashboard', path: '/dashboard' },
      { name: 'inbox', path: '/dealer/inquiries' },
      { name: 'inquiry', path: firstLink('/dealer/inquiries', /^\/dealer\/inquiries\/\d+/) },
      { name: 'customers', path: '/dealer/customers' },
      { name: 'orders', path: '/dealer/orders' },
      {
        name: 'order-placed',
        path: firstLink('/dealer/orders?status=placed', /^\/dealer\/orders\/\d+/),
        dialogs: [{ opener: 'Confirm' }, { opener: 'Backorder' }],
      },
      {
        name: 'order-confirmed',
        path: firstLink('/dealer/orders?status=confirmed', /^\/dealer\/orders\/\d+/),
        dialogs: [{ opener: 'Ship' }],
      },
      { name: 'order-delivered', path: firstLink('/dealer/orders?status=delivered', /^\/dealer\/orders\/\d+/) },
      { name: 'profile', path: '/dealer/profile' },
      { name: 'colleagues', path: '/dealer/colleagues' },
      { name: 'webhooks', path: '/settings/webhooks' },
      { name: 'api-keys', path: '/dealer/api-keys' },
    ],
  },
  {
    role: 'insurer',
    email: 'schaden@versicherung.demo.teileportal.local',
    password: DEMO_PASSWORD,
    screens: [
      { name: 'claims', path: '/claims' },
      { name: 'claim', path: firstLink('/claims', /^\/claims\/[^/?]+$/) },
    ],
  },
  {
    role: 'administrator',
    email: ADMIN.email,
    password: ADMIN.password,
    screens: [
      { name: 'users', path: '/users' },
      { name: 'leads', path: '/users/leads' },
      { name: 'dealers', path: '/users/dealers' },
      { name: 'organisations', path: '/users/organisations' },
    ],
  },
];

/** What is wrong with the layout as it is now: an empty list when it holds. */
export async function layoutProblems(page: Page, statusWords: string[]) {
  return page.evaluate((statuses) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth} px`);
    }
    const viewportWidth = root.clientWidth;
    const money = /(\d[\d.,\s\u202f\u00a0]*\s?€|€\s?\d)/;
    const date =
      /\b(\d{1,2}\.\d{1,2}\.(\d{2,4})?|\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)( \d{4})?)\b/;
    const statusSet = new Set(statuses);
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return false;
      if (!element.checkVisibility({ visibilityProperty: true })) return false;
      // Visually hidden (for screen readers only): clipped to nothing.
      for (let current: Element | null = element; current; current = current.parentElement) {
        if (getComputedStyle(current).clip.startsWith('rect(0')) return false;
      }
      return !element.closest('.visually-hidden');
    };
    /** The nearest ancestor (or itself) that is a box of its own: an inline element has no client width. */
    const boxOf = (element: Element): Element => {
      let current: Element | null = element;
      while (current && getComputedStyle(current).display === 'inline') current = current.parentElement;
      return current ?? element;
    };
    const seen = new Set<Element>();
    for (const element of document.querySelectorAll('body *')) {
      if (element.closest('svg, script, style, noscript, template')) continue;
      // The innermost elements holding text of their own.
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!ownText) continue;
      const whole = (element.textContent ?? '').trim();
      const isFigure = money.test(ownText) || date.test(ownText) || statusSet.has(whole);
      if (!isFigure || !visible(element)) continue;
      const box = boxOf(element);
      if (seen.has(box)) continue;
      seen.add(box);
      if (box.scrollWidth > box.clientWidth + 1) {
        problems.push(`clipped (${box.scrollWidth} px in ${box.clientWidth} px): ${describe(element)}`);
      }
      const rect = element.getBoundingClientRect();
      if (rect.left < -1 || rect.right > viewportWidth + 1) {
        problems.push(`off-screen (${Math.round(rect.left)}–${Math.round(rect.right)} px): ${describe(element)}`);
      }
    }
    // A word broken inside ("Abgasrüc/kführung", "Deaktiv/ieren": a label squeezed into a narrow
    // column), or a date or an amount broken over two lines ("27.11/.2026"). Only words with a
    // small letter (a VIN may break), not inside an e-mail address, a URL or a code.
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const brokenIfSplit = /\p{L}{4,}|\d{1,2}\.\d{1,2}\.\d{2,4}|\d[\d.]*,\d\d/gu;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('svg, script, style, noscript, template') || !visible(parent)) continue;
      for (const token of (node.textContent ?? '').matchAll(/\S+/g)) {
        // An address, or a code of letters and digits (a key's prefix, a part number) may break.
        if (/@|:\/\//.test(token[0]) || (/\d/.test(token[0]) && /\p{L}/u.test(token[0]))) continue;
        for (const match of token[0].matchAll(brokenIfSplit)) {
          if (/^\p{L}/u.test(match[0]) && !/\p{Ll}/u.test(match[0])) continue;
          const start = token.index + match.index;
          range.setStart(node, start);
          range.setEnd(node, start + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
          if (lines.size > 1) problems.push(`broken inside: "${match[0]}" in ${describe(parent)}`);
        }
      }
    }
    for (const button of document.querySelectorAll('button, a[role="button"], [type="submit"]')) {
      if (!visible(button)) continue;
      const rect = button.getBoundingClientRect();
      if (rect.left < -1 || rect.right > viewportWidth + 1) {
        problems.push(`button off-screen (${Math.round(rect.left)}–${Math.round(rect.right)} px): ${describe(button)}`);
      }
    }
    return problems;
  }, statusWords);
}

/** Loaded (no busy region, no loading message) and laid out again after a resize. */
async function settle(page: Page) {
  // What a person can unfold (a figure's table) is looked at unfolded.
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('main details')) (details as HTMLDetailsElement).open = true;
  });
  // Not 'networkidle': the live events (server-sent) keep a request open all the time.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  // Charts and lazy parts measure themselves after a resize (a ResizeObserver, then a render): the
  // page is looked at once its size, its elements and its charts' boxes stayed the same for three
  // frames, instead of after a fixed wait (issue 23 §5). Two seconds at most, for an animation.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const root = document.documentElement;
        const signature = () =>
          [
            root.scrollWidth,
            root.scrollHeight,
            document.body.getElementsByTagName('*').length,
            ...[...document.querySelectorAll('svg')].map((svg) => {
              const box = svg.getBoundingClientRect();
              return `${box.width}x${box.height}`;
            }),
          ].join(',');
        const giveUpAt = performance.now() + 2000;
        let last = '';
        let unchangedFrames = 0;
        const frame = () => {
          const now = signature();
          unchangedFrames = now === last ? unchangedFrames + 1 : 0;
          last = now;
          if (unchangedFrames >= 3 || performance.now() > giveUpAt) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

async function lookAt(page: Page, testInfo: TestInfo, label: string, statusWords: string[], fullPage = true) {
  await settle(page);
  const problems = await layoutProblems(page, statusWords);
  // Kept in test-results/ (the test's output folder) for a person to look at, pass or fail.
  const file = testInfo.outputPath(`${label}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(label, { path: file, contentType: 'image/png' });
  expect.soft(problems, label).toEqual([]);
}

/** The phone's navigation: hidden behind the menu button, which opens it, and Escape closes it. */
async function checkPhoneNavigation(page: Page, language: Language, label: string) {
  const toggle = page.getByRole('button', { name: say(language, 'Menu'), exact: true });
  const navigation = page.getByRole('navigation', { name: say(language, 'Main navigation') });
  await expect.soft(toggle, `${label}: menu button`).toBeVisible();
  await expect.soft(navigation, `${label}: navigation hidden`).toBeHidden();
  await expect.soft(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const close = page.getByRole('button', { name: say(language, 'Close menu'), exact: true });
  await expect.soft(close).toHaveAttribute('aria-expanded', 'true');
  await expect.soft(navigation, `${label}: navigation open`).toBeVisible();
  expect
    .soft(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect.soft(navigation, `${label}: Escape closes`).toBeHidden();
  await expect.soft(toggle, `${label}: focus back on the toggle`).toBeFocused();
}

/**
 * Each role in a browser context of its own, in one test per role, so that one screen's failure
 * does not hide the others' (the checks are soft).
 */
export async function lookAtRole(browser: Browser, testInfo: TestInfo, baseURL: string, roleName: string) {
  const found = ROLES.find((candidate) => candidate.role === roleName);
  if (!found) throw new Error(`no role ${roleName} in ROLES`);
  const { role, email, password, screens } = found;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  const page = await context.newPage();
  await reachForPrerenderedPages(page);
  await page.setViewportSize(SIZES[0]);
  await page.goto('/login');
  await logInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/(dashboard|claims|users)$/, { timeout: 30_000 });
  for (const language of LANGUAGES) {
    await context.addCookies([{ name: 'defaultLanguage', value: language, url: baseURL }]);
    const statusWords = STATUS_IDS.flatMap((id) => catalogs[language].get(id) ?? []);
    for (const screen of screens) {
      try {
        await lookAtScreen(page, testInfo, { role, screen, language, statusWords, first: screen === screens[0] });
      } catch (error) {
        expect.soft(String(error), `${role} ${screen.name} (${language}) could not be looked at`).toBe('');
      }
    }
  }
  await context.close();
}

async function lookAtScreen(
  page: Page,
  testInfo: TestInfo,
  {
    role,
    screen,
    language,
    statusWords,
    first,
  }: { role: string; screen: Screen; language: Language; statusWords: string[]; first: boolean },
) {
  await page.setViewportSize(SIZES[0]);
  const address = typeof screen.path === 'string' ? screen.path : await screen.path(page);
  await page.goto(address);
  await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 }).first(), `${role} ${screen.name}: loaded`).toBeVisible({
    timeout: 20_000,
  });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const label = `${role}-${screen.name}-${language}-${size.name}`;
    await lookAt(page, testInfo, label, statusWords);
    if (size.width < 768 && first) await checkPhoneNavigation(page, language, label);
    for (const dialog of screen.dialogs ?? []) {
      // The first enabled button that reads the opener's words (a line's action, a bulk action, …).
      const words = say(language, dialog.opener).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const opener = page
        .locator('main button:not([disabled]), aside button:not([disabled])')
        .filter({ hasText: new RegExp(`^\\s*${words}\\s*$`), visible: true })
        .first();
      if (size.width < 768 && dialog.opener === 'Logout') {
        await page.getByRole('button', { name: say(language, 'Menu'), exact: true }).click();
      }
      if ((await opener.count()) === 0) {
        expect.soft(false, `${label}: no "${dialog.opener}" button to open its dialog`).toBe(true);
        continue;
      }
      await opener.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const dialogLabel = `${label}-dialog-${dialog.opener.replace(/\W+/g, '')}`;
      await lookAt(page, testInfo, dialogLabel, statusWords, false);
      // A dialog taller than the screen scrolls inside: its end (the totals, the buttons) is looked at too.
      const scrolled = await page.getByRole('dialog').evaluate((element) => {
        if (element.scrollHeight <= element.clientHeight) return false;
        element.scrollTop = element.scrollHeight;
        return true;
      });
      if (scrolled) await lookAt(page, testInfo, `${dialogLabel}-end`, statusWords, false);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  }
}
