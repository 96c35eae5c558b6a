import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { USER_STATUS } from '../../common/contracts/auth';
import type { Database, Transaction } from '../db/database';
import { inquiries, organisations, tradeEvents, tradeMailQueue, users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { mailTemplates, type TradeMailItem } from '../mail/templates';

const USERS_PER_PASS = 50;

export type TradeMailSettings = { publicUrl: string; digestWindowMs: number };

/** The page a mail links to: the order if the event concerns one, else the inquiry; the dealer's own pages for dealers. */
function pageUrl(publicUrl: string, role: string, event: { inquiryId: number; orderId: number | null }) {
  const area = role === 'dealer_user' ? '/dealer' : '';
  return event.orderId === null
    ? `${publicUrl}${area}/inquiries/${event.inquiryId}`
    : `${publicUrl}${area}/orders/${event.orderId}`;
}

/**
 * Claims a user's queued trade mails and writes one mail (a single event) or one digest (several)
 * into the outbox, all in one transaction. The claim is one conditional UPDATE: only rows not yet
 * mailed, and only when this user got no trade mail within the window, so two processes never
 * mail the same rows and nobody gets more than one trade mail per window.
 */
async function mailUser(tx: Transaction, userId: number, settings: TradeMailSettings, now: Date) {
  const windowStart = new Date(now.getTime() - settings.digestWindowMs);
  const claimed = await tx
    .update(tradeMailQueue)
    .set({ mailedAt: now })
    .where(
      and(
        eq(tradeMailQueue.userId, userId),
        isNull(tradeMailQueue.mailedAt),
        sql`not exists (select 1 from ${tradeMailQueue} as recent where recent.user_id = ${userId} and recent.mailed_at > ${windowStart})`,
      ),
    )
    .returning({ eventId: tradeMailQueue.eventId, kind: tradeMailQueue.kind });
  if (claimed.length === 0) return 0;
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  // A member deactivated since the event was queued gets nothing; the rows stay claimed.
  if (!user || user.status !== USER_STATUS.active) return 0;
  const events = await tx
    .select({
      id: tradeEvents.id,
      inquiryId: tradeEvents.inquiryId,
      orderId: tradeEvents.orderId,
      details: tradeEvents.details,
      vin: inquiries.vin,
      hsn: inquiries.hsn,
      tsn: inquiries.tsn,
      vehicleDescription: inquiries.vehicleDescription,
      workshopName: organisations.name,
    })
    .from(tradeEvents)
    .innerJoin(inquiries, eq(inquiries.id, tradeEvents.inquiryId))
    .innerJoin(organisations, eq(organisations.id, inquiries.workshopOrganisationId))
    .where(
      inArray(
        tradeEvents.id,
        claimed.map((row) => row.eventId),
      ),
    )
    .orderBy(asc(tradeEvents.id));
  const kindOf = new Map(claimed.map((row) => [row.eventId, row.kind]));
  const items: TradeMailItem[] = events.map((event) => ({
    kind: kindOf.get(event.id) ?? '',
    inquiryId: event.inquiryId,
    orderId: event.orderId,
    workshopName: event.workshopName,
    vehicle: { description: event.vehicleDescription, vin: event.vin, hsn: event.hsn, tsn: event.tsn },
    details: event.details,
    url: pageUrl(settings.publicUrl, user.role, event),
  }));
  const [first] = items;
  if (!first) return 0;
  const rendered =
    items.length === 1
      ? mailTemplates.tradeEvent(user.locale, { firstName: user.firstName, item: first })
      : mailTemplates.tradeDigest(user.locale, { firstName: user.firstName, items });
  await enqueueMail(tx, items.length === 1 ? 'trade-event' : 'trade-digest', user.email, rendered);
  return 1;
}

/** One pass over everyone with queued trade mails; returns how many mails it wrote to the outbox. */
export async function deliverTradeMail(db: Database, settings: TradeMailSettings, now = new Date()) {
  const waiting = await db
    .selectDistinct({ userId: tradeMailQueue.userId })
    .from(tradeMailQueue)
    .where(isNull(tradeMailQueue.mailedAt))
    .orderBy(asc(tradeMailQueue.userId))
    .limit(USERS_PER_PASS);
  let written = 0;
  for (const { userId } of waiting) {
    written += await db.transaction((tx) => mailUser(tx, userId, settings, now));
  }
  return written;
}

/** Runs `deliverTradeMail` every `pollMs` until stopped; a failed pass is logged and retried. */
export function startTradeMailWorker(db: Database, logger: Logger, settings: TradeMailSettings & { pollMs: number }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = deliverTradeMail(db, settings)
      .then((written) => {
        if (written > 0) logger.info({ event: 'trade_mail.queued', mails: written }, 'trade mails queued');
      })
      .catch((error: unknown) => {
        logger.warn(
          { event: 'trade_mail.poll_failed', reason: error instanceof Error ? error.message : 'unknown' },
          'trade mail pass failed',
        );
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, settings.pollMs);
      });
  };
  timer = setTimeout(tick, settings.pollMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
