import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Browser, chromium, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { build } from 'vite';
import { hashPassword, verifyPassword } from '../server/services/auth/passwords';
import { chromeFlags, chromePath } from './chromium';

/**
 * The login form on a slow phone (issue 26 §1, ADR 046), part of `npm run bench`: Lighthouse's
 * mobile conditions applied by hand in Chromium over CDP (150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, CPU 4× slower), a person who clicks into the e-mail field and types as soon as
 * the form is visible, then fills in the password and presses Enter. Per run, from the start of
 * the navigation:
 *  - form visible: the e-mail field is visible;
 *  - form takes typing: a typed character first lands in the field (a trusted input event, on the
 *    page's clock; the person clicks and types again until one does);
 *  - form sent: the server's answer to the login has arrived (the form post's 303, or the JSON).
 * Median of BENCH_FORM_RUNS (default 5) runs each, Teileportal and the reference alternating,
 * each run in a fresh browser context (empty cache).
 *
 * The reference: bulletproof-react is not installable here (npm registry only, no GitHub), so it
 * is a plain client-rendered React login built for this bench: React 19 and one form (e-mail,
 * password, submit posting JSON with fetch), built with this repo's Vite and React plugin into a
 * temporary directory, served with gzip by a small Hono server (compress + serveStatic, like ours)
 * whose login endpoint verifies an argon2id hash with the same parameters as ours.
 */
const root = path.resolve(import.meta.dirname, '..');
const referenceDir = path.join(root, 'node_modules/.cache/teileportal-bench-reference');
const REFERENCE_PASSWORD = 'Teileportal-Admin-2026';

const referenceIndexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Log in</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

const referenceMain = `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Login() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState('');
  return (
    <main>
      <h1>Log in</h1>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          const response = await fetch('/api/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password }),
          });
          setStatus(response.ok ? 'Logged in' : 'Refused');
        }}
      >
        <label>
          Email <input type="email" name="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Password <input type="password" name="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <button type="submit">Log in</button>
      </form>
      <p role="status">{status}</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Login /></StrictMode>);
`;

/** Builds the reference login and serves it (gzip); resolves to its origin and a stop function. */
async function startReference() {
  rmSync(referenceDir, { recursive: true, force: true });
  mkdirSync(referenceDir, { recursive: true });
  writeFileSync(path.join(referenceDir, 'index.html'), referenceIndexHtml);
  writeFileSync(path.join(referenceDir, 'main.tsx'), referenceMain);
  await build({
    root: referenceDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: path.join(referenceDir, 'dist'), emptyOutDir: true },
  });
  const passwordHash = await hashPassword(REFERENCE_PASSWORD);
  const app = new Hono();
  app.use('*', compress());
  app.post('/api/login', async (c) => {
    const body = (await c.req.json()) as { password?: string };
    const matches = await verifyPassword(passwordHash, String(body.password ?? ''));
    return c.json({ ok: matches }, matches ? 200 : 401);
  });
  const distRoot = path.relative(process.cwd(), path.join(referenceDir, 'dist'));
  app.use('/assets/*', serveStatic({ root: distRoot }));
  app.get('*', serveStatic({ root: distRoot, path: 'index.html' }));
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => {
      server.close();
      rmSync(referenceDir, { recursive: true, force: true });
    },
  };
}

type FormTimes = { visible: number; takesTyping: number; sent: number };

/** One visit on a slow phone: the figures in ms from the start of the navigation. */
async function visit(browser: Browser, url: string, credentials: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The moment a person's keystroke first lands in an e-mail field, on the page's own clock
    // (epoch ms): more exact than noticing it afterwards over the slowed-down protocol.
    await page.addInitScript(() => {
      document.addEventListener(
        'input',
        (event) => {
          const target = event.target;
          const landed = window as unknown as { firstTypedAt?: number };
          if (event.isTrusted && target instanceof HTMLInputElement && target.name === 'email') {
            landed.firstTypedAt ??= performance.timeOrigin + performance.now();
          }
        },
        true,
      );
    });
    const email = page.locator('input[name="email"]').first();
    const sent = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/(api\/v1\/)?login$|\/api\/login$/.test(response.url()),
      { timeout: 120_000 },
    );
    const startedAt = Date.now();
    void page.goto(url, { waitUntil: 'commit', timeout: 120_000 }).catch(() => {});
    await email.waitFor({ state: 'visible', timeout: 120_000 });
    const visible = Date.now() - startedAt;
    await typeUntilTaken(page, credentials.email);
    const firstTypedAt = await page.evaluate(() => (window as unknown as { firstTypedAt?: number }).firstTypedAt);
    if (firstTypedAt === undefined) throw new Error(`${url}: no keystroke was seen landing in the e-mail field`);
    const takesTyping = firstTypedAt - startedAt;
    await page.keyboard.press('Tab');
    await page.keyboard.type(credentials.password);
    await page.keyboard.press('Enter');
    await sent;
    return { visible, takesTyping, sent: Date.now() - startedAt } satisfies FormTimes;
  } finally {
    await context.close();
  }
}

/**
 * Clicks into the e-mail field and types its first character, as a person does, until the field
 * holds it; then types the rest.
 */
async function typeUntilTaken(page: Page, text: string) {
  // The prerendered copy's field first, the live one after the takeover: always the first in the page.
  const field = page.locator('input[name="email"]').first();
  for (;;) {
    const box = await field.boundingBox();
    if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.type(text.slice(0, 1));
    if ((await field.inputValue().catch(() => '')).startsWith(text.slice(0, 1))) {
      await page.keyboard.type(text.slice(1));
      return;
    }
    await page.waitForTimeout(50);
  }
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** "1.23 s (0.98–1.50)": the median, then the fastest and the slowest run. */
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const range = `${((sorted[0] ?? Number.NaN) / 1000).toFixed(2)}–${((sorted.at(-1) ?? Number.NaN) / 1000).toFixed(2)}`;
  return `${seconds(median(values))} (${range})`;
}

/**
 * Measures the login form of the running portal at `portalOrigin` beside the reference and
 * prints the table. `credentials`: an account of the portal (the seeded administrator).
 */
export async function benchLoginOnSlowPhone(portalOrigin: string, credentials: { email: string; password: string }) {
  const runs = Number(process.env.BENCH_FORM_RUNS ?? 5);
  const reference = await startReference();
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const results = { portal: [] as FormTimes[], reference: [] as FormTimes[] };
  try {
    for (let run = 0; run < runs; run++) {
      results.portal.push(await visit(browser, `${portalOrigin}/login`, credentials));
      results.reference.push(
        await visit(browser, `${reference.origin}/`, { email: credentials.email, password: REFERENCE_PASSWORD }),
      );
    }
  } finally {
    await browser.close();
    reference.stop();
  }
  console.log(
    `\nThe login form on a slow phone: Chromium with Lighthouse's mobile conditions applied by hand over CDP
(150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower); a person who clicks into the form and types
as soon as it is visible; median of ${runs} runs each, alternating; each run from the start of the navigation.
Reference: NOT bulletproof-react (not installable here: npm registry only) but a plain client-rendered
React 19 login (one form) built with this repo's Vite into a temp dir, served gzip by a Hono static server
whose login verifies an argon2id hash like ours.`,
  );
  console.log('(each cell: median, then the fastest and slowest run)');
  console.log('                                      form visible     form takes typing          form sent');
  for (const [name, times] of [
    ['Teileportal /login', results.portal],
    ['reference: plain React login', results.reference],
  ] as const) {
    console.log(
      [
        name.padEnd(34),
        spread(times.map((time) => time.visible)).padStart(20),
        spread(times.map((time) => time.takesTyping)).padStart(20),
        spread(times.map((time) => time.sent)).padStart(20),
      ].join(' '),
    );
  }
  return results;
}
