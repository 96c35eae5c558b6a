import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { lifecycleStep } from '../../machines/lifecycle';
import type { Database } from '../db/database';
import { inquiries } from '../db/schema';
import { appendTradeEvents } from './event-log';
import { expireWaitingRecipients } from './expire-recipients';
import { queueTradeMail } from './trade-mail';

const OPEN_STATUSES = ['sent', 'quoted'] as const;
const BATCH_SIZE = 50;

/**
 * Closes one inquiry whose closing time passed, if it is still open: the inquiry machine's
 * `inquiry.close`, every recipient still waiting expires, the log and a mail to the workshop.
 * The row is taken with SKIP LOCKED and updated only from the status it was read in, so two
 * processes sweeping at once never close one inquiry twice. True when this call closed it.
 */
async function closeInquiry(db: Database, inquiryId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [inquiry] = await tx
      .select()
      .from(inquiries)
      .where(
        and(eq(inquiries.id, inquiryId), inArray(inquiries.status, [...OPEN_STATUSES]), lte(inquiries.closesAt, now)),
      )
      .for('update', { skipLocked: true });
    if (!inquiry) return false;
    const next = lifecycleStep(inquiryLifecycleMachine, inquiry.status, { type: 'inquiry.close' });
    if (next === null) return false;
    const [updated] = await tx
      .update(inquiries)
      .set({
        status: next as typeof inquiry.status,
        version: sql`${inquiries.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.status, inquiry.status)))
      .returning({ id: inquiries.id });
    if (!updated) return false;
    const { recipients, events } = await expireWaitingRecipients(tx, inquiry, null);
    events.unshift({
      kind: 'inquiry.closed',
      inquiryId: inquiry.id,
      entity: 'inquiry',
      entityId: inquiry.id,
      before: inquiry.status,
      after: next,
      actorUserId: null,
      // Listed to every recipient: nothing about the others (how many there were, who answered).
      workshopOrganisationId: inquiry.workshopOrganisationId,
      dealerOrganisationIds: recipients.map((recipient) => recipient.dealerOrganisationId),
    });
    const [closedEvent] = await appendTradeEvents(tx, events, now);
    if (closedEvent) {
      await queueTradeMail(tx, { organisationId: inquiry.workshopOrganisationId, event: closedEvent });
    }
    return true;
  });
}

/** Closes the open inquiries whose closing time has passed (a batch per call); returns how many it closed. */
export async function closeDueInquiries(db: Database, now = new Date()) {
  const due = await db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(and(inArray(inquiries.status, [...OPEN_STATUSES]), lte(inquiries.closesAt, now)))
    .orderBy(asc(inquiries.closesAt), asc(inquiries.id))
    .limit(BATCH_SIZE);
  let closed = 0;
  for (const { id } of due) {
    if (await closeInquiry(db, id, now)) closed += 1;
  }
  return closed;
}

/** Runs `closeDueInquiries` every `intervalMs` until stopped; a failed sweep is logged and retried. */
export function startClosingSweeper(db: Database, logger: Logger, intervalMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = closeDueInquiries(db)
      .then((closed) => {
        if (closed > 0) logger.info({ event: 'inquiries.closed', closed }, 'inquiries closed');
      })
      .catch((error: unknown) => {
        logger.warn(
          { event: 'inquiries.sweep_failed', reason: error instanceof Error ? error.message : 'unknown' },
          'closing sweep failed',
        );
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
