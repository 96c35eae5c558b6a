import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  InquiryDetail,
  OrderDetail,
  OrderLineAction,
  OrderLineStatus,
  OrderSummary,
  ReturnStatus,
} from '../../common/contracts/trading';
import { TRADE_PAGE_SIZE } from '../../common/contracts/trading';
import { addDays, portalToday } from '../../common/format/formats';
import { nextWorkingDay, workingDayFrom } from '../../common/format/working-days';
import { plannedOrders } from '../../machines/inquiry-quotes';
import {
  inquiries,
  orderLines,
  orderReturns,
  orders,
  tradeEvents,
  tradeMailQueue,
  users,
} from '../../server/db/schema';
import { insertDealerOrganisation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { logIdsOf } from '../support/reader-positions';
import { loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';
import { insertInquiry, insertRecipient, insertTrade, type QuoteInput, tradeEventCount } from '../support/trade-orders';

type Dealer = Awaited<ReturnType<typeof insertDealerOrganisation>>;
type Workshop = Awaited<ReturnType<typeof insertWorkshop>>;

let server: TestServer;
let werkstatt: Workshop;
let fremdWerkstatt: Workshop;
let nord: Dealer;
let sued: Dealer;
let ost: Dealer;
let werkstattCookie: string;
let fremdWerkstattCookie: string;
let nordFirst: string;
let nordSecond: string;
let suedCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  werkstatt = await insertWorkshop(server.db, { name: 'Autohaus Becker', ownerEmail: 'max@autohaus-becker.de' });
  fremdWerkstatt = await insertWorkshop(server.db, { name: 'Karosserie Fremd', ownerEmail: 'inhaber@fremd.de' });
  nord = await insertDealerOrganisation(server.db, 'Teile Nord GmbH', ['eins@teile-nord.de', 'zwei@teile-nord.de']);
  sued = await insertDealerOrganisation(server.db, 'Teile Süd AG', ['eins@teile-sued.de']);
  ost = await insertDealerOrganisation(server.db, 'Teile Ost KG', ['eins@teile-ost.de']);
  [werkstattCookie, fremdWerkstattCookie, nordFirst, nordSecond, suedCookie] = await Promise.all([
    loginCookie(server, 'max@autohaus-becker.de', MEMBER_PASSWORD),
    loginCookie(server, 'inhaber@fremd.de', MEMBER_PASSWORD),
    loginCookie(server, 'eins@teile-nord.de', MEMBER_PASSWORD),
    loginCookie(server, 'zwei@teile-nord.de', MEMBER_PASSWORD),
    loginCookie(server, 'eins@teile-sued.de', MEMBER_PASSWORD),
  ]);
});
afterAll(() => server.stop());

const dealerOf = (dealer: Dealer) => ({ partDealerId: dealer.partDealer.id, organisationId: dealer.organisation.id });

type Envelope<TData> = { code: number; data: TData; message?: string; error?: string };

async function getJson<TData>(cookie: string, pathname: string) {
  const response = await fetch(server.url(pathname), { headers: { cookie, 'accept-language': 'de' } });
  return { status: response.status, body: (await response.json()) as Envelope<TData> };
}

async function post<TData>(cookie: string, pathname: string, body: unknown) {
  const { response, body: json } = await postJson(server, pathname, body, { cookie });
  return { status: response.status, body: json as unknown as Envelope<TData> };
}

const place = (cookie: string, inquiryId: number, body: unknown) =>
  post<{ orders: OrderSummary[] }>(cookie, `/svc/workshop/inquiries/${inquiryId}/orders`, body);
const lineAction = (cookie: string, orderId: number, body: unknown) =>
  post<OrderDetail>(cookie, `/svc/part-dealer/orders/${orderId}/lines`, body);
const requestReturn = (cookie: string, orderId: number, lineId: number, body: unknown) =>
  post<OrderDetail>(cookie, `/svc/workshop/orders/${orderId}/lines/${lineId}/return`, body);
const decideReturn = (cookie: string, orderId: number, returnId: number, decision: string, body: unknown) =>
  post<OrderDetail>(cookie, `/svc/part-dealer/orders/${orderId}/returns/${returnId}/${decision}`, body);
const workshopOrder = (cookie: string, orderId: number) =>
  getJson<OrderDetail>(cookie, `/svc/workshop/orders/${orderId}`);
const dealerOrder = (cookie: string, orderId: number) =>
  getJson<OrderDetail>(cookie, `/svc/part-dealer/orders/${orderId}`);

async function orderRow(id: number) {
  const [row] = await server.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}
const linesOf = (orderId: number) =>
  server.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
const ordersOfInquiry = (inquiryId: number) =>
  server.db.select().from(orders).where(eq(orders.inquiryId, inquiryId)).orderBy(asc(orders.id));
async function inquiryRow(id: number) {
  const [row] = await server.db.select().from(inquiries).where(eq(inquiries.id, id));
  return row;
}

/**
 * The workshop's standard inquiry: three lines, answered by Nord (line 3 declined, freight 5.90 €
 * free from 20.00 €) and Süd (freight 4.90 €, no threshold); Ost declined the whole inquiry.
 */
async function quotedInquiry(options: { workshop?: Workshop; nordValidUntil?: string | null } = {}) {
  const workshop = options.workshop ?? werkstatt;
  const { inquiry, lines } = await insertInquiry(server.db, {
    workshopOrganisationId: workshop.organisation.id,
    createdBy: workshop.owner.id,
    lines: [
      { partNumber: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 2 },
      { partNumber: '5K0-698-151', description: 'Bremsbeläge vorne', quantity: 1 },
      { description: 'Wischerblatt 600 mm', quantity: 4 },
    ],
  });
  const [l1, l2, l3] = lines as [(typeof lines)[0], (typeof lines)[0], (typeof lines)[0]];
  const nordQuotes: QuoteInput[] = [
    {
      inquiryLineId: l1.id,
      offered: true,
      netPriceCents: 1000,
      depositCents: 200,
      availability: 'ordered_eta',
      eta: '2099-01-10',
    },
    {
      inquiryLineId: l2.id,
      offered: true,
      netPriceCents: 5000,
      alternativePartNumber: 'ATE 13.0460-7218.2',
      alternativeBrand: 'ATE',
      fitsVehicle: true,
    },
    { inquiryLineId: l3.id, offered: false, declineReason: 'Nicht im Sortiment' },
  ];
  const nordRecipient = await insertRecipient(server.db, inquiry.id, dealerOf(nord), {
    customerNumber: 'NORD-4711',
    freightCents: 590,
    freeFreightFromCents: 2000,
    validUntil: options.nordValidUntil,
    quotes: nordQuotes,
  });
  const suedRecipient = await insertRecipient(server.db, inquiry.id, dealerOf(sued), {
    customerNumber: 'SUED-0815',
    freightCents: 490,
    quotes: [
      { inquiryLineId: l1.id, offered: true, netPriceCents: 1100 },
      { inquiryLineId: l2.id, offered: true, netPriceCents: 4800, availability: 'ordered_eta', eta: '2099-02-01' },
      { inquiryLineId: l3.id, offered: true, netPriceCents: 250, availability: 'central_24h' },
    ],
  });
  const ostRecipient = await insertRecipient(server.db, inquiry.id, dealerOf(ost), { status: 'declined' });
  return { inquiry, lines: { l1, l2, l3 }, nordRecipient, suedRecipient, ostRecipient };
}

/** An inquiry ordered from Süd only (all three lines): one order of three lines. */
async function suedOrder() {
  const quoted = await quotedInquiry();
  const { status, body } = await place(werkstattCookie, quoted.inquiry.id, {
    version: quoted.inquiry.version,
    choices: Object.values(quoted.lines).map((line) => ({
      inquiry_line_id: line.id,
      recipient_id: quoted.suedRecipient.id,
    })),
  });
  expect(status).toBe(200);
  const orderId = body.data.orders[0]?.id;
  if (orderId === undefined) throw new Error('no order placed');
  return { ...quoted, orderId, lineIds: (await linesOf(orderId)).map((line) => line.id) };
}

/** A Nord order of two lines (lines 1 and 2 of a fresh inquiry). */
async function nordOrder() {
  const quoted = await quotedInquiry();
  const { status, body } = await place(werkstattCookie, quoted.inquiry.id, {
    version: quoted.inquiry.version,
    choices: [quoted.lines.l1, quoted.lines.l2].map((line) => ({
      inquiry_line_id: line.id,
      recipient_id: quoted.nordRecipient.id,
    })),
  });
  expect(status).toBe(200);
  const orderId = body.data.orders[0]?.id;
  if (orderId === undefined) throw new Error('no order placed');
  return { ...quoted, orderId, lineIds: (await linesOf(orderId)).map((line) => line.id) };
}

const versionOf = async (orderId: number) => (await orderRow(orderId)).version;

const ACTION_BODY: Record<OrderLineAction, Record<string, string>> = {
  confirm: {},
  backorder: { eta: '2099-03-01' },
  cancel: { reason: 'Hersteller liefert nicht mehr' },
  ship: { tracking_reference: 'DHL 00340434161094042557' },
  deliver: {},
};

async function act(cookie: string, orderId: number, action: OrderLineAction, lineIds: number[], extra = {}) {
  return lineAction(cookie, orderId, {
    version: await versionOf(orderId),
    action,
    line_ids: lineIds,
    ...ACTION_BODY[action],
    ...extra,
  });
}

describe('placing orders', () => {
  test('splits the choices into one order per dealer with its freight rule, deposit, lines and events', async () => {
    const { inquiry, lines, nordRecipient, suedRecipient } = await quotedInquiry();
    const eventsBefore = await tradeEventCount(server.db);
    const { status, body } = await place(werkstattCookie, inquiry.id, {
      version: inquiry.version,
      choices: [
        { inquiry_line_id: lines.l1.id, recipient_id: nordRecipient.id },
        { inquiry_line_id: lines.l2.id, recipient_id: suedRecipient.id },
        { inquiry_line_id: lines.l3.id, recipient_id: suedRecipient.id },
      ],
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Die Bestellung wurde aufgegeben.');
    const byDealer = new Map(body.data.orders.map((order) => [order.dealer_name, order]));
    expect(body.data.orders).toHaveLength(2);
    // Nord: 2 × 10.00 € + 2 × 2.00 € deposit; net 20.00 € reaches its free-freight threshold.
    expect(byDealer.get('Teile Nord GmbH')).toMatchObject({
      inquiry_id: inquiry.id,
      part_dealer_id: nord.partDealer.id,
      workshop_name: 'Autohaus Becker',
      customer_number: 'NORD-4711',
      status: 'placed',
      line_count: 1,
      total_cents: 2400,
      currency: 'EUR',
      has_backorder: false,
      open_returns: 0,
      vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI 1.4 TSI' },
    });
    // Süd: 48.00 € + 4 × 2.50 € = 58.00 € net, no threshold: 4.90 € freight.
    expect(byDealer.get('Teile Süd AG')).toMatchObject({
      customer_number: 'SUED-0815',
      line_count: 2,
      total_cents: 6290,
    });

    const nordId = byDealer.get('Teile Nord GmbH')?.id ?? 0;
    const suedId = byDealer.get('Teile Süd AG')?.id ?? 0;
    expect(await orderRow(nordId)).toMatchObject({
      freightCents: 0,
      dealerOrganisationId: nord.organisation.id,
      recipientId: nordRecipient.id,
      placedBy: werkstatt.owner.id,
      version: 0,
    });
    expect((await orderRow(suedId)).freightCents).toBe(490);
    expect(await linesOf(nordId)).toEqual([
      expect.objectContaining({
        inquiryLineId: lines.l1.id,
        partNumber: '1K0 615 301 AA',
        partNumberNormalised: '1K0615301AA',
        brand: '',
        description: 'Bremsscheibe vorne',
        quantity: 2,
        netPriceCents: 1000,
        depositCents: 200,
        fitsVehicle: false,
        status: 'placed',
        eta: '2099-01-10',
      }),
    ]);
    expect(await linesOf(suedId)).toEqual([
      expect.objectContaining({ partNumber: '5K0-698-151', netPriceCents: 4800, eta: '2099-02-01', quantity: 1 }),
      expect.objectContaining({ partNumber: '', description: 'Wischerblatt 600 mm', netPriceCents: 250, quantity: 4 }),
    ]);
    expect(await inquiryRow(inquiry.id)).toMatchObject({ status: 'ordered', version: inquiry.version + 1 });

    // The inquiry names what was ordered from whom (issue 24 §4), and the page's rule totals each
    // order as the server charged it (the same dealerTotal: net + deposit + freight over the threshold).
    const detail = (await getJson<InquiryDetail>(werkstattCookie, `/svc/workshop/inquiries/${inquiry.id}`)).body.data;
    expect(detail.ordered_lines).toEqual([
      { inquiry_line_id: lines.l1.id, recipient_id: nordRecipient.id, order_id: nordId },
      { inquiry_line_id: lines.l2.id, recipient_id: suedRecipient.id, order_id: suedId },
      { inquiry_line_id: lines.l3.id, recipient_id: suedRecipient.id, order_id: suedId },
    ]);
    const planned = plannedOrders(detail, {
      [lines.l1.id]: nordRecipient.id,
      [lines.l2.id]: suedRecipient.id,
      [lines.l3.id]: suedRecipient.id,
    });
    expect(planned.map((plan) => [plan.recipient.id, plan.totals.total]).sort()).toEqual(
      [
        [nordRecipient.id, 2400],
        [suedRecipient.id, 6290],
      ].sort(),
    );

    const events = await server.db
      .select()
      .from(tradeEvents)
      .where(eq(tradeEvents.inquiryId, inquiry.id))
      .orderBy(asc(tradeEvents.id));
    expect(events).toHaveLength(3);
    expect(await tradeEventCount(server.db)).toBe(eventsBefore + 3);
    const placedEvents = events.filter((event) => event.kind === 'order.placed');
    expect(placedEvents.map((event) => [event.orderId, event.dealerOrganisationIds, event.after]).sort()).toEqual(
      [
        [nordId, [nord.organisation.id], 'placed'],
        [suedId, [sued.organisation.id], 'placed'],
      ].sort(),
    );
    const ordered = events.find((event) => event.kind === 'inquiry.ordered');
    expect(ordered).toMatchObject({ before: 'quoted', after: 'ordered', details: {}, orderId: null });
    expect([...(ordered?.dealerOrganisationIds ?? [])].sort()).toEqual(
      [nord.organisation.id, sued.organisation.id, ost.organisation.id].sort(),
    );
    expect(placedEvents.every((event) => event.workshopOrganisationId === werkstatt.organisation.id)).toBe(true);

    // The new order's mail goes to every member of its dealer, none to the other dealer or the workshop.
    const mails = await server.db
      .select({ email: users.email, kind: tradeMailQueue.kind })
      .from(tradeMailQueue)
      .innerJoin(users, eq(users.id, tradeMailQueue.userId))
      .where(
        inArray(
          tradeMailQueue.eventId,
          placedEvents.map((event) => event.id),
        ),
      );
    expect(mails.map((mail) => `${mail.kind} ${mail.email}`).sort()).toEqual([
      'order.placed eins@teile-nord.de',
      'order.placed eins@teile-sued.de',
      'order.placed zwei@teile-nord.de',
    ]);

    // Each dealer reads its own order only; the workshop reads both.
    expect((await dealerOrder(nordFirst, nordId)).status).toBe(200);
    expect((await dealerOrder(suedCookie, nordId)).status).toBe(404);
    expect((await workshopOrder(werkstattCookie, suedId)).body.data.lines).toHaveLength(2);
  });

  test('promises the day when the order is placed, in Berlin working days; a fresh order is never overdue', async () => {
    // Issue 24 §5: the quotes carry days written when they were made (yesterday); the order does not.
    const today = portalToday();
    const yesterday = addDays(today, -1);
    const { inquiry, lines } = await insertInquiry(server.db, {
      workshopOrganisationId: werkstatt.organisation.id,
      createdBy: werkstatt.owner.id,
      lines: [
        { partNumber: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 1 },
        { partNumber: '5K0-698-151', description: 'Bremsbeläge vorne', quantity: 1 },
        { description: 'Wischerblatt 600 mm', quantity: 1 },
        { description: 'Ölfilter', quantity: 1 },
      ],
    });
    const [branch, central, passed, future] = lines as [
      (typeof lines)[0],
      (typeof lines)[0],
      (typeof lines)[0],
      (typeof lines)[0],
    ];
    const recipient = await insertRecipient(server.db, inquiry.id, dealerOf(nord), {
      quotes: [
        { inquiryLineId: branch.id, offered: true, netPriceCents: 1000, availability: 'branch_today', eta: yesterday },
        { inquiryLineId: central.id, offered: true, netPriceCents: 1000, availability: 'central_24h', eta: yesterday },
        { inquiryLineId: passed.id, offered: true, netPriceCents: 1000, availability: 'ordered_eta', eta: yesterday },
        {
          inquiryLineId: future.id,
          offered: true,
          netPriceCents: 1000,
          availability: 'ordered_eta',
          eta: '2099-01-10',
        },
      ],
    });
    const placed = await place(werkstattCookie, inquiry.id, {
      version: inquiry.version,
      choices: lines.map((line) => ({ inquiry_line_id: line.id, recipient_id: recipient.id })),
    });
    expect(placed.status).toBe(200);
    const orderId = placed.body.data.orders[0]?.id ?? 0;
    const byLine = new Map((await linesOf(orderId)).map((line) => [line.inquiryLineId, line]));
    expect(byLine.get(branch.id)).toMatchObject({ eta: null, promisedOn: workingDayFrom(today) });
    expect(byLine.get(central.id)).toMatchObject({ eta: null, promisedOn: nextWorkingDay(today) });
    expect(byLine.get(passed.id)).toMatchObject({ eta: null, promisedOn: nextWorkingDay(today) });
    expect(byLine.get(future.id)).toMatchObject({ eta: '2099-01-10', promisedOn: '2099-01-10' });
    // The dashboards' overdue rule (current ETA before today) flags none of them.
    for (const line of byLine.values()) expect((line.eta ?? line.promisedOn ?? '') >= today).toBe(true);

    // Both order pages read the promised day as the line's expected delivery (it showed "–" for
    // every availability class) and head the line's ETA history with it, not with the quote's stale day.
    const promised = new Map([...byLine.values()].map((line) => [line.inquiryLineId, line.promisedOn]));
    for (const read of [await workshopOrder(werkstattCookie, orderId), await dealerOrder(nordFirst, orderId)]) {
      expect(read.status).toBe(200);
      const expected = read.body.data.lines.map((line) => ({
        eta: line.eta,
        history: line.eta_history.map((change) => change.eta),
      }));
      expect(expected).toEqual(lines.map((line) => ({ eta: promised.get(line.id), history: [promised.get(line.id)] })));
    }
  });

  test('takes the alternative part number and brand the dealer quoted', async () => {
    const { inquiry, lines, nordRecipient } = await quotedInquiry();
    const { status, body } = await place(werkstattCookie, inquiry.id, {
      version: inquiry.version,
      choices: [{ inquiry_line_id: lines.l2.id, recipient_id: nordRecipient.id }],
    });
    expect(status).toBe(200);
    // 50.00 € net is above the threshold: no freight.
    expect(body.data.orders.map((order) => order.total_cents)).toEqual([5000]);
    const [line] = await linesOf(body.data.orders[0]?.id ?? 0);
    expect(line).toMatchObject({
      partNumber: 'ATE 13.0460-7218.2',
      partNumberNormalised: 'ATE13046072182',
      brand: 'ATE',
      fitsVehicle: true,
    });
  });

  test('a choice that was not offered is 400 choiceNotOffered and stores nothing', async () => {
    const quoted = await quotedInquiry();
    const other = await quotedInquiry();
    const { inquiry, lines } = quoted;
    // A Süd quote saying "not available", and a recipient that has only seen the inquiry.
    const unavailable = await quotedInquiry();
    const { inquiryRecipients, quoteLines } = await import('../../server/db/schema');
    await server.db
      .update(quoteLines)
      .set({ availability: 'not_available' })
      .where(
        and(
          eq(quoteLines.recipientId, unavailable.suedRecipient.id),
          eq(quoteLines.inquiryLineId, unavailable.lines.l1.id),
        ),
      );
    await server.db
      .update(inquiryRecipients)
      .set({ status: 'seen' })
      .where(eq(inquiryRecipients.id, other.nordRecipient.id));
    const eventsBefore = await tradeEventCount(server.db);
    const refused = [
      // On `other` Nord has only seen the inquiry: its quote lines do not count (Süd's line 3 is fine, all or nothing).
      [
        other.inquiry,
        [
          { inquiry_line_id: other.lines.l3.id, recipient_id: other.suedRecipient.id },
          { inquiry_line_id: other.lines.l1.id, recipient_id: other.nordRecipient.id },
        ],
      ],
      // Ost declined the whole inquiry.
      [inquiry, [{ inquiry_line_id: lines.l1.id, recipient_id: quoted.ostRecipient.id }]],
      // A recipient and a line of another inquiry.
      [inquiry, [{ inquiry_line_id: lines.l1.id, recipient_id: other.suedRecipient.id }]],
      [inquiry, [{ inquiry_line_id: other.lines.l1.id, recipient_id: quoted.suedRecipient.id }]],
      // Süd's line 1 is not available; its line 2 is fine but all or nothing.
      [
        unavailable.inquiry,
        [
          { inquiry_line_id: unavailable.lines.l2.id, recipient_id: unavailable.suedRecipient.id },
          { inquiry_line_id: unavailable.lines.l1.id, recipient_id: unavailable.suedRecipient.id },
        ],
      ],
      // A recipient id that does not exist.
      [inquiry, [{ inquiry_line_id: lines.l1.id, recipient_id: 999_999 }]],
    ] as const;
    for (const [target, choices] of refused) {
      const { status, body } = await place(werkstattCookie, target.id, { version: target.version, choices });
      expect({ choices, status, error: body.error }).toEqual({ choices, status: 400, error: 'choiceNotOffered' });
    }
    // Declined line of Nord on a valid inquiry.
    const fresh = await quotedInquiry();
    const declinedLine = await place(werkstattCookie, fresh.inquiry.id, {
      version: fresh.inquiry.version,
      choices: [{ inquiry_line_id: fresh.lines.l3.id, recipient_id: fresh.nordRecipient.id }],
    });
    expect(declinedLine.status).toBe(400);
    expect(declinedLine.body.error).toBe('choiceNotOffered');

    for (const target of [quoted.inquiry, other.inquiry, unavailable.inquiry, fresh.inquiry]) {
      expect(await ordersOfInquiry(target.id)).toEqual([]);
      expect(await inquiryRow(target.id)).toMatchObject({ status: 'quoted', version: target.version });
    }
    expect(await tradeEventCount(server.db)).toBe(eventsBefore);
  });

  test('a stale version is 409 inquiryChanged with the current inquiry; an inquiry that takes no order is 409 actionNotAllowed', async () => {
    const { inquiry, lines, suedRecipient } = await quotedInquiry();
    const choices = [{ inquiry_line_id: lines.l1.id, recipient_id: suedRecipient.id }];
    const eventsBefore = await tradeEventCount(server.db);
    const stale = await place(werkstattCookie, inquiry.id, { version: inquiry.version - 1, choices });
    expect(stale.status).toBe(409);
    // The one 409 shape (ADR 035): the current inquiry comes along, nothing was ordered.
    expect(stale.body).toMatchObject({
      code: 409,
      error: 'inquiryChanged',
      data: { id: inquiry.id, version: inquiry.version, status: 'quoted', orders: [] },
    });

    for (const status of ['sent', 'ordered', 'cancelled'] as const) {
      await server.db.update(inquiries).set({ status }).where(eq(inquiries.id, inquiry.id));
      const refused = await place(werkstattCookie, inquiry.id, { version: inquiry.version, choices });
      expect({ status, answer: refused.status, error: refused.body.error }).toEqual({
        status,
        answer: 409,
        error: 'actionNotAllowed',
      });
    }
    // A closed inquiry is still ordered from.
    await server.db.update(inquiries).set({ status: 'closed' }).where(eq(inquiries.id, inquiry.id));
    expect(await ordersOfInquiry(inquiry.id)).toEqual([]);
    expect(await tradeEventCount(server.db)).toBe(eventsBefore);
    const placed = await place(werkstattCookie, inquiry.id, { version: inquiry.version, choices });
    expect(placed.status).toBe(200);
    expect((await tradeEventCount(server.db)) - eventsBefore).toBe(2);
  });

  test('another workshop’s inquiry is 404; a dealer may not place orders', async () => {
    const { inquiry, lines, suedRecipient } = await quotedInquiry();
    const body = {
      version: inquiry.version,
      choices: [{ inquiry_line_id: lines.l1.id, recipient_id: suedRecipient.id }],
    };
    const foreign = await place(fremdWerkstattCookie, inquiry.id, body);
    expect(foreign.status).toBe(404);
    expect((await place(suedCookie, inquiry.id, body)).status).toBe(403);
    expect(await ordersOfInquiry(inquiry.id)).toEqual([]);
    expect(await inquiryRow(inquiry.id)).toMatchObject({ status: 'quoted', version: inquiry.version });
    // The other way round: the workshop cannot order from the other workshop's inquiry either.
    const theirs = await quotedInquiry({ workshop: fremdWerkstatt });
    const reversed = await place(werkstattCookie, theirs.inquiry.id, {
      version: theirs.inquiry.version,
      choices: [{ inquiry_line_id: theirs.lines.l1.id, recipient_id: theirs.suedRecipient.id }],
    });
    expect(reversed.status).toBe(404);
    expect(await ordersOfInquiry(theirs.inquiry.id)).toEqual([]);
  });
});

describe('the line lifecycle', () => {
  test('confirm, backorder twice (ETA history), ship and deliver; the order status follows its lines', async () => {
    const { orderId, lineIds } = await suedOrder();
    const [first, second, third] = lineIds as [number, number, number];

    const confirmed = await act(suedCookie, orderId, 'confirm', [first, second]);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBeTruthy();
    // One line still undecided: the order stays placed.
    expect(confirmed.body.data.status).toBe('placed');
    expect((await act(suedCookie, orderId, 'backorder', [third], { eta: '2099-03-01' })).body.data.status).toBe(
      'confirmed',
    );
    const again = await act(suedCookie, orderId, 'backorder', [third], { eta: '2099-03-15' });
    expect(again.status).toBe(200);
    const backordered = again.body.data.lines.find((line) => line.id === third);
    expect(backordered).toMatchObject({ status: 'backorder', eta: '2099-03-15' });
    // The history starts with the day promised at placement, then each backorder's ETA.
    const promisedOn = (await linesOf(orderId)).find((line) => line.id === third)?.promisedOn;
    expect(backordered?.eta_history.map((change) => change.eta)).toEqual([promisedOn, '2099-03-01', '2099-03-15']);
    expect(again.body.data.has_backorder).toBe(true);
    // Line 2 came with the quote's ETA: it heads its history.
    const quotedEta = again.body.data.lines.find((line) => line.id === second);
    expect(quotedEta?.eta_history.map((change) => change.eta)).toEqual(['2099-02-01']);

    const shipped = await act(suedCookie, orderId, 'ship', [first, second, third], {
      tracking_reference: 'DHL 123',
    });
    expect(shipped.body.data.status).toBe('shipped');
    expect(shipped.body.data.lines.map((line) => [line.status, line.tracking_reference])).toEqual([
      ['shipped', 'DHL 123'],
      ['shipped', 'DHL 123'],
      ['shipped', 'DHL 123'],
    ]);
    expect((await act(suedCookie, orderId, 'deliver', [first])).body.data.status).toBe('shipped');
    const delivered = await act(suedCookie, orderId, 'deliver', [second, third]);
    expect(delivered.body.data.status).toBe('delivered');
    expect(delivered.body.data.version).toBe(6);

    const kinds = delivered.body.data.events.map((event) => `${event.kind}:${event.entity_id}`);
    expect(kinds).toEqual([
      `order.placed:${orderId}`,
      `line.confirmed:${first}`,
      `line.confirmed:${second}`,
      `line.backorder:${third}`,
      `order.confirmed:${orderId}`,
      `line.backorder:${third}`,
      `line.shipped:${first}`,
      `line.shipped:${second}`,
      `line.shipped:${third}`,
      `order.shipped:${orderId}`,
      `line.delivered:${first}`,
      `line.delivered:${second}`,
      `line.delivered:${third}`,
      `order.delivered:${orderId}`,
    ]);
    const backorderEvents = delivered.body.data.events.filter((event) => event.kind === 'line.backorder');
    expect(backorderEvents.map((event) => event.details)).toEqual([{ eta: '2099-03-01' }, { eta: '2099-03-15' }]);
    expect(delivered.body.data.events[0]?.actor).toBe('Max Müller');
    expect(delivered.body.data.events.slice(1).every((event) => event.actor === 'Händler1 Händler')).toBe(true);

    // The workshop reads the same timeline and ETA history; it heard of each backorder by mail.
    const seen = await workshopOrder(werkstattCookie, orderId);
    expect(seen.body.data.events.map((event) => `${event.kind}:${event.entity_id}`)).toEqual(kinds);
    expect(seen.body.data.lines.find((line) => line.id === third)?.eta_history).toHaveLength(3);
    const mails = await server.db
      .select({ kind: tradeMailQueue.kind })
      .from(tradeMailQueue)
      .where(
        and(
          eq(tradeMailQueue.userId, werkstatt.owner.id),
          inArray(
            tradeMailQueue.eventId,
            // The timeline shows the dealer's positions (ADR 045); the mail queue holds log ids.
            await logIdsOf(
              server.db,
              sued.organisation.id,
              backorderEvents.map((event) => event.id),
            ),
          ),
        ),
      );
    expect(mails).toEqual([{ kind: 'line.backorder' }, { kind: 'line.backorder' }]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'delivered', version: 6 });
  });

  test('cancelling every line cancels the order; the workshop hears of each cancelled line', async () => {
    const { orderId, lineIds } = await suedOrder();
    const [first, ...rest] = lineIds as [number, number, number];
    await act(suedCookie, orderId, 'confirm', [first]);
    const partly = await act(suedCookie, orderId, 'cancel', rest, { reason: 'Lieferant insolvent' });
    expect(partly.status).toBe(200);
    // Line 1 confirmed, the others cancelled: nothing undecided.
    expect(partly.body.data.status).toBe('confirmed');
    expect(
      partly.body.data.lines.filter((line) => line.status === 'cancelled').map((line) => line.cancel_reason),
    ).toEqual(['Lieferant insolvent', 'Lieferant insolvent']);
    // Freight and total follow the lines still charged: 2 × 11,00 € + 4,90 € freight, no longer 84,90 €.
    expect(partly.body.data).toMatchObject({ total_cents: 2 * 1100 + 490, freight_cents: 490 });
    expect((await orderRow(orderId)).totalCents).toBe(2 * 1100 + 490);
    const all = await act(suedCookie, orderId, 'cancel', [first], { reason: 'Doch nicht lieferbar' });
    expect(all.body.data.status).toBe('cancelled');
    expect(all.body.data).toMatchObject({ total_cents: 0, freight_cents: 0 });
    const cancelledEvents = all.body.data.events.filter((event) => event.kind === 'line.cancelled');
    expect(cancelledEvents.map((event) => event.details.reason)).toEqual([
      'Lieferant insolvent',
      'Lieferant insolvent',
      'Doch nicht lieferbar',
    ]);
    expect(all.body.data.events.at(-1)).toMatchObject({
      kind: 'order.cancelled',
      before: 'confirmed',
      after: 'cancelled',
    });
    const mails = await server.db
      .select({ kind: tradeMailQueue.kind })
      .from(tradeMailQueue)
      .where(
        inArray(
          tradeMailQueue.eventId,
          // The timeline shows the dealer's positions (ADR 045); the mail queue holds log ids.
          await logIdsOf(
            server.db,
            sued.organisation.id,
            cancelledEvents.map((event) => event.id),
          ),
        ),
      );
    expect(mails).toEqual([{ kind: 'line.cancelled' }, { kind: 'line.cancelled' }, { kind: 'line.cancelled' }]);
  });

  test('delivered lines with cancelled ones make a delivered order; a cancel needs a reason, a backorder an ETA', async () => {
    const { orderId, lineIds } = await suedOrder();
    const [first, second, third] = lineIds as [number, number, number];
    const noReason = await lineAction(suedCookie, orderId, {
      version: await versionOf(orderId),
      action: 'cancel',
      line_ids: [first],
    });
    expect([noReason.status, noReason.body.error]).toEqual([400, 'reasonRequired']);
    const noEta = await lineAction(suedCookie, orderId, {
      version: await versionOf(orderId),
      action: 'backorder',
      line_ids: [first],
    });
    expect([noEta.status, noEta.body.error]).toEqual([400, 'etaRequired']);
    expect((await linesOf(orderId)).map((line) => line.status)).toEqual(['placed', 'placed', 'placed']);

    await act(suedCookie, orderId, 'cancel', [third]);
    await act(suedCookie, orderId, 'confirm', [first, second]);
    await act(suedCookie, orderId, 'ship', [first, second]);
    const delivered = await act(suedCookie, orderId, 'deliver', [first, second]);
    expect(delivered.body.data.status).toBe('delivered');
  });
});

describe('returns', () => {
  async function deliveredNordOrder() {
    const placed = await nordOrder();
    await act(nordFirst, placed.orderId, 'confirm', placed.lineIds);
    await act(nordFirst, placed.orderId, 'ship', placed.lineIds);
    await act(nordFirst, placed.orderId, 'deliver', placed.lineIds);
    return placed;
  }

  test('the workshop requests a return; the dealer refuses it with a reason, then accepts a second one', async () => {
    const { orderId, lineIds } = await deliveredNordOrder();
    const [first] = lineIds as [number, number];
    const requested = await requestReturn(werkstattCookie, orderId, first, {
      version: await versionOf(orderId),
      reason: 'does_not_fit',
      note: 'Passt nicht an die Achse',
    });
    expect(requested.status).toBe(200);
    const openReturn = requested.body.data.lines[0]?.returns[0];
    expect(openReturn).toMatchObject({ status: 'requested', reason: 'does_not_fit', note: 'Passt nicht an die Achse' });
    expect(requested.body.data.open_returns).toBe(1);
    const returnId = openReturn?.id ?? 0;

    // One return in progress per line.
    const twice = await requestReturn(werkstattCookie, orderId, first, {
      version: await versionOf(orderId),
      reason: 'damaged',
    });
    expect([twice.status, twice.body.error]).toEqual([409, 'actionNotAllowed']);

    const noReason = await decideReturn(nordSecond, orderId, returnId, 'refuse', { version: await versionOf(orderId) });
    expect([noReason.status, noReason.body.error]).toEqual([400, 'reasonRequired']);
    const refused = await decideReturn(nordSecond, orderId, returnId, 'refuse', {
      version: await versionOf(orderId),
      reason: 'Teil wurde verbaut',
    });
    expect(refused.status).toBe(200);
    expect(refused.body.data.lines[0]).toMatchObject({
      status: 'delivered',
      returns: [expect.objectContaining({ status: 'refused', refusal_reason: 'Teil wurde verbaut' })],
    });
    expect(refused.body.data.open_returns).toBe(0);

    const second = await requestReturn(werkstattCookie, orderId, first, {
      version: await versionOf(orderId),
      reason: 'wrong_part',
    });
    const secondId = second.body.data.lines[0]?.returns[1]?.id ?? 0;
    const accepted = await decideReturn(nordFirst, orderId, secondId, 'accept', { version: await versionOf(orderId) });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.lines[0]?.status).toBe('returned');
    expect(accepted.body.data.lines[0]?.returns.map((item) => item.status)).toEqual(['refused', 'accepted']);
    expect(accepted.body.data.status).toBe('delivered');
    expect(
      accepted.body.data.events
        .filter((event) => event.kind.startsWith('return.') || event.kind === 'line.returned')
        .map((event) => event.kind),
    ).toEqual(['return.requested', 'return.refused', 'return.requested', 'return.accepted', 'line.returned']);
    // A returned line takes no further return.
    const afterReturn = await requestReturn(werkstattCookie, orderId, first, {
      version: await versionOf(orderId),
      reason: 'damaged',
    });
    expect([afterReturn.status, afterReturn.body.error]).toEqual([409, 'actionNotAllowed']);
  });

  test('a stale version is 409 orderChanged with the current order', async () => {
    const { orderId, lineIds } = await deliveredNordOrder();
    const version = await versionOf(orderId);
    const stale = await requestReturn(werkstattCookie, orderId, lineIds[0] ?? 0, {
      version: version - 1,
      reason: 'damaged',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('orderChanged');
    expect(stale.body.data).toMatchObject({ id: orderId, version, status: 'delivered' });
    expect(await server.db.select().from(orderReturns).where(inArray(orderReturns.orderLineId, lineIds))).toEqual([]);

    // The dealer's decision on a return follows the same rule.
    const requested = await requestReturn(werkstattCookie, orderId, lineIds[0] ?? 0, { version, reason: 'damaged' });
    const returnId = requested.body.data.lines[0]?.returns[0]?.id ?? 0;
    const events = await tradeEventCount(server.db);
    const staleDecision = await decideReturn(nordFirst, orderId, returnId, 'accept', { version });
    expect(staleDecision.status).toBe(409);
    expect(staleDecision.body).toMatchObject({ error: 'orderChanged', data: { id: orderId, version: version + 1 } });
    expect((await linesOf(orderId))[0]?.status).toBe('delivered');
    expect(
      await server.db.select({ status: orderReturns.status }).from(orderReturns).where(eq(orderReturns.id, returnId)),
    ).toEqual([{ status: 'requested' }]);
    expect(await tradeEventCount(server.db)).toBe(events);
  });
});

describe('concurrency and scope', () => {
  test('two dealer users acting on the same version: one 200, one 409 orderChanged with the current order', async () => {
    const { orderId, lineIds } = await nordOrder();
    const version = await versionOf(orderId);
    const [first, second] = lineIds as [number, number];
    const answers = await Promise.all([
      lineAction(nordFirst, orderId, { version, action: 'confirm', line_ids: [first] }),
      lineAction(nordSecond, orderId, { version, action: 'cancel', line_ids: [second], reason: 'Ausverkauft' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    const winner = answers.find((answer) => answer.status === 200);
    expect(loser?.body.error).toBe('orderChanged');
    expect(loser?.body.data).toMatchObject({ id: orderId, version: version + 1 });
    expect(loser?.body.data.lines).toEqual(winner?.body.data.lines);
    const statuses = (await linesOf(orderId)).map((line) => line.status);
    expect(statuses.filter((status) => status !== 'placed')).toHaveLength(1);
    expect(await versionOf(orderId)).toBe(version + 1);
  });

  test('another organisation’s order, line or return ids are 404 and change nothing', async () => {
    const nordPlaced = await nordOrder();
    const suedPlaced = await suedOrder();
    await act(nordFirst, nordPlaced.orderId, 'confirm', nordPlaced.lineIds);
    await act(nordFirst, nordPlaced.orderId, 'ship', nordPlaced.lineIds);
    await act(nordFirst, nordPlaced.orderId, 'deliver', nordPlaced.lineIds);
    const requested = await requestReturn(werkstattCookie, nordPlaced.orderId, nordPlaced.lineIds[0] ?? 0, {
      version: await versionOf(nordPlaced.orderId),
      reason: 'damaged',
    });
    const returnId = requested.body.data.lines[0]?.returns[0]?.id ?? 0;
    const snapshot = async () => ({
      events: await tradeEventCount(server.db),
      orders: await server.db
        .select()
        .from(orders)
        .where(inArray(orders.id, [nordPlaced.orderId, suedPlaced.orderId])),
      lines: await server.db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, [nordPlaced.orderId, suedPlaced.orderId])),
      returns: await server.db.select().from(orderReturns).where(eq(orderReturns.id, returnId)),
    });
    const before = await snapshot();
    const nordVersion = await versionOf(nordPlaced.orderId);
    const suedVersion = await versionOf(suedPlaced.orderId);

    const attempts = [
      // Süd on Nord's order, Nord on Süd's.
      await lineAction(suedCookie, nordPlaced.orderId, {
        version: nordVersion,
        action: 'confirm',
        line_ids: nordPlaced.lineIds,
      }),
      await lineAction(nordFirst, suedPlaced.orderId, {
        version: suedVersion,
        action: 'confirm',
        line_ids: suedPlaced.lineIds,
      }),
      // Nord on its own order with a line of Süd's order (and with one of its own beside it).
      await lineAction(nordFirst, nordPlaced.orderId, {
        version: nordVersion,
        action: 'cancel',
        reason: 'x',
        line_ids: [suedPlaced.lineIds[0] ?? 0],
      }),
      await lineAction(suedCookie, suedPlaced.orderId, {
        version: suedVersion,
        action: 'confirm',
        line_ids: [suedPlaced.lineIds[0] ?? 0, nordPlaced.lineIds[1] ?? 0],
      }),
      // Returns: Süd deciding Nord's return, or through its own order; the other workshop requesting one.
      await decideReturn(suedCookie, nordPlaced.orderId, returnId, 'accept', { version: nordVersion }),
      await decideReturn(suedCookie, suedPlaced.orderId, returnId, 'accept', { version: suedVersion }),
      await requestReturn(fremdWerkstattCookie, nordPlaced.orderId, nordPlaced.lineIds[1] ?? 0, {
        version: nordVersion,
        reason: 'damaged',
      }),
      await requestReturn(werkstattCookie, suedPlaced.orderId, nordPlaced.lineIds[1] ?? 0, {
        version: suedVersion,
        reason: 'damaged',
      }),
      await workshopOrder(fremdWerkstattCookie, nordPlaced.orderId),
      await dealerOrder(suedCookie, nordPlaced.orderId),
      await workshopOrder(werkstattCookie, 999_999),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual(attempts.map(() => 404));
    // A 404 never carries the order.
    expect(attempts.every((attempt) => attempt.body.data === null)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});

describe('found in review', () => {
  test('an order above what an integer holds is placed, not a database error (100 lines would exceed it too)', async () => {
    const { inquiry, lines } = await insertInquiry(server.db, {
      workshopOrganisationId: werkstatt.organisation.id,
      createdBy: werkstatt.owner.id,
      lines: [{ partNumber: 'MOTOR-1', description: 'Austauschmotor', quantity: 9999 }],
    });
    const line = lines[0] as (typeof lines)[0];
    const recipient = await insertRecipient(server.db, inquiry.id, dealerOf(nord), {
      quotes: [{ inquiryLineId: line.id, offered: true, netPriceCents: 1_000_000_000 }],
    });
    const placed = await place(werkstattCookie, inquiry.id, {
      version: inquiry.version,
      choices: [{ inquiry_line_id: line.id, recipient_id: recipient.id }],
    });
    expect(placed.status).toBe(200);
    expect(placed.body.data.orders[0]?.total_cents).toBe(9999 * 1_000_000_000);
  });

  test('a day that is not on the calendar in a list filter is a translated 400, not a database error', async () => {
    for (const query of ['from=2026-02-30', 'to=2026-13-01', 'from=0000-01-01']) {
      const { status, body } = await getJson<null>(werkstattCookie, `/svc/workshop/orders?${query}`);
      expect(status).toBe(400);
      expect(body.error).toBe('invalidRequest');
    }
  });

  test('a quote past its valid-until date is refused with a translated 400 quoteExpired and nothing is written', async () => {
    const { inquiry, lines, nordRecipient, suedRecipient } = await quotedInquiry({ nordValidUntil: '2020-01-31' });
    const eventsBefore = await tradeEventCount(server.db);
    const mailsBefore = (await server.db.select().from(tradeMailQueue)).length;
    const attempts = [
      // Only the expired quote.
      [{ inquiry_line_id: lines.l1.id, recipient_id: nordRecipient.id }],
      // A valid Süd line beside it: all or nothing.
      [
        { inquiry_line_id: lines.l3.id, recipient_id: suedRecipient.id },
        { inquiry_line_id: lines.l2.id, recipient_id: nordRecipient.id },
      ],
    ];
    for (const choices of attempts) {
      const placed = await place(werkstattCookie, inquiry.id, { version: inquiry.version, choices });
      expect({ choices, status: placed.status, error: placed.body.error, message: placed.body.message }).toEqual({
        choices,
        status: 400,
        error: 'quoteExpired',
        message: 'Das Angebot dieses Händlers ist abgelaufen und kann nicht mehr bestellt werden.',
      });
    }
    expect(await ordersOfInquiry(inquiry.id)).toEqual([]);
    expect(await inquiryRow(inquiry.id)).toMatchObject({ status: 'quoted', version: inquiry.version });
    expect(await tradeEventCount(server.db)).toBe(eventsBefore);
    expect((await server.db.select().from(tradeMailQueue)).length).toBe(mailsBefore);
    // The same quote up to its valid-until day is ordered (Nord's default is valid).
    const valid = await quotedInquiry();
    const ordered = await place(werkstattCookie, valid.inquiry.id, {
      version: valid.inquiry.version,
      choices: [{ inquiry_line_id: valid.lines.l1.id, recipient_id: valid.nordRecipient.id }],
    });
    expect(ordered.status).toBe(200);
  });
});

describe('lists', () => {
  test('the dealer sees the new orders waiting for its confirmation first (issue 24 §8); the workshop by date', async () => {
    const waiting = await suedOrder();
    const confirmed = await suedOrder();
    expect((await act(suedCookie, confirmed.orderId, 'confirm', confirmed.lineIds)).body.data.status).toBe('confirmed');
    await server.db
      .update(inquiries)
      .set({ vehicleDescription: 'Reihenfolgetest' })
      .where(inArray(inquiries.id, [waiting.inquiry.id, confirmed.inquiry.id]));
    const listed = async (cookie: string, side: 'workshop' | 'part-dealer') =>
      (
        await getJson<{ items: OrderSummary[] }>(cookie, `/svc/${side}/orders?vehicle=Reihenfolgetest`)
      ).body.data.items.map((item) => [item.id, item.status]);
    expect(await listed(suedCookie, 'part-dealer')).toEqual([
      [waiting.orderId, 'placed'],
      [confirmed.orderId, 'confirmed'],
    ]);
    expect(await listed(werkstattCookie, 'workshop')).toEqual([
      [confirmed.orderId, 'confirmed'],
      [waiting.orderId, 'placed'],
    ]);
  });

  test('filter by status, dealer, vehicle, workshop name and Berlin placing day; scoped to the organisation', async () => {
    const { inquiry, lines, nordRecipient, suedRecipient } = await quotedInquiry();
    await server.db
      .update(inquiries)
      .set({ vin: 'WBA3A5C50CF256985', vehicleDescription: 'BMW 320d Listentest' })
      .where(eq(inquiries.id, inquiry.id));
    const placed = await place(werkstattCookie, inquiry.id, {
      version: inquiry.version,
      choices: [
        { inquiry_line_id: lines.l1.id, recipient_id: nordRecipient.id },
        { inquiry_line_id: lines.l2.id, recipient_id: suedRecipient.id },
      ],
    });
    const nordId = placed.body.data.orders.find((order) => order.dealer_name === 'Teile Nord GmbH')?.id ?? 0;
    // Placed at 23:30 UTC on 1 March: already 2 March in Berlin.
    await server.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-01T23:30:00Z') })
      .where(eq(orders.id, nordId));
    const ids = async (cookie: string, side: 'workshop' | 'part-dealer', query: string) => {
      const { status, body } = await getJson<{ items: OrderSummary[]; total: number; page_size: number }>(
        cookie,
        `/svc/${side}/orders?${query}`,
      );
      expect(status).toBe(200);
      expect(body.data.total).toBe(body.data.items.length);
      return body.data.items.map((item) => item.id).sort();
    };
    const bothIds = placed.body.data.orders.map((order) => order.id).sort();
    expect(await ids(werkstattCookie, 'workshop', 'vehicle=listentest')).toEqual(bothIds);
    expect(await ids(werkstattCookie, 'workshop', 'vehicle=WBA3A5C50')).toEqual(bothIds);
    expect(await ids(werkstattCookie, 'workshop', `vehicle=WBA3A5C50&dealer=${nord.partDealer.id}`)).toEqual([nordId]);
    expect(await ids(werkstattCookie, 'workshop', 'vehicle=listentest&from=2026-03-02&to=2026-03-02')).toEqual([
      nordId,
    ]);
    expect(await ids(werkstattCookie, 'workshop', 'vehicle=listentest&from=2026-03-01&to=2026-03-01')).toEqual([]);
    expect(await ids(werkstattCookie, 'workshop', 'vehicle=listentest&status=confirmed')).toEqual([]);
    expect(await ids(fremdWerkstattCookie, 'workshop', 'vehicle=listentest')).toEqual([]);
    expect(await ids(nordFirst, 'part-dealer', 'vehicle=listentest&q=becker')).toEqual([nordId]);
    expect(await ids(nordFirst, 'part-dealer', 'vehicle=listentest&q=fremd')).toEqual([]);
    // Unfiltered: the pager counts every order of the organisation, 20 per page, newest first.
    const suedOrders = await server.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.dealerOrganisationId, sued.organisation.id));
    const unfiltered = await getJson<{ items: OrderSummary[]; total: number; page_size: number }>(
      suedCookie,
      '/svc/part-dealer/orders',
    );
    expect(suedOrders.length).toBeGreaterThan(1);
    expect(unfiltered.body.data.total).toBe(suedOrders.length);
    expect(unfiltered.body.data.page_size).toBe(20);
    expect(unfiltered.body.data.items.length).toBe(Math.min(20, suedOrders.length));
    // The dealer's list: orders waiting for its confirmation first (issue 24 §8), each group newest first.
    const waitingFirst = unfiltered.body.data.items.map(
      (item) => `${item.status === 'placed' ? 1 : 0} ${item.placed_at}`,
    );
    expect(waitingFirst).toEqual([...waitingFirst].sort().reverse());
    const bad = await getJson(werkstattCookie, '/svc/workshop/orders?status=shipping');
    expect(bad.status).toBe(400);
  });

  test('a filtered list tells how many orders match in all, on every page and past the end', async () => {
    // A workshop of its own with more matching orders than a page holds, and some that do not match.
    const many = await insertWorkshop(server.db, { name: 'Autohaus Viele', ownerEmail: 'inhaber@viele.de' });
    const cookie = await loginCookie(server, 'inhaber@viele.de', MEMBER_PASSWORD);
    const owner = { organisationId: many.organisation.id, userId: many.owner.id };
    // Matching: a Passat, confirmed. Not matching: two Polos, and two Passats already delivered.
    const matching = TRADE_PAGE_SIZE + 3;
    for (let index = 0; index < matching + 4; index++) {
      const { inquiry, order } = await insertTrade(server.db, owner, dealerOf(nord));
      await server.db
        .update(inquiries)
        .set({ vehicleDescription: index < matching + 2 ? 'Passat Seitenzahl' : 'Polo' })
        .where(eq(inquiries.id, inquiry.id));
      if (index >= matching && index < matching + 2)
        await server.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    }
    const page = async (query: string) =>
      (await getJson<{ items: OrderSummary[]; total: number }>(cookie, `/svc/workshop/orders?${query}`)).body.data;
    const first = await page('vehicle=seitenzahl&status=confirmed');
    expect({ items: first.items.length, total: first.total }).toEqual({ items: TRADE_PAGE_SIZE, total: matching });
    const second = await page('vehicle=seitenzahl&status=confirmed&page=2');
    expect({ items: second.items.length, total: second.total }).toEqual({ items: 3, total: matching });
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(matching);
    // A page past the end has no row to carry the total: it is counted.
    expect(await page('vehicle=seitenzahl&status=confirmed&page=3')).toMatchObject({ items: [], total: matching });
    expect((await page('vehicle=seitenzahl&status=delivered')).total).toBe(2);
    expect((await page('vehicle=seitenzahl')).total).toBe(matching + 2);
    // Counted on their own: a status filter alone, on its first page and past the end.
    expect((await page('status=confirmed')).total).toBe(matching + 2);
    expect(await page('status=delivered&page=2')).toMatchObject({ items: [], total: 2 });
    expect((await page('')).total).toBe(matching + 4);
  });
});

// ── Every illegal event at every state: 409, nothing stored ─────────────────────────────────────

/** What the dealer may do with a line in each status (the product rule, written out independently). */
const ALLOWED_LINE_ACTIONS: Record<OrderLineStatus, readonly OrderLineAction[]> = {
  placed: ['confirm', 'backorder', 'cancel'],
  confirmed: ['backorder', 'cancel', 'ship'],
  backorder: ['backorder', 'confirm', 'cancel', 'ship'],
  shipped: ['deliver'],
  delivered: [],
  cancelled: [],
  returned: [],
};

describe('every illegal event at every state is 409 and stores nothing', () => {
  test('line actions', async () => {
    const { orderId, lineIds } = await nordOrder();
    const [line] = lineIds as [number, number];
    let checked = 0;
    for (const [status, allowed] of Object.entries(ALLOWED_LINE_ACTIONS) as [OrderLineStatus, OrderLineAction[]][]) {
      for (const action of ['confirm', 'backorder', 'cancel', 'ship', 'deliver'] as const) {
        if (allowed.includes(action)) continue;
        await server.db.update(orderLines).set({ status }).where(eq(orderLines.id, line));
        const before = {
          order: await orderRow(orderId),
          lines: await linesOf(orderId),
          events: await tradeEventCount(server.db),
        };
        const answer = await act(nordFirst, orderId, action, [line]);
        expect({ status, action, answer: answer.status, error: answer.body.error }).toEqual({
          status,
          action,
          answer: 409,
          error: 'actionNotAllowed',
        });
        expect({
          order: await orderRow(orderId),
          lines: await linesOf(orderId),
          events: await tradeEventCount(server.db),
        }).toEqual(before);
        checked += 1;
      }
    }
    // 7 statuses × 5 actions, 11 of them allowed.
    expect(checked).toBe(24);
  });

  test('an action on several lines is refused whole when one line refuses it', async () => {
    const { orderId, lineIds } = await nordOrder();
    const [first, second] = lineIds as [number, number];
    await server.db.update(orderLines).set({ status: 'shipped' }).where(eq(orderLines.id, second));
    const events = await tradeEventCount(server.db);
    const answer = await act(nordFirst, orderId, 'confirm', [first, second]);
    expect([answer.status, answer.body.error]).toEqual([409, 'actionNotAllowed']);
    expect((await linesOf(orderId)).map((line) => line.status)).toEqual(['placed', 'shipped']);
    expect(await versionOf(orderId)).toBe(0);
    expect(await tradeEventCount(server.db)).toBe(events);
  });

  test('return requests on lines that are not delivered', async () => {
    const { orderId, lineIds } = await nordOrder();
    const [line] = lineIds as [number, number];
    for (const status of ['placed', 'confirmed', 'backorder', 'cancelled', 'shipped', 'returned'] as const) {
      await server.db.update(orderLines).set({ status }).where(eq(orderLines.id, line));
      const before = { order: await orderRow(orderId), events: await tradeEventCount(server.db) };
      const answer = await requestReturn(werkstattCookie, orderId, line, {
        version: before.order.version,
        reason: 'damaged',
      });
      expect({ status, answer: answer.status, error: answer.body.error }).toEqual({
        status,
        answer: 409,
        error: 'actionNotAllowed',
      });
      expect({ order: await orderRow(orderId), events: await tradeEventCount(server.db) }).toEqual(before);
      expect(await server.db.select().from(orderReturns).where(eq(orderReturns.orderLineId, line))).toEqual([]);
    }
  });

  test('decisions on returns already decided', async () => {
    const { orderId, lineIds } = await nordOrder();
    const [line] = lineIds as [number, number];
    await server.db.update(orderLines).set({ status: 'delivered' }).where(eq(orderLines.id, line));
    const [row] = await server.db
      .insert(orderReturns)
      .values({ orderLineId: line, reason: 'damaged', requestedBy: werkstatt.owner.id, status: 'accepted' })
      .returning();
    const returnId = row?.id ?? 0;
    for (const status of ['accepted', 'refused'] as const satisfies readonly ReturnStatus[]) {
      for (const decision of ['accept', 'refuse'] as const) {
        await server.db.update(orderReturns).set({ status }).where(eq(orderReturns.id, returnId));
        const before = {
          order: await orderRow(orderId),
          lines: await linesOf(orderId),
          returns: await server.db.select().from(orderReturns).where(eq(orderReturns.id, returnId)),
          events: await tradeEventCount(server.db),
        };
        const answer = await decideReturn(nordFirst, orderId, returnId, decision, {
          version: before.order.version,
          reason: 'Nein',
        });
        expect({ status, decision, answer: answer.status, error: answer.body.error }).toEqual({
          status,
          decision,
          answer: 409,
          error: 'actionNotAllowed',
        });
        expect({
          order: await orderRow(orderId),
          lines: await linesOf(orderId),
          returns: await server.db.select().from(orderReturns).where(eq(orderReturns.id, returnId)),
          events: await tradeEventCount(server.db),
        }).toEqual(before);
      }
    }
  });
});
