import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import type { OrderDetail, OrderLineAction, OrderLineStatus } from '../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from '../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleStep } from '../../machines/lifecycle';
import { orderLifecycleMachine } from '../../machines/order-lifecycle.machine';
import { orderLineLifecycleMachine } from '../../machines/order-line-lifecycle.machine';
import { orderReturnLifecycleMachine } from '../../machines/order-return-lifecycle.machine';
import { inquiries, inquiryLines, inquiryRecipients, orderLines, orderReturns, orders } from '../../server/db/schema';
import { insertDealerOrganisation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { withoutPrefixPaths } from '../support/path-prefixes';
import { loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  dealerView,
  dealerWithUsers,
  inquiryBody,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';
import { insertInquiry, insertRecipient } from '../support/trade-orders';

/*
 * Model-based path tests of the trade lifecycles over real HTTP (ADR 023): every simple path of
 * the order-line machine and of the return machine, generated with xstate/graph, is walked through
 * the real endpoints on a fresh order; after each step the stored line (and return) must be in the
 * state the machine reached, and the order in the state the order machine gives for its lines.
 */

let server: TestServer;
let workshop: Awaited<ReturnType<typeof insertWorkshop>>;
let dealer: Awaited<ReturnType<typeof insertDealerOrganisation>>;
let workshopCookie: string;
let dealerCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  workshop = await insertWorkshop(server.db, { name: 'Pfad-Werkstatt', ownerEmail: 'pfad@werkstatt.de' });
  dealer = await insertDealerOrganisation(server.db, 'Pfad-Teile GmbH', ['pfad@teile.de']);
  [workshopCookie, dealerCookie] = await Promise.all([
    loginCookie(server, 'pfad@werkstatt.de', MEMBER_PASSWORD),
    loginCookie(server, 'pfad@teile.de', MEMBER_PASSWORD),
  ]);
});
afterAll(() => server.stop());

type Envelope<TData> = { code: number; data: TData; error?: string };

async function call<TData>(cookie: string, pathname: string, body: unknown) {
  const { response, body: answer } = await postJson(server, pathname, body, { cookie });
  return { status: response.status, body: answer as unknown as Envelope<TData> };
}

/** A fresh order of one line, placed through the API from a quoted inquiry. */
async function freshOrder() {
  const { inquiry, lines } = await insertInquiry(server.db, {
    workshopOrganisationId: workshop.organisation.id,
    createdBy: workshop.owner.id,
    lines: [{ partNumber: '1K0 615 301 AA', description: 'Bremsscheibe', quantity: 1 }],
  });
  const line = lines[0] as (typeof lines)[number];
  const recipient = await insertRecipient(
    server.db,
    inquiry.id,
    { partDealerId: dealer.partDealer.id, organisationId: dealer.organisation.id },
    { quotes: [{ inquiryLineId: line.id, offered: true, netPriceCents: 4890 }] },
  );
  const placed = await call<{ orders: { id: number }[] }>(
    workshopCookie,
    `/svc/workshop/inquiries/${inquiry.id}/orders`,
    {
      version: inquiry.version,
      choices: [{ inquiry_line_id: line.id, recipient_id: recipient.id }],
    },
  );
  expect(placed.status).toBe(200);
  const orderId = placed.body.data.orders[0]?.id ?? 0;
  const [orderLine] = await server.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  if (!orderLine) throw new Error('order without line');
  return { orderId, lineId: orderLine.id };
}

async function stored(orderId: number, lineId: number) {
  const [order] = await server.db.select().from(orders).where(eq(orders.id, orderId));
  const [line] = await server.db.select().from(orderLines).where(eq(orderLines.id, lineId));
  const [orderReturn] = await server.db.select().from(orderReturns).where(eq(orderReturns.orderLineId, lineId));
  if (!order || !line) throw new Error('order or line gone');
  return { order, line, orderReturn };
}

const ACTION_OF: Record<string, OrderLineAction> = {
  'line.confirm': 'confirm',
  'line.backorder': 'backorder',
  'line.cancel': 'cancel',
  'line.ship': 'ship',
  'line.deliver': 'deliver',
};

/** Takes one step of a path through the endpoint a person would use for it. */
async function walk(orderId: number, lineId: number, eventType: string) {
  const { order } = await stored(orderId, lineId);
  const action = ACTION_OF[eventType];
  if (action) {
    return call<OrderDetail>(dealerCookie, `/svc/part-dealer/orders/${orderId}/lines`, {
      version: order.version,
      action,
      line_ids: [lineId],
      eta: action === 'backorder' ? '2099-06-30' : null,
      reason: action === 'cancel' ? 'Nicht mehr lieferbar' : '',
      tracking_reference: action === 'ship' ? 'DHL 123' : '',
    });
  }
  if (eventType === 'line.return' || eventType === 'return.request') {
    const requested = await call<OrderDetail>(
      workshopCookie,
      `/svc/workshop/orders/${orderId}/lines/${lineId}/return`,
      { version: order.version, reason: 'does_not_fit', note: '' },
    );
    if (eventType === 'return.request' || requested.status !== 200) return requested;
    return walk(orderId, lineId, 'return.accept');
  }
  const { orderReturn } = await stored(orderId, lineId);
  const decision = eventType === 'return.accept' ? 'accept' : 'refuse';
  return call<OrderDetail>(
    dealerCookie,
    `/svc/part-dealer/orders/${orderId}/returns/${orderReturn?.id ?? 0}/${decision}`,
    { version: order.version, reason: decision === 'refuse' ? 'Teil wurde verbaut' : '' },
  );
}

/** The order's status the order machine gives for its (one) line's status (a function of its lines). */
function orderStatusFor(lineStatus: OrderLineStatus) {
  return (
    lifecycleStep(orderLifecycleMachine, 'placed', { type: 'order.linesChanged', lines: [lineStatus] }) ?? 'placed'
  );
}

const linePaths = getSimplePaths(orderLineLifecycleMachine);

describe('every simple path of the order-line lifecycle, through the API', () => {
  test('the paths reach every state of the machine', () => {
    const reached = new Set(linePaths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(orderLineLifecycleMachine.states).sort());
  });

  test.each(
    withoutPrefixPaths(linePaths).map((path) => [
      path.steps.map((step) => step.event.type).join(' → ') || '(placed)',
      path,
    ]),
  )('%s', async (_name, path) => {
    const { orderId, lineId } = await freshOrder();
    for (const step of path.steps) {
      if (step.event.type.startsWith('xstate.')) continue;
      const answer = await walk(orderId, lineId, step.event.type);
      expect(answer.status, `${step.event.type}: ${answer.body.error ?? ''}`).toBe(200);
      const { line, order } = await stored(orderId, lineId);
      expect(line.status).toBe(String(step.state.value));
      expect(order.status).toBe(orderStatusFor(line.status));
    }
  });
});

describe('every simple path of the return lifecycle, through the API', () => {
  const returnPaths = getSimplePaths(orderReturnLifecycleMachine);

  test.each(
    withoutPrefixPaths(returnPaths).map((path) => [
      path.steps.map((step) => step.event.type).join(' → ') || '(none)',
      path,
    ]),
  )('%s', async (_name, path) => {
    const { orderId, lineId } = await freshOrder();
    for (const action of ['confirm', 'ship', 'deliver'] as const) {
      expect((await walk(orderId, lineId, `line.${action}`)).status).toBe(200);
    }
    for (const step of path.steps) {
      if (step.event.type.startsWith('xstate.')) continue;
      const answer = await walk(orderId, lineId, step.event.type);
      expect(answer.status, `${step.event.type}: ${answer.body.error ?? ''}`).toBe(200);
      const { orderReturn, line } = await stored(orderId, lineId);
      expect(orderReturn?.status ?? 'none').toBe(String(step.state.value));
      expect(line.status).toBe(step.state.value === 'accepted' ? 'returned' : 'delivered');
    }
  });
});

/*
 * The inquiry and one dealer's copy of it. `inquiry.close` is the sweeper's (the closing time is
 * moved into the past and the sweeper, running every 100 ms here, closes it); `recipient.expire`
 * happens to an unanswered copy when the workshop withdraws the inquiry; `quote.received` is a
 * dealer's answer. The machine lets a closed inquiry be ordered; there is something to order only
 * when a dealer quoted, so a path ordering without a quote before it is not walked.
 */
describe('every simple path of the inquiry and recipient lifecycles, through the API', () => {
  let sweeping: TestServer;
  let sweepDealer: TestDealer;
  let sweepWorkshop: TestWorkshop;

  beforeAll(async () => {
    sweeping = await startTestServer({ TRADE_SWEEP_MS: '100' });
    sweepDealer = await dealerWithUsers(sweeping, 'Pfad-Händler');
    sweepWorkshop = await workshopWithDealers(sweeping, [sweepDealer]);
  });
  afterAll(() => sweeping.stop());

  async function inquiryState(inquiryId: number) {
    const [inquiry] = await sweeping.db.select().from(inquiries).where(eq(inquiries.id, inquiryId));
    const [recipient] = await sweeping.db
      .select()
      .from(inquiryRecipients)
      .where(eq(inquiryRecipients.inquiryId, inquiryId));
    if (!inquiry || !recipient) throw new Error('inquiry gone');
    return { inquiry, recipient };
  }

  async function step(inquiryId: number | null, eventType: string): Promise<number> {
    const as = (cookie: string, pathname: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
      postJson(sweeping, pathname, body, { cookie }, { method });
    if (eventType === 'inquiry.send') {
      const { response, body } = await as(
        sweepWorkshop.cookie,
        '/svc/workshop/inquiries',
        inquiryBody(sweepWorkshop.relations.map((relation) => relation.id)),
      );
      expect(response.status).toBe(200);
      return (body.data as { id: number }).id;
    }
    if (inquiryId === null) throw new Error(`${eventType} before the inquiry was sent`);
    const { inquiry, recipient } = await inquiryState(inquiryId);
    const dealerPath = `/svc/part-dealer/inquiries/${inquiryId}`;
    let status = 200;
    if (eventType === 'recipient.open') {
      status = (await as(sweepDealer.cookie, `${dealerPath}/seen`, {})).response.status;
    } else if (eventType === 'recipient.answer' || eventType === 'quote.received') {
      const view = await dealerView(sweeping, sweepDealer, inquiryId);
      status = (await as(sweepDealer.cookie, `${dealerPath}/answer`, answerBody(view), 'PUT')).response.status;
    } else if (eventType === 'recipient.decline') {
      status = (
        await as(sweepDealer.cookie, `${dealerPath}/decline`, { version: recipient.version, reason: 'Kein Bestand' })
      ).response.status;
    } else if (eventType === 'recipient.expire' || eventType === 'inquiry.cancel') {
      status = (
        await as(sweepWorkshop.cookie, `/svc/workshop/inquiries/${inquiryId}/cancel`, { version: inquiry.version })
      ).response.status;
    } else if (eventType === 'inquiry.close') {
      await sweeping.db
        .update(inquiries)
        .set({ closesAt: new Date(Date.now() - 1000) })
        .where(eq(inquiries.id, inquiryId));
      await expect.poll(async () => (await inquiryState(inquiryId)).inquiry.status, { timeout: 10_000 }).toBe('closed');
    } else if (eventType === 'inquiry.order') {
      const [firstLine] = await sweeping.db.select().from(inquiryLines).where(eq(inquiryLines.inquiryId, inquiryId));
      status = (
        await as(sweepWorkshop.cookie, `/svc/workshop/inquiries/${inquiryId}/orders`, {
          version: inquiry.version,
          choices: [{ inquiry_line_id: firstLine?.id ?? 0, recipient_id: recipient.id }],
        })
      ).response.status;
    } else {
      throw new Error(`no endpoint for ${eventType}`);
    }
    expect(status, eventType).toBe(200);
    return inquiryId;
  }

  const walkable = (types: string[]) => {
    const quoted = types.indexOf('quote.received');
    return !types.includes('inquiry.order') || (quoted >= 0 && quoted < types.indexOf('inquiry.order'));
  };
  const inquiryPaths = getSimplePaths(inquiryLifecycleMachine).filter((path) =>
    walkable(path.steps.map((step) => step.event.type)),
  );

  test.each(
    withoutPrefixPaths(inquiryPaths).map((path) => [
      path.steps.map((entry) => entry.event.type).join(' → ') || '(draft)',
      path,
    ]),
  )('inquiry: %s', async (_name, path) => {
    let inquiryId: number | null = null;
    for (const entry of path.steps) {
      if (entry.event.type.startsWith('xstate.')) continue;
      inquiryId = await step(inquiryId, entry.event.type);
      expect((await inquiryState(inquiryId)).inquiry.status).toBe(String(entry.state.value));
    }
  });

  const recipientPaths = getSimplePaths(inquiryRecipientLifecycleMachine);
  test.each(
    withoutPrefixPaths(recipientPaths).map((path) => [
      path.steps.map((entry) => entry.event.type).join(' → ') || '(sent)',
      path,
    ]),
  )('recipient: %s', async (_name, path) => {
    let inquiryId = await step(null, 'inquiry.send');
    for (const entry of path.steps) {
      if (entry.event.type.startsWith('xstate.')) continue;
      inquiryId = await step(inquiryId, entry.event.type);
      expect((await inquiryState(inquiryId)).recipient.status).toBe(String(entry.state.value));
    }
  });
});
