import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { translate } from '../../server/i18n';
import { dealerRegistration } from '../support/dealer';
import { storedRowCounts } from '../support/fuzz';
import { postJson, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 7 §3: the captcha verifier (reCAPTCHA's siteverify, here a local stand-in) is down,
 * failing, answering nonsense, or rejecting our secret. Every protected form fails closed:
 * nothing stored, a clear translated message that the check is unavailable (not the visitor's
 * fault). A verifier that says "not solved" still gets the usual captcha message.
 */
type Behaviour = 'error' | 'garbage' | 'bad-secret' | 'not-solved';
let behaviour: Behaviour = 'not-solved';
let verifier: Server;
let server: TestServer;

beforeAll(async () => {
  verifier = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (behaviour === 'error') {
        response.writeHead(500).end('internal error');
      } else if (behaviour === 'garbage') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      } else if (behaviour === 'bad-secret') {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
      } else {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-response'] }));
      }
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const address = verifier.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server = await startTestServer({
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_SECRET: 'secret',
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
  });
});
afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => verifier.close(resolve));
});

const protectedForms: [string, Record<string, unknown>][] = [
  [
    '/svc/workshop/lead',
    { workshop_primary_email: 'captcha@werkstatt.de', workshop_account_name: 'Captcha KFZ', recaptcha: 'token' },
  ],
  ['/svc/auth/api/v1/contact-info', { name: 'Erika', email: 'erika@example.de', info: 'Frage', recaptcha: 'token' }],
  ['/svc/part-dealer/part-dealer/leads', dealerRegistration({ email: 'dieter@captcha-dealer.de', recaptcha: 'token' })],
];

describe.each(protectedForms)('%s', (path, body) => {
  test.each<[Behaviour, number, 'captchaUnavailable' | 'captchaInvalid']>([
    ['error', 503, 'captchaUnavailable'],
    ['garbage', 503, 'captchaUnavailable'],
    ['bad-secret', 503, 'captchaUnavailable'],
    ['not-solved', 400, 'captchaInvalid'],
  ])('verifier %s: %i %s, nothing stored', async (mode, status, messageId) => {
    behaviour = mode;
    const before = await storedRowCounts(server);
    const { response, body: answer } = await postJson(server, path, body, { 'accept-language': 'en' });
    expect(response.status).toBe(status);
    expect(answer.message).toBe(translate('en', messageId));
    expect(await storedRowCounts(server)).toEqual(before);
  });
});

test('a verifier that cannot be reached at all fails closed too', async () => {
  const closed = await startTestServer({
    RECAPTCHA_SITE_KEY: 'site-key',
    RECAPTCHA_SECRET: 'secret',
    RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
  });
  try {
    for (const [path, body] of protectedForms) {
      const before = await storedRowCounts(closed);
      const { response, body: answer } = await postJson(closed, path, body);
      expect(response.status).toBe(503);
      expect(answer.message).toBe(translate('de', 'captchaUnavailable'));
      expect(await storedRowCounts(closed)).toEqual(before);
    }
  } finally {
    await closed.stop();
  }
});
