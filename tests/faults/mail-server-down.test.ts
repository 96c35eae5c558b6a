import net from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { outbox, users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import { startSmtpSink } from '../support/smtp-sink';
import { postJson, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 7 §3: the mail server is down. Requests that queue mail still answer, even while the mail
 * server holds their connections without a word; when the mail server is back, every queued mail
 * arrives exactly once (counted on the receiving server by Message-ID); a mail the server keeps
 * refusing is abandoned after 5 tries and logged.
 */
const ALWAYS_REFUSED = 'always-refused@mail-fault.de';
const received = new Map<string, number>();
let smtp: Awaited<ReturnType<typeof startSmtpSink>> | null = null;
let smtpPort = 0;
let server: TestServer;

async function startSmtp(port: number) {
  smtp = await startSmtpSink(port, { received, refuses: (recipient) => recipient === ALWAYS_REFUSED });
  return smtp.port;
}
const stopSmtp = async () => {
  await smtp?.stop();
};

beforeAll(async () => {
  smtpPort = await startSmtp(0);
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_BASE_SECONDS: '1' });
  for (const email of [...Array.from({ length: 10 }, (_, index) => `user-${index}@mail-fault.de`), ALWAYS_REFUSED]) {
    await server.db.insert(users).values({
      email,
      passwordHash: await hashPassword('Mail-password-2026'),
      firstName: 'Mia',
      lastName: 'Mail',
      status: 1,
    });
  }
});
afterAll(async () => {
  await server.stop();
  await stopSmtp();
});

/**
 * A mail server that accepts connections and never answers: a request that waited for the mail
 * would never be answered, however fast the machine (no time limit to tune, ADR 038). Closing it
 * cuts the connections it holds, so the attempts in flight fail and the port is closed.
 */
async function startSilentSmtp(port: number) {
  const held = new Set<net.Socket>();
  const silent = net.createServer((socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    silent.once('error', reject);
    silent.listen(port, '127.0.0.1', resolve);
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of held) socket.destroy();
      silent.close(() => resolve());
    });
}

test('mail queued while the mail server is down arrives exactly once when it is back', async () => {
  await stopSmtp();
  const stopSilent = await startSilentSmtp(smtpPort);
  for (let index = 0; index < 10; index++) {
    const { response } = await postJson(server, '/svc/auth/api/v1/forgot-password', {
      email: `user-${index}@mail-fault.de`,
    });
    expect(response.status).toBe(200);
  }
  await stopSilent();
  // The first attempts fail against the closed port and are rescheduled.
  await expect
    .poll(
      async () =>
        (await server.db.select().from(outbox).where(isNull(outbox.sentAt))).filter((row) => row.attempts > 0).length,
      {
        timeout: 10_000,
      },
    )
    .toBeGreaterThanOrEqual(10);
  await startSmtp(smtpPort);

  const queued = (await server.db.select().from(outbox)).filter((row) => row.recipient.startsWith('user-'));
  expect(queued).toHaveLength(10);
  await expect
    .poll(async () => queued.filter((row) => received.has(`<outbox-${row.id}@teileportal.local>`)).length, {
      timeout: 30_000,
    })
    .toBe(10);
  for (const row of queued) expect(received.get(`<outbox-${row.id}@teileportal.local>`)).toBe(1);
  // The mail server counts a mail when its data has arrived; the portal marks it sent only after
  // the server's answer to it, a moment later: waited for, not assumed.
  const userRows = async () =>
    (await server.db.select().from(outbox)).filter((row) => row.recipient.startsWith('user-'));
  await expect
    .poll(async () => (await userRows()).filter((row) => row.sentAt !== null).length, { timeout: 30_000 })
    .toBe(10);
  for (const row of await userRows()) expect(row.abandonedAt).toBeNull();
  // Poll a little longer: nothing is sent a second time.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const row of queued) expect(received.get(`<outbox-${row.id}@teileportal.local>`)).toBe(1);
});

test('a mail the server keeps refusing is abandoned after 5 tries, and logged', async () => {
  const { response } = await postJson(server, '/svc/auth/api/v1/forgot-password', { email: ALWAYS_REFUSED });
  expect(response.status).toBe(200);
  // Retries after 1, 2, 4 and 8 seconds: abandoned about 15 s later.
  await expect
    .poll(
      async () =>
        (await server.db.select().from(outbox).where(eq(outbox.recipient, ALWAYS_REFUSED)))[0]?.abandonedAt ?? null,
      { timeout: 40_000, interval: 500 },
    )
    .not.toBeNull();
  const [row] = await server.db.select().from(outbox).where(eq(outbox.recipient, ALWAYS_REFUSED));
  expect(row?.attempts).toBe(5);
  expect(row?.sentAt).toBeNull();
  expect(row?.lastError).toMatch(/451|busy/i);
  const logged = server.logLines.filter((line) => line.includes('"event":"mail.abandoned"'));
  expect(logged).toHaveLength(1);
  expect(logged[0]).toContain(`"outboxId":${row?.id}`);
});
