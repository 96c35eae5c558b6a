import { eq, inArray, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { outbox } from '../../server/db/schema';
import {
  createMailTransport,
  deliverDueMail,
  enqueueMail,
  MAX_MAIL_ATTEMPTS,
  type OutgoingMail,
  startMailWorker,
} from '../../server/mail/outbox';
import { mailTemplates } from '../../server/mail/templates';
import { startSmtpSink } from '../support/smtp-sink';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
// The server's own worker polls once at start and then sleeps; this file drives delivery itself.
beforeAll(async () => {
  server = await startTestServer({ MAIL_POLL_MS: '600000' });
  await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => server.stop());

const silent = pino({ level: 'silent' });
const aMail = () => mailTemplates.passwordChanged('en', { firstName: 'Jana', loginUrl: 'http://localhost/login' });

test('a mail that fails is retried later, then sent exactly once', async () => {
  const id = await enqueueMail(server.db, 'password-changed', 'jana@example.de', aMail());
  const sent: OutgoingMail[] = [];
  const failing = { send: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:2525')) };
  await deliverDueMail(server.db, failing, silent);
  const [afterFailure] = await server.db
    .select()
    .from(outbox)
    .where(eq(outbox.id, id ?? -1));
  expect(afterFailure).toMatchObject({ attempts: 1, sentAt: null, lastError: expect.stringContaining('ECONNREFUSED') });
  expect(afterFailure?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  // Not due yet: nothing is sent.
  await deliverDueMail(server.db, { send: async (mail) => void sent.push(mail) }, silent);
  expect(sent).toHaveLength(0);
  await server.db
    .update(outbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(outbox.id, id ?? -1));
  await deliverDueMail(server.db, { send: async (mail) => void sent.push(mail) }, silent);
  await deliverDueMail(server.db, { send: async (mail) => void sent.push(mail) }, silent);
  expect(sent.map((mail) => mail.id)).toEqual([id]);
  expect(sent[0]).toMatchObject({ to: 'jana@example.de', subject: 'Your password was changed' });
});

test(`a mail failing ${MAX_MAIL_ATTEMPTS} times is abandoned and logged`, async () => {
  const id = await enqueueMail(server.db, 'password-changed', 'broken@example.de', aMail());
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const failing = { send: async () => Promise.reject(new Error('550 mailbox unavailable')) };
  for (let attempt = 0; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
    await server.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, id ?? -1));
    await deliverDueMail(server.db, failing, logger);
  }
  const [row] = await server.db
    .select()
    .from(outbox)
    .where(eq(outbox.id, id ?? -1));
  expect(row?.abandonedAt).not.toBeNull();
  expect(row?.attempts).toBe(MAX_MAIL_ATTEMPTS);
  expect(lines.some((line) => line.includes('"mail.abandoned"'))).toBe(true);
});

test('a mail rolled back with its transaction is never sent', async () => {
  await server.db
    .transaction(async (tx) => {
      await enqueueMail(tx, 'password-changed', 'rolled-back@example.de', aMail());
      throw new Error('the change failed');
    })
    .catch(() => {});
  const rows = await server.db.select().from(outbox).where(eq(outbox.recipient, 'rolled-back@example.de'));
  expect(rows).toHaveLength(0);
});

test('user text in any subject cannot start a new mail header', async () => {
  const id = await enqueueMail(
    server.db,
    'account-awaits-review',
    'admin@example.de',
    mailTemplates.accountAwaitsReview('de', {
      name: 'Eve',
      company: 'Evil GmbH\r\nBcc: victim@example.com',
      email: 'eve@x.de',
      reviewUrl: 'http://x/users',
    }),
  );
  const [row] = await server.db
    .select()
    .from(outbox)
    .where(eq(outbox.id, id ?? -1));
  expect(row?.subject).toBe('Neue Registrierung: Evil GmbH Bcc: victim@example.com');
});

test('a process stopping mid-batch sends the mail in hand and gives the other leases back at once', async () => {
  // Mails the earlier tests left queued wait an hour, so the batch is these three.
  await server.db
    .update(outbox)
    .set({ nextAttemptAt: new Date(Date.now() + 3600_000) })
    .where(isNull(outbox.sentAt));
  const ids: number[] = [];
  for (const name of ['a', 'b', 'c']) {
    ids.push((await enqueueMail(server.db, 'password-changed', `lease-${name}@example.de`, aMail())) ?? -1);
  }
  const sent: number[] = [];
  let stopping = false;
  // The first mail is in flight when the stop comes: it is finished; the two behind it are released.
  const delivered = await deliverDueMail(
    server.db,
    {
      send: async (mail) => {
        stopping = true;
        sent.push(mail.id);
      },
    },
    silent,
    30,
    () => stopping,
  );
  expect(delivered).toBe(1);
  expect(sent).toEqual([ids[0]]);
  const rows = await server.db
    .select()
    .from(outbox)
    .where(inArray(outbox.id, ids.slice(1)));
  for (const row of rows) {
    expect(row).toMatchObject({ sentAt: null, attempts: 0 });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  }
  // Another process picks them up on its next poll, not after the two-minute lease.
  const other: number[] = [];
  await deliverDueMail(server.db, { send: async (mail) => void other.push(mail.id) }, silent);
  expect(other.sort()).toEqual(ids.slice(1).sort());
});

test('a backlog goes out batch after batch, not one batch per poll interval', async () => {
  const ids = await Promise.all(
    Array.from({ length: 25 }, (_, index) =>
      enqueueMail(server.db, 'password-changed', `stapel-${index}@example.de`, aMail()),
    ),
  );
  const sent = new Set<number>();
  // An hour between polls: only going on at once after a full batch sends all 25 within the test.
  const worker = startMailWorker(
    server.db,
    { send: async (mail) => void sent.add(mail.id), close: () => undefined },
    silent,
    { pollMs: 3_600_000, retryBaseSeconds: 30 },
  );
  try {
    await expect.poll(() => ids.filter((id) => id !== undefined && sent.has(id)).length, { timeout: 30_000 }).toBe(25);
  } finally {
    await worker.stop();
  }
});

test('mails to an SMTP server share one connection instead of opening one each', async () => {
  const sink = await startSmtpSink(0);
  const transport = createMailTransport({
    smtpUrl: `smtp://127.0.0.1:${sink.port}`,
    dataDir: server.dataDir,
    from: 'Teileportal <noreply@teileportal.local>',
  });
  try {
    for (const id of [9001, 9002, 9003]) {
      await transport.send({
        id,
        kind: 'password-changed',
        to: 'jana@example.de',
        subject: 'S',
        text: 'T',
        html: '<p>T</p>',
      });
    }
  } finally {
    transport.close();
    await sink.stop();
  }
  expect([...sink.received.keys()]).toEqual([
    '<outbox-9001@teileportal.local>',
    '<outbox-9002@teileportal.local>',
    '<outbox-9003@teileportal.local>',
  ]);
  expect(sink.connections()).toBe(1);
});
