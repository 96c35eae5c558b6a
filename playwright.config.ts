import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromeFlags, e2eChromePath } from './scripts/chromium';
import { testScratchDir } from './scripts/test-scratch';

if (!existsSync(e2eChromePath)) {
  throw new Error(
    `Chromium not found at ${e2eChromePath}. Install it with "sudo apt-get install -y chromium-headless-shell" (Debian/Ubuntu), or point CHROME_PATH at a Chrome/Chromium binary.`,
  );
}

// The portals' and specs' data folders in memory where the machine allows (scripts/test-scratch.ts);
// the workers and the portals inherit it.
const scratchDir = testScratchDir();
if (scratchDir) process.env.TMPDIR = scratchDir;
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'teileportal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
/**
 * Workers, each with a portal of its own (port E2E_PORT + n, data in E2E_DATA_DIR/portal-n), so
 * that no spec ever sees another one's organisations, mails or counters (`test` in tests/e2e/support.ts).
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
process.env.E2E_WORKERS = String(workers);

/** The production build served by the real server, as `npm start` does; its log (level info) goes to a file the teardown searches. */
function portal(index: number) {
  const portalDir = path.join(dataDir, `portal-${index}`);
  mkdirSync(portalDir, { recursive: true });
  const serve = `node --import tsx server/main.ts > "${path.join(portalDir, 'server.log')}" 2>&1`;
  return {
    // The servers start one after the other: the first one builds the app they all serve, unless
    // `npm test` has just built it (E2E_APP_BUILT=1, scripts/test-all.ts).
    command: index === 0 && process.env.E2E_APP_BUILT !== '1' ? `npm run build && ${serve}` : serve,
    url: `http://127.0.0.1:${port + index}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port + index),
      DATA_DIR: portalDir,
      LOG_LEVEL: 'info',
      MAIL_POLL_MS: '200',
      CAPTCHA_COST: '2000',
      // The tests act as the reverse proxy: each test and browser context names its own client in
      // X-Forwarded-For (tests/e2e/support.ts), so per-address limits count each separately (ADR 032).
      TRUSTED_PROXIES: '127.0.0.1',
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // A spec file's tests run in order in one worker; the files are spread over the workers.
  fullyParallel: false,
  workers,
  retries: 0,
  // A guard against a hang, not a speed target (those are benchmarks): a spec's whole flow with
  // two workers on a loaded 2-core machine took 60–75 s on 2026-11-27 where it takes 38 s alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Each worker's own portal (tests/e2e/support.ts sets baseURL from the worker's index).
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: e2eChromePath,
      args: chromeFlags,
    },
  },
  // Searches the servers' logs for every password and token the run used (issue 7 §5).
  globalTeardown: './tests/e2e/log-secrets.teardown.ts',
  webServer: Array.from({ length: workers }, (_, index) => portal(index)),
});
