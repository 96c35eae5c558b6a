import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { outbox, workshopLeads } from '../../server/db/schema';
import { translate } from '../../server/i18n';
import {
  ADMIN,
  postJson,
  sessionCookieFrom,
  solvedCaptcha,
  startTestServer,
  type TestServer,
} from '../support/test-server';

/**
 * The prerendered login, forgot-password and invitation-request forms posted by a browser before
 * the app has arrived, or without JavaScript (ADR 046): the JSON endpoints' rules behind the same
 * origin checks, answered with a redirect or the page again. A tiny stand-in for the build (a few
 * pages, the notice boxes) lets the tests see the HTML the visitor gets.
 */
let server: TestServer;
let staticDir: string;

function stubPage(pathname: string, language: string) {
  const fields =
    pathname === '/view-request'
      ? '<input type="email" name="workshop_primary_email" value=""/><input name="workshop_account_name" value=""/><div data-captcha-host=""></div>'
      : '<input type="email" name="email" autocomplete="username" value=""/><input type="password" name="password" value=""/>';
  return `<!doctype html><html lang="${language}"><body><div id="prerendered"><main><form action="${pathname}" method="post">${fields}<button type="submit">go</button></form></main></div><div id="root"></div></body></html>`;
}

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'teileportal-forms-'));
  mkdirSync(path.join(staticDir, 'prerendered'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const language of ['de', 'en']) {
    for (const page of ['login', 'forgot-password', 'register', 'view-request']) {
      writeFileSync(path.join(staticDir, 'prerendered', `${page}.${language}.html`), stubPage(`/${page}`, language));
    }
  }
  writeFileSync(
    path.join(staticDir, 'prerendered', 'notice-templates.json'),
    JSON.stringify({
      error: '<div class="box-error" role="alert">%NOTICE_TEXT%</div>',
      success: '<div class="box-success" role="note">%NOTICE_TEXT%</div>',
    }),
  );
  // A trusted proxy names each invitation test's client, so their per-client limits stay apart.
  server = await startTestServer({ LOGIN_MAX_FAILURES: '3', STATIC_DIR: staticDir, TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(async () => {
  await server.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

function postForm(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(server.url(pathname), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.origin,
      'sec-fetch-site': 'same-origin',
      'accept-language': 'de',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('POST /login as a plain form', () => {
  test('the right password: a session cookie and a 303 to where the app would go', async () => {
    const response = await postForm('/login', { email: ADMIN.email, password: ADMIN.password });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/users');
    const cookie = sessionCookieFrom(response);
    const me = await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie: cookie ?? '' } });
    expect(me.status).toBe(200);
  });

  test("the page's ?redirect= is posted back and followed, when it is an internal path", async () => {
    const page = await (await fetch(server.url('/login?redirect=%2Forders%3Fstatus%3Dopen'))).text();
    expect(page).toContain('action="/login?redirect=%2Forders%3Fstatus%3Dopen"');
    const followed = await postForm('/login?redirect=%2Forders%3Fstatus%3Dopen', { ...ADMIN });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/orders?status=open');
    const refusedAgain = await postForm('/login?redirect=%2Forders', {
      email: ADMIN.email,
      password: 'wrong-password',
    });
    expect(await refusedAgain.text()).toContain('action="/login?redirect=%2Forders"');
  });

  test.each(['https://evil.example/', '//evil.example', '/login?redirect=/users'])(
    "a redirect to %s is not followed (the app's rule), and not written into the page",
    async (target) => {
      const page = await (await fetch(server.url(`/login?redirect=${encodeURIComponent(target)}`))).text();
      expect(page).toContain('action="/login"');
      const response = await postForm(`/login?redirect=${encodeURIComponent(target)}`, { ...ADMIN });
      expect(response.headers.get('location')).toBe('/users');
    },
  );

  test('remember me as a checkbox makes the cookie last 30 days', async () => {
    const response = await postForm('/login', { ...ADMIN, rememberMe: 'true' });
    const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('tp_session='));
    expect(setCookie).toMatch(/Max-Age=2592000/);
  });

  test('an invalid e-mail: the page again with the translated rule and the typed e-mail, never the password', async () => {
    const response = await postForm('/login', { email: 'not-an-address', password: 'secret-typed-here' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`<div class="box-error" role="alert">${translate('de', 'emailInvalid')}</div>`);
    expect(html).toContain('value="not-an-address"');
    expect(html).toMatch(/<input aria-invalid="true"[^>]*name="email"/);
    expect(html).not.toContain('secret-typed-here');
  });

  test('the error comes in the language of the cookie the app uses, else of Accept-Language', async () => {
    const byHeader = await postForm('/login', { email: '', password: 'x' }, { 'accept-language': 'en-GB,en;q=0.8' });
    const englishPage = await byHeader.text();
    expect(englishPage).toContain(translate('en', 'emailRequired'));
    expect(englishPage).toContain('<html lang="en">');
    const byCookie = await postForm(
      '/login',
      { email: '', password: 'x' },
      { 'accept-language': 'en', cookie: 'defaultLanguage=de' },
    );
    expect(await byCookie.text()).toContain(translate('de', 'emailRequired'));
  });

  test('a wrong password is refused like the JSON endpoint does, with the e-mail kept (HTML escaped)', async () => {
    const response = await postForm('/login', { email: 'o"brien@example.de', password: 'wrong-password' });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain(translate('de', 'invalidCredentials'));
    expect(html).toContain('value="o&quot;brien@example.de"');
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('tp_session='))).toBe(false);
  });

  test('the password throttle applies, and it is the same counter as the JSON endpoint', async () => {
    const email = 'throttled@example.de';
    // Two failures by form and one by JSON fill the pair's window of 3.
    await postForm('/login', { email, password: 'wrong-1' });
    await postForm('/login', { email, password: 'wrong-2' });
    await fetch(server.url('/svc/auth/api/v1/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ email, password: 'wrong-3' }),
    });
    const refused = await postForm('/login', { email, password: 'wrong-4' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(translate('de', 'tooManyAttempts'));
  });

  test('a browser post from our own page under no-referrer (Origin: null, Sec-Fetch-Site: same-origin) is taken', async () => {
    const response = await postForm('/login', { ...ADMIN }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(303);
  });

  test.each([
    ['another site by Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['an opaque origin with no Sec-Fetch-Site', { 'sec-fetch-site': '', origin: 'null' }],
    ['a same-site but other origin', { 'sec-fetch-site': 'same-site', origin: 'null' }],
    ['another site by Origin alone', { 'sec-fetch-site': '', origin: 'https://evil.example' }],
    ['a post naming no site at all', { 'sec-fetch-site': '', origin: '' }],
  ])('%s is refused with the translated page', async (_, headers) => {
    const response = await postForm('/login', { email: ADMIN.email, password: ADMIN.password }, headers);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(translate('de', 'foreignOrigin'));
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('tp_session='))).toBe(false);
  });

  test('a body that is not a urlencoded form is refused (415), not parsed', async () => {
    const response = await postForm('/login', {}, { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(translate('de', 'unsupportedContentType'));
  });
});

describe('POST /forgot-password as a plain form', () => {
  test('a known address gets its mail; the browser is sent to the login page, which says so', async () => {
    const response = await postForm('/forgot-password', { email: ADMIN.email.toUpperCase() });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?notice=resetLinkSent');
    const mails = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, ADMIN.email), eq(outbox.kind, 'password-reset')));
    expect(mails).toHaveLength(1);
    const next = await fetch(server.url('/login?notice=resetLinkSent'));
    expect(await next.text()).toContain(
      `<div class="box-success" role="note">${translate('de', 'resetLinkSent')}</div>`,
    );
  });

  test('an unknown notice in the link shows nothing', async () => {
    const page = await (await fetch(server.url('/login?notice=<script>'))).text();
    expect(page).not.toContain('box-success');
  });

  test('a bad address: the page again with the rule', async () => {
    const response = await postForm('/forgot-password', { email: 'nope' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(translate('de', 'emailInvalid'));
  });

  test('the per-address rate limit applies as on the JSON endpoint', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await postForm('/forgot-password', { email: 'hammer-form@example.de' })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([303, 303, 303, 303, 303]);
    expect(statuses[5]).toBe(429);
  });
});

test('a prerendered form that needs the app says so without JavaScript', async () => {
  const response = await postForm('/register', { email: 'x@example.de' });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(translate('de', 'javascriptRequired'));
});

describe('POST /view-request as a plain form (sent from the copy once its captcha widget has loaded)', () => {
  let clients = 0;
  /** A client of its own per test (the limit is 20 requests an hour per client). */
  const ownClient = () => ({ 'x-forwarded-for': `198.51.100.${++clients}` });
  const leadsFor = (email: string) => server.db.select().from(workshopLeads).where(eq(workshopLeads.email, email));
  const request = (email: string) => ({ workshop_primary_email: email, workshop_account_name: 'Kfz Formular' });

  test('with a solved captcha: the lead and its mail, and a 303 to the page saying so', async () => {
    const email = 'formular@mueller-kfz.de';
    const response = await postForm(
      '/view-request',
      { ...request(email), captcha: await solvedCaptcha(server) },
      ownClient(),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/view-request?notice=invitationRequested');
    expect(await leadsFor(email)).toEqual([
      expect.objectContaining({
        workshopAccountName: 'Kfz Formular',
        mode: 'plain',
        status: 'requested',
        locale: 'de',
      }),
    ]);
    const mails = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'invitation-request-received')));
    expect(mails).toHaveLength(1);
    const next = await fetch(server.url('/view-request?notice=invitationRequested'));
    expect(await next.text()).toContain(
      `<div class="box-success" role="note">${translate('de', 'invitationRequested')}</div>`,
    );
  });

  test('bad input: a translated 400 with the typed values kept, nothing written, the captcha not spent', async () => {
    const email = 'kein-at-zeichen.de';
    const captcha = await solvedCaptcha(server);
    const response = await postForm('/view-request', { ...request(email), captcha }, ownClient());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`<div class="box-error" role="alert">${translate('de', 'emailInvalid')}</div>`);
    expect(html).toMatch(/<input aria-invalid="true" value="kein-at-zeichen.de"[^>]*name="workshop_primary_email"/);
    expect(html).toContain('value="Kfz Formular"');
    expect(await leadsFor(email)).toEqual([]);
    // Checked before the captcha, as on the JSON endpoint: the answer is still good once the input is.
    const corrected = await postForm(
      '/view-request',
      { ...request('korrigiert@mueller-kfz.de'), captcha },
      ownClient(),
    );
    expect(corrected.status).toBe(303);
  });

  test('no captcha answer at all (JavaScript off, the widget never loaded): the page says JavaScript is needed', async () => {
    const email = 'ohne-skript@mueller-kfz.de';
    const response = await postForm('/view-request', request(email), { ...ownClient(), 'accept-language': 'en' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(translate('en', 'javascriptRequired'));
    expect(html).toContain('value="ohne-skript@mueller-kfz.de"');
    expect(await leadsFor(email)).toEqual([]);
  });

  test.each([
    ['an unsolved widget (empty answer)', '', 'captchaRequired'],
    ['a forged answer', Buffer.from('{"challenge":{},"solution":{}}').toString('base64'), 'captchaInvalid'],
  ] as const)('%s is refused with the translated captcha message, nothing written', async (_, captcha, messageId) => {
    const email = `captcha-${messageId}@mueller-kfz.de`;
    const response = await postForm('/view-request', { ...request(email), captcha }, ownClient());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(translate('de', messageId));
    expect(await leadsFor(email)).toEqual([]);
  });

  test('an answer already spent (by the JSON endpoint) is refused', async () => {
    const captcha = await solvedCaptcha(server);
    const client = ownClient();
    const { response: first } = await postJson(
      server,
      '/svc/workshop/lead',
      { ...request('erste@mueller-kfz.de'), recaptcha: captcha },
      client,
    );
    expect(first.status).toBe(200);
    const again = await postForm('/view-request', { ...request('zweite@mueller-kfz.de'), captcha }, client);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(translate('de', 'captchaInvalid'));
    expect(await leadsFor('zweite@mueller-kfz.de')).toEqual([]);
  });

  test('a foreign origin is refused with the translated page, and nothing is written', async () => {
    const email = 'fremd@mueller-kfz.de';
    const response = await postForm(
      '/view-request',
      { ...request(email), captcha: await solvedCaptcha(server) },
      { ...ownClient(), 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(translate('de', 'foreignOrigin'));
    expect(await leadsFor(email)).toEqual([]);
  });

  test("the per-client limit is the JSON endpoint's: 20 an hour, by form and JSON together", async () => {
    const client = ownClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push(
        (await postForm('/view-request', { ...request(`limit-${attempt}@x.de`), captcha: 'x' }, client)).status,
      );
      const { response } = await postJson(
        server,
        '/svc/workshop/lead',
        { ...request(`limit-json-${attempt}@x.de`), recaptcha: 'x' },
        client,
      );
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    const refused = await postForm('/view-request', { ...request('limit-last@x.de'), captcha: 'x' }, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(translate('de', 'tooManyAttempts'));
  });
});
