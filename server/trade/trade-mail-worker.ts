import { and, asc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { USER_STATUS } from '../../common/contracts/auth';
import type { TradeMailKind } from '../../common/contracts/trade-events';
import type { OrderHandover } from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import { inquiries, orderLines, orders, organisations, tradeEvents, tradeMailQueue, users } from '../db/schema';
import { enqueueMails } from '../mail/outbox';
import { mailTemplates, type TradeMailItem, type TradeMailOrderLine } from '../mail/templates';

const USERS_PER_PASS = 50;
/**
 * New orders mailed to one user in one transaction; the next ones follow in the next. On the
 * embedded database a transaction holds every query until it ends: a dealer's 135 and 138 order
 * mails written in one transaction each held orders being placed meanwhile for 95 and 142 ms
 * (ADR 049); ten at a time hold them for a few milliseconds.
 */
export const IMMEDIATE_MAILS_PER_TRANSACTION = 10;

type MailRecipient = Pick<typeof users.$inferSelect, 'email' | 'firstName' | 'locale'>;

/**
 * Mails that go out at once, each on its own, never held for the digest window (issue 24 §8): a
 * new order waits for the dealer's confirmation. They do not count towards the window either.
 */
const IMMEDIATE_MAIL_KINDS: readonly TradeMailKind[] = ['order.placed'];

export type TradeMailSettings = { publicUrl: string; digestWindowMs: number };

/** The page a mail links to: the order if the event concerns one, else the inquiry; the dealer's own pages for dealers. */
function pageUrl(publicUrl: string, role: string, event: { inquiryId: number; orderId: number | null }) {
  const area = role === 'dealer_user' ? '/dealer' : '';
  return event.orderId === null
    ? `${publicUrl}${area}/inquiries/${event.inquiryId}`
    : `${publicUrl}${area}/orders/${event.orderId}`;
}

/** The lines of the orders named, by order (what a new order's mail lists). */
async function linesOfOrders(tx: Transaction, orderIds: readonly number[]) {
  const byOrder = new Map<number, TradeMailOrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await tx
    .select({
      orderId: orderLines.orderId,
      part_number: orderLines.partNumber,
      description: orderLines.description,
      brand: orderLines.brand,
      quantity: orderLines.quantity,
      net_price_cents: orderLines.netPriceCents,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.id));
  for (const { orderId, ...line } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), line]);
  return byOrder;
}

/** Marks the user's not yet mailed queue rows that match `which` as mailed now and returns them (the claim). */
function claimQueued(tx: Transaction, userId: number, now: Date, which: SQL | undefined) {
  return tx
    .update(tradeMailQueue)
    .set({ mailedAt: now })
    .where(and(eq(tradeMailQueue.userId, userId), isNull(tradeMailQueue.mailedAt), which))
    .returning({ eventId: tradeMailQueue.eventId, kind: tradeMailQueue.kind });
}

/** The user's oldest not yet mailed rows of the immediate kinds, at most `limit` of them. */
function oldestImmediate(tx: Transaction, userId: number, limit: number) {
  return tx
    .select({ id: tradeMailQueue.id })
    .from(tradeMailQueue)
    .where(
      and(
        eq(tradeMailQueue.userId, userId),
        isNull(tradeMailQueue.mailedAt),
        inArray(tradeMailQueue.kind, [...IMMEDIATE_MAIL_KINDS]),
      ),
    )
    .orderBy(asc(tradeMailQueue.id))
    .limit(limit);
}

/** One mail of trade items: a single item as its own mail, several as one digest; none for no item. */
function tradeMail(user: MailRecipient, items: readonly TradeMailItem[]) {
  const [first] = items;
  if (!first) return [];
  const mail =
    items.length === 1
      ? mailTemplates.tradeEvent(user.locale, { firstName: user.firstName, item: first })
      : mailTemplates.tradeDigest(user.locale, { firstName: user.firstName, items: [...items] });
  return [{ kind: items.length === 1 ? 'trade-event' : 'trade-digest', recipient: user.email, mail }];
}

/** Delivery or pickup and the workshop's note of the orders named, by order (what a new order's mail names). */
async function handoversOfOrders(tx: Transaction, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, { handover: OrderHandover; note: string }>();
  const rows = await tx
    .select({ orderId: orders.id, handover: orders.handover, note: orders.note })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map(({ orderId, ...handover }) => [orderId, handover]));
}

/**
 * Claims a batch of a user's queued trade mails and writes it into the outbox, in one transaction.
 * A new order's mail goes out at once, one mail per order with its lines (issue 24 §8), up to
 * IMMEDIATE_MAILS_PER_TRANSACTION of them; `more` says the batch was full. The rest is
 * one mail (a single event) or one digest (several); that claim is one conditional UPDATE: only
 * rows not yet mailed, and only when this user got no such trade mail within the window, so two
 * processes never mail the same rows and nobody gets more than one digest mail per window.
 */
async function mailUser(
  tx: Transaction,
  userId: number,
  settings: TradeMailSettings,
  now: Date,
): Promise<{ written: number; more: boolean }> {
  const windowStart = new Date(now.getTime() - settings.digestWindowMs);
  const immediateKinds = sql.join(
    IMMEDIATE_MAIL_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const immediate = await claimQueued(
    tx,
    userId,
    now,
    inArray(tradeMailQueue.id, oldestImmediate(tx, userId, IMMEDIATE_MAILS_PER_TRANSACTION)),
  );
  // A full batch: more new orders may be waiting for the next transaction.
  const more = immediate.length === IMMEDIATE_MAILS_PER_TRANSACTION;
  const digested = await claimQueued(
    tx,
    userId,
    now,
    and(
      notInArray(tradeMailQueue.kind, [...IMMEDIATE_MAIL_KINDS]),
      sql`not exists (select 1 from ${tradeMailQueue} as recent where recent.user_id = ${userId} and recent.mailed_at > ${windowStart} and recent.kind not in (${immediateKinds}))`,
    ),
  );
  if (immediate.length === 0 && digested.length === 0) return { written: 0, more };
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  // A member deactivated since the event was queued gets nothing; the rows stay claimed.
  if (!user || user.status !== USER_STATUS.active) return { written: 0, more };
  const claimed = [...immediate, ...digested];
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
  const immediateIds = new Set(immediate.map((row) => row.eventId));
  const ordersMailedNow = events.flatMap((event) =>
    immediateIds.has(event.id) && event.orderId !== null ? [event.orderId] : [],
  );
  const linesByOrder = await linesOfOrders(tx, ordersMailedNow);
  const handoverByOrder = await handoversOfOrders(tx, ordersMailedNow);
  const itemOf = (event: (typeof events)[number]): TradeMailItem => ({
    kind: kindOf.get(event.id) ?? '',
    inquiryId: event.inquiryId,
    orderId: event.orderId,
    workshopName: event.workshopName,
    vehicle: { description: event.vehicleDescription, vin: event.vin, hsn: event.hsn, tsn: event.tsn },
    details: event.details,
    url: pageUrl(settings.publicUrl, user.role, event),
    ...(immediateIds.has(event.id) && event.orderId !== null
      ? {
          orderLines: linesByOrder.get(event.orderId) ?? [],
          ...(handoverByOrder.has(event.orderId) && { handover: handoverByOrder.get(event.orderId) }),
        }
      : {}),
  });
  // Written with one statement: one insert per mail held the embedded database (one transaction at
  // a time) for 80 ms for a batch of fifty while people waited to place orders (issue 26 §3).
  const mails = [
    ...events
      .filter((candidate) => immediateIds.has(candidate.id))
      .flatMap((event) => tradeMail(user, [itemOf(event)])),
    ...tradeMail(user, events.filter((event) => !immediateIds.has(event.id)).map(itemOf)),
  ];
  return { written: (await enqueueMails(tx, mails)).length, more };
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
    for (let more = true; more; ) {
      const mailed = await db.transaction((tx) => mailUser(tx, userId, settings, now));
      written += mailed.written;
      more = mailed.more;
    }
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
