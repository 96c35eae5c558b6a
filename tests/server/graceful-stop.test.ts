import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { openEventStream } from '../support/sse-client';
import { ADMIN, loginCookie, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 16, graceful stop and readiness (ADR 033): a stopping process turns unready at once,
 * accepts no new connection, finishes the request in flight (within SHUTDOWN_GRACE_MS), ends its
 * live streams with a retry hint, and resolves; /healthz stays liveness.
 */
let server: TestServer | null = null;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  await server?.stop();
  server = null;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * A login whose body is sent in two halves on a raw socket: the request is in flight (headers
 * received) between them. Resolves with the raw HTTP answer once the server closes the socket.
 */
async function halfSentLogin(origin: string, email: string, password = MEMBER_PASSWORD) {
  const { port } = new URL(origin);
  const body = JSON.stringify({ email, password });
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('utf8');
  });
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  // A server that cuts the connection (a reset, or a write after it closed) ends in 'close' too,
  // which answers what arrived; unlistened, the 'error' before it would be thrown outside any test
  // and fail the whole run (on a busy machine the stop can begin before the headers were read).
  socket.on('error', () => {});
  socket.write(
    [
      'POST /svc/auth/api/v1/login HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Origin: ${origin}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: keep-alive',
      '',
      body.slice(0, 10),
    ].join('\r\n'),
  );
  // Let the server read the headers, so the request is in flight when the stop begins.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { finish: () => socket.write(body.slice(10)), closed };
}

test('/readyz is ready while the database answers; /healthz is liveness', async () => {
  server = await startTestServer();
  const ready = await fetch(server.url('/readyz'));
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
  expect((await fetch(server.url('/healthz'))).status).toBe(200);
});

test('a stop finishes the request in flight, refuses new connections, and is unready meanwhile', async () => {
  server = await startTestServer();
  const { owner } = await insertWorkshop(server.db, { name: 'Werkstatt Stopp', ownerEmail: 'stopp@werkstatt.de' });
  const login = await halfSentLogin(server.origin, owner.email);

  const stopped = server.drain();
  const readiness = await server.handle(new Request(server.url('/readyz')));
  expect(readiness.status).toBe(503);
  expect(await readiness.json()).toEqual({ status: 'draining' });
  await expect(fetch(server.url('/healthz'))).rejects.toThrow();

  login.finish();
  const answer = await login.closed;
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  // The kept-alive connection is not offered for a next request: it would reach a stopping process.
  expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  expect(answer).toMatch(/tp_session=/);
  await stopped;
  server = null;
});

test('a request still unfinished when SHUTDOWN_GRACE_MS is over is cut off, and the stop completes', async () => {
  server = await startTestServer({ SHUTDOWN_GRACE_MS: '300' });
  const { owner } = await insertWorkshop(server.db, { name: 'Werkstatt Hängt', ownerEmail: 'haengt@werkstatt.de' });
  const login = await halfSentLogin(server.origin, owner.email);
  const started = performance.now();
  await server.drain();
  const took = performance.now() - started;
  expect(took).toBeGreaterThanOrEqual(250);
  // The connection was cut without an answer.
  expect(await login.closed).toBe('');
  server = null;
});

test('live streams end with a retry hint so their clients reconnect elsewhere', async () => {
  server = await startTestServer();
  const { owner } = await insertWorkshop(server.db, { name: 'Werkstatt Strom', ownerEmail: 'strom@werkstatt.de' });
  const cookie = await loginCookie(server, owner.email, MEMBER_PASSWORD);
  const stream = await openEventStream(server.url('/svc/workshop/events'), { cookie });
  await stream.untilReady();
  const retriesBefore = stream.blocks.filter((block) => block.retry !== null).length;
  await server.drain();
  server = null;
  await stream.until(() => stream.ended(), 'the stream to end');
  const hints = stream.blocks.filter((block) => block.retry !== null);
  expect(hints.length).toBe(retriesBefore + 1);
  expect(hints.at(-1)?.retry).toBeLessThanOrEqual(1250);
});

test('a live stream opened while the process stops is sent on at once with a retry hint', async () => {
  server = await startTestServer({ SHUTDOWN_GRACE_MS: '30000' });
  const { owner } = await insertWorkshop(server.db, { name: 'Werkstatt Spät', ownerEmail: 'spaet@werkstatt.de' });
  const cookie = await loginCookie(server, owner.email, MEMBER_PASSWORD);
  // A request in flight holds the stop open, as a busy process's would.
  const login = await halfSentLogin(server.origin, owner.email);
  const stopped = server.drain();
  const liveHub = server.liveHub;
  await expect.poll(() => liveHub.isStopped()).toBe(true);
  // The stream arrives on a connection accepted before the stop (here: past the listener).
  const late = await server.handle(
    new Request(server.url('/svc/workshop/events'), { headers: { cookie, origin: server.origin } }),
  );
  expect(late.status).toBe(200);
  // The whole body ends while the login is still in flight: the hub closed it, not the grace period.
  const body = await late.text();
  expect(body.match(/^retry: \d+$/gm)?.length).toBe(2);
  login.finish();
  expect(await login.closed).toMatch(/^HTTP\/1\.1 200 /);
  await stopped;
  server = null;
});

async function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real entry point (`server/main.ts`) as a process of its own, on an embedded database. */
async function portalProcess() {
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teileportal-stop-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-spa'),
      LOG_LEVEL: 'info',
      MAIL_POLL_MS: '60000',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    if (attempt > 600) throw new Error('the portal process did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, child, exited, output: () => output };
}

test('SIGTERM on the real process: the request in flight is answered, then it exits 0', async () => {
  const portal = await portalProcess();
  const login = await halfSentLogin(portal.origin, ADMIN.email, ADMIN.password);
  portal.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 200));
  login.finish();
  expect(await login.closed).toMatch(/^HTTP\/1\.1 200 /);
  expect(await portal.exited).toBe(0);
  expect(portal.output()).toContain('"event":"server.stopped"');
}, 120_000);

test('a second signal ends the process at once, without waiting for the request in flight', async () => {
  const portal = await portalProcess();
  const login = await halfSentLogin(portal.origin, ADMIN.email, ADMIN.password);
  portal.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const secondAt = performance.now();
  portal.child.kill('SIGINT');
  expect(await portal.exited).toBe(1);
  // Well inside the 10 s grace the first signal would have waited for the unfinished request.
  expect(performance.now() - secondAt).toBeLessThan(5000);
  expect(await login.closed).toBe('');
}, 120_000);
