import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser); CHROME_PATH overrides. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The browser the e2e tests drive: Debian's `chromium-headless-shell` where it is installed (the old
 * headless mode, which Playwright's own downloads also use for headless runs), else `chromium`. On
 * these 2-core machines the shell took the e2e step from 10.2 to 7.8 minutes with the same 81 tests
 * (issue 23 §5, ADR 038). CHROME_PATH overrides both.
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const e2eChromePath =
  process.env.CHROME_PATH ?? (existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : chromePath);

/** Flags measured to work as root on these machines, with no outside network (ADR 019 (stack facts)). */
export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
