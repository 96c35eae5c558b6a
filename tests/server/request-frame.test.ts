import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { afterEach, expect, test } from 'vitest';
import { parseTrustedProxies } from '../../server/http/client-ip';
import { currentRequestContext } from '../../server/http/request-context';
import {
  requestFrame,
  type SecurityHeaderSettings,
  securityHeaderList,
  securityHeaderOptions,
} from '../../server/http/request-frame';

const SETTINGS: SecurityHeaderSettings[] = [
  { recaptcha: false, analyticsOrigin: null, strictTransportSecurity: false },
  { recaptcha: true, analyticsOrigin: 'https://stats.example.org', strictTransportSecurity: true },
];

const lowerCased = (entries: Iterable<[string, string]>) =>
  Object.fromEntries([...entries].map(([name, value]) => [name.toLowerCase(), value]));

test.each(SETTINGS)('the precomputed security headers are exactly what secureHeaders() set (%o)', async (settings) => {
  const reference = new Hono();
  reference.use('*', secureHeaders(securityHeaderOptions(settings)));
  reference.get('/', (c) => c.body(null, 204));
  const answer = await reference.request('/');
  expect(lowerCased(securityHeaderList(securityHeaderOptions(settings)))).toEqual(lowerCased(answer.headers));
});

/** The frame around three routes: a plain JSON answer, one with its own policy, and one that fails. */
function framedApp(draining: { now: boolean }) {
  const app = new Hono();
  app.use(
    '*',
    requestFrame({
      securityHeaders: SETTINGS[1] as SecurityHeaderSettings,
      trustedProxies: parseTrustedProxies(''),
      forwardedHeader: 'x-forwarded-for',
      isDraining: () => draining.now,
    }),
  );
  app.get('/json', (c) => c.json({ context: currentRequestContext() ?? null }));
  app.get('/own-policy', (c) => c.body('logo', 200, { 'Content-Security-Policy': "default-src 'none'" }));
  app.get('/fails', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ failed: true }, 500));
  return app;
}

const expected = lowerCased(securityHeaderList(securityHeaderOptions(SETTINGS[1] as SecurityHeaderSettings)));

function expectFramed(response: Response) {
  for (const [name, value] of Object.entries(expected)) {
    if (name !== 'content-security-policy') expect(response.headers.get(name), name).toBe(value);
  }
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
}

let server: Server | null = null;
afterEach(async () => {
  const running = server;
  server = null;
  if (running) await new Promise((resolve) => running.close(resolve));
});

async function listen(app: Hono) {
  server = await new Promise<Server>((resolve) => {
    const instance = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(instance as Server));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('on a Node listener every answer carries the security headers and its request id; its own policy wins', async () => {
  const draining = { now: false };
  const origin = await listen(framedApp(draining));

  const json = await fetch(`${origin}/json`);
  expectFramed(json);
  expect(json.headers.get('content-security-policy')).toBe(expected['content-security-policy']);
  // The log context of the request is the one its answer names.
  const { context } = (await json.json()) as { context: { requestId: string; clientIp: string } };
  expect(context).toEqual({ requestId: json.headers.get('x-request-id'), clientIp: '127.0.0.1' });

  const own = await fetch(`${origin}/own-policy`);
  expectFramed(own);
  expect(own.headers.get('content-security-policy')).toBe("default-src 'none'");

  const failed = await fetch(`${origin}/fails`);
  expect(failed.status).toBe(500);
  expectFramed(failed);
  expect(failed.headers.get('connection')).not.toBe('close');

  draining.now = true;
  const last = await fetch(`${origin}/json`);
  expectFramed(last);
  expect(last.headers.get('connection')).toBe('close');
});

test('called without a listener (app.request) the answer gets the same headers', async () => {
  const draining = { now: false };
  const app = framedApp(draining);
  const json = await app.request('/json');
  expectFramed(json);
  expect(json.headers.get('content-security-policy')).toBe(expected['content-security-policy']);
  const own = await app.request('/own-policy');
  expectFramed(own);
  expect(own.headers.get('content-security-policy')).toBe("default-src 'none'");
  draining.now = true;
  expect((await app.request('/json')).headers.get('connection')).toBe('close');
});
