import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DealerDashboard, WorkshopDashboard } from '../../common/contracts/dashboards';
import type {
  AvailabilityClass,
  InquiryDetail,
  InquiryStatus,
  OrderLineStatus,
  OrderStatus,
  RecipientStatus,
} from '../../common/contracts/trading';
import { workingDayFrom } from '../../common/format/working-days';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  orderLines,
  orderReturns,
  orders,
  quoteLines,
  tradeEvents,
} from '../../server/db/schema';
import { fillDashboardFacts } from '../../server/trade/dashboard-facts';
import { insertDealerOrganisation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { loginCookie, startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  berlinDate,
  dealerView,
  dealerWithUsers,
  getJson as getWithCookie,
  send,
  sendInquiry,
  type TestDealer,
  workshopWithDealers,
} from '../support/trade-inquiries';

/*
 * The dashboards' figures on a small dataset built by hand (docs/decisions/029-dashboards.md), with
 * the expected values worked out in the comments. The period is March and April 2025 in Berlin;
 * rows just inside and just outside its edges, another workshop's trade with the same dealer and
 * the other dealer's quotes check the scoping.
 */

type Dealer = Awaited<ReturnType<typeof insertDealerOrganisation>>;
type Workshop = Awaited<ReturnType<typeof insertWorkshop>>;
type Envelope<TData> = { code: number; data: TData; message?: string; error?: string };

let server: TestServer;
let becker: Workshop;
let fremd: Workshop;
let nord: Dealer;
let sued: Dealer;
let beckerCookie: string;
let fremdCookie: string;
let nordCookie: string;
let suedCookie: string;
const PERIOD = 'from=2025-03-01&to=2025-04-30';
const at = (iso: string) => new Date(iso);

async function inquiry(
  workshop: Workshop,
  createdAt: string,
  status: InquiryStatus,
  lines: readonly { quantity: number; closesAt?: Date }[],
  closesAt = at(createdAt),
) {
  const [row] = await server.db
    .insert(inquiries)
    .values({
      workshopOrganisationId: workshop.organisation.id,
      createdBy: workshop.owner.id,
      status,
      vehicleDescription: `Fahrzeug ${createdAt}`,
      vin: 'WVWZZZ1KZAW000001',
      closesAt,
      createdAt: at(createdAt),
    })
    .returning();
  if (!row) throw new Error('inquiry insert returned nothing');
  const lineRows = await server.db
    .insert(inquiryLines)
    .values(lines.map((line, index) => ({ inquiryId: row.id, position: index + 1, quantity: line.quantity })))
    .returning();
  return { inquiry: row, lines: lineRows.sort((a, b) => a.position - b.position) };
}

type Quote =
  | { line: number; price: number; availability?: AvailabilityClass; eta?: string | null }
  | { line: number; declined: true };

async function recipient(
  inquiryId: number,
  workshop: Workshop,
  dealer: Dealer,
  status: RecipientStatus,
  createdAt: string,
  answers: readonly { kind: 'recipient.answered' | 'recipient.declined'; at: string }[],
  quotes: readonly Quote[] = [],
) {
  const [row] = await server.db
    .insert(inquiryRecipients)
    .values({
      inquiryId,
      partDealerId: dealer.partDealer.id,
      dealerOrganisationId: dealer.organisation.id,
      customerNumber: 'K-1',
      status,
      answeredAt: answers.length > 0 ? at(answers[answers.length - 1]?.at ?? createdAt) : null,
      createdAt: at(createdAt),
    })
    .returning();
  if (!row) throw new Error('recipient insert returned nothing');
  for (const answer of answers) {
    await server.db.insert(tradeEvents).values({
      kind: answer.kind,
      inquiryId,
      entity: 'recipient',
      entityId: row.id,
      workshopOrganisationId: workshop.organisation.id,
      dealerOrganisationIds: [dealer.organisation.id],
      createdAt: at(answer.at),
    });
  }
  const quoteIds = new Map<number, number>();
  for (const quote of quotes) {
    const [inserted] = await server.db
      .insert(quoteLines)
      .values(
        'declined' in quote
          ? { recipientId: row.id, inquiryLineId: quote.line, offered: false, declineReason: 'nicht lieferbar' }
          : {
              recipientId: row.id,
              inquiryLineId: quote.line,
              offered: true,
              netPriceCents: quote.price,
              availability: quote.availability ?? 'branch_today',
              eta: quote.eta ?? null,
            },
      )
      .returning();
    if (inserted) quoteIds.set(quote.line, inserted.id);
  }
  return { row, quoteIds };
}

async function order(
  workshop: Workshop,
  dealer: Dealer,
  placed: { inquiryId: number; recipientId: number; createdAt: string; status: OrderStatus; totalCents: number },
  lines: readonly {
    line: number;
    quote: number;
    quantity: number;
    price: number;
    status: OrderLineStatus;
    eta?: string | null;
    deliveredAt?: string;
  }[],
) {
  const [row] = await server.db
    .insert(orders)
    .values({
      inquiryId: placed.inquiryId,
      recipientId: placed.recipientId,
      workshopOrganisationId: workshop.organisation.id,
      dealerOrganisationId: dealer.organisation.id,
      partDealerId: dealer.partDealer.id,
      status: placed.status,
      customerNumber: 'K-1',
      totalCents: placed.totalCents,
      placedBy: workshop.owner.id,
      createdAt: at(placed.createdAt),
    })
    .returning();
  if (!row) throw new Error('order insert returned nothing');
  const lineIds: number[] = [];
  for (const line of lines) {
    const [inserted] = await server.db
      .insert(orderLines)
      .values({
        orderId: row.id,
        inquiryLineId: line.line,
        quoteLineId: line.quote,
        partNumber: 'TEIL',
        partNumberNormalised: 'TEIL',
        quantity: line.quantity,
        netPriceCents: line.price,
        status: line.status,
        eta: line.eta ?? null,
      })
      .returning();
    if (!inserted) throw new Error('order line insert returned nothing');
    lineIds.push(inserted.id);
    if (line.deliveredAt) {
      await server.db.insert(tradeEvents).values({
        kind: 'line.delivered',
        inquiryId: placed.inquiryId,
        orderId: row.id,
        entity: 'line',
        entityId: inserted.id,
        workshopOrganisationId: workshop.organisation.id,
        dealerOrganisationIds: [dealer.organisation.id],
        createdAt: at(line.deliveredAt),
      });
    }
  }
  return { row, lineIds };
}

const quoteOf = (quotes: Map<number, number>, line: number) => {
  const id = quotes.get(line);
  if (id === undefined) throw new Error(`no quote for line ${line}`);
  return id;
};

beforeAll(async () => {
  server = await startTestServer();
  becker = await insertWorkshop(server.db, { name: 'Autohaus Becker', ownerEmail: 'max@becker.de' });
  fremd = await insertWorkshop(server.db, { name: 'Karosserie Fremd', ownerEmail: 'inhaber@fremd.de' });
  nord = await insertDealerOrganisation(server.db, 'Teile Nord GmbH', ['eins@teile-nord.de']);
  sued = await insertDealerOrganisation(server.db, 'Teile Süd AG', ['eins@teile-sued.de']);

  // A: Becker, 10 March; four lines. Nord answers after 30 min (a revision later does not count),
  // Süd after 90 min. Ordered: L1 and L3 from Nord, L2 from Süd, L4 from no one.
  const a = await inquiry(becker, '2025-03-10T08:00:00Z', 'ordered', [
    { quantity: 2 },
    { quantity: 1 },
    { quantity: 4 },
    { quantity: 1 },
  ]);
  const [l1, l2, l3, l4] = a.lines.map((line) => line.id) as [number, number, number, number];
  const aNord = await recipient(
    a.inquiry.id,
    becker,
    nord,
    'answered',
    '2025-03-10T08:00:00Z',
    [
      { kind: 'recipient.answered', at: '2025-03-10T08:30:00Z' },
      { kind: 'recipient.answered', at: '2025-03-10T10:00:00Z' },
    ],
    [
      { line: l1, price: 1000 },
      { line: l2, price: 2000, availability: 'central_24h' },
      { line: l3, price: 500, availability: 'ordered_eta', eta: '2025-03-15' },
      { line: l4, price: 300 },
    ],
  );
  const aSued = await recipient(
    a.inquiry.id,
    becker,
    sued,
    'answered',
    '2025-03-10T08:00:00Z',
    [{ kind: 'recipient.answered', at: '2025-03-10T09:30:00Z' }],
    [
      { line: l1, price: 1200 },
      { line: l2, price: 1800, availability: 'central_24h' },
      { line: l3, declined: true },
      { line: l4, price: 250 },
    ],
  );
  const onNord = await order(
    becker,
    nord,
    {
      inquiryId: a.inquiry.id,
      recipientId: aNord.row.id,
      createdAt: '2025-03-10T12:00:00Z',
      status: 'delivered',
      totalCents: 4000,
    },
    [
      // Branch today, placed 10 March, delivered 10 March 16:00 Berlin: on time.
      {
        line: l1,
        quote: quoteOf(aNord.quoteIds, l1),
        quantity: 2,
        price: 1000,
        status: 'returned',
        deliveredAt: '2025-03-10T15:00:00Z',
      },
      // Promised 15 March, backordered to 20 March, delivered 19 March: late against the promise.
      {
        line: l3,
        quote: quoteOf(aNord.quoteIds, l3),
        quantity: 4,
        price: 500,
        status: 'delivered',
        eta: '2025-03-20',
        deliveredAt: '2025-03-19T10:00:00Z',
      },
    ],
  );
  await order(
    becker,
    sued,
    {
      inquiryId: a.inquiry.id,
      recipientId: aSued.row.id,
      createdAt: '2025-03-10T12:00:00Z',
      status: 'delivered',
      totalCents: 1800,
    },
    // Central within 24 h: promised 11 March; delivered 12 March 00:30 Berlin: late.
    [
      {
        line: l2,
        quote: quoteOf(aSued.quoteIds, l2),
        quantity: 1,
        price: 1800,
        status: 'delivered',
        deliveredAt: '2025-03-11T23:30:00Z',
      },
    ],
  );
  const [returnedLine] = onNord.lineIds;
  await server.db.insert(orderReturns).values({
    orderLineId: returnedLine as number,
    reason: 'does_not_fit',
    status: 'accepted',
    requestedBy: becker.owner.id,
    createdAt: at('2025-03-12T10:00:00Z'),
  });

  // B: Becker, 1 April; Nord declines after 50 min, Süd never answers.
  const b = await inquiry(becker, '2025-04-01T10:00:00Z', 'closed', [{ quantity: 1 }]);
  await recipient(b.inquiry.id, becker, nord, 'declined', '2025-04-01T10:00:00Z', [
    { kind: 'recipient.declined', at: '2025-04-01T10:50:00Z' },
  ]);
  await recipient(b.inquiry.id, becker, sued, 'expired', '2025-04-01T10:00:00Z', []);

  // C: Becker, 1 March 00:30 Berlin (28 Feb in UTC): inside. Nord answers after 20 min; the order's
  // only line (promised 5 March) is still only confirmed: late.
  const c = await inquiry(becker, '2025-02-28T23:30:00Z', 'ordered', [{ quantity: 1 }]);
  const [c1] = c.lines.map((line) => line.id) as [number];
  const cNord = await recipient(
    c.inquiry.id,
    becker,
    nord,
    'answered',
    '2025-02-28T23:30:00Z',
    [{ kind: 'recipient.answered', at: '2025-02-28T23:50:00Z' }],
    [{ line: c1, price: 999, availability: 'ordered_eta', eta: '2025-03-05' }],
  );
  const oc = await order(
    becker,
    nord,
    {
      inquiryId: c.inquiry.id,
      recipientId: cNord.row.id,
      createdAt: '2025-02-28T23:40:00Z',
      status: 'confirmed',
      totalCents: 999,
    },
    [{ line: c1, quote: quoteOf(cNord.quoteIds, c1), quantity: 1, price: 999, status: 'confirmed', eta: '2025-03-05' }],
  );

  // D: Becker, 1 May 00:30 Berlin (30 April in UTC): outside. Its line's ETA moved: an alert.
  const d = await inquiry(becker, '2025-04-30T22:30:00Z', 'ordered', [{ quantity: 1 }]);
  const [d1] = d.lines.map((line) => line.id) as [number];
  const dSued = await recipient(
    d.inquiry.id,
    becker,
    sued,
    'answered',
    '2025-04-30T22:30:00Z',
    [{ kind: 'recipient.answered', at: '2025-04-30T22:35:00Z' }],
    [{ line: d1, price: 5000, availability: 'ordered_eta', eta: '2099-01-10' }],
  );
  const od = await order(
    becker,
    sued,
    {
      inquiryId: d.inquiry.id,
      recipientId: dSued.row.id,
      createdAt: '2025-04-30T22:40:00Z',
      status: 'confirmed',
      totalCents: 5000,
    },
    [
      {
        line: d1,
        quote: quoteOf(dSued.quoteIds, d1),
        quantity: 1,
        price: 5000,
        status: 'backorder',
        eta: '2099-02-01',
      },
    ],
  );

  // E: Becker, open now: Nord has seen it, Süd quoted.
  const e = await inquiry(
    becker,
    new Date().toISOString(),
    'quoted',
    [{ quantity: 1 }, { quantity: 3 }],
    new Date(Date.now() + 3_600_000),
  );
  await recipient(e.inquiry.id, becker, nord, 'seen', new Date().toISOString(), []);
  await recipient(e.inquiry.id, becker, sued, 'answered', new Date().toISOString(), [
    { kind: 'recipient.answered', at: new Date().toISOString() },
  ]);

  // G: another workshop, 20 March, with Nord (answer after 10 min), ordered and delivered, returned;
  // plus an open inquiry of its own. Nord's figures count it, Becker's never.
  const g = await inquiry(fremd, '2025-03-20T09:00:00Z', 'ordered', [{ quantity: 1 }]);
  const [g1] = g.lines.map((line) => line.id) as [number];
  const gNord = await recipient(
    g.inquiry.id,
    fremd,
    nord,
    'answered',
    '2025-03-20T09:00:00Z',
    [{ kind: 'recipient.answered', at: '2025-03-20T09:10:00Z' }],
    [{ line: g1, price: 100_000 }],
  );
  const og = await order(
    fremd,
    nord,
    {
      inquiryId: g.inquiry.id,
      recipientId: gNord.row.id,
      createdAt: '2025-03-20T10:00:00Z',
      status: 'delivered',
      totalCents: 100_000,
    },
    [
      {
        line: g1,
        quote: quoteOf(gNord.quoteIds, g1),
        quantity: 1,
        price: 100_000,
        status: 'returned',
        deliveredAt: '2025-03-20T12:00:00Z',
      },
    ],
  );
  await server.db.insert(orderReturns).values({
    orderLineId: og.lineIds[0] as number,
    reason: 'damaged',
    status: 'accepted',
    requestedBy: fremd.owner.id,
    createdAt: at('2025-03-21T10:00:00Z'),
  });
  await inquiry(fremd, new Date().toISOString(), 'sent', [{ quantity: 1 }], new Date(Date.now() + 3_600_000));

  expect(oc.row.id).toBeLessThan(od.row.id);
  // The rows were written straight into the database: their facts as the routes would have stored them.
  await fillDashboardFacts(server.db);
  [beckerCookie, fremdCookie, nordCookie, suedCookie] = await Promise.all([
    loginCookie(server, 'max@becker.de', MEMBER_PASSWORD),
    loginCookie(server, 'inhaber@fremd.de', MEMBER_PASSWORD),
    loginCookie(server, 'eins@teile-nord.de', MEMBER_PASSWORD),
    loginCookie(server, 'eins@teile-sued.de', MEMBER_PASSWORD),
  ]);
});
afterAll(() => server.stop());

async function getJson<TData>(cookie: string, pathname: string, language = 'de') {
  const response = await fetch(server.url(pathname), { headers: { cookie, 'accept-language': language } });
  return { status: response.status, body: (await response.json()) as Envelope<TData> };
}

describe('the workshop dashboard', () => {
  test('every figure over March and April 2025 is what the hand count gives', async () => {
    const { status, body } = await getJson<WorkshopDashboard>(beckerCookie, `/svc/workshop/dashboard?${PERIOD}`);
    expect(status).toBe(200);
    const figures = body.data;
    expect(figures.from).toBe('2025-03-01');
    expect(figures.to).toBe('2025-04-30');
    // C was placed at 00:40 on 1 March in Berlin; D at 00:40 on 1 May: out.
    expect(figures.spend).toEqual(
      [
        {
          month: '2025-03',
          part_dealer_id: sued.partDealer.id,
          dealer_name: 'Teile Süd AG',
          total_cents: 1800,
          order_count: 1,
        },
        {
          month: '2025-03',
          part_dealer_id: nord.partDealer.id,
          dealer_name: 'Teile Nord GmbH',
          total_cents: 4999,
          order_count: 2,
        },
      ].sort((x, y) => x.dealer_name.localeCompare(y.dealer_name)),
    );
    // L1: (1 200 − 1 000) × 2 = 400; L2: (2 000 − 1 800) × 1 = 200; L3 (Süd declined) and C: no other offer.
    // L1 was returned, so only L2 counts: 200 over one line.
    expect(figures.savings).toEqual({ compared_lines: 1, saved_cents: 200 });
    // Delivered: L1 on time, L3 and L2 late → 1 of 3 (G is another workshop's).
    expect(figures.on_time.delivered_lines).toBe(3);
    expect(figures.on_time.on_time_lines).toBe(1);
    expect(figures.on_time.share).toBeCloseTo(1 / 3, 10);
    // Nord: A 30 min (not the revision at 120), B 50, C 20 → median 30 (G is another workshop's).
    // Süd: A 90; B never answered → median 90 over one answer.
    expect(figures.response_times).toEqual([
      { part_dealer_id: nord.partDealer.id, dealer_name: 'Teile Nord GmbH', answered: 3, median_minutes: 30 },
      { part_dealer_id: sued.partDealer.id, dealer_name: 'Teile Süd AG', answered: 1, median_minutes: 90 },
    ]);
    expect(figures.returns).toEqual([{ reason: 'does_not_fit', count: 1 }]);
  });

  test('the lists: open inquiries and orders whose ETA is late or changed, whatever the period', async () => {
    const { body } = await getJson<WorkshopDashboard>(beckerCookie, `/svc/workshop/dashboard?${PERIOD}`);
    const figures = body.data;
    expect(figures.open_inquiries.total).toBe(1);
    expect(figures.open_inquiries.items).toEqual([
      expect.objectContaining({ line_count: 2, recipient_count: 2, quoted_count: 1 }),
    ]);
    expect(figures.eta_alerts.total).toBe(2);
    expect(figures.eta_alerts.items).toEqual([
      expect.objectContaining({
        dealer_name: 'Teile Nord GmbH',
        late_lines: 1,
        changed_lines: 0,
        next_eta: '2025-03-05',
      }),
      expect.objectContaining({ dealer_name: 'Teile Süd AG', late_lines: 0, changed_lines: 1, next_eta: '2099-02-01' }),
    ]);
  });

  test('another workshop sees only its own trade with the same dealer', async () => {
    const { body } = await getJson<WorkshopDashboard>(fremdCookie, `/svc/workshop/dashboard?${PERIOD}`);
    const figures = body.data;
    expect(figures.spend).toEqual([
      expect.objectContaining({ dealer_name: 'Teile Nord GmbH', total_cents: 100_000, order_count: 1 }),
    ]);
    expect(figures.savings).toEqual({ compared_lines: 0, saved_cents: 0 });
    expect(figures.on_time).toEqual({ delivered_lines: 1, on_time_lines: 1, share: 1 });
    expect(figures.response_times).toEqual([expect.objectContaining({ answered: 1, median_minutes: 10 })]);
    expect(figures.returns).toEqual([{ reason: 'damaged', count: 1 }]);
    expect(figures.open_inquiries.total).toBe(1);
    expect(figures.eta_alerts).toEqual({ total: 0, items: [] });
  });

  test('a period without trade gives empty figures, not errors', async () => {
    const { status, body } = await getJson<WorkshopDashboard>(
      beckerCookie,
      '/svc/workshop/dashboard?from=2024-01-01&to=2024-01-31',
    );
    expect(status).toBe(200);
    expect(body.data.spend).toEqual([]);
    expect(body.data.on_time).toEqual({ delivered_lines: 0, on_time_lines: 0, share: null });
    expect(body.data.savings).toEqual({ compared_lines: 0, saved_cents: 0 });
  });
});

describe('the dealer dashboard', () => {
  test("Nord's figures count every workshop's inquiries to Nord, and only those", async () => {
    const { status, body } = await getJson<DealerDashboard>(nordCookie, `/svc/part-dealer/dashboard?${PERIOD}`);
    expect(status).toBe(200);
    const figures = body.data;
    // Received A, B, C, G; first answers after 30, 50, 20, 10 min → median (20 + 30) / 2.
    expect(figures.response).toEqual({ received: 4, answered: 4, median_minutes: 25 });
    // Quoted: A L1–L4, C, G = 6; ordered: A L1, A L3, C, G = 4.
    expect(figures.win_rate.quoted_lines).toBe(6);
    expect(figures.win_rate.ordered_lines).toBe(4);
    expect(figures.win_rate.share).toBeCloseTo(4 / 6, 10);
    // A L2 went to Süd at 1 800 < 2 000; A L4 was ordered from no one; B was declined.
    expect(figures.lost_lines).toEqual([
      { reason: 'declined', count: 1 },
      { reason: 'ordered_elsewhere_cheaper', count: 1 },
      { reason: 'not_ordered', count: 1 },
    ]);
    // E waits for Nord's answer (seen); Fremd's open inquiry went to no dealer.
    expect(figures.waiting.total).toBe(1);
    expect(figures.waiting.items).toEqual([
      expect.objectContaining({ workshop_name: 'Autohaus Becker', line_count: 2, seen: true }),
    ]);
  });

  test("Süd's figures: its own answers, declines and silence", async () => {
    const { body } = await getJson<DealerDashboard>(suedCookie, `/svc/part-dealer/dashboard?${PERIOD}`);
    const figures = body.data;
    // Received A and B (D is 1 May in Berlin); answered A after 90 min.
    expect(figures.response).toEqual({ received: 2, answered: 1, median_minutes: 90 });
    // Quoted A L1, L2, L4 (L3 declined); ordered L2.
    expect(figures.win_rate.quoted_lines).toBe(3);
    expect(figures.win_rate.ordered_lines).toBe(1);
    expect(figures.lost_lines).toEqual([
      { reason: 'no_answer', count: 1 },
      { reason: 'declined', count: 1 },
      { reason: 'ordered_elsewhere_cheaper', count: 1 },
      { reason: 'not_ordered', count: 1 },
    ]);
    expect(figures.waiting).toEqual({ total: 0, items: [] });
  });
});

describe('refusals', () => {
  test.each([
    ['from=2025-04-30&to=2025-03-01'],
    ['from=2025-02-30&to=2025-03-01'],
    ['from=2024-01-01&to=2025-03-01'],
    ['from=gestern&to=heute'],
    ['to=2025-03-01'],
    [''],
  ])('a bad period (%s) is a translated 400 and changes nothing', async (query) => {
    const german = await getJson<null>(beckerCookie, `/svc/workshop/dashboard?${query}`, 'de');
    expect(german.status).toBe(400);
    expect(german.body.error).toBe('periodInvalid');
    expect(german.body.message).toMatch(/gültigen Zeitraum/);
    const english = await getJson<null>(nordCookie, `/svc/part-dealer/dashboard?${query}`, 'en');
    expect(english.status).toBe(400);
    expect(english.body.message).toMatch(/valid period/);
  });

  test("each side reaches only its own service's dashboard; no session, no figures", async () => {
    expect((await getJson<null>(nordCookie, `/svc/workshop/dashboard?${PERIOD}`)).status).toBe(403);
    expect((await getJson<null>(beckerCookie, `/svc/part-dealer/dashboard?${PERIOD}`)).status).toBe(403);
    expect((await getJson<null>('', `/svc/workshop/dashboard?${PERIOD}`)).status).toBe(401);
  });
});

describe('the facts the routes store as things happen', () => {
  test('first answer kept on a revision, promised day, best other offer, won quotes and delivery', async () => {
    const billig = await dealerWithUsers(server, 'Teile Billig');
    const teuer = await dealerWithUsers(server, 'Teile Teuer');
    const werkstatt = await workshopWithDealers(server, [billig, teuer]);
    const inquiry = await sendInquiry(server, werkstatt);
    const answer = async (dealer: TestDealer, price: number) => {
      const view = await dealerView(server, dealer, inquiry.id);
      const sent = await send(
        server,
        `/svc/part-dealer/inquiries/${inquiry.id}/answer`,
        dealer.cookie,
        answerBody(view, {
          lines: [{ ...answerBody(view).lines[0], net_price_cents: price }, answerBody(view).lines[1]],
        }),
        'PUT',
      );
      expect(sent.response.status).toBe(200);
    };
    await answer(billig, 4_000);
    await answer(teuer, 4_600);
    const [first] = await server.db
      .select({ firstAnsweredAt: inquiryRecipients.firstAnsweredAt })
      .from(inquiryRecipients)
      .where(eq(inquiryRecipients.partDealerId, billig.partDealer.id));
    // A revised quote keeps the first answer's moment.
    await answer(billig, 3_900);
    const [revised] = await server.db
      .select({ firstAnsweredAt: inquiryRecipients.firstAnsweredAt, answeredAt: inquiryRecipients.answeredAt })
      .from(inquiryRecipients)
      .where(eq(inquiryRecipients.partDealerId, billig.partDealer.id));
    expect(first?.firstAnsweredAt).not.toBeNull();
    expect(revised?.firstAnsweredAt).toEqual(first?.firstAnsweredAt);
    expect(revised?.answeredAt?.getTime()).toBeGreaterThan(first?.firstAnsweredAt?.getTime() ?? Number.NaN);

    const { body: quoted } = await getWithCookie<InquiryDetail>(
      server,
      `/svc/workshop/inquiries/${inquiry.id}`,
      werkstatt.cookie,
    );
    const cheap = quoted.data.recipients.find((recipient) => recipient.part_dealer_id === billig.partDealer.id);
    const line = quoted.data.lines[0];
    const placed = await send<{ orders: { id: number }[] }>(
      server,
      `/svc/workshop/inquiries/${inquiry.id}/orders`,
      werkstatt.cookie,
      { version: quoted.data.version, choices: [{ inquiry_line_id: line?.id, recipient_id: cheap?.id }] },
    );
    expect(placed.response.status).toBe(200);
    const orderId = placed.body.data.orders[0]?.id as number;
    const [ordered] = await server.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    // Branch today: promised the day it was ordered (the next working day on a weekend or holiday);
    // Teuer offered 46,00 € for the line (quantity 2).
    expect(ordered?.promisedOn).toBe(workingDayFrom(berlinDate(0)));
    expect(ordered?.bestOtherPriceCents).toBe(4_600);
    expect(ordered?.deliveredAt).toBeNull();
    const quotes = await server.db
      .select({ won: quoteLines.won, price: quoteLines.orderedPriceCents, recipientId: quoteLines.recipientId })
      .from(quoteLines)
      .where(eq(quoteLines.inquiryLineId, line?.id ?? 0));
    expect(quotes.map((quote) => [quote.recipientId === cheap?.id, quote.won, quote.price]).sort()).toEqual([
      [false, false, 3_900],
      [true, true, 3_900],
    ]);

    let version = (
      await getWithCookie<{ version: number }>(server, `/svc/part-dealer/orders/${orderId}`, billig.cookie)
    ).body.data.version;
    for (const action of ['confirm', 'ship', 'deliver']) {
      const step = await send<{ version: number }>(server, `/svc/part-dealer/orders/${orderId}/lines`, billig.cookie, {
        version,
        action,
        line_ids: [ordered?.id],
      });
      expect(step.response.status).toBe(200);
      version = step.body.data.version;
    }
    const [delivered] = await server.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.id, ordered?.id ?? 0));
    expect(delivered?.deliveredAt).not.toBeNull();

    const today = berlinDate(0);
    const { body } = await getWithCookie<WorkshopDashboard>(
      server,
      `/svc/workshop/dashboard?from=${today}&to=${today}`,
      werkstatt.cookie,
    );
    // (46,00 − 39,00) × 2 = 14,00 € saved; delivered today, promised for today or a later working day.
    expect(body.data.savings).toEqual({ compared_lines: 1, saved_cents: 1_400 });
    expect(body.data.on_time).toEqual({ delivered_lines: 1, on_time_lines: 1, share: 1 });
    const { body: dealerBody } = await getWithCookie<DealerDashboard>(
      server,
      `/svc/part-dealer/dashboard?from=${today}&to=${today}`,
      teuer.cookie,
    );
    // Teuer quoted line 1 (lost to a cheaper dealer) and declined line 2.
    expect(dealerBody.data.win_rate).toEqual({ quoted_lines: 1, ordered_lines: 0, share: 0 });
    expect(dealerBody.data.lost_lines).toEqual([
      { reason: 'declined', count: 1 },
      { reason: 'ordered_elsewhere_cheaper', count: 1 },
    ]);
  });
});
