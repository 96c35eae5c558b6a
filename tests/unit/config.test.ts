import { expect, test } from 'vitest';
import { DEVELOPMENT_DEFAULTS, loadServerConfig } from '../../server/config';
import { buildClientConfig } from '../../src/config/client-config';

test('the server starts with no settings at all (development defaults)', () => {
  const config = loadServerConfig({});
  expect(config).toMatchObject({ appEnv: 'development', port: 3000, databaseUrl: null, smtpUrl: null });
  expect(config.admin.email).toBe(DEVELOPMENT_DEFAULTS.ADMIN_EMAIL);
});

test.each([
  [{ PORT: 'eighty' }, 'PORT'],
  [{ PORT: '70000' }, 'PORT'],
  [{ APP_ENV: 'prod' }, 'APP_ENV'],
  [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
  [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
  [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
  [{ RECAPTCHA_SITE_KEY: 'abcdefghijkl' }, 'RECAPTCHA_SECRET'],
])('a bad server setting %j fails naming %s', (environment, name) => {
  expect(() => loadServerConfig(environment)).toThrow(name);
});

test('production refuses default secrets and names each one', () => {
  expect(() => loadServerConfig({ APP_ENV: 'production', PUBLIC_URL: 'https://teileportal.de' })).toThrow(
    /ADMIN_PASSWORD, SESSION_SECRET, CAPTCHA_HMAC_KEY/,
  );
  expect(() =>
    loadServerConfig({
      APP_ENV: 'production',
      PUBLIC_URL: 'https://teileportal.de',
      ADMIN_PASSWORD: DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD,
      SESSION_SECRET: 'x'.repeat(40),
      CAPTCHA_HMAC_KEY: 'y'.repeat(40),
    }),
  ).toThrow(/ADMIN_PASSWORD/);
});

test('production with every secret set starts', () => {
  const config = loadServerConfig({
    APP_ENV: 'production',
    PUBLIC_URL: 'https://teileportal.de/',
    ADMIN_PASSWORD: 'a-real-admin-password',
    SESSION_SECRET: 'x'.repeat(40),
    CAPTCHA_HMAC_KEY: 'y'.repeat(40),
  });
  expect(config.isProduction).toBe(true);
  expect(config.publicUrl).toBe('https://teileportal.de');
});

test('the client build defaults to production with same-origin services and ALTCHA', () => {
  const config = buildClientConfig({});
  expect(config.environment).toBe('production');
  expect(config.services).toEqual({
    auth: '/svc/auth/api/v1',
    workshop: '/svc/workshop',
    partDealer: '/svc/part-dealer',
    insurer: '/svc/insurer',
  });
  expect(config.captcha).toEqual({ provider: 'altcha' });
});

test('a service URL override and a reCAPTCHA key are honoured', () => {
  const config = buildClientConfig({
    AUTH_SERVICE_URL: 'https://auth.example.de/api/v1/',
    RECAPTCHA_SITE_KEY: '6LcAbCdEfGhIjKl',
  });
  expect(config.services.auth).toBe('https://auth.example.de/api/v1');
  expect(config.captcha).toEqual({ provider: 'recaptcha', siteKey: '6LcAbCdEfGhIjKl' });
});

test.each([
  [{ APP_ENV: 'test' }, 'APP_ENV'],
  [{ WORKSHOP_SERVICE_URL: 'ftp://x' }, 'WORKSHOP_SERVICE_URL'],
  [{ ANALYTICS_SCRIPT_URL: 'javascript:alert(1)' }, 'ANALYTICS_SCRIPT_URL'],
  [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
])('a bad client setting %j fails the build naming %s', (environment, name) => {
  expect(() => buildClientConfig(environment)).toThrow(name);
});

test('an analytics script is allowed by the CSP only when configured', () => {
  expect(loadServerConfig({}).analyticsOrigin).toBeNull();
  expect(loadServerConfig({ ANALYTICS_SCRIPT_URL: 'https://stats.example.de/script.js' }).analyticsOrigin).toBe(
    'https://stats.example.de',
  );
  expect(() => loadServerConfig({ ANALYTICS_SCRIPT_URL: 'javascript:alert(1)' })).toThrow('ANALYTICS_SCRIPT_URL');
});
