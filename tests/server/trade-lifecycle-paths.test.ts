import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import type { OrderDetail, OrderLineAction, OrderLineStatus } from '../../common/contracts/trading';
import { lifecycleStep } from '../../machines/lifecycle';
import { orderLifecycleMachine } from '../../machines/order-lifecycle.machine';
import { orderLineLifecycleMachine } from '../../machines/order-line-lifecycle.machine';
import { orderReturnLifecycleMachine } from '../../machines/order-return-lifecycle.machine';
import { orderLines, orderReturns, orders } from '../../server/db/schema';
import { insertDealerOrganisation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';
import { insertInquiry, insertRecipient } from '../support/trade-orders';

/*
 * Model-based path tests of the order lifecycles over real HTTP (ADR 023): every simple path of
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

  test.each(linePaths.map((path) => [path.steps.map((step) => step.event.type).join(' → ') || '(placed)', path]))(
    '%s',
    async (_name, path) => {
      const { orderId, lineId } = await freshOrder();
      for (const step of path.steps) {
        if (step.event.type.startsWith('xstate.')) continue;
        const answer = await walk(orderId, lineId, step.event.type);
        expect(answer.status, `${step.event.type}: ${answer.body.error ?? ''}`).toBe(200);
        const { line, order } = await stored(orderId, lineId);
        expect(line.status).toBe(String(step.state.value));
        expect(order.status).toBe(orderStatusFor(line.status));
      }
    },
  );
});

describe('every simple path of the return lifecycle, through the API', () => {
  const returnPaths = getSimplePaths(orderReturnLifecycleMachine);

  test.each(returnPaths.map((path) => [path.steps.map((step) => step.event.type).join(' → ') || '(none)', path]))(
    '%s',
    async (_name, path) => {
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
    },
  );
});
