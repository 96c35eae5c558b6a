import { asc, count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isTradeEventKind, LINE_ACTION_EVENT_KIND, type TradeEventKind } from '../../common/contracts/trade-events';
import { dealerTotal, isLineCharged, type OrderLineStatus } from '../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from '../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleStep } from '../../machines/lifecycle';
import { orderLifecycleMachine } from '../../machines/order-lifecycle.machine';
import { orderLineLifecycleMachine } from '../../machines/order-line-lifecycle.machine';
import { orderReturnLifecycleMachine } from '../../machines/order-return-lifecycle.machine';
import * as schema from '../../server/db/schema';
import { seedDemo, seedQuotedInquiries } from '../../server/demo/seed-demo';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 23 §1: `seed:demo` tells its history through the trade commands. Whatever it wrote must
 * replay through the shared lifecycle machines: every logged status change is one the machine
 * takes from the status before, and replaying a record's events ends in the status stored; every
 * kind is a `TradeEventKind`; every order's total is the one its charged lines and its dealer's
 * freight rule give; the history lies in the past, in order, and queued no mail.
 */
let server: TestServer;
// Now: the server's own closing sweeper runs on real time beside the seeded history.
const NOW = new Date();
type EventRow = typeof schema.tradeEvents.$inferSelect;

beforeAll(async () => {
  server = await startTestServer();
  const seeded = await seedDemo(server.db, { inquiryCount: 24, now: NOW });
  expect(seeded.created).toBe(true);
}, 600_000);

afterAll(async () => {
  await server?.stop();
});

/** The machine event of a logged kind, per entity. */
const MACHINE_EVENT: Partial<Record<TradeEventKind, string>> = {
  'inquiry.sent': 'inquiry.send',
  'inquiry.quoted': 'quote.received',
  'inquiry.closed': 'inquiry.close',
  'inquiry.ordered': 'inquiry.order',
  'inquiry.cancelled': 'inquiry.cancel',
  'recipient.seen': 'recipient.open',
  'recipient.answered': 'recipient.answer',
  'recipient.declined': 'recipient.decline',
  'recipient.expired': 'recipient.expire',
  'line.returned': 'line.return',
  'return.requested': 'return.request',
  'return.accepted': 'return.accept',
  'return.refused': 'return.refuse',
  ...Object.fromEntries(Object.entries(LINE_ACTION_EVENT_KIND).map(([action, kind]) => [kind, `line.${action}`])),
};

/** Replays one record's status events through its machine from `initial`; returns the end status. */
function replay(
  machine: Parameters<typeof lifecycleStep>[0],
  initial: string,
  events: EventRow[],
  what: string,
): string {
  let status = initial;
  for (const event of events) {
    const type = MACHINE_EVENT[event.kind];
    if (!type) continue;
    expect(event.before ?? initial, `${what}: ${event.kind} (event ${event.id}) starts where the last ended`).toBe(
      status,
    );
    const next = lifecycleStep(machine, status, { type } as never);
    expect(next, `${what}: ${event.kind} (event ${event.id}) is allowed in ${status}`).not.toBeNull();
    expect(event.after, `${what}: ${event.kind} (event ${event.id}) logs the machine's status`).toBe(next);
    status = next as string;
  }
  return status;
}

function byEntity(events: EventRow[], entity: EventRow['entity']) {
  const groups = new Map<number, EventRow[]>();
  for (const event of events.filter((row) => row.entity === entity)) {
    groups.set(event.entityId, [...(groups.get(event.entityId) ?? []), event]);
  }
  return groups;
}

test('the seeded history replays through the lifecycle machines and ends in the stored statuses', async () => {
  const db = server.db;
  const events = await db.select().from(schema.tradeEvents).orderBy(asc(schema.tradeEvents.id));
  expect(events.length).toBeGreaterThan(200);
  expect(events.filter((event) => !isTradeEventKind(event.kind))).toEqual([]);

  const inquiries = await db.select().from(schema.inquiries);
  const inquiryEvents = byEntity(events, 'inquiry');
  for (const inquiry of inquiries) {
    const end = replay(inquiryLifecycleMachine, 'draft', inquiryEvents.get(inquiry.id) ?? [], `inquiry ${inquiry.id}`);
    expect(end, `inquiry ${inquiry.id}`).toBe(inquiry.status);
  }
  // The story's outcomes are there.
  expect(inquiries.some((inquiry) => inquiry.status === 'ordered')).toBe(true);
  expect(inquiries.some((inquiry) => inquiry.status === 'cancelled' || inquiry.status === 'closed')).toBe(true);

  const recipients = await db.select().from(schema.inquiryRecipients);
  const recipientEvents = byEntity(events, 'recipient');
  for (const recipient of recipients) {
    const end = replay(
      inquiryRecipientLifecycleMachine,
      'sent',
      recipientEvents.get(recipient.id) ?? [],
      `recipient ${recipient.id}`,
    );
    expect(end, `recipient ${recipient.id}`).toBe(recipient.status);
  }

  const lines = await db.select().from(schema.orderLines).orderBy(asc(schema.orderLines.id));
  const lineEvents = byEntity(events, 'line');
  for (const line of lines) {
    const end = replay(orderLineLifecycleMachine, 'placed', lineEvents.get(line.id) ?? [], `order line ${line.id}`);
    expect(end, `order line ${line.id}`).toBe(line.status);
  }
  expect(new Set(lines.map((line) => line.status)).size).toBeGreaterThanOrEqual(3);

  const returns = await db.select().from(schema.orderReturns);
  const returnEvents = byEntity(events, 'return');
  for (const orderReturn of returns) {
    const end = replay(
      orderReturnLifecycleMachine,
      'none',
      returnEvents.get(orderReturn.id) ?? [],
      `return ${orderReturn.id}`,
    );
    expect(end, `return ${orderReturn.id}`).toBe(orderReturn.status);
  }

  // An order follows its lines: replaying its line events through the order machine gives its status.
  const orders = await db.select().from(schema.orders);
  expect(orders.length).toBeGreaterThan(0);
  const recipientOf = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  for (const order of orders) {
    const ownLines = lines.filter((line) => line.orderId === order.id);
    const statusOf = new Map<number, OrderLineStatus>(ownLines.map((line) => [line.id, 'placed']));
    let status = 'placed';
    for (const event of events.filter((row) => row.orderId === order.id)) {
      if (event.entity === 'line') {
        statusOf.set(event.entityId, event.after as OrderLineStatus);
        const next = lifecycleStep(orderLifecycleMachine, status, {
          type: 'order.linesChanged',
          lines: [...statusOf.values()],
        });
        if (next !== null && next !== status) status = next;
      }
      if (event.entity === 'order' && event.kind !== 'order.placed') {
        expect(event.after, `order ${order.id}: ${event.kind}`).toBe(status);
      }
    }
    expect(status, `order ${order.id}`).toBe(order.status);
    // The total over the lines still charged, with the freight rule of the dealer's quote.
    const recipient = recipientOf.get(order.recipientId);
    const totals = dealerTotal(
      ownLines
        .filter((line) => isLineCharged(line.status))
        .map((line) => ({
          net_price_cents: line.netPriceCents,
          deposit_cents: line.depositCents,
          quantity: line.quantity,
        })),
      { freight_cents: recipient?.freightCents ?? 0, free_freight_from_cents: recipient?.freeFreightFromCents ?? null },
    );
    expect({ total: order.totalCents, freight: order.freightCents }, `order ${order.id}`).toEqual({
      total: totals.total,
      freight: totals.freight,
    });
  }
});

test('the history lies in the past weeks, in the order it happened, and queued no mail', async () => {
  const db = server.db;
  const events = await db.select().from(schema.tradeEvents).orderBy(asc(schema.tradeEvents.id));
  const times = events.map((event) => event.createdAt.getTime());
  expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
  expect(NOW.getTime() - Math.min(...times)).toBeGreaterThan(100 * 86_400_000);
  // Within an inquiry, the log's order is the order of time (each command ran on the story's clock).
  const lastOf = new Map<number, number>();
  for (const event of events) {
    const last = lastOf.get(event.inquiryId) ?? 0;
    expect(event.createdAt.getTime(), `event ${event.id} of inquiry ${event.inquiryId}`).toBeGreaterThanOrEqual(last);
    lastOf.set(event.inquiryId, event.createdAt.getTime());
  }
  const inquiries = await db.select().from(schema.inquiries);
  for (const inquiry of inquiries) {
    expect(inquiry.createdAt.getTime()).toBeLessThanOrEqual(inquiry.closesAt.getTime());
  }
  const [queued] = await db.select({ total: count() }).from(schema.tradeMailQueue);
  expect(queued?.total).toBe(0);
  // Seeding again changes nothing.
  expect((await seedDemo(db, { inquiryCount: 24, now: NOW })).created).toBe(false);
});

test('the benchmark inquiries are quoted through the commands, ready to be ordered', async () => {
  const placements = await seedQuotedInquiries(server.db, { count: 2, lineCount: 20 });
  expect(placements).toHaveLength(2);
  const [placement] = placements;
  const [inquiry] = (await server.db.select().from(schema.inquiries)).filter((row) => row.id === placement?.inquiryId);
  expect(inquiry?.status).toBe('quoted');
  expect(inquiry?.version).toBe(placement?.version);
  expect(placement?.choices).toHaveLength(20);
  const [queued] = await server.db.select({ total: count() }).from(schema.tradeMailQueue);
  expect(queued?.total).toBe(0);
});
