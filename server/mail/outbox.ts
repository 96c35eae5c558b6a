import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { outbox } from '../db/schema';
import type { RenderedMail } from './templates';

export const MAX_MAIL_ATTEMPTS = 5;
const LEASE_SECONDS = 120;
const BATCH_SIZE = 10;

/**
 * Subjects often carry user text (a name, a company); control characters are collapsed so such
 * text can never start another mail header. Done here, where every mail passes, not per template.
 */
export function oneLineSubject(subject: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return subject.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** Anything that can run an insert: the database or a transaction on it. */
type Writer = Pick<Database, 'insert'>;

/**
 * Queues a mail in the same transaction as the change it reports, so the change and its mail
 * are committed together or not at all; the worker sends it later.
 */
export async function enqueueMail(writer: Writer, kind: string, recipient: string, mail: RenderedMail) {
  const [id] = await enqueueMails(writer, [{ kind, recipient, mail }]);
  return id;
}

/** Several mails queued with one statement (a worker writing many at once); their ids in the same order. */
export async function enqueueMails(
  writer: Writer,
  mails: readonly { kind: string; recipient: string; mail: RenderedMail }[],
) {
  if (mails.length === 0) return [];
  const rows = await writer
    .insert(outbox)
    .values(
      mails.map(({ kind, recipient, mail }) => ({
        kind,
        recipient,
        subject: oneLineSubject(mail.subject),
        textBody: mail.text,
        htmlBody: mail.html,
      })),
    )
    .returning({ id: outbox.id });
  return rows.map((row) => row.id);
}

export type MailTransport = {
  send: (message: OutgoingMail) => Promise<void>;
  /** Ends the transport's connections to the mail server (when the worker stops). */
  close: () => void;
};
export type OutgoingMail = { id: number; kind: string; to: string; subject: string; text: string; html: string };

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox. */
export function createMailTransport(options: { smtpUrl: string | null; dataDir: string; from: string }): MailTransport {
  const messageFields = (mail: OutgoingMail) => ({
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // A stable Message-ID lets a receiving server drop a duplicate after a crash mid-send.
    messageId: `<outbox-${mail.id}@teileportal.local>`,
  });
  if (options.smtpUrl) {
    // One connection, kept open between mails: a mail server may pause before it greets a new
    // connection (the SMTP sink of the tests 100 ms, Postfix's postscreen seconds), which with a
    // connection per mail capped delivery at a few mails a second and made a backlog wait.
    const transporter = nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 1 });
    return {
      send: async (mail) => {
        await transporter.sendMail(messageFields(mail));
      },
      close: () => transporter.close(),
    };
  }
  const folder = path.join(options.dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transporter.sendMail(messageFields(mail));
      await mkdir(folder, { recursive: true });
      await writeFile(
        path.join(folder, `${String(mail.id).padStart(6, '0')}-${mail.kind}.eml`),
        info.message as Buffer,
      );
    },
    close: () => transporter.close(),
  };
}

/** 30 s, 60 s, 120 s, … by default (MAIL_RETRY_BASE_SECONDS), at most an hour. */
function backoffSeconds(attempts: number, baseSeconds: number) {
  return Math.min(baseSeconds * 2 ** (attempts - 1), 3600);
}

/**
 * Sends queued mail. Rows are leased (claimed by pushing next_attempt_at forward) rather than
 * locked for the duration of the send, so a slow mail server never holds a database connection
 * and a crashed process's lease simply runs out and the row is retried. When `stopping()` turns
 * true mid-batch (the process shuts down), the mail being sent is finished and the leases of
 * the rest are given back at once, so another process sends them now rather than after the lease.
 */
export async function deliverDueMail(
  db: Database,
  transport: Pick<MailTransport, 'send'>,
  logger: Logger,
  retryBaseSeconds = 30,
  stopping: () => boolean = () => false,
): Promise<number> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.abandonedAt), lte(outbox.nextAttemptAt, new Date())))
    .orderBy(asc(outbox.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(inArray(outbox.id, due))
    .returning();
  // UPDATE … RETURNING keeps no order: oldest first, as queued.
  claimed.sort((left, right) => left.id - right.id);
  for (const [index, row] of claimed.entries()) {
    if (stopping()) {
      await releaseLeases(
        db,
        claimed.slice(index).map((unsent) => unsent.id),
      );
      logger.info({ event: 'mail.leases_released', mails: claimed.length - index }, 'mail leases released');
      return index;
    }
    try {
      await transport.send({
        id: row.id,
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
      await db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
      logger.info({ event: 'mail.sent', outboxId: row.id, kind: row.kind }, 'mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      const abandon = row.attempts >= MAX_MAIL_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          lastError: reason,
          ...(abandon
            ? { abandonedAt: new Date() }
            : { nextAttemptAt: new Date(Date.now() + backoffSeconds(row.attempts, retryBaseSeconds) * 1000) }),
        })
        .where(eq(outbox.id, row.id));
      const log = abandon ? logger.error.bind(logger) : logger.warn.bind(logger);
      log(
        {
          event: abandon ? 'mail.abandoned' : 'mail.retry',
          outboxId: row.id,
          kind: row.kind,
          attempts: row.attempts,
          reason,
        },
        abandon ? 'mail abandoned after too many attempts' : 'mail send failed, will retry',
      );
    }
  }
  return claimed.length;
}

/** Gives claimed, unsent rows back: due now, and the claim's attempt not counted. */
async function releaseLeases(db: Database, ids: number[]) {
  await db
    .update(outbox)
    .set({ attempts: sql`greatest(${outbox.attempts} - 1, 0)`, nextAttemptAt: sql`now()` })
    .where(and(inArray(outbox.id, ids), isNull(outbox.sentAt)));
}

/** Polls the outbox until stopped; a failed poll (database down) is logged and retried. */
export function startMailWorker(
  db: Database,
  transport: MailTransport,
  logger: Logger,
  timing: { pollMs: number; retryBaseSeconds: number },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    let backlog = false;
    running = deliverDueMail(db, transport, logger, timing.retryBaseSeconds, () => stopped)
      .then((sent) => {
        backlog = sent === BATCH_SIZE;
      })
      .catch((error: unknown) => {
        logger.warn(
          { event: 'mail.poll_failed', reason: error instanceof Error ? error.message : 'unknown' },
          'outbox poll failed',
        );
      })
      .finally(() => {
        // A full batch means more may be due: the next one goes at once, so a backlog (a busy
        // morning's trade mails, a mail server back after an outage) drains at sending speed
        // instead of one batch per poll interval.
        if (!stopped) timer = setTimeout(tick, backlog ? 0 : timing.pollMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    /** Ends polling; a batch in progress finishes its current mail and gives the rest back. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
