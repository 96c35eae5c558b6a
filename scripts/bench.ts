import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { prerenderedPages } from '../common/prerendered-pages';
import { benchLoginOnSlowPhone } from './bench-forms';
import { chromeFlags, chromePath } from './chromium';

/**
 * `npm run bench`: builds the SPA, serves it with the real server, and prints per page
 *  1. the gzip JavaScript and CSS it fetches, measured in Chromium with an empty cache and no
 *     interaction: "load" is what was requested before the page's load event (inline scripts
 *     and styles of the document included), "idle" everything until the network is idle;
 *  2. Lighthouse (mobile preset, Debian Chromium): performance, accessibility, LCP, TBT, CLS as
 *     the median of BENCH_RUNS runs (default 3), and the JS Lighthouse itself saw transferred.
 * Pages over a budget are flagged. It is a benchmark, not a test, with one exception: a page
 * fetching more than JS_BUDGET_KB of JavaScript during its load makes it exit non-zero, since
 * byte counts do not suffer from the machine's noise the way timings do (ADR 017).
 *
 * Before the pages: how long reading a 2 000-line order file takes (scripts/bench-upload.ts).
 *
 * Then the login form on a slow phone beside a plain React login (scripts/bench-forms.ts).
 *
 * BENCH_ROUTES=/,/login picks pages (default: every prerendered page); BENCH_RUNS=0 skips
 * Lighthouse; BENCH_NO_BUILD=1 measures the existing dist/; BENCH_FORMS=0 skips the login form.
 */
const root = path.resolve(import.meta.dirname, '..');
const routes = process.env.BENCH_ROUTES?.split(',') ?? prerenderedPages.map((page) => page.pathname);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 4319);
const origin = `http://127.0.0.1:${port}`;
/** Per prerendered page: gzip JS fetched during its load, and the Lighthouse performance floor. */
const JS_BUDGET_KB = 110;
const PERFORMANCE_FLOOR = 98;
/** "/" only (landing issue): gzip CSS, inline styles included. */
const LANDING_CSS_BUDGET_KB = 15;
/** The administrator every fresh database is seeded with (server/seed.ts). */
const SEEDED_ADMIN = { email: 'admin@teileportal.local', password: 'Teileportal-Admin-2026' };

function kb(bytes: number) {
  return (bytes / 1024).toFixed(1);
}

async function startServer(): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  server.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  // PGlite takes seconds to start, more on a busy machine.
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  throw new Error('the server did not start within 60 s');
}

type Transfer = {
  loadJs: number;
  idleJs: number;
  loadCss: number;
  /** After the visitor reached for the page: all JS once the app took over, and how long that took. */
  takeoverJs: number;
  takeoverMs: number;
};

/**
 * What a first visit fetches, from the page's own Resource Timing (request start against the
 * load event, compressed body sizes), so no request is misfiled by event ordering.
 */
async function measureTransfer(route: string): Promise<Transfer> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  try {
    const page = await browser.newPage();
    const response = await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
    if (!(await page.locator('#prerendered').count())) throw new Error(`${route} was not prerendered`);
    const documentHtml = (await response?.text()) ?? '';
    const listResources = () =>
      page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const loadStart = navigation?.loadEventStart ?? 0;
        return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
          kind: new URL(entry.name).pathname.endsWith('.css')
            ? 'css'
            : new URL(entry.name).pathname.endsWith('.js')
              ? 'js'
              : 'other',
          duringLoad: entry.startTime < loadStart,
          bytes: entry.encodedBodySize,
        }));
      });
    const resources = await listResources();
    // The cost the load deferred (ADR 017): a pointer move starts the app; until the copy is gone.
    const reachedAt = Date.now();
    await page.mouse.move(10, 10);
    await page.mouse.move(20, 20);
    await page.locator('#prerendered').waitFor({ state: 'detached' });
    const takeoverMs = Date.now() - reachedAt;
    await page.waitForLoadState('networkidle');
    const afterTakeover = await listResources();
    // Inline scripts and styles travel inside the document, so they are fetched during the load.
    const inlineBytes = (tag: 'script' | 'style') => {
      const pattern = new RegExp(`<${tag}(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g');
      const text = [...documentHtml.matchAll(pattern)].map((match) => match[1]).join('');
      return text ? gzipSync(text).length : 0;
    };
    const sum = (entries: typeof resources, kind: string, duringLoadOnly: boolean) =>
      entries
        .filter((item) => item.kind === kind && (!duringLoadOnly || item.duringLoad))
        .reduce((total, item) => total + item.bytes, 0);
    return {
      loadJs: sum(resources, 'js', true) + inlineBytes('script'),
      idleJs: sum(resources, 'js', false) + inlineBytes('script'),
      loadCss: sum(resources, 'css', true) + inlineBytes('style'),
      takeoverJs: sum(afterTakeover, 'js', false) + inlineBytes('script'),
      takeoverMs,
    };
  } finally {
    await browser.close();
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type LighthouseFigures = {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptBytes: number;
};

async function runLighthouse(route: string): Promise<LighthouseFigures> {
  const results: LighthouseFigures[] = [];
  // A run whose trace Lighthouse could not record (e.g. NO_NAVSTART, seen in headless Chromium)
  // has no performance score; it is repeated, not counted as 0. Up to 3 such retries per route.
  let failedRuns = 0;
  while (results.length < runs) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      const result = await lighthouse(`${origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
      if (lhr.categories.performance?.score == null) {
        failedRuns += 1;
        const reason = lhr.runtimeError?.code ?? lhr.audits['largest-contentful-paint']?.errorMessage ?? 'no score';
        console.log(`  (${route}: Lighthouse run failed — ${reason}; repeating)`);
        if (failedRuns > 3) throw new Error(`Lighthouse failed ${failedRuns} times on ${route}`);
        continue;
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const requests = lhr.audits['network-requests']?.details;
      const scripts =
        requests?.type === 'table'
          ? requests.items
              .filter((item) => item.resourceType === 'Script')
              .map((item) => Number(item.transferSize ?? 0))
          : [];
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        scriptBytes: scripts.reduce((total, bytes) => total + bytes, 0),
      });
    } finally {
      chrome.kill();
    }
  }
  const medianOf = (key: keyof LighthouseFigures) => median(results.map((item) => item[key]));
  return {
    performance: medianOf('performance'),
    accessibility: medianOf('accessibility'),
    lcp: medianOf('lcp'),
    tbt: medianOf('tbt'),
    cls: medianOf('cls'),
    scriptBytes: medianOf('scriptBytes'),
  };
}

if (!process.env.BENCH_NO_BUILD) {
  console.log('building the SPA…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('npm run build failed');
}
// Reading order files (ADR 026), in Node and with the built worker in Chromium; BENCH_UPLOAD=0 skips it.
if (process.env.BENCH_UPLOAD !== '0') {
  const upload = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-upload.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (upload.status !== 0) throw new Error('scripts/bench-upload.ts failed');
}
const server = await startServer();
const overBudget: string[] = [];
try {
  console.log(
    `\nPer page (gzip KB; JS/CSS "load" = requested before the load event, "idle" = until the network is idle, no interaction)`,
  );
  console.log(
    '"takeover": a pointer move starts the app; JS fetched once it took over, and ms until the copy was gone (desktop, unthrottled)',
  );
  if (runs > 0) console.log(`Lighthouse: mobile preset, median of ${runs}; "LH JS" = script bytes Lighthouse saw`);
  console.log(
    'page                     JS load  JS idle  CSS load  takeover JS / ms   perf  a11y   LCP ms  TBT ms    CLS  LH JS  flags',
  );
  for (const route of routes) {
    const transfer = await measureTransfer(route);
    const figures = runs > 0 ? await runLighthouse(route) : null;
    const flags: string[] = [];
    if (transfer.loadJs / 1024 > JS_BUDGET_KB) {
      flags.push(`JS OVER ${JS_BUDGET_KB} KB`);
      overBudget.push(`${route}: ${kb(transfer.loadJs)} KB`);
    }
    if (figures && figures.performance < PERFORMANCE_FLOOR) flags.push(`perf under ${PERFORMANCE_FLOOR}`);
    if (route === '/' && transfer.loadCss / 1024 > LANDING_CSS_BUDGET_KB)
      flags.push(`CSS OVER ${LANDING_CSS_BUDGET_KB} KB`);
    const lighthouseColumns = figures
      ? [
          String(figures.performance).padStart(6),
          String(figures.accessibility).padStart(5),
          figures.lcp.toFixed(0).padStart(8),
          figures.tbt.toFixed(0).padStart(7),
          figures.cls.toFixed(3).padStart(6),
          kb(figures.scriptBytes).padStart(6),
        ]
      : ['     –     –        –       –      –      –'];
    console.log(
      [
        route.padEnd(23),
        kb(transfer.loadJs).padStart(8),
        kb(transfer.idleJs).padStart(8),
        kb(transfer.loadCss).padStart(9),
        `${kb(transfer.takeoverJs).padStart(11)} / ${String(transfer.takeoverMs).padStart(4)}`,
        ...lighthouseColumns,
        ` ${flags.join(', ') || 'ok'}`,
      ].join(' '),
    );
  }
  // The login form on a slow phone beside a reference (issue 26 §1, ADR 046); BENCH_FORMS=0 skips it.
  if (process.env.BENCH_FORMS !== '0') await benchLoginOnSlowPhone(origin, SEEDED_ADMIN);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
}
if (overBudget.length > 0) {
  console.error(
    `\nFAILED: JavaScript fetched during the load is over ${JS_BUDGET_KB} KB gzip on ${overBudget.join('; ')}`,
  );
  process.exit(1);
}
console.log(`\nevery page fetches at most ${JS_BUDGET_KB} KB gzip of JavaScript during its load`);
