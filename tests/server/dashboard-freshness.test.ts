import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DealerDashboard, WorkshopDashboard } from '../../common/contracts/dashboards';
import type { InquiryDetail, OrderDetail } from '../../common/contracts/trading';
import { closeDueInquiries } from '../../server/trade/closing-sweeper';
import { dealerDashboard, workshopDashboard } from '../../server/trade/dashboards';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  berlinDate,
  dealerView,
  dealerWithUsers,
  getJson,
  send,
  sendInquiry,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';

/*
 * The kept dashboards (ADR 049) after every kind of trade write: the person who wrote sees the
 * figures as the database has them now on their very next request (the writing process forgets
 * its organisation before it answers), and the other side sees them as soon as the database's
 * notification arrives (at commit on PGlite; polled for on PostgreSQL, where it comes over the
 * LISTEN connection). Each step first reads both dashboards, so a kept answer is there to go stale.
 */

let server: TestServer;
let nord: TestDealer;
let sued: TestDealer;
let werkstatt: TestWorkshop;
const today = berlinDate(0);
const period = { from: today, to: today };

type Side = 'workshop' | 'nord' | 'sued';

beforeAll(async () => {
  server = await startTestServer();
  nord = await dealerWithUsers(server, 'Nord Teile');
  sued = await dealerWithUsers(server, 'Süd Teile');
  werkstatt = await workshopWithDealers(server, [nord, sued]);
});

afterAll(async () => {
  await server?.stop();
});

async function shown(side: Side) {
  const [pathname, cookie] =
    side === 'workshop'
      ? ['/svc/workshop/dashboard', werkstatt.cookie]
      : ['/svc/part-dealer/dashboard', (side === 'nord' ? nord : sued).cookie];
  const { response, body } = await getJson<WorkshopDashboard | DealerDashboard>(
    server,
    `${pathname}?from=${today}&to=${today}`,
    cookie,
  );
  expect(response.status).toBe(200);
  return body.data;
}

/** The figures as the database has them now, computed without the kept ones. */
function truth(side: Side) {
  return side === 'workshop'
    ? workshopDashboard(server.db, werkstatt.organisation.id, period)
    : dealerDashboard(server.db, (side === 'nord' ? nord : sued).organisation.id, period);
}

const sides: Side[] = ['workshop', 'nord', 'sued'];

/**
 * Reads every dashboard (so each is kept), runs the write of `writer`, then expects each side in
 * `changed` to show figures that differ from before and equal the database's.
 */
async function expectFreshAfter(writer: Side | 'sweeper', changed: readonly Side[], write: () => Promise<void>) {
  const before = new Map<Side, unknown>();
  for (const side of sides) before.set(side, await shown(side));
  await write();
  for (const side of changed) {
    const expected = await truth(side);
    expect(expected, `the write changes the ${side} figures`).not.toEqual(before.get(side));
    if (side === writer || server.postgresUrl === null) expect(await shown(side)).toEqual(expected);
    else await expect.poll(() => shown(side)).toEqual(expected);
  }
}

test('every kind of trade write shows on the next dashboard of both sides', async () => {
  let inquiry: InquiryDetail | undefined;
  await expectFreshAfter('workshop', ['workshop', 'nord', 'sued'], async () => {
    inquiry = await sendInquiry(server, werkstatt);
  });
  const inquiryId = inquiry?.id as number;

  await expectFreshAfter('nord', ['nord'], async () => {
    const seen = await send(server, `/svc/part-dealer/inquiries/${inquiryId}/seen`, nord.cookie, {});
    expect(seen.response.status).toBe(200);
  });

  await expectFreshAfter('nord', ['nord', 'workshop'], async () => {
    const view = await dealerView(server, nord, inquiryId);
    const answered = await send(
      server,
      `/svc/part-dealer/inquiries/${inquiryId}/answer`,
      nord.cookie,
      answerBody(view),
      'PUT',
    );
    expect(answered.response.status).toBe(200);
  });

  await expectFreshAfter('sued', ['sued', 'workshop'], async () => {
    const view = await dealerView(server, sued, inquiryId);
    const declined = await send(server, `/svc/part-dealer/inquiries/${inquiryId}/decline`, sued.cookie, {
      version: view.recipient.version,
      reason: 'Nicht am Lager',
    });
    expect(declined.response.status).toBe(200);
  });

  let orderId = 0;
  await expectFreshAfter('workshop', ['workshop', 'nord', 'sued'], async () => {
    const { body } = await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiryId}`, werkstatt.cookie);
    const quoted = body.data.recipients.find((recipient) => recipient.part_dealer_id === nord.partDealer.id);
    const placed = await send<{ orders: { id: number }[] }>(
      server,
      `/svc/workshop/inquiries/${inquiryId}/orders`,
      werkstatt.cookie,
      { version: body.data.version, choices: [{ inquiry_line_id: body.data.lines[0]?.id, recipient_id: quoted?.id }] },
    );
    expect(placed.response.status).toBe(200);
    orderId = placed.body.data.orders[0]?.id as number;
  });

  const dealerOrder = async () =>
    (await getJson<OrderDetail>(server, `/svc/part-dealer/orders/${orderId}`, nord.cookie)).body.data;
  const lineAction = async (body: Record<string, unknown>) => {
    const order = await dealerOrder();
    const step = await send(server, `/svc/part-dealer/orders/${orderId}/lines`, nord.cookie, {
      version: order.version,
      line_ids: order.lines.map((line) => line.id),
      ...body,
    });
    expect(step.response.status).toBe(200);
  };
  // A backorder moves the ETA: the workshop's alerts list the order as changed.
  await expectFreshAfter('nord', ['workshop'], () => lineAction({ action: 'backorder', eta: berlinDate(9) }));
  await lineAction({ action: 'ship' });
  await expectFreshAfter('nord', ['workshop'], () => lineAction({ action: 'deliver' }));

  await expectFreshAfter('workshop', ['workshop'], async () => {
    const order = (await getJson<OrderDetail>(server, `/svc/workshop/orders/${orderId}`, werkstatt.cookie)).body.data;
    const requested = await send(
      server,
      `/svc/workshop/orders/${orderId}/lines/${order.lines[0]?.id}/return`,
      werkstatt.cookie,
      { version: order.version, reason: 'damaged', note: '' },
    );
    expect(requested.response.status).toBe(200);
  });

  await expectFreshAfter('nord', ['workshop'], async () => {
    const order = await dealerOrder();
    const returnId = order.lines[0]?.returns[0]?.id;
    const accepted = await send(server, `/svc/part-dealer/orders/${orderId}/returns/${returnId}/accept`, nord.cookie, {
      version: order.version,
    });
    expect(accepted.response.status).toBe(200);
  });

  const cancelled = await sendInquiry(server, werkstatt);
  await expectFreshAfter('workshop', ['workshop', 'nord', 'sued'], async () => {
    const cancel = await send(server, `/svc/workshop/inquiries/${cancelled.id}/cancel`, werkstatt.cookie, {
      version: cancelled.version,
    });
    expect(cancel.response.status).toBe(200);
  });

  // The closing sweep (no person behind it): the inquiry leaves the open lists of both sides.
  await sendInquiry(server, werkstatt);
  await expectFreshAfter('sweeper', ['workshop', 'nord', 'sued'], async () => {
    await closeDueInquiries(server.db, new Date(Date.now() + 7 * 24 * 3600_000));
  });
});
