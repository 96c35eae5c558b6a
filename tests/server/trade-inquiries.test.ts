import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type DealerInboxItem,
  type DealerInquiry,
  INQUIRY_STATUSES,
  type InquiryDetail,
  type InquirySummary,
  RECIPIENT_STATUSES,
} from '../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from '../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleAllows } from '../../machines/lifecycle';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  organisations,
  outbox,
  quoteLines,
  tradeEvents,
  tradeMailQueue,
  users,
} from '../../server/db/schema';
import { closeDueInquiries } from '../../server/trade/closing-sweeper';
import { deliverTradeMail, IMMEDIATE_MAILS_PER_TRANSACTION } from '../../server/trade/trade-mail-worker';
import { insertRelation } from '../support/organisations';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  berlinDate,
  dealerView,
  dealerWithUsers,
  eventsOf,
  getJson,
  inquiryBody,
  inquiryCount,
  send,
  sendInquiry,
  storedState,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';

type Page<TItem> = { items: TItem[]; total: number; page: number; page_size: number };

let server: TestServer;

beforeAll(async () => {
  // The sweeper and the trade-mail worker stay out of the way; tests call the sweep themselves.
  server = await startTestServer({ TRADE_SWEEP_MS: '3600000', TRADE_MAIL_POLL_MS: '3600000' });
});
afterAll(() => server.stop());

const answer = (dealer: TestDealer, inquiryId: number, body: unknown, cookie = dealer.cookie) =>
  send<DealerInquiry>(server, `/svc/part-dealer/inquiries/${inquiryId}/answer`, cookie, body, 'PUT');
const decline = (dealer: TestDealer, inquiryId: number, body: unknown) =>
  send<DealerInquiry>(server, `/svc/part-dealer/inquiries/${inquiryId}/decline`, dealer.cookie, body);
const cancel = (workshop: TestWorkshop, inquiryId: number, body: unknown) =>
  send<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiryId}/cancel`, workshop.cookie, body);

/** A workshop with two dealers (the first with two users) and an inquiry sent to both. */
async function sentToTwo() {
  const nord = await dealerWithUsers(server, 'Teile Nord', 2);
  const sued = await dealerWithUsers(server, 'Teile Süd');
  const workshop = await workshopWithDealers(server, [nord, sued]);
  const inquiry = await sendInquiry(server, workshop);
  return { nord, sued, workshop, inquiry };
}

describe('sending an inquiry and reading it back', () => {
  test('the workshop sends to two active dealers; both sides read what concerns them', async () => {
    const { nord, sued, workshop, inquiry } = await sentToTwo();
    expect(inquiry).toMatchObject({
      status: 'sent',
      version: 0,
      workshop_name: workshop.organisation.name,
      vehicle: { vin: 'WVWZZZ1KZAW000001', description: 'VW Golf VI' },
      orders: [],
      cancel_reason: null,
    });
    expect(inquiry.lines.map((line) => [line.position, line.part_number, line.quantity])).toEqual([
      [1, '1K0 615 301 AA', 2],
      [2, '', 1],
    ]);
    expect(inquiry.recipients.map((recipient) => [recipient.part_dealer_id, recipient.status]).sort()).toEqual(
      [
        [nord.partDealer.id, 'sent'],
        [sued.partDealer.id, 'sent'],
      ].sort(),
    );
    const closesIn = Date.parse(inquiry.closes_at) - Date.parse(inquiry.created_at);
    expect(closesIn).toBeGreaterThan(119 * 60_000);
    expect(closesIn).toBeLessThan(121 * 60_000);
    const [line] = await server.db.select().from(inquiryLines).where(eq(inquiryLines.inquiryId, inquiry.id));
    expect(line?.partNumberNormalised).toBe('1K0615301AA');

    const read = await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiry.id}`, workshop.cookie);
    expect(read.body.data).toEqual(inquiry);
    const list = await getJson<Page<InquirySummary>>(server, '/svc/workshop/inquiries?status=open', workshop.cookie);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ id: inquiry.id, line_count: 2, recipient_count: 2, answered_count: 0 }),
    ]);
    const closedList = await getJson<Page<InquirySummary>>(
      server,
      '/svc/workshop/inquiries?status=closed',
      workshop.cookie,
    );
    expect(closedList.body.data.total).toBe(0);

    const inbox = await getJson<Page<DealerInboxItem>>(server, '/svc/part-dealer/inquiries?status=open', nord.cookie);
    expect(inbox.body.data.items).toEqual([
      expect.objectContaining({
        id: inquiry.id,
        workshop_name: workshop.organisation.name,
        customer_number: workshop.relations[0]?.customerNumber,
        line_count: 2,
        status: 'sent',
        inquiry_status: 'sent',
      }),
    ]);
    const seenByNord = await dealerView(server, nord, inquiry.id);
    expect(seenByNord.recipient.part_dealer_id).toBe(nord.partDealer.id);
    expect(seenByNord.customer_number).toBe(workshop.relations[0]?.customerNumber);
    expect(seenByNord.lines).toEqual(inquiry.lines);

    const [event] = await eventsOf(server, inquiry.id);
    expect(event).toMatchObject({
      kind: 'inquiry.sent',
      before: 'draft',
      after: 'sent',
      actorUserId: workshop.owner.id,
    });
    expect([...(event?.dealerOrganisationIds ?? [])].sort()).toEqual(
      [nord.organisation.id, sued.organisation.id].sort(),
    );
    const queued = await server.db
      .select()
      .from(tradeMailQueue)
      .where(eq(tradeMailQueue.eventId, event?.id ?? 0));
    expect(queued.map((row) => row.userId).sort()).toEqual([...nord.members, ...sued.members].map((m) => m.id).sort());
    expect(new Set(queued.map((row) => row.kind))).toEqual(new Set(['inquiry.received']));
  });

  test('a VIN as typed is stored normalised; a check digit that does not match is accepted (ADR 027)', async () => {
    const dealer = await dealerWithUsers(server, 'Teile FIN');
    const workshop = await workshopWithDealers(server, [dealer]);
    const ids = workshop.relations.map((relation) => relation.id);
    const { response, body } = await send<InquiryDetail>(
      server,
      '/svc/workshop/inquiries',
      workshop.cookie,
      inquiryBody(ids, { vehicle: { vin: 'wvw-zzz 1kz aw0 000 01', hsn: '0603', tsn: 'bgu', description: '' } }),
    );
    expect(response.status).toBe(200);
    // Position 9 is "Z", not the North American check digit: advice on the screen, no refusal.
    expect(body.data?.vehicle).toMatchObject({ vin: 'WVWZZZ1KZAW000001', hsn: '0603', tsn: 'BGU' });
  });

  test('refused bodies answer 400 with the contract’s message and store nothing', async () => {
    const dealer = await dealerWithUsers(server, 'Teile Ost');
    const workshop = await workshopWithDealers(server, [dealer]);
    const ids = workshop.relations.map((relation) => relation.id);
    const before = await inquiryCount(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [] }, 'linesRequired'],
      [{ vehicle: { vin: 'WVWZZZ1KZAW00000I', hsn: '', tsn: '', description: '' } }, 'vinInvalid'],
      [{ vehicle: { vin: 'WVWZZZ1KZAW0000\u200b1', hsn: '', tsn: '', description: '' } }, 'vinInvalid'],
      [{ vehicle: { vin: 'WVWZZZ1KZAW00000', hsn: '', tsn: '', description: '' } }, 'vinInvalid'],
      [{ vehicle: { vin: 'WVWZZZ1KZAW0000012', hsn: '', tsn: '', description: 'Golf' } }, 'vinInvalid'],
      [{ vehicle: { vin: '', hsn: '0603', tsn: 'BGU000123', description: '' } }, 'hsnTsnInvalid'],
      [{ recipient_relation_ids: [] }, 'recipientsRequired'],
      [{ recipient_relation_ids: [ids[0], ids[0]] }, 'invalidRequest'],
      [{ closes_in_minutes: 5 }, 'closingTimeInvalid'],
      [{ lines: [{ part_number: '', description: '', quantity: 1, note: '' }] }, 'lineNeedsPartOrDescription'],
    ];
    for (const [overrides, messageId] of cases) {
      const { response, body } = await send(
        server,
        '/svc/workshop/inquiries',
        workshop.cookie,
        inquiryBody(ids, overrides),
      );
      expect([response.status, body.error]).toEqual([400, messageId]);
    }
    expect(await inquiryCount(server)).toBe(before);
  });

  test('a relation that is not active, not the workshop’s own, or to a deactivated dealer: recipientNotActive, nothing stored', async () => {
    const active = await dealerWithUsers(server, 'Teile Aktiv');
    const workshop = await workshopWithDealers(server, [active]);
    const requestedDealer = await dealerWithUsers(server, 'Teile Angefragt');
    const requested = await insertRelation(server.db, workshop.workshop.id, requestedDealer.partDealer.id, 'R-1');
    const declinedDealer = await dealerWithUsers(server, 'Teile Abgelehnt');
    const declined = await insertRelation(server.db, workshop.workshop.id, declinedDealer.partDealer.id, 'R-2', {
      status: 'declined',
    });
    const goneDealer = await dealerWithUsers(server, 'Teile Stillgelegt', 1, true);
    const gone = await insertRelation(server.db, workshop.workshop.id, goneDealer.partDealer.id, 'R-3', {
      status: 'active',
    });
    const otherWorkshop = await workshopWithDealers(server, [active]);
    const foreign = otherWorkshop.relations[0]?.id ?? 0;
    const own = workshop.relations[0]?.id ?? 0;
    const before = await storedStateOfAll();
    for (const extra of [requested.id, declined.id, gone.id, foreign, 999_999]) {
      const { response, body } = await send(
        server,
        '/svc/workshop/inquiries',
        workshop.cookie,
        inquiryBody([own, extra]),
      );
      expect([response.status, body.error]).toEqual([400, 'recipientNotActive']);
    }
    expect(await storedStateOfAll()).toEqual(before);

    // Deactivating the dealer organisation after the relation became active stops new inquiries too.
    await server.db
      .update(organisations)
      .set({ deactivatedAt: new Date() })
      .where(eq(organisations.id, active.organisation.id));
    const { response, body } = await send(server, '/svc/workshop/inquiries', workshop.cookie, inquiryBody([own]));
    expect([response.status, body.error]).toEqual([400, 'recipientNotActive']);
    expect(await storedStateOfAll()).toEqual(before);
  });
});

/** Row counts of the trade tables, for "nothing stored". */
async function storedStateOfAll() {
  const countOf = async (table: typeof inquiries | typeof inquiryLines | typeof inquiryRecipients) => {
    const [row] = await server.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(table);
    return row?.total ?? 0;
  };
  const [events] = await server.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(tradeEvents);
  return {
    inquiries: await countOf(inquiries),
    lines: await countOf(inquiryLines),
    recipients: await countOf(inquiryRecipients),
    events: events?.total,
  };
}

describe('scoping', () => {
  test('another workshop’s inquiry and a dealer that is not a recipient get 404, and nothing changes', async () => {
    const { nord, workshop, inquiry } = await sentToTwo();
    const stranger = await dealerWithUsers(server, 'Teile Fremd');
    const otherWorkshop = await workshopWithDealers(server, [stranger]);
    const before = await storedState(server, inquiry.id);

    expect((await getJson(server, `/svc/workshop/inquiries/${inquiry.id}`, otherWorkshop.cookie)).response.status).toBe(
      404,
    );
    expect((await cancel(otherWorkshop, inquiry.id, { version: 0 })).response.status).toBe(404);
    const otherList = await getJson<Page<InquirySummary>>(server, '/svc/workshop/inquiries', otherWorkshop.cookie);
    expect(otherList.body.data.items.map((item) => item.id)).not.toContain(inquiry.id);

    const nordView = await dealerView(server, nord, inquiry.id);
    expect((await getJson(server, `/svc/part-dealer/inquiries/${inquiry.id}`, stranger.cookie)).response.status).toBe(
      404,
    );
    expect(
      (await send(server, `/svc/part-dealer/inquiries/${inquiry.id}/seen`, stranger.cookie, {})).response.status,
    ).toBe(404);
    expect((await answer(stranger, inquiry.id, answerBody(nordView))).response.status).toBe(404);
    expect((await decline(stranger, inquiry.id, { version: 0, reason: 'Nein' })).response.status).toBe(404);
    const strangerInbox = await getJson<Page<DealerInboxItem>>(server, '/svc/part-dealer/inquiries', stranger.cookie);
    expect(strangerInbox.body.data.total).toBe(0);
    // A workshop user on the dealer's routes and a dealer on the workshop's: 403.
    expect((await getJson(server, `/svc/part-dealer/inquiries/${inquiry.id}`, workshop.cookie)).response.status).toBe(
      403,
    );
    expect((await getJson(server, `/svc/workshop/inquiries/${inquiry.id}`, nord.cookie)).response.status).toBe(403);
    expect(await storedState(server, inquiry.id)).toEqual(before);
  });
});

describe('the dealer’s side', () => {
  test('opening marks it seen once; the workshop sees it, the other dealer does not', async () => {
    const { nord, sued, workshop, inquiry } = await sentToTwo();
    const first = await send<DealerInquiry>(server, `/svc/part-dealer/inquiries/${inquiry.id}/seen`, nord.cookie, {});
    expect(first.body.data.recipient.status).toBe('seen');
    expect(first.body.data.recipient.seen_at).not.toBeNull();
    const again = await send<DealerInquiry>(server, `/svc/part-dealer/inquiries/${inquiry.id}/seen`, nord.cookie, {});
    expect(again.response.status).toBe(200);
    expect(again.body.data.recipient).toEqual(first.body.data.recipient);
    const seenEvents = (await eventsOf(server, inquiry.id)).filter((event) => event.kind === 'recipient.seen');
    expect(seenEvents).toHaveLength(1);
    expect(seenEvents[0]).toMatchObject({
      workshopOrganisationId: workshop.organisation.id,
      dealerOrganisationIds: [nord.organisation.id],
    });
    expect((await dealerView(server, sued, inquiry.id)).recipient.status).toBe('sent');
  });

  test('an answer is stored as quoted lines; the inquiry is quoted; no dealer sees another’s quote', async () => {
    const { nord, sued, workshop, inquiry } = await sentToTwo();
    const view = await dealerView(server, nord, inquiry.id);
    const { response, body } = await answer(nord, inquiry.id, answerBody(view));
    expect(response.status).toBe(200);
    expect(body.message).toBe('Ihr Angebot wurde gesendet.');
    expect(body.data.inquiry_status).toBe('quoted');
    expect(body.data.recipient).toMatchObject({
      status: 'answered',
      version: 1,
      freight_cents: 590,
      free_freight_from_cents: 10_000,
      valid_until: berlinDate(3),
    });
    expect(body.data.recipient.quote_lines).toEqual([
      expect.objectContaining({
        offered: true,
        net_price_cents: 4_990,
        availability: 'branch_today',
        fits_vehicle: true,
      }),
      expect.objectContaining({ offered: false, net_price_cents: null, decline_reason: 'Nicht lieferbar' }),
    ]);

    const detail = (await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiry.id}`, workshop.cookie)).body
      .data;
    expect(detail).toMatchObject({ status: 'quoted', version: 1 });
    const nordRecipient = detail.recipients.find((recipient) => recipient.part_dealer_id === nord.partDealer.id);
    expect(nordRecipient?.quote_lines).toHaveLength(2);
    const suedView = await dealerView(server, sued, inquiry.id);
    expect(suedView.recipient.quote_lines).toEqual([]);
    expect(JSON.stringify(suedView)).not.toContain('4990');

    const events = await eventsOf(server, inquiry.id);
    expect(events.map((event) => event.kind)).toEqual(['inquiry.sent', 'recipient.answered', 'inquiry.quoted']);
    expect(events[1]).toMatchObject({
      dealerOrganisationIds: [nord.organisation.id],
      details: { offered: 1, declined: 1, revised: false },
    });
    expect(events[2]?.dealerOrganisationIds).toEqual([]);

    // A revision replaces the lines (with the version it read) and keeps the inquiry quoted.
    const revised = await answer(nord, inquiry.id, answerBody(body.data, { freight_cents: 0 }));
    expect(revised.response.status).toBe(200);
    expect(revised.body.data.recipient).toMatchObject({ version: 2, freight_cents: 0 });
    const stored = await server.db.select().from(quoteLines).where(eq(quoteLines.recipientId, body.data.recipient.id));
    expect(stored).toHaveLength(2);
  });

  test('two users of one dealer answering with the same version: one 200, one 409 answerChanged with the current answer', async () => {
    const { nord, inquiry } = await sentToTwo();
    const view = await dealerView(server, nord, inquiry.id);
    const [first, second] = await Promise.all([
      answer(nord, inquiry.id, answerBody(view, { freight_cents: 100 }), nord.cookies[0]),
      answer(nord, inquiry.id, answerBody(view, { freight_cents: 200 }), nord.cookies[1]),
    ]);
    const statuses = [first.response.status, second.response.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.response.status === 200 ? first : second;
    const loser = first.response.status === 200 ? second : first;
    expect(loser.body.error).toBe('answerChanged');
    expect(loser.body.data.recipient).toEqual(winner.body.data.recipient);
    const answeredEvents = (await eventsOf(server, inquiry.id)).filter((event) => event.kind === 'recipient.answered');
    expect(answeredEvents).toHaveLength(1);
  });

  test('an answer that misses a line, names a foreign line, is valid only until yesterday or promises yesterday: 400, nothing stored', async () => {
    const { nord, inquiry } = await sentToTwo();
    const other = await sentToTwo();
    const view = await dealerView(server, nord, inquiry.id);
    const before = await storedState(server, inquiry.id);
    const full = answerBody(view);
    const foreignLine = other.inquiry.lines[0]?.id ?? 0;
    const cases: [unknown, string][] = [
      [{ ...full, lines: full.lines.slice(0, 1) }, 'answerIncomplete'],
      [{ ...full, lines: [full.lines[0], { ...full.lines[1], inquiry_line_id: foreignLine }] }, 'answerIncomplete'],
      [{ ...full, valid_until: berlinDate(-1) }, 'validUntilPast'],
      [{ ...full, valid_until: '2026-02-30' }, 'dateInvalid'],
      // Issue 24 §5: an explicit ETA in the past is refused, named at its line.
      [
        { ...full, lines: [{ ...full.lines[0], availability: 'ordered_eta', eta: berlinDate(-1) }, full.lines[1]] },
        'etaPast',
      ],
    ];
    for (const [body, messageId] of cases) {
      const refused = await answer(nord, inquiry.id, body);
      expect([refused.response.status, refused.body.error]).toEqual([400, messageId]);
      if (messageId === 'etaPast') expect(refused.body.field).toBe('lines.0.eta');
    }
    expect(await storedState(server, inquiry.id)).toEqual(before);
    // Valid until today (Berlin) is accepted.
    expect((await answer(nord, inquiry.id, { ...full, valid_until: berlinDate(0) })).response.status).toBe(200);
  });

  test('once every dealer answered or declined, the workshop hears it once (log and mail)', async () => {
    const { nord, sued, workshop, inquiry } = await sentToTwo();
    expect(
      (await answer(nord, inquiry.id, answerBody(await dealerView(server, nord, inquiry.id)))).response.status,
    ).toBe(200);
    expect((await eventsOf(server, inquiry.id)).map((event) => event.kind)).not.toContain('inquiry.allAnswered');
    const declined = await decline(sued, inquiry.id, { version: 0, reason: 'Marke führen wir nicht' });
    expect(declined.response.status).toBe(200);
    expect(declined.body.data.recipient).toMatchObject({
      status: 'declined',
      decline_reason: 'Marke führen wir nicht',
    });
    const kinds = (await eventsOf(server, inquiry.id)).map((event) => event.kind);
    expect(kinds.slice(-2)).toEqual(['recipient.declined', 'inquiry.allAnswered']);
    const allAnswered = (await eventsOf(server, inquiry.id)).find((event) => event.kind === 'inquiry.allAnswered');
    expect(allAnswered?.dealerOrganisationIds).toEqual([]);
    const mails = await server.db
      .select()
      .from(tradeMailQueue)
      .where(eq(tradeMailQueue.eventId, allAnswered?.id ?? 0));
    expect(mails.map((mail) => [mail.userId, mail.kind])).toEqual([[workshop.owner.id, 'inquiry.allAnswered']]);
    // A revision after that is no second "all answered".
    const nordNow = await dealerView(server, nord, inquiry.id);
    expect((await answer(nord, inquiry.id, answerBody(nordNow))).response.status).toBe(200);
    expect((await eventsOf(server, inquiry.id)).filter((event) => event.kind === 'inquiry.allAnswered')).toHaveLength(
      1,
    );
  });
});

describe('closing time', () => {
  test('an answer after closes_at is 409 inquiryClosed before the sweeper ran; the sweep closes and expires once', async () => {
    const { nord, sued, workshop, inquiry } = await sentToTwo();
    expect(
      (await answer(sued, inquiry.id, answerBody(await dealerView(server, sued, inquiry.id)))).response.status,
    ).toBe(200);
    const view = await dealerView(server, nord, inquiry.id);
    await server.db
      .update(inquiries)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(inquiries.id, inquiry.id));
    const before = await storedState(server, inquiry.id);
    const inbox = await getJson<Page<DealerInboxItem>>(server, '/svc/part-dealer/inquiries?status=open', nord.cookie);
    expect(inbox.body.data.items.map((item) => item.id)).not.toContain(inquiry.id);
    const late = await answer(nord, inquiry.id, answerBody(view));
    expect([late.response.status, late.body.error]).toEqual([409, 'inquiryClosed']);
    const lateDecline = await decline(nord, inquiry.id, { version: 0, reason: 'Zu spät' });
    expect([lateDecline.response.status, lateDecline.body.error]).toEqual([409, 'inquiryClosed']);
    expect(await storedState(server, inquiry.id)).toEqual(before);

    expect(await closeDueInquiries(server.db)).toBeGreaterThanOrEqual(1);
    expect(await closeDueInquiries(server.db)).toBe(0);
    const detail = (await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiry.id}`, workshop.cookie)).body
      .data;
    expect(detail.status).toBe('closed');
    const statusOf = (dealer: TestDealer) =>
      detail.recipients.find((recipient) => recipient.part_dealer_id === dealer.partDealer.id)?.status;
    expect([statusOf(nord), statusOf(sued)]).toEqual(['expired', 'answered']);
    const events = (await eventsOf(server, inquiry.id)).slice(-2);
    expect(events.map((event) => [event.kind, event.before, event.after])).toEqual([
      ['inquiry.closed', 'quoted', 'closed'],
      ['recipient.expired', 'sent', 'expired'],
    ]);
    expect(events[0]?.details).toEqual({});
    const mails = await server.db
      .select()
      .from(tradeMailQueue)
      .where(eq(tradeMailQueue.eventId, events[0]?.id ?? 0));
    expect(mails.map((mail) => [mail.userId, mail.kind])).toEqual([[workshop.owner.id, 'inquiry.closed']]);
  });

  test('two sweeps at once close an inquiry once', async () => {
    const { inquiry } = await sentToTwo();
    await server.db
      .update(inquiries)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(inquiries.id, inquiry.id));
    await Promise.all([closeDueInquiries(server.db), closeDueInquiries(server.db)]);
    const closed = (await eventsOf(server, inquiry.id)).filter((event) => event.kind === 'inquiry.closed');
    expect(closed).toHaveLength(1);
  });
});

describe('cancelling', () => {
  test('a stale version is 409 inquiryChanged with the current inquiry; the current one cancels and expires the waiting', async () => {
    const { nord, workshop, inquiry } = await sentToTwo();
    const answered = await answer(nord, inquiry.id, answerBody(await dealerView(server, nord, inquiry.id)));
    expect(answered.response.status).toBe(200);
    const before = await storedState(server, inquiry.id);
    const stale = await cancel(workshop, inquiry.id, { version: 0 });
    expect([stale.response.status, stale.body.error]).toEqual([409, 'inquiryChanged']);
    expect(stale.body.data).toMatchObject({ id: inquiry.id, status: 'quoted', version: 1 });
    expect(await storedState(server, inquiry.id)).toEqual(before);

    const done = await cancel(workshop, inquiry.id, { version: 1 });
    expect(done.response.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'cancelled', version: 2 });
    expect(done.body.data.recipients.map((recipient) => recipient.status).sort()).toEqual(['answered', 'expired']);
    const kinds = (await eventsOf(server, inquiry.id)).map((event) => event.kind).slice(-2);
    expect(kinds).toEqual(['inquiry.cancelled', 'recipient.expired']);
  });
});

describe('every event the lifecycles refuse, in every state, is 409 with nothing stored', () => {
  test('cancel, answer and decline against each inquiry and recipient status', async () => {
    const dealer = await dealerWithUsers(server, 'Teile Matrix');
    const workshop = await workshopWithDealers(server, [dealer]);
    const inquiry = await sendInquiry(server, workshop);
    const view = await dealerView(server, dealer, inquiry.id);
    let refusals = 0;
    for (const inquiryStatus of INQUIRY_STATUSES) {
      for (const recipientStatus of RECIPIENT_STATUSES) {
        await server.db.update(inquiries).set({ status: inquiryStatus }).where(eq(inquiries.id, inquiry.id));
        await server.db
          .update(inquiryRecipients)
          .set({ status: recipientStatus })
          .where(eq(inquiryRecipients.inquiryId, inquiry.id));
        const state = await storedState(server, inquiry.id);
        const version = state.inquiry?.version ?? 0;
        const recipientVersion = state.recipients[0]?.version ?? 0;
        const takesAnswers = lifecycleAllows(inquiryLifecycleMachine, inquiryStatus, { type: 'quote.received' });
        const attempts: [boolean, () => ReturnType<typeof send>][] = [
          [
            lifecycleAllows(inquiryLifecycleMachine, inquiryStatus, { type: 'inquiry.cancel' }),
            () => cancel(workshop, inquiry.id, { version }),
          ],
          [
            takesAnswers &&
              lifecycleAllows(inquiryRecipientLifecycleMachine, recipientStatus, { type: 'recipient.answer' }),
            () =>
              answer(
                dealer,
                inquiry.id,
                answerBody({ ...view, recipient: { ...view.recipient, version: recipientVersion } }),
              ),
          ],
          [
            takesAnswers &&
              lifecycleAllows(inquiryRecipientLifecycleMachine, recipientStatus, { type: 'recipient.decline' }),
            () => decline(dealer, inquiry.id, { version: recipientVersion, reason: 'Nein' }),
          ],
        ];
        for (const [allowed, attempt] of attempts) {
          if (allowed) continue;
          const { response, body } = await attempt();
          expect(response.status, `${inquiryStatus}/${recipientStatus}`).toBe(409);
          expect(['actionNotAllowed', 'inquiryClosed']).toContain(body.error);
          expect(await storedState(server, inquiry.id)).toEqual(state);
          refusals += 1;
        }
      }
    }
    // 6 inquiry × 5 recipient statuses: cancel refused in 3 inquiry statuses, answering in 4 of them
    // plus the recipient's final states.
    expect(refusals).toBe(3 * 5 + (4 * 5 + 2 * 2) + (4 * 5 + 2 * 2));
  });
});

/** The trade mails (one event, or a digest) written to `email` in that server's outbox, in order. */
const tradeMailsIn = (testServer: TestServer, email: string) =>
  testServer.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), sql`${outbox.kind} like 'trade-%'`))
    .orderBy(outbox.id);

/** The trade-mail queue's rows for `email` that no pass has written into the outbox yet. */
const tradeMailsNotYetWritten = (testServer: TestServer, email: string) =>
  testServer.db
    .select()
    .from(tradeMailQueue)
    .innerJoin(users, eq(users.id, tradeMailQueue.userId))
    .where(and(eq(users.email, email), isNull(tradeMailQueue.mailedAt)));

describe('the new-order mail', () => {
  test('goes to the dealer at once with its lines, not held for the digest window (issue 24 §8)', async () => {
    const settings = { publicUrl: 'https://portal.example.de', digestWindowMs: 15 * 60_000 };
    const dealer = await dealerWithUsers(server, 'Teile Sofort');
    const workshop = await workshopWithDealers(server, [dealer]);
    const email = dealer.emails[0] ?? '';
    const inquiry = await sendInquiry(server, workshop);
    const start = new Date();
    // The inquiry's mail goes out and opens the dealer's 15-minute window.
    await deliverTradeMail(server.db, settings, start);
    const view = await dealerView(server, dealer, inquiry.id);
    expect((await answer(dealer, inquiry.id, answerBody(view))).response.status).toBe(200);
    const detail = (await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiry.id}`, workshop.cookie)).body
      .data;
    const placed = await send(server, `/svc/workshop/inquiries/${inquiry.id}/orders`, workshop.cookie, {
      version: detail.version,
      choices: [{ inquiry_line_id: detail.lines[0]?.id, recipient_id: detail.recipients[0]?.id }],
    });
    expect(placed.response.status).toBe(200);
    // One worker pass a minute later, well inside the window: the order's mail is written all the same.
    await deliverTradeMail(server.db, settings, new Date(start.getTime() + 60_000));
    const mails = await tradeMailsIn(server, email);
    expect(mails.map((mail) => mail.kind)).toEqual(['trade-event', 'trade-event']);
    const orderMail = mails[1];
    expect(orderMail?.subject).toMatch(/^Neue Bestellung \d+ von /);
    expect(orderMail?.textBody).toContain('Bestellte Positionen:');
    expect(orderMail?.textBody).toMatch(/2 × 1K0 615 301 AA – Bremsscheibe vorne \(ATE\), 49,90\s€ je Stück netto/);
    expect(orderMail?.textBody).not.toContain('Bremsbeläge vorne');
  });

  test('a dealer with more new orders than one transaction writes gets each order’s mail in one pass', async () => {
    const settings = { publicUrl: 'https://portal.example.de', digestWindowMs: 15 * 60_000 };
    const dealer = await dealerWithUsers(server, 'Teile Viel');
    const workshop = await workshopWithDealers(server, [dealer]);
    const email = dealer.emails[0] ?? '';
    // More than one transaction writes: a second one must follow in the same pass.
    const orderCount = IMMEDIATE_MAILS_PER_TRANSACTION + 2;
    const orderIds: number[] = [];
    for (let index = 0; index < orderCount; index += 1) {
      const inquiry = await sendInquiry(server, workshop);
      const view = await dealerView(server, dealer, inquiry.id);
      expect((await answer(dealer, inquiry.id, answerBody(view))).response.status).toBe(200);
      const detail = (await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiry.id}`, workshop.cookie))
        .body.data;
      const placed = await send<{ orders: { id: number }[] }>(
        server,
        `/svc/workshop/inquiries/${inquiry.id}/orders`,
        workshop.cookie,
        {
          version: detail.version,
          choices: [{ inquiry_line_id: detail.lines[0]?.id, recipient_id: detail.recipients[0]?.id }],
        },
      );
      expect(placed.response.status).toBe(200);
      orderIds.push(...placed.body.data.orders.map((order) => order.id));
    }
    expect(orderIds).toHaveLength(orderCount);
    await deliverTradeMail(server.db, settings);
    const orderMails = (await tradeMailsIn(server, email)).flatMap(
      (mail) => /^Neue Bestellung (\d+) /.exec(mail.subject)?.[1] ?? [],
    );
    expect(orderMails).toEqual(orderIds.map(String));
    expect(await tradeMailsNotYetWritten(server, email)).toEqual([]);
  });
});

describe('the digest window', () => {
  // A server of its own whose worker never runs: the passes are the test's, each at a time it names.
  let digestServer: TestServer;
  const settings = { publicUrl: 'https://portal.example.de', digestWindowMs: 15 * 60_000 };
  beforeAll(async () => {
    digestServer = await startTestServer({ TRADE_SWEEP_MS: '3600000', TRADE_MAIL_POLL_MS: '3600000' });
  });
  afterAll(() => digestServer.stop());

  const tradeMailsTo = (email: string) => tradeMailsIn(digestServer, email);

  test('one event is one mail at once; three more within the window are one digest after it', async () => {
    const dealer = await dealerWithUsers(digestServer, 'Teile Post');
    const workshop = await workshopWithDealers(digestServer, [dealer], { locale: 'en' });
    const email = dealer.emails[0] ?? '';
    const start = new Date();
    const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const first = await sendInquiry(digestServer, workshop);
    await deliverTradeMail(digestServer.db, settings, start);
    const [single, ...none] = await tradeMailsTo(email);
    expect(none).toEqual([]);
    expect(single?.kind).toBe('trade-event');
    expect(single?.subject).toBe(
      `Neue Anfrage ${first.id} von ${workshop.organisation.name} (VW Golf VI · FIN WVWZZZ1KZAW000001, 2 Positionen)`,
    );
    expect(single?.textBody).toContain(`https://portal.example.de/dealer/inquiries/${first.id}`);

    const more = [];
    for (let index = 0; index < 3; index += 1) more.push(await sendInquiry(digestServer, workshop));
    // Passes inside the 15-minute window write nothing more; the events wait.
    await deliverTradeMail(digestServer.db, settings, minutesLater(1));
    await deliverTradeMail(digestServer.db, settings, minutesLater(14));
    expect(await tradeMailsTo(email)).toHaveLength(1);
    // The first pass after the window writes them as one digest.
    await deliverTradeMail(digestServer.db, settings, minutesLater(16));
    const mails = await tradeMailsTo(email);
    expect(mails.map((mail) => mail.kind)).toEqual(['trade-event', 'trade-digest']);
    const digest = mails[1];
    expect(digest?.subject).toBe('3 Neuigkeiten im Teileportal');
    for (const inquiry of more) {
      expect(digest?.textBody).toContain(`https://portal.example.de/dealer/inquiries/${inquiry.id}`);
    }
    expect(await tradeMailsNotYetWritten(digestServer, email)).toEqual([]);
    // Nothing is mailed twice: later passes, inside and after the next window, write nothing.
    await deliverTradeMail(digestServer.db, settings, minutesLater(17));
    await deliverTradeMail(digestServer.db, settings, minutesLater(40));
    expect(await tradeMailsTo(email)).toHaveLength(2);
  });
});

describe('trade mails of the running worker', () => {
  let mailServer: TestServer;
  beforeAll(async () => {
    mailServer = await startTestServer({
      TRADE_MAIL_POLL_MS: '100',
      TRADE_SWEEP_MS: '200',
      PUBLIC_URL: 'https://portal.example.de',
    });
  });
  afterAll(() => mailServer.stop());

  const tradeMailsTo = (email: string) => tradeMailsIn(mailServer, email);

  /** Polls the outbox until the worker has written `howMany` mails (or returns what is there after the time out). */
  async function waitForMails(email: string, howMany: number, timeoutMs = 10_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const mails = await tradeMailsTo(email);
      if (mails.length >= howMany || Date.now() > until) return mails;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  test('the workshop hears "all answered" in its own language, linked to its inquiry page', async () => {
    const dealer = await dealerWithUsers(mailServer, 'Teile Antwort');
    const workshop = await workshopWithDealers(mailServer, [dealer], { locale: 'en' });
    const inquiry = await sendInquiry(mailServer, workshop);
    const view = (await getJson<DealerInquiry>(mailServer, `/svc/part-dealer/inquiries/${inquiry.id}`, dealer.cookie))
      .body.data;
    const answered = await send(
      mailServer,
      `/svc/part-dealer/inquiries/${inquiry.id}/answer`,
      dealer.cookie,
      answerBody(view),
      'PUT',
    );
    expect(answered.response.status).toBe(200);
    const [mail] = await waitForMails(workshop.ownerEmail, 1);
    expect(mail?.kind).toBe('trade-event');
    expect(mail?.subject).toBe(`Inquiry ${inquiry.id} (VW Golf VI · VIN WVWZZZ1KZAW000001): every dealer has answered`);
    expect(mail?.textBody).toContain(`Open inquiry: https://portal.example.de/inquiries/${inquiry.id}`);
  });

  test('the running sweeper closes an inquiry past its time and the workshop is told by mail', async () => {
    const dealer = await dealerWithUsers(mailServer, 'Teile Spät');
    const workshop = await workshopWithDealers(mailServer, [dealer], { locale: 'en' });
    const inquiry = await sendInquiry(mailServer, workshop);
    await mailServer.db
      .update(inquiries)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(inquiries.id, inquiry.id));
    const [mail] = await waitForMails(workshop.ownerEmail, 1);
    expect(mail?.subject).toBe(
      `Inquiry ${inquiry.id} (VW Golf VI · VIN WVWZZZ1KZAW000001) is closed; you can order from the quotes you received`,
    );
    expect(mail?.textBody).toContain(`Open inquiry: https://portal.example.de/inquiries/${inquiry.id}`);
    const [row] = await mailServer.db
      .select()
      .from(inquiryRecipients)
      .where(eq(inquiryRecipients.inquiryId, inquiry.id));
    expect(row?.status).toBe('expired');
  });
});
