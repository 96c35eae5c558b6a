/** Debian's Chromium (never a downloaded browser); CHROME_PATH overrides. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
