import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PunchInCreated } from '../../common/contracts/punch-in';
import type { InquiryDetail, OrderSummary } from '../../common/contracts/trading';
import { deleteExpiredIdempotencyKeys, requestFingerprint } from '../../server/api-v1/idempotency';
import { idempotencyKeys, inquiries, rateLimits, tradeEvents, tradeMailQueue } from '../../server/db/schema';
import { callApi, createApiKey } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  dealerView,
  dealerWithUsers,
  inquiryBody,
  send,
  workshopWithDealers,
} from '../support/trade-inquiries';

/**
 * `Idempotency-Key` on the DMS API's creating endpoints (ADR 031): a retried request is run once;
 * the repeat gets the first answer, another request under the same key is refused, a duplicate
 * racing the first is refused while it runs.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function workshopWithKey(dealers = 1) {
  const dealerList = [];
  for (let index = 0; index < dealers; index++) dealerList.push(await dealerWithUsers(server, 'Idem-Händler'));
  const workshop = await workshopWithDealers(server, dealerList);
  const created = await createApiKey(server, workshop.cookie);
  return { workshop, dealers: dealerList, key: created.secret, keyId: created.key.id };
}

async function inquiriesOf(organisationId: number) {
  const [row] = await server.db
    .select({ total: count() })
    .from(inquiries)
    .where(eq(inquiries.workshopOrganisationId, organisationId));
  return row?.total ?? 0;
}

/** Trade events and queued trade mails of the workshop: one inquiry's worth, not two. */
async function eventsAndMailsOf(organisationId: number) {
  const events = await server.db
    .select({ id: tradeEvents.id })
    .from(tradeEvents)
    .where(eq(tradeEvents.workshopOrganisationId, organisationId));
  const eventIds = events.map((event) => event.id);
  const mails =
    eventIds.length === 0
      ? []
      : await server.db.select().from(tradeMailQueue).where(inArray(tradeMailQueue.eventId, eventIds));
  return { events: events.length, mails: mails.length };
}

function createInquiry(key: string, body: unknown, idempotencyKey?: string, language: 'de' | 'en' = 'en') {
  return callApi<InquiryDetail>(server, '/api/v1/inquiries', key, {
    body,
    language,
    headers: idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey },
  });
}

describe('Idempotency-Key on POST /api/v1/inquiries', () => {
  test('a retry with the same key and body gets the first answer again and creates one inquiry, one set of events and mails', async () => {
    const { workshop, key } = await workshopWithKey(2);
    const body = inquiryBody(workshop.relations.map((relation) => relation.id));
    const first = await createInquiry(key, body, 'job-card-4711');
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    const once = await eventsAndMailsOf(workshop.organisation.id);
    expect(once.events).toBeGreaterThan(0);
    expect(once.mails).toBeGreaterThan(0);

    const retry = await createInquiry(key, body, 'job-card-4711');
    expect(retry.response.status).toBe(200);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await inquiriesOf(workshop.organisation.id)).toBe(1);
    expect(await eventsAndMailsOf(workshop.organisation.id)).toEqual(once);

    // Without the header, or with another key, the same body is a new inquiry.
    const another = await createInquiry(key, body, 'job-card-4712');
    expect(another.body.data.id).not.toBe(first.body.data.id);
    const unkeyed = await createInquiry(key, body);
    expect(unkeyed.response.headers.get('idempotent-replayed')).toBeNull();
    expect(await inquiriesOf(workshop.organisation.id)).toBe(3);
  });

  test('the same key with another body or another path is 422 idempotencyKeyReused and creates nothing', async () => {
    const { workshop, key } = await workshopWithKey();
    const relationIds = workshop.relations.map((relation) => relation.id);
    const first = await createInquiry(key, inquiryBody(relationIds), 'reused-key');
    expect(first.response.status).toBe(200);
    const before = await eventsAndMailsOf(workshop.organisation.id);

    const otherBody = await createInquiry(key, inquiryBody(relationIds, { closes_in_minutes: 60 }), 'reused-key', 'de');
    expect(otherBody.response.status).toBe(422);
    expect(otherBody.body.error).toBe('idempotencyKeyReused');
    expect(otherBody.body.message).toContain('bereits für eine andere Anfrage');

    const otherPath = await callApi<PunchInCreated>(server, '/api/v1/punch-ins', key, {
      body: {
        vehicle: { vin: '', hsn: '', tsn: '', description: 'VW Golf VI' },
        lines: [{ part_number: '1K0 615 301 AA', description: 'Bremsscheibe', quantity: 1 }],
        return_url: 'https://dms.example.com/auftraege/1',
      },
      headers: { 'Idempotency-Key': 'reused-key' },
    });
    expect(otherPath.response.status).toBe(422);
    expect(otherPath.body.error).toBe('idempotencyKeyReused');
    expect(otherPath.body.message).toContain('already used for a different request');

    expect(await inquiriesOf(workshop.organisation.id)).toBe(1);
    expect(await eventsAndMailsOf(workshop.organisation.id)).toEqual(before);
  });

  test('concurrent duplicates create exactly one inquiry; the others are refused while it runs or get its answer', async () => {
    const { workshop, key } = await workshopWithKey(2);
    const body = inquiryBody(workshop.relations.map((relation) => relation.id));
    const answers = await Promise.all(Array.from({ length: 6 }, () => createInquiry(key, body, 'racing-key')));
    expect(await inquiriesOf(workshop.organisation.id)).toBe(1);
    const succeeded = answers.filter((answer) => answer.response.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(new Set(succeeded.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(succeeded.filter((answer) => answer.response.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.response.status !== 200)) {
      expect(refused.response.status).toBe(409);
      expect(refused.body.error).toBe('idempotencyKeyInFlight');
      expect(refused.response.headers.get('retry-after')).toBe('1');
    }
  });

  test('a repeat while the first is still running is 409 idempotencyKeyInFlight; a first request that died is claimable after 10 minutes', async () => {
    const { workshop, key, keyId } = await workshopWithKey();
    const body = inquiryBody(workshop.relations.map((relation) => relation.id));
    // The first request's row as it is while that request runs: claimed, no answer yet.
    const [running] = await server.db
      .insert(idempotencyKeys)
      .values({
        apiKeyId: keyId,
        key: 'still-running',
        fingerprint: requestFingerprint('POST', '/api/v1/inquiries', JSON.stringify(body)),
      })
      .returning();
    const repeat = await createInquiry(key, body, 'still-running', 'de');
    expect(repeat.response.status).toBe(409);
    expect(repeat.body.error).toBe('idempotencyKeyInFlight');
    expect(repeat.body.message).toContain('gerade noch bearbeitet');
    expect(await inquiriesOf(workshop.organisation.id)).toBe(0);

    await server.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(idempotencyKeys.id, Number(running?.id)));
    const afterCrash = await createInquiry(key, body, 'still-running');
    expect(afterCrash.response.status).toBe(200);
    expect(afterCrash.response.headers.get('idempotent-replayed')).toBeNull();
    expect(await inquiriesOf(workshop.organisation.id)).toBe(1);
  });

  test('another API key with the same Idempotency-Key is independent', async () => {
    const first = await workshopWithKey();
    const second = await workshopWithKey();
    const secondKeyOfFirst = await createApiKey(server, first.workshop.cookie, 'Zweites DMS');
    const a = await createInquiry(first.key, inquiryBody(first.workshop.relations.map((r) => r.id)), 'shared-key');
    const b = await createInquiry(second.key, inquiryBody(second.workshop.relations.map((r) => r.id)), 'shared-key');
    const c = await createInquiry(
      secondKeyOfFirst.secret,
      inquiryBody(first.workshop.relations.map((r) => r.id)),
      'shared-key',
    );
    for (const answer of [a, b, c]) {
      expect(answer.response.status).toBe(200);
      expect(answer.response.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(new Set([a.body.data.id, b.body.data.id, c.body.data.id]).size).toBe(3);
    expect(await inquiriesOf(first.workshop.organisation.id)).toBe(2);
    expect(await inquiriesOf(second.workshop.organisation.id)).toBe(1);
  });

  test('a malformed Idempotency-Key is a translated 400 and changes nothing', async () => {
    const { workshop, key, keyId } = await workshopWithKey();
    const body = inquiryBody(workshop.relations.map((relation) => relation.id));
    for (const bad of ['', 'with space', 'x'.repeat(256), 'tab\there']) {
      const refused = await createInquiry(key, body, bad, 'de');
      expect(refused.response.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.error).toBe('idempotencyKeyInvalid');
      expect(refused.body.message).toContain('sichtbaren ASCII-Zeichen');
    }
    const english = await createInquiry(key, body, 'ä'.repeat(3), 'en');
    expect(english.response.status).toBe(400);
    expect(english.body.message).toContain('visible ASCII characters');
    expect(await inquiriesOf(workshop.organisation.id)).toBe(0);
    expect(await server.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.apiKeyId, keyId))).toEqual([]);
    // The longest allowed key works.
    expect((await createInquiry(key, body, `${'~'.repeat(254)}!`)).response.status).toBe(200);
  });

  test('a refused request (400) is kept and replayed; a transient refusal (429) releases the key', async () => {
    const { workshop, key, keyId } = await workshopWithKey();
    const invalid = inquiryBody(
      workshop.relations.map((relation) => relation.id),
      { lines: [] },
    );
    const refused = await createInquiry(key, invalid, 'kept-400');
    expect(refused.response.status).toBe(400);
    const replayed = await createInquiry(key, invalid, 'kept-400');
    expect(replayed.response.status).toBe(400);
    expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(refused.body);

    // The workshop's hourly inquiry ceiling is reached: 429, and the key is not kept.
    const ceiling = eq(rateLimits.key, `inquiry-org:${workshop.organisation.id}`);
    const body = inquiryBody(workshop.relations.map((relation) => relation.id));
    await createInquiry(key, body);
    await server.db.update(rateLimits).set({ count: 10_000 }).where(ceiling);
    const limited = await createInquiry(key, body, 'released-429');
    expect(limited.response.status).toBe(429);
    const stored = await server.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.apiKeyId, keyId), eq(idempotencyKeys.key, 'released-429')));
    expect(stored).toEqual([]);
    await server.db.delete(rateLimits).where(ceiling);
    const later = await createInquiry(key, body, 'released-429');
    expect(later.response.status).toBe(200);
    expect(later.response.headers.get('idempotent-replayed')).toBeNull();
  });

  test('keys expire after 24 hours: the same key then runs anew, and housekeeping deletes expired keys', async () => {
    const { workshop, key, keyId } = await workshopWithKey();
    const body = inquiryBody(workshop.relations.map((relation) => relation.id));
    const first = await createInquiry(key, body, 'day-old');
    const fresh = await createInquiry(key, body, 'still-fresh');
    await server.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '23 hours'` })
      .where(and(eq(idempotencyKeys.apiKeyId, keyId), eq(idempotencyKeys.key, 'still-fresh')));
    await server.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.apiKeyId, keyId), eq(idempotencyKeys.key, 'day-old')));

    const stillReplayed = await createInquiry(key, body, 'still-fresh');
    expect(stillReplayed.response.headers.get('idempotent-replayed')).toBe('true');
    expect(stillReplayed.body.data.id).toBe(fresh.body.data.id);
    const afterExpiry = await createInquiry(key, body, 'day-old');
    expect(afterExpiry.response.status).toBe(200);
    expect(afterExpiry.response.headers.get('idempotent-replayed')).toBeNull();
    expect(afterExpiry.body.data.id).not.toBe(first.body.data.id);
    expect(await inquiriesOf(workshop.organisation.id)).toBe(3);

    await server.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.apiKeyId, keyId), eq(idempotencyKeys.key, 'day-old')));
    await deleteExpiredIdempotencyKeys(server.db);
    const left = await server.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.apiKeyId, keyId));
    expect(left.map((row) => row.key)).toEqual(['still-fresh']);
  });
});

describe('Idempotency-Key on the other creating endpoints', () => {
  test('POST /inquiries/{id}/orders: a retry gets the same orders and orders nothing twice', async () => {
    const { workshop, dealers, key } = await workshopWithKey();
    const created = await createInquiry(key, inquiryBody(workshop.relations.map((relation) => relation.id)));
    const inquiryId = created.body.data.id;
    const [dealer] = dealers;
    if (!dealer) throw new Error('no dealer');
    const answered = await send(
      server,
      `/svc/part-dealer/inquiries/${inquiryId}/answer`,
      dealer.cookie,
      answerBody(await dealerView(server, dealer, inquiryId)),
      'PUT',
    );
    expect(answered.response.status).toBe(200);
    const quoted = await callApi<InquiryDetail>(server, `/api/v1/inquiries/${inquiryId}`, key);
    const recipient = quoted.body.data.recipients.find((entry) => entry.quote_lines.some((line) => line.offered));
    const firstLine = quoted.body.data.lines[0];
    if (!recipient || !firstLine) throw new Error('no quote to order');
    const placement = {
      version: quoted.body.data.version,
      choices: [{ inquiry_line_id: firstLine.id, recipient_id: recipient.id }],
    };
    const place = () =>
      callApi<{ orders: OrderSummary[] }>(server, `/api/v1/inquiries/${inquiryId}/orders`, key, {
        body: placement,
        headers: { 'Idempotency-Key': 'order-4711' },
      });
    const first = await place();
    expect(first.response.status).toBe(200);
    const retry = await place();
    expect(retry.response.status).toBe(200);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data.orders.map((order) => order.id)).toEqual(first.body.data.orders.map((order) => order.id));
    const orders = await callApi<{ items: OrderSummary[] }>(server, '/api/v1/orders', key);
    expect(orders.body.data.items).toHaveLength(1);
  });

  test('POST /punch-ins: a retry gets the same one-time link', async () => {
    const { key } = await workshopWithKey();
    const body = {
      vehicle: { vin: '', hsn: '', tsn: '', description: 'VW Golf VI' },
      lines: [{ part_number: '1K0 615 301 AA', description: 'Bremsscheibe', quantity: 1 }],
      return_url: 'https://dms.example.com/auftraege/1',
    };
    const punchIn = () =>
      callApi<PunchInCreated>(server, '/api/v1/punch-ins', key, {
        body,
        headers: { 'Idempotency-Key': 'punch-in-1' },
      });
    const first = await punchIn();
    expect(first.response.status).toBe(200);
    const retry = await punchIn();
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data.url).toBe(first.body.data.url);
  });
});
