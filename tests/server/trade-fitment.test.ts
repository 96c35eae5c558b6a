import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FitmentLookupItem } from '../../common/contracts/fitment';
import type {
  DealerInboxItem,
  DealerInquiry,
  InquiryDetail,
  InquirySummary,
  OrderDetail,
  OrderSummary,
} from '../../common/contracts/trading';
import { organisations, partNumbers } from '../../server/db/schema';
import { rawRows } from '../support/raw-rows';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  dealerWithUsers,
  getJson,
  inquiryBody,
  send,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';
import { insertInquiry, insertRecipient } from '../support/trade-orders';

/*
 * Issue 14, ADR 028: learned fitment and part-number search over real HTTP. Orders go through the
 * real routes (placed by the workshop, confirmed, shipped and delivered by the dealer, returned
 * with a reason and accepted), so what is learned is what those writes leave behind.
 */

let server: TestServer;
let dealer: TestDealer;
let werkstattA: TestWorkshop;
let werkstattB: TestWorkshop;
let werkstattC: TestWorkshop;

beforeAll(async () => {
  server = await startTestServer();
  dealer = await dealerWithUsers(server, 'Teile Fitment');
  werkstattA = await workshopWithDealers(server, [dealer]);
  werkstattB = await workshopWithDealers(server, [dealer]);
  werkstattC = await workshopWithDealers(server, [dealer]);
});
afterAll(() => server.stop());

const GOLF_5_A = 'WVWZZZ1KZ6W000123';
/** Another Golf V: another serial, model year and plant, the same positions 1–8. */
const GOLF_5_B = 'WVWZZZ1KZ8P654321';
const BMW_3 = 'WBA8E11080K000001';

type Vehicle = { vin?: string; hsn?: string; tsn?: string };
type Outcome = 'kept' | 'not_fitting' | 'return_requested' | 'not_delivered';

/** One order of one line, through the real routes, ending as `outcome`. Returns the order's id. */
async function trade(workshop: TestWorkshop, vehicle: Vehicle, partNumber: string, outcome: Outcome) {
  const { inquiry, lines } = await insertInquiry(server.db, {
    workshopOrganisationId: workshop.organisation.id,
    createdBy: workshop.owner.id,
    vin: vehicle.vin ?? '',
    hsn: vehicle.hsn ?? '',
    tsn: vehicle.tsn ?? '',
    lines: [{ partNumber, description: 'Bremsscheibe vorne', quantity: 1 }],
  });
  const [line] = lines;
  if (!line) throw new Error('no inquiry line');
  const recipient = await insertRecipient(
    server.db,
    inquiry.id,
    { partDealerId: dealer.partDealer.id, organisationId: dealer.organisation.id },
    { quotes: [{ inquiryLineId: line.id, offered: true, netPriceCents: 7_450, fitsVehicle: true }] },
  );
  const placed = await send<{ orders: OrderSummary[] }>(
    server,
    `/svc/workshop/inquiries/${inquiry.id}/orders`,
    workshop.cookie,
    { version: inquiry.version, choices: [{ inquiry_line_id: line.id, recipient_id: recipient.id }] },
  );
  expect(placed.response.status).toBe(200);
  const orderId = placed.body.data.orders[0]?.id;
  if (orderId === undefined) throw new Error('no order placed');
  let order = (await getJson<OrderDetail>(server, `/svc/workshop/orders/${orderId}`, workshop.cookie)).body.data;
  const lineIds = order.lines.map((orderLine) => orderLine.id);
  const steps = outcome === 'not_delivered' ? ['confirm', 'ship'] : ['confirm', 'ship', 'deliver'];
  for (const action of steps) {
    const answer = await send<OrderDetail>(server, `/svc/part-dealer/orders/${orderId}/lines`, dealer.cookie, {
      version: order.version,
      action,
      line_ids: lineIds,
    });
    expect(answer.response.status).toBe(200);
    order = answer.body.data;
  }
  if (outcome === 'not_fitting' || outcome === 'return_requested') {
    const requested = await send<OrderDetail>(
      server,
      `/svc/workshop/orders/${orderId}/lines/${lineIds[0]}/return`,
      workshop.cookie,
      { version: order.version, reason: 'does_not_fit', note: '' },
    );
    expect(requested.response.status).toBe(200);
    order = requested.body.data;
  }
  if (outcome === 'not_fitting') {
    const returnId = order.lines[0]?.returns[0]?.id;
    const accepted = await send<OrderDetail>(
      server,
      `/svc/part-dealer/orders/${orderId}/returns/${returnId}/accept`,
      dealer.cookie,
      { version: order.version },
    );
    expect(accepted.response.status).toBe(200);
    expect(accepted.body.data.lines[0]?.status).toBe('returned');
  }
  return orderId;
}

async function lookup(workshop: TestWorkshop, query: Record<string, string>) {
  const { response, body } = await getJson<{ items: FitmentLookupItem[] }>(
    server,
    `/svc/workshop/fitment?${new URLSearchParams(query)}`,
    workshop.cookie,
  );
  return { status: response.status, body, items: body.data?.items ?? [] };
}

/** A new inquiry of `workshop` for `vin` with the part, sent through the real route. */
async function inquiryFor(workshop: TestWorkshop, vehicle: Vehicle, partNumber: string) {
  const { response, body } = await send<InquiryDetail>(
    server,
    '/svc/workshop/inquiries',
    workshop.cookie,
    inquiryBody(
      workshop.relations.map((relation) => relation.id),
      {
        vehicle: { vin: vehicle.vin ?? '', hsn: vehicle.hsn ?? '', tsn: vehicle.tsn ?? '', description: 'Testwagen' },
        lines: [
          { part_number: partNumber, description: 'Bremsscheibe vorne', quantity: 2, note: '' },
          { part_number: 'ZZ-NEVER-ORDERED', description: 'Wischerblatt', quantity: 1, note: '' },
        ],
      },
    ),
  );
  expect(response.status).toBe(200);
  return body.data;
}

describe('learned fitment', () => {
  test('one kept order is not shown; two are, on another workshop’s inquiry for the same type, with counts only', async () => {
    await trade(werkstattA, { vin: GOLF_5_A }, '1K0 615 301 AA', 'kept');
    // A single order never shows (ADR 028: its existence is not revealed to the only other workshop).
    expect((await lookup(werkstattB, { vin: GOLF_5_B, parts: '1K0615301AA' })).items).toEqual([]);

    await trade(werkstattA, { vin: GOLF_5_A }, '1K0-615-301-AA', 'kept');
    // Orders not delivered (yet) teach nothing.
    await trade(werkstattA, { vin: GOLF_5_A }, '1K0615301AA', 'not_delivered');

    const found = await lookup(werkstattB, { vin: GOLF_5_B, parts: '1k0-615-301-aa,ZZ-NEVER-ORDERED' });
    expect(found.status).toBe(200);
    expect(found.items).toEqual([{ part_number_normalised: '1K0615301AA', kept: 2, not_fitting: 0 }]);

    const inquiry = await inquiryFor(werkstattB, { vin: GOLF_5_B }, '1K0 615 301 AA');
    expect(inquiry.lines.map((line) => line.fitment)).toEqual([{ kept: 2, not_fitting: 0 }, null]);

    // Read again, the workshop's page says the same; the dealer's page too.
    const reread = await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiry.id}`, werkstattB.cookie);
    expect(reread.body.data.lines[0]?.fitment).toEqual({ kept: 2, not_fitting: 0 });
    const dealerPage = await getJson<DealerInquiry>(server, `/svc/part-dealer/inquiries/${inquiry.id}`, dealer.cookie);
    expect(dealerPage.body.data.lines[0]?.fitment).toEqual({ kept: 2, not_fitting: 0 });
  });

  test('a line returned as not fitting counts against the part; a return still in progress counts neither way', async () => {
    const part = '3C0 698 151 A';
    await trade(werkstattA, { vin: GOLF_5_A }, part, 'kept');
    await trade(werkstattC, { vin: GOLF_5_A }, part, 'not_fitting');
    await trade(werkstattC, { vin: GOLF_5_B }, part, 'return_requested');
    const found = await lookup(werkstattB, { vin: GOLF_5_B, parts: part });
    expect(found.items).toEqual([{ part_number_normalised: '3C0698151A', kept: 1, not_fitting: 1 }]);
  });

  test('another vehicle type learns nothing from them, and a vehicle without VIN or HSN/TSN asks nothing', async () => {
    expect((await lookup(werkstattB, { vin: BMW_3, parts: '1K0615301AA' })).items).toEqual([]);
    expect((await lookup(werkstattB, { hsn: '0603', tsn: 'BCL', parts: '1K0615301AA' })).items).toEqual([]);
    expect((await lookup(werkstattB, { parts: '1K0615301AA' })).items).toEqual([]);
    // A VIN that is not well-formed names no type: nothing, not an error.
    expect((await lookup(werkstattB, { vin: 'WVWZZZ1K', parts: '1K0615301AA' })).items).toEqual([]);
    const inquiry = await inquiryFor(werkstattB, { vin: BMW_3 }, '1K0 615 301 AA');
    expect(inquiry.lines[0]?.fitment).toBeNull();
  });

  test('HSN/TSN is a vehicle type of its own', async () => {
    const vehicle = { hsn: '0603', tsn: 'BCL' };
    await trade(werkstattA, vehicle, '8E0 698 151 B', 'kept');
    await trade(werkstattC, { ...vehicle, vin: BMW_3 }, '8E0.698.151.B', 'kept');
    expect((await lookup(werkstattB, { hsn: '0603', tsn: 'bcl', parts: '8E0698151B' })).items).toEqual([
      { part_number_normalised: '8E0698151B', kept: 2, not_fitting: 0 },
    ]);
    expect((await lookup(werkstattB, { hsn: '0603', tsn: 'BCM', parts: '8E0698151B' })).items).toEqual([]);
    const inquiry = await inquiryFor(werkstattB, vehicle, '8E0 698 151 B');
    expect(inquiry.lines[0]?.fitment).toEqual({ kept: 2, not_fitting: 0 });
  });

  test('what is shared names nobody: no organisation, order, dealer, date or price', async () => {
    const found = await lookup(werkstattB, { vin: GOLF_5_B, parts: '1K0615301AA,3C0698151A' });
    const text = JSON.stringify(found.body);
    for (const secret of [werkstattA.organisation.name, werkstattC.organisation.name, dealer.organisation.name]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('74.5');
    expect(text).not.toContain('7450');
    for (const item of found.items) {
      expect(Object.keys(item).sort()).toEqual(['kept', 'not_fitting', 'part_number_normalised']);
    }
    const inquiry = await inquiryFor(werkstattB, { vin: GOLF_5_B }, '1K0 615 301 AA');
    expect(Object.keys(inquiry.lines[0]?.fitment ?? {}).sort()).toEqual(['kept', 'not_fitting']);
  });

  test('the lookup is for signed-in workshop users and refuses malformed queries', async () => {
    const anonymous = await fetch(server.url('/svc/workshop/fitment?parts=1K0615301AA'));
    expect(anonymous.status).toBe(401);
    const asDealer = await getJson(server, '/svc/workshop/fitment?parts=1K0615301AA', dealer.cookie);
    expect(asDealer.response.status).toBe(403);
    const tooMany = Array.from({ length: 101 }, (_, index) => `P${index}`).join(',');
    expect((await lookup(werkstattB, { vin: GOLF_5_B, parts: tooMany })).status).toBe(400);
  });
});

describe('part-number search', () => {
  let ownOrder: number;
  let typoOrder: number;
  let otherWorkshopsOrder: number;
  let searcher: TestWorkshop;

  beforeAll(async () => {
    searcher = await workshopWithDealers(server, [dealer]);
    ownOrder = await trade(searcher, { vin: GOLF_5_A }, '5Q0 615 301 F', 'kept');
    typoOrder = await trade(searcher, { vin: GOLF_5_A }, '5Q0 615 310 F', 'kept');
    await trade(searcher, { vin: GOLF_5_A }, '04E 115 561 H', 'kept');
    otherWorkshopsOrder = await trade(werkstattA, { vin: GOLF_5_A }, '5Q0 615 301 F', 'kept');
  });

  const orderSearch = async (workshop: TestWorkshop, q: string) =>
    (
      await getJson<{ items: OrderSummary[]; total: number }>(
        server,
        `/svc/workshop/orders?${new URLSearchParams({ q })}`,
        workshop.cookie,
      )
    ).body.data;

  test('the three spellings find the same order, the exact one ranked above a one-character miss', async () => {
    for (const spelling of ['5Q0 615 301 F', '5Q0615301F', '5q0-615-301-f']) {
      const found = await orderSearch(searcher, spelling);
      expect(found.items.map((item) => item.id)).toEqual([ownOrder, typoOrder]);
      expect(found.total).toBe(2);
    }
  });

  test('a mistyped part number still finds the order', async () => {
    const found = await orderSearch(searcher, '5Q0 615 301 E');
    expect(found.items[0]?.id).toBe(ownOrder);
    expect(found.items.map((item) => item.id)).not.toContain(otherWorkshopsOrder);
  });

  test('a part of the number or the description finds it too', async () => {
    expect((await orderSearch(searcher, '115 561')).items).toHaveLength(1);
    expect((await orderSearch(searcher, 'Bremsscheibe')).total).toBe(3);
    // A page past the end still tells how many the search found.
    const pastTheEnd = await getJson<{ items: OrderSummary[]; total: number }>(
      server,
      `/svc/workshop/orders?${new URLSearchParams({ q: 'Bremsscheibe', page: '2' })}`,
      searcher.cookie,
    );
    expect(pastTheEnd.body.data).toMatchObject({ items: [], total: 3 });
  });

  test("a workshop's search never returns another workshop's orders", async () => {
    const found = await orderSearch(werkstattA, '5Q0615301F');
    expect(found.items.map((item) => item.id)).toEqual([otherWorkshopsOrder]);
    expect((await orderSearch(werkstattB, '5Q0615301F')).total).toBe(0);
  });

  test('the inquiry list and the dealer inbox search part numbers by the normalised form', async () => {
    const sent = await inquiryFor(searcher, { vin: GOLF_5_A }, '7N0 129 620');
    const mine = await getJson<{ items: InquirySummary[] }>(
      server,
      `/svc/workshop/inquiries?${new URLSearchParams({ q: '7n0-129-620' })}`,
      searcher.cookie,
    );
    expect(mine.body.data.items.map((item) => item.id)).toEqual([sent.id]);
    const typo = await getJson<{ items: InquirySummary[] }>(
      server,
      `/svc/workshop/inquiries?${new URLSearchParams({ q: '7N0129602' })}`,
      searcher.cookie,
    );
    expect(typo.body.data.items.map((item) => item.id)).toContain(sent.id);
    const others = await getJson<{ items: InquirySummary[]; total: number }>(
      server,
      `/svc/workshop/inquiries?${new URLSearchParams({ q: '7N0129620' })}`,
      werkstattA.cookie,
    );
    expect(others.body.data.total).toBe(0);
    const inbox = await getJson<{ items: DealerInboxItem[] }>(
      server,
      `/svc/part-dealer/inquiries?${new URLSearchParams({ q: '7N0 129 620' })}`,
      dealer.cookie,
    );
    expect(inbox.body.data.items.map((item) => item.id)).toEqual([sent.id]);
  });

  test("both inquiry lists: three spellings and a one-typo variant find it; another workshop's inquiry never appears", async () => {
    const secondDealer = await dealerWithUsers(server, 'Teile Suche');
    const seeker = await workshopWithDealers(server, [dealer, secondDealer]);
    const stranger = await workshopWithDealers(server, [dealer]);
    const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);
    const workshopList = async (workshop: TestWorkshop, q: string) =>
      (
        await getJson<{ items: InquirySummary[]; total: number }>(
          server,
          `/svc/workshop/inquiries?${new URLSearchParams({ q, status: '' })}`,
          workshop.cookie,
        )
      ).body.data;
    const inbox = async (who: TestDealer, q: string) =>
      (
        await getJson<{ items: DealerInboxItem[]; total: number }>(
          server,
          `/svc/part-dealer/inquiries?${new URLSearchParams({ q, status: '' })}`,
          who.cookie,
        )
      ).body.data;
    const asked = async (workshop: TestWorkshop, partNumber: string) =>
      insertInquiry(server.db, {
        workshopOrganisationId: workshop.organisation.id,
        createdBy: workshop.owner.id,
        lines: [{ partNumber, description: 'Querlenker vorne links', quantity: 1 }],
      });
    const own = await asked(seeker, '3Q0 407 151 K');
    const strangers = await asked(stranger, '3Q0 407 151 K');
    for (const inquiry of [own, strangers]) {
      await insertRecipient(
        server.db,
        inquiry.inquiry.id,
        { partDealerId: dealer.partDealer.id, organisationId: dealer.organisation.id },
        { quotes: [] },
      );
    }
    for (const q of ['3Q0 407 151 K', '3Q0407151K', '3q0-407-151-k', '3Q0 407 151 X']) {
      expect(ids((await workshopList(seeker, q)).items)).toEqual([own.inquiry.id]);
      expect(ids((await workshopList(stranger, q)).items)).toEqual([strangers.inquiry.id]);
      // The dealer serves both workshops: it finds both, each with the dealer's own copy.
      expect(ids((await inbox(dealer, q)).items).sort()).toEqual([own.inquiry.id, strangers.inquiry.id].sort());
    }
    // An inquiry the second dealer never received is not in its inbox, whatever it searches.
    expect((await inbox(secondDealer, '3Q0407151K')).total).toBe(0);
    // The workshop's name, in any case, finds that workshop's inquiries in the dealer's inbox.
    await server.db
      .update(organisations)
      .set({ name: 'Autohaus Namenssuche' })
      .where(eq(organisations.id, stranger.organisation.id));
    expect(ids((await inbox(dealer, 'NAMENSSUCHE')).items)).toEqual([strangers.inquiry.id]);
    expect((await inbox(secondDealer, 'Namenssuche')).total).toBe(0);
    // A page past the end still tells how many the search found.
    const inboxPastTheEnd = await getJson<{ items: DealerInboxItem[]; total: number }>(
      server,
      `/svc/part-dealer/inquiries?${new URLSearchParams({ q: '3Q0407151K', page: '2' })}`,
      dealer.cookie,
    );
    expect(inboxPastTheEnd.body.data).toMatchObject({ items: [], total: 2 });

    // An alternative the dealer quoted: the workshop finds it, the quoting dealer too, no other dealer.
    const quoted = await asked(seeker, '1K0 199 262 M');
    const [quotedLine] = quoted.lines;
    if (!quotedLine) throw new Error('no inquiry line');
    await insertRecipient(
      server.db,
      quoted.inquiry.id,
      { partDealerId: dealer.partDealer.id, organisationId: dealer.organisation.id },
      {
        quotes: [
          {
            inquiryLineId: quotedLine.id,
            offered: true,
            netPriceCents: 5_900,
            alternativePartNumber: 'LEMFÖRDER 29 755 01',
            alternativeBrand: 'Lemförder',
          },
        ],
      },
    );
    await insertRecipient(
      server.db,
      quoted.inquiry.id,
      { partDealerId: secondDealer.partDealer.id, organisationId: secondDealer.organisation.id },
      { quotes: [] },
    );
    expect(ids((await workshopList(seeker, 'lemförder-2975501')).items)).toEqual([quoted.inquiry.id]);
    expect(ids((await inbox(dealer, 'LEMFÖRDER 2975501')).items)).toEqual([quoted.inquiry.id]);
    expect((await inbox(secondDealer, 'LEMFÖRDER 2975501')).total).toBe(0);
    expect((await workshopList(stranger, 'LEMFÖRDER 2975501')).total).toBe(0);
  });

  test('the closest part number comes first, then a one-typo variant; the numbers are kept once in the dictionary', async () => {
    const seeker = await workshopWithDealers(server, [dealer]);
    const asked = async (partNumber: string, description = 'Wasserpumpe') =>
      insertInquiry(server.db, {
        workshopOrganisationId: seeker.organisation.id,
        createdBy: seeker.owner.id,
        lines: [{ partNumber, description, quantity: 1 }],
      });
    const exact = await asked('06H 121 026 DD');
    // Newer, so the list's usual order (newest first) would put it before the exact one.
    const typo = await asked('06H 121 026 DE');
    const described = await asked('', 'Dichtung 06H121026DD laut Zettel');
    const found = (
      await getJson<{ items: InquirySummary[]; total: number }>(
        server,
        `/svc/workshop/inquiries?${new URLSearchParams({ q: '06H121026DD' })}`,
        seeker.cookie,
      )
    ).body.data;
    expect(found.items.map((item) => item.id)).toEqual([exact.inquiry.id, typo.inquiry.id, described.inquiry.id]);
    expect(found.total).toBe(3);
    // A page past the end has no row to carry the search's total: it is counted.
    const pastTheEnd = (
      await getJson<{ items: InquirySummary[]; total: number }>(
        server,
        `/svc/workshop/inquiries?${new URLSearchParams({ q: '06H121026DD', page: '2' })}`,
        seeker.cookie,
      )
    ).body.data;
    expect(pastTheEnd).toMatchObject({ items: [], total: 3 });

    // Written by the database's trigger on every line (ADR 050): once per number, never the empty one.
    const numbers = await server.db
      .select({ number: partNumbers.number })
      .from(partNumbers)
      .where(inArray(partNumbers.number, ['06H121026DD', '06H121026DE', '']));
    expect(numbers.map((row) => row.number).sort()).toEqual(['06H121026DD', '06H121026DE']);
  });

  test('a broad search that matches many numbers finds every inquiry, the exact number first', async () => {
    const seeker = await workshopWithDealers(server, [dealer]);
    const asked = (partNumber: string) =>
      insertInquiry(server.db, {
        workshopOrganisationId: seeker.organisation.id,
        createdBy: seeker.owner.id,
        lines: [{ partNumber, description: 'Kleinteil', quantity: 1 }],
      });
    const exact = await asked('QX7');
    // More numbers than the closeness is looked up for: each line's similarity is computed instead.
    for (let index = 0; index < 70; index += 1) await asked(`QX7 ${String(index).padStart(3, '0')} Z`);
    const found = (
      await getJson<{ items: InquirySummary[]; total: number }>(
        server,
        `/svc/workshop/inquiries?${new URLSearchParams({ q: 'qx7' })}`,
        seeker.cookie,
      )
    ).body.data;
    expect(found.total).toBe(71);
    expect(found.items[0]?.id).toBe(exact.inquiry.id);
  });

  test('a search text with a control character or over 60 characters is refused, on both lists', async () => {
    for (const q of ['Golf\u0007', 'Golf\nGTI', 'x'.repeat(61)]) {
      for (const [path, cookie] of [
        ['/svc/workshop/inquiries', werkstattA.cookie],
        ['/svc/part-dealer/inquiries', dealer.cookie],
      ] as const) {
        const { response } = await getJson(server, `${path}?${new URLSearchParams({ q })}`, cookie);
        expect(response.status).toBe(400);
      }
    }
    const { response } = await getJson(
      server,
      `/svc/workshop/inquiries?${new URLSearchParams({ q: 'x'.repeat(60) })}`,
      werkstattA.cookie,
    );
    expect(response.status).toBe(200);
  });

  test('the search indexes hold what was just written, with nothing left in a pending list (ADR 050)', async () => {
    // A GIN index's pending list is emptied only by a vacuum, which PGlite never runs on its own;
    // searches then read the whole list each time, and the planner scans the lines instead.
    await trade(werkstattA, { vin: GOLF_5_A }, 'PEND 111 222', 'kept');
    const ginIndexes = await rawRows<{ name: string; options: string[] }>(
      server.db,
      sql`select indexrelid::regclass::text as name, coalesce(pg_class.reloptions, '{}') as options from pg_index
        join pg_class on pg_class.oid = pg_index.indexrelid
        join pg_am on pg_am.oid = pg_class.relam where pg_am.amname = 'gin'`,
    );
    const names = ginIndexes.map((row) => row.name).sort();
    // Every one, also those this order did not write to (and before autovacuum could empty a list on PostgreSQL).
    for (const { name, options } of ginIndexes)
      expect({ name, options }).toEqual({ name, options: ['fastupdate=off'] });
    expect(names).toEqual(
      expect.arrayContaining([
        'inquiry_lines_description_trgm_idx',
        'order_lines_description_trgm_idx',
        'part_numbers_number_trgm_idx',
      ]),
    );
    for (const name of names) {
      const [pending] = await rawRows<{ pages: number }>(
        server.db,
        sql`select gin_clean_pending_list(${name}::regclass)::int as pages`,
      );
      expect({ name, pages: pending?.pages }).toEqual({ name, pages: 0 });
    }
  });
});
