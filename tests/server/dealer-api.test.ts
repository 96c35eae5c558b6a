import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiKeySummary } from '../../common/contracts/api-keys';
import { USER_STATUS } from '../../common/contracts/auth';
import type { DealerApiInboxPage } from '../../common/contracts/dealer-api';
import type { DealerInquiry, InquiryDetail, OrderDetail, OrderSummary } from '../../common/contracts/trading';
import { apiKeys, auditEvents, organisations, tradeEvents, users } from '../../server/db/schema';
import { callApi, createApiKey, createDealerApiKey } from '../support/api-keys';
import { positionsOf } from '../support/reader-positions';
import { openEventStream } from '../support/sse-client';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  berlinDate,
  dealerWithUsers,
  getJson,
  send,
  sendInquiry,
  storedState,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';

/**
 * The dealer API (issue 25, ADR 040) against the real server: a dealer's key, the inbox, answers
 * and declines, the order lines, returns and the live events — each through the same trade
 * commands as the dealer's screens, each refusing another dealer's records with 404.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Dealer = TestDealer & { key: string; keyId: number };

async function dealerWithKey(name = 'Teile Nord'): Promise<Dealer> {
  const dealer = await dealerWithUsers(server, name);
  const created = await createDealerApiKey(server, dealer.cookie);
  return { ...dealer, key: created.secret, keyId: created.key.id };
}

const eventCount = async () => (await server.db.select({ total: count() }).from(tradeEvents))[0]?.total ?? 0;

async function dealerInquiry(dealer: Dealer, inquiryId: number) {
  const read = await callApi<DealerInquiry>(server, `/api/v1/dealer/inquiries/${inquiryId}`, dealer.key);
  expect(read.response.status).toBe(200);
  return read.body.data;
}

/** The workshop orders the first line of what the dealer quoted (answerBody offers line 1 only). */
async function orderedFrom(workshop: TestWorkshop, dealer: Dealer) {
  const inquiry = await sendInquiry(server, workshop, [workshop.relations[0]?.id ?? 0]);
  const quoted = await dealerInquiry(dealer, inquiry.id);
  const answered = await callApi(server, `/api/v1/dealer/inquiries/${inquiry.id}/answer`, dealer.key, {
    body: answerBody(quoted),
  });
  expect(answered.response.status).toBe(200);
  const seen = await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiry.id}`, workshop.cookie);
  const recipient = seen.body.data.recipients[0];
  const line = seen.body.data.lines[0];
  if (!recipient || !line) throw new Error('no recipient or line');
  const placed = await send<{ orders: OrderSummary[] }>(
    server,
    `/svc/workshop/inquiries/${inquiry.id}/orders`,
    workshop.cookie,
    { version: seen.body.data.version, choices: [{ inquiry_line_id: line.id, recipient_id: recipient.id }] },
  );
  expect(placed.response.status).toBe(200);
  const orderId = placed.body.data.orders[0]?.id;
  if (orderId === undefined) throw new Error('no order placed');
  const order = await callApi<OrderDetail>(server, `/api/v1/dealer/orders/${orderId}`, dealer.key);
  expect(order.response.status).toBe(200);
  return order.body.data;
}

async function lineAction(dealer: Dealer, order: OrderDetail, body: Record<string, unknown>, headers = {}) {
  return callApi<OrderDetail>(server, `/api/v1/dealer/orders/${order.id}/lines`, dealer.key, {
    body: { version: order.version, line_ids: order.lines.map((line) => line.id), ...body },
    headers,
  });
}

describe('dealer API keys', () => {
  test('a dealer creates a key: shown once, stored hashed, listed, audited; it opens /api/v1/dealer only', async () => {
    const dealer = await dealerWithUsers(server, 'Teile Süd');
    const created = await createDealerApiKey(server, dealer.cookie, 'Warenwirtschaft');
    expect(created.secret).toMatch(/^tp_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.allowed_origins).toEqual([]);
    const [stored] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(stored?.organisationId).toBe(dealer.organisation.id);
    expect(JSON.stringify(stored)).not.toContain(created.secret.slice(14));
    const listed = await getJson<{ items: ApiKeySummary[] }>(server, '/svc/part-dealer/api-keys', dealer.cookie);
    expect(listed.body.data.items).toEqual([created.key]);
    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `api-key:${created.key.id}`));
    expect(audited.map((event) => event.action)).toEqual(['api-key.created']);

    const me = await callApi<{ dealer: { id: number } }>(server, '/api/v1/dealer/me', created.secret);
    expect(me.response.status).toBe(200);
    expect(me.body.data.dealer.id).toBe(dealer.organisation.id);
    for (const workshopPath of ['/api/v1/me', '/api/v1/inquiries', '/api/v1/orders', '/api/v1/events']) {
      const refused = await callApi(server, workshopPath, created.secret, { language: 'de' });
      expect(refused.response.status, workshopPath).toBe(403);
      expect(refused.body.error).toBe('apiKeyWrongApi');
      expect(refused.body.message).toContain('API-Schlüssel');
    }
    const punchIn = await callApi(server, '/api/v1/punch-ins', created.secret, { body: {} });
    expect(punchIn.response.status).toBe(403);
  });

  test("a workshop's key gets nothing of the dealer API, a workshop member cannot manage dealer keys", async () => {
    const workshop = await workshopWithDealers(server, []);
    const workshopKey = await createApiKey(server, workshop.cookie);
    for (const path of ['/api/v1/dealer/me', '/api/v1/dealer/inquiries', '/api/v1/dealer/orders/1']) {
      const refused = await callApi(server, path, workshopKey.secret);
      expect(refused.response.status, path).toBe(403);
      expect(refused.body.error).toBe('apiKeyWrongApi');
    }
    const answer = await callApi(server, '/api/v1/dealer/inquiries/1/answer', workshopKey.secret, { body: {} });
    expect(answer.response.status).toBe(403);
    const listed = await getJson(server, '/svc/part-dealer/api-keys', workshop.cookie);
    expect(listed.response.status).toBe(403);
    const dealer = await dealerWithUsers(server, 'Teile West');
    const refusedCreate = await send(server, '/svc/workshop/api-keys', dealer.cookie, {
      name: 'x',
      allowed_origins: [],
    });
    expect(refusedCreate.response.status).toBe(403);
  });

  test('a revoked key, a deactivated creator and a deactivated dealer end the key with the next request', async () => {
    const dealer = await dealerWithKey();
    const other = await dealerWithUsers(server, 'Teile Ost');
    const foreignRevoke = await send(server, `/svc/part-dealer/api-keys/${dealer.keyId}/revoke`, other.cookie, {});
    expect(foreignRevoke.response.status).toBe(404);
    expect((await callApi(server, '/api/v1/dealer/me', dealer.key)).response.status).toBe(200);

    const revoked = await send<ApiKeySummary>(
      server,
      `/svc/part-dealer/api-keys/${dealer.keyId}/revoke`,
      dealer.cookie,
      {},
    );
    expect(revoked.body.data.revoked_at).not.toBeNull();
    const afterRevoke = await callApi(server, '/api/v1/dealer/me', dealer.key);
    expect(afterRevoke.response.status).toBe(401);
    expect(afterRevoke.body.error).toBe('apiKeyInvalid');

    const second = await dealerWithKey();
    await server.db
      .update(users)
      .set({ status: USER_STATUS.deactivated })
      .where(eq(users.id, second.members[0]?.id ?? 0));
    expect((await callApi(server, '/api/v1/dealer/me', second.key)).response.status).toBe(401);

    const third = await dealerWithKey();
    await server.db
      .update(organisations)
      .set({ deactivatedAt: new Date() })
      .where(eq(organisations.id, third.organisation.id));
    const deactivated = await callApi(server, '/api/v1/dealer/me', third.key);
    expect(deactivated.response.status).toBe(403);
    expect(deactivated.body.error).toBe('organisationDeactivated');
  });
});

describe('/api/v1/dealer inquiries', () => {
  test('the inbox lists only inquiries addressed to this dealer, filtered by status and time, paged by cursor', async () => {
    const nord = await dealerWithKey('Nord');
    const sued = await dealerWithKey('Süd');
    const workshop = await workshopWithDealers(server, [nord, sued]);
    const [toNord, toSued] = workshop.relations;
    if (!toNord || !toSued) throw new Error('no relations');
    const first = await sendInquiry(server, workshop, [toNord.id]);
    const onlySued = await sendInquiry(server, workshop, [toSued.id]);
    const second = await sendInquiry(server, workshop, [toNord.id, toSued.id]);
    const third = await sendInquiry(server, workshop, [toNord.id]);

    const firstPage = await callApi<DealerApiInboxPage>(server, '/api/v1/dealer/inquiries?limit=2', nord.key);
    expect(firstPage.response.status).toBe(200);
    expect(firstPage.body.data.items.map((item) => item.id)).toEqual([third.id, second.id]);
    expect(firstPage.body.data.next_cursor).not.toBeNull();
    const nextPage = await callApi<DealerApiInboxPage>(
      server,
      `/api/v1/dealer/inquiries?limit=2&cursor=${firstPage.body.data.next_cursor}`,
      nord.key,
    );
    expect(nextPage.body.data.items.map((item) => item.id)).toEqual([first.id]);
    expect(nextPage.body.data.next_cursor).toBeNull();
    expect(nextPage.body.data.items[0]).toMatchObject({
      status: 'sent',
      line_count: 2,
      workshop_name: workshop.organisation.name,
    });

    await callApi(server, `/api/v1/dealer/inquiries/${first.id}/answer`, nord.key, {
      body: answerBody(await dealerInquiry(nord, first.id)),
    });
    const open = await callApi<DealerApiInboxPage>(server, '/api/v1/dealer/inquiries?status=open', nord.key);
    expect(open.body.data.items.map((item) => item.id)).toEqual([third.id, second.id]);
    const answered = await callApi<DealerApiInboxPage>(server, '/api/v1/dealer/inquiries?status=answered', nord.key);
    expect(answered.body.data.items.map((item) => item.id)).toEqual([first.id]);

    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const none = await callApi<DealerApiInboxPage>(server, `/api/v1/dealer/inquiries?since=${future}`, nord.key);
    expect(none.body.data.items).toEqual([]);
    const past = await callApi<DealerApiInboxPage>(server, `/api/v1/dealer/inquiries?until=${future}`, nord.key);
    expect(past.body.data.items.map((item) => item.id)).toEqual([third.id, second.id, first.id]);

    const suedInbox = await callApi<DealerApiInboxPage>(server, '/api/v1/dealer/inquiries', sued.key);
    expect(suedInbox.body.data.items.map((item) => item.id)).toEqual([second.id, onlySued.id]);

    for (const query of ['limit=0', 'limit=101', 'status=closed', 'since=yesterday', 'cursor=abc']) {
      const refused = await callApi(server, `/api/v1/dealer/inquiries?${query}`, nord.key);
      expect(refused.response.status, query).toBe(400);
    }
  });

  test('one inquiry with lines, vehicle and fitment; another dealer’s inquiry is 404 for reads and writes', async () => {
    const nord = await dealerWithKey('Nord');
    const sued = await dealerWithKey('Süd');
    const workshop = await workshopWithDealers(server, [nord, sued]);
    const inquiry = await sendInquiry(server, workshop, [workshop.relations[0]?.id ?? 0]);
    const read = await dealerInquiry(nord, inquiry.id);
    expect(read.vehicle.vin).toBe('WVWZZZ1KZAW000001');
    expect(read.lines.map((line) => line.part_number)).toEqual(['1K0 615 301 AA', '']);
    expect(read.lines[0]).toHaveProperty('fitment');
    expect(read.recipient.status).toBe('sent');

    const before = await storedState(server, inquiry.id);
    const foreign = `/api/v1/dealer/inquiries/${inquiry.id}`;
    expect((await callApi(server, foreign, sued.key)).response.status).toBe(404);
    for (const [path, body] of [
      [`${foreign}/answer`, answerBody(read)],
      [`${foreign}/decline`, { version: read.recipient.version, reason: 'Nein' }],
      [`${foreign}/seen`, {}],
    ] as const) {
      const refused = await callApi(server, path, sued.key, { body });
      expect(refused.response.status, path).toBe(404);
      expect(refused.body.error).toBe('notFound');
    }
    expect(await storedState(server, inquiry.id)).toEqual(before);

    const seen = await callApi<DealerInquiry>(server, `${foreign}/seen`, nord.key, { body: {} });
    expect(seen.body.data.recipient.status).toBe('seen');
  });

  test('answer: happy path, a stale version is 409 with the current state, an Idempotency-Key replays', async () => {
    const nord = await dealerWithKey('Nord');
    const workshop = await workshopWithDealers(server, [nord]);
    const inquiry = await sendInquiry(server, workshop);
    const read = await dealerInquiry(nord, inquiry.id);
    const path = `/api/v1/dealer/inquiries/${inquiry.id}/answer`;
    const headers = { 'Idempotency-Key': `answer-${inquiry.id}` };

    const answered = await callApi<DealerInquiry>(server, path, nord.key, { body: answerBody(read), headers });
    expect(answered.response.status).toBe(200);
    expect(answered.body.data.recipient.status).toBe('answered');
    expect(answered.body.data.recipient.quote_lines.map((line) => line.offered)).toEqual([true, false]);
    expect(answered.body.data.recipient.quote_lines[1]?.decline_reason).toBe('Nicht lieferbar');
    expect(answered.body.data.recipient.freight_cents).toBe(590);

    const events = await eventCount();
    const replay = await callApi<DealerInquiry>(server, path, nord.key, { body: answerBody(read), headers });
    expect(replay.response.status).toBe(200);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(answered.body);
    expect(await eventCount()).toBe(events);
    const reused = await callApi(server, path, nord.key, {
      body: answerBody(read, { freight_cents: 0 }),
      headers,
    });
    expect(reused.response.status).toBe(422);

    const stale = await callApi<DealerInquiry>(server, path, nord.key, {
      body: answerBody(read, { freight_cents: 100 }),
    });
    expect(stale.response.status).toBe(409);
    expect(stale.body.error).toBe('answerChanged');
    expect(stale.body.data.recipient.version).toBe(answered.body.data.recipient.version);
    expect(stale.body.data.recipient.freight_cents).toBe(590);
    expect(await eventCount()).toBe(events);

    const badPrice = await callApi(server, path, nord.key, {
      body: answerBody(answered.body.data, { valid_until: berlinDate(-1) }),
    });
    expect(badPrice.response.status).toBe(400);
    expect(badPrice.body.error).toBe('validUntilPast');
  });

  test('decline the whole inquiry with a reason; a stale version is 409; a second decline changes nothing', async () => {
    const nord = await dealerWithKey('Nord');
    const workshop = await workshopWithDealers(server, [nord]);
    const inquiry = await sendInquiry(server, workshop);
    const read = await dealerInquiry(nord, inquiry.id);
    const path = `/api/v1/dealer/inquiries/${inquiry.id}/decline`;
    const noReason = await callApi(server, path, nord.key, { body: { version: read.recipient.version, reason: ' ' } });
    expect(noReason.response.status).toBe(400);
    expect(noReason.body.error).toBe('reasonRequired');
    const declined = await callApi<DealerInquiry>(server, path, nord.key, {
      body: { version: read.recipient.version, reason: 'Kein Bestand' },
    });
    expect(declined.response.status).toBe(200);
    expect(declined.body.data.recipient).toMatchObject({ status: 'declined', decline_reason: 'Kein Bestand' });
    const stale = await callApi<DealerInquiry>(server, path, nord.key, {
      body: { version: read.recipient.version, reason: 'Nochmal' },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.body.data.recipient.status).toBe('declined');
    const again = await callApi(server, path, nord.key, {
      body: { version: declined.body.data.recipient.version, reason: 'Nochmal' },
    });
    expect(again.response.status).toBe(409);
    expect(again.body.error).toBe('actionNotAllowed');
  });
});

describe('/api/v1/dealer orders and returns', () => {
  test('orders received: the list and one order are this dealer’s only', async () => {
    const nord = await dealerWithKey('Nord');
    const sued = await dealerWithKey('Süd');
    const workshop = await workshopWithDealers(server, [nord]);
    const order = await orderedFrom(workshop, nord);
    const listed = await callApi<{ items: OrderSummary[] }>(server, '/api/v1/dealer/orders', nord.key);
    expect(listed.body.data.items.map((item) => item.id)).toEqual([order.id]);
    const suedList = await callApi<{ items: OrderSummary[] }>(server, '/api/v1/dealer/orders', sued.key);
    expect(suedList.body.data.items).toEqual([]);
    expect((await callApi(server, `/api/v1/dealer/orders/${order.id}`, sued.key)).response.status).toBe(404);
    const foreignAction = await lineAction(sued, order, { action: 'confirm' });
    expect(foreignAction.response.status).toBe(404);
    const unchanged = await callApi<OrderDetail>(server, `/api/v1/dealer/orders/${order.id}`, nord.key);
    expect(unchanged.body.data.lines.map((line) => line.status)).toEqual(['placed']);
  });

  test('confirm, backorder with ETA, ship with tracking, deliver; stale is 409 with the order, a wrong step 409', async () => {
    const nord = await dealerWithKey('Nord');
    const workshop = await workshopWithDealers(server, [nord]);
    const order = await orderedFrom(workshop, nord);

    const headers = { 'Idempotency-Key': `confirm-${order.id}` };
    const confirmed = await lineAction(nord, order, { action: 'confirm' }, headers);
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body.data.lines[0]?.status).toBe('confirmed');
    const replay = await lineAction(nord, order, { action: 'confirm' }, headers);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');

    const stale = await lineAction(nord, order, { action: 'ship' });
    expect(stale.response.status).toBe(409);
    expect(stale.body.error).toBe('orderChanged');
    expect(stale.body.data.version).toBe(confirmed.body.data.version);

    const noEta = await lineAction(nord, confirmed.body.data, { action: 'backorder' });
    expect(noEta.response.status).toBe(400);
    expect(noEta.body.field).toBe('eta');
    const backordered = await lineAction(nord, confirmed.body.data, { action: 'backorder', eta: berlinDate(10) });
    expect(backordered.response.status).toBe(200);
    expect(backordered.body.data.lines[0]).toMatchObject({ status: 'backorder', eta: berlinDate(10) });

    const shipped = await lineAction(nord, backordered.body.data, {
      action: 'ship',
      tracking_reference: 'DHL 00340434161094042557',
    });
    expect(shipped.response.status).toBe(200);
    expect(shipped.body.data.lines[0]).toMatchObject({
      status: 'shipped',
      tracking_reference: 'DHL 00340434161094042557',
    });
    const cancelShipped = await lineAction(nord, shipped.body.data, { action: 'cancel', reason: 'Zu spät' });
    expect(cancelShipped.response.status).toBe(409);
    expect(cancelShipped.body.error).toBe('actionNotAllowed');
    const delivered = await lineAction(nord, shipped.body.data, { action: 'deliver' });
    expect(delivered.body.data.lines[0]?.status).toBe('delivered');
  });

  test('cancel a line with a reason', async () => {
    const nord = await dealerWithKey('Nord');
    const workshop = await workshopWithDealers(server, [nord]);
    const order = await orderedFrom(workshop, nord);
    const noReason = await lineAction(nord, order, { action: 'cancel' });
    expect(noReason.response.status).toBe(400);
    expect(noReason.body.field).toBe('reason');
    const cancelled = await lineAction(nord, order, { action: 'cancel', reason: 'Hersteller liefert nicht' });
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.body.data.lines[0]).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Hersteller liefert nicht',
    });
  });

  test('returns: refused needs a reason, accepted once; another dealer gets 404', async () => {
    const nord = await dealerWithKey('Nord');
    const sued = await dealerWithKey('Süd');
    const workshop = await workshopWithDealers(server, [nord]);
    const order = await orderedFrom(workshop, nord);
    const confirmed = await lineAction(nord, order, { action: 'confirm' });
    const shipped = await lineAction(nord, confirmed.body.data, { action: 'ship' });
    const delivered = await lineAction(nord, shipped.body.data, { action: 'deliver' });
    const line = delivered.body.data.lines[0];
    if (!line) throw new Error('no line');
    const requested = await send<OrderDetail>(
      server,
      `/svc/workshop/orders/${order.id}/lines/${line.id}/return`,
      workshop.cookie,
      { version: delivered.body.data.version, reason: 'does_not_fit', note: '' },
    );
    expect(requested.response.status).toBe(200);
    const current = requested.body.data;
    const returnId = current.lines[0]?.returns[0]?.id;
    const base = `/api/v1/dealer/orders/${order.id}/returns/${returnId}`;

    expect(
      (await callApi(server, `${base}/accept`, sued.key, { body: { version: current.version } })).response.status,
    ).toBe(404);
    const noReason = await callApi(server, `${base}/refuse`, nord.key, { body: { version: current.version } });
    expect(noReason.response.status).toBe(400);
    expect(noReason.body.error).toBe('reasonRequired');
    const accepted = await callApi<OrderDetail>(server, `${base}/accept`, nord.key, {
      body: { version: current.version },
    });
    expect(accepted.response.status).toBe(200);
    expect(accepted.body.data.lines[0]?.returns[0]?.status).toBe('accepted');
    const again = await callApi(server, `${base}/refuse`, nord.key, {
      body: { version: accepted.body.data.version, reason: 'Doch nicht' },
    });
    expect(again.response.status).toBe(409);
  });
});

describe('GET /api/v1/dealer/events', () => {
  test("delivers the dealer's trade events live and resumes after Last-Event-ID; not another dealer's", async () => {
    const nord = await dealerWithKey('Nord');
    const sued = await dealerWithKey('Süd');
    const workshop = await workshopWithDealers(server, [nord, sued]);
    const [toNord, toSued] = workshop.relations;
    if (!toNord || !toSued) throw new Error('no relations');
    const first = await sendInquiry(server, workshop, [toNord.id]);
    const [firstEvent] = await server.db.select().from(tradeEvents).where(eq(tradeEvents.inquiryId, first.id));
    if (!firstEvent) throw new Error('no event');
    // The dealer sees its own positions of the events (ADR 045), not the log's ids.
    const [firstSeen] = await positionsOf(server.db, nord.organisation.id, [firstEvent.id]);

    const stream = await openEventStream(server.url('/api/v1/dealer/events'), {
      authorization: `Bearer ${nord.key}`,
      'last-event-id': String((firstSeen ?? 0) - 1),
    });
    try {
      expect(stream.response.status).toBe(200);
      await stream.untilIds([firstSeen ?? 0]);
      const forSued = await sendInquiry(server, workshop, [toSued.id]);
      const forNord = await sendInquiry(server, workshop, [toNord.id]);
      const [nordEvent] = await server.db.select().from(tradeEvents).where(eq(tradeEvents.inquiryId, forNord.id));
      if (!nordEvent) throw new Error('no event');
      await stream.untilIds(await positionsOf(server.db, nord.organisation.id, [nordEvent.id]));
      expect(stream.events().map((event) => event.inquiry_id)).not.toContain(forSued.id);
    } finally {
      stream.close();
    }

    const workshopKey = await createApiKey(server, workshop.cookie);
    const refused = await fetch(server.url('/api/v1/dealer/events'), {
      headers: { authorization: `Bearer ${workshopKey.secret}` },
    });
    expect(refused.status).toBe(403);
  });
});
