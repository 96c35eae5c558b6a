import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromeFlags, chromePath } from './scripts/chromium';

if (!existsSync(chromePath)) {
  throw new Error(
    `Chromium not found at ${chromePath}. Install it with "sudo apt-get install -y chromium" (Debian/Ubuntu), or point CHROME_PATH at a Chrome/Chromium binary.`,
  );
}

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'teileportal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromePath,
      args: chromeFlags,
    },
  },
  // Searches the server's log for every password and token the run used (issue 7 §5).
  globalTeardown: './tests/e2e/log-secrets.teardown.ts',
  webServer: {
    // The production build served by the real server, as `npm start` does; its log (level info)
    // goes to a file the teardown searches.
    command: `npm run build && node --import tsx server/main.ts > "${path.join(dataDir, 'server.log')}" 2>&1`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      MAIL_POLL_MS: '200',
      CAPTCHA_COST: '2000',
      // The tests act as the reverse proxy: each test and browser context names its own client in
      // X-Forwarded-For (tests/e2e/support.ts), so per-address limits count each separately (ADR 032).
      TRUSTED_PROXIES: '127.0.0.1',
    },
  },
});
