import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DmsDealer } from '../../common/contracts/dms-api';
import type { InquiryDetail, InquirySummary, OrderDetail, OrderSummary } from '../../common/contracts/trading';
import { orderLines, quoteLines, tradeEvents } from '../../server/db/schema';
import { callApi, createApiKey } from '../support/api-keys';
import { positionsOf } from '../support/reader-positions';
import { openEventStream } from '../support/sse-client';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  dealerView,
  dealerWithUsers,
  getJson,
  inquiryBody,
  inquiryCount,
  send,
  storedState,
  workshopWithDealers,
} from '../support/trade-inquiries';

/**
 * The DMS API (issue 15, ADR 031) over real HTTP: the same trade loop as the portal, with an API
 * key instead of a session, scoped to the key's workshop.
 */
let server: TestServer;
beforeAll(async () => {
  // The event stream re-checks its key every 200 ms here, so a revoked key's stream ends quickly;
  // its heartbeats (every 400 ms) tell a test that checks have passed on the server's own timer.
  server = await startTestServer({ LIVE_SESSION_CHECK_MS: '200', LIVE_HEARTBEAT_MS: '400' });
});
afterAll(() => server.stop());

async function workshopWithKey(dealers = 2) {
  const dealerList = [];
  for (let index = 0; index < dealers; index++) dealerList.push(await dealerWithUsers(server, 'API-Händler'));
  const workshop = await workshopWithDealers(server, dealerList);
  const created = await createApiKey(server, workshop.cookie);
  return { workshop, dealers: dealerList, key: created.secret, keyId: created.key.id };
}

describe('/api/v1 inquiries and orders with an API key', () => {
  test('a DMS lists its dealers, creates an inquiry that shows in the portal, reads quotes, orders and follows the order', async () => {
    const { workshop, dealers, key } = await workshopWithKey();
    const listed = await callApi<{ items: DmsDealer[] }>(server, '/api/v1/dealers', key);
    expect(listed.response.status).toBe(200);
    expect(listed.body.data.items.map((dealer) => dealer.relation_id).sort()).toEqual(
      workshop.relations.map((relation) => relation.id).sort(),
    );

    const created = await callApi<InquiryDetail>(server, '/api/v1/inquiries', key, {
      body: inquiryBody(listed.body.data.items.map((dealer) => dealer.relation_id)),
      language: 'de',
    });
    expect(created.response.status).toBe(200);
    expect(created.body.message).toBe('Die Anfrage wurde gesendet.');
    expect(created.body.data.status).toBe('sent');
    expect(created.body.data.recipients).toHaveLength(2);
    const inquiryId = created.body.data.id;

    // The portal shows it, and the key's creator is its actor.
    const portal = await getJson<{ items: InquirySummary[] }>(server, '/svc/workshop/inquiries', workshop.cookie);
    expect(portal.body.data.items.map((item) => item.id)).toContain(inquiryId);
    const [sent] = await server.db.select().from(tradeEvents).where(eq(tradeEvents.inquiryId, inquiryId));
    expect(sent?.actorUserId).toBe(workshop.owner.id);

    const viaApi = await callApi<{ items: InquirySummary[] }>(server, '/api/v1/inquiries?status=open', key);
    expect(viaApi.body.data.items.map((item) => item.id)).toContain(inquiryId);

    const [dealer] = dealers;
    if (!dealer) throw new Error('no dealer');
    const dealerInquiry = await dealerView(server, dealer, inquiryId);
    const answered = await send(
      server,
      `/svc/part-dealer/inquiries/${inquiryId}/answer`,
      dealer.cookie,
      answerBody(dealerInquiry),
      'PUT',
    );
    expect(answered.response.status).toBe(200);

    const quoted = await callApi<InquiryDetail>(server, `/api/v1/inquiries/${inquiryId}`, key);
    expect(quoted.response.status).toBe(200);
    const recipient = quoted.body.data.recipients.find((entry) => entry.quote_lines.some((line) => line.offered));
    const firstLine = quoted.body.data.lines[0];
    if (!recipient || !firstLine) throw new Error('no quote to order');

    const choice = { inquiry_line_id: firstLine.id, recipient_id: recipient.id };
    const stale = await callApi(server, `/api/v1/inquiries/${inquiryId}/orders`, key, {
      body: { version: quoted.body.data.version - 1, choices: [choice] },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.body.error).toBe('inquiryChanged');

    const placed = await callApi<{ orders: OrderSummary[] }>(server, `/api/v1/inquiries/${inquiryId}/orders`, key, {
      body: { version: quoted.body.data.version, choices: [choice] },
    });
    expect(placed.response.status).toBe(200);
    expect(placed.body.data.orders).toHaveLength(1);
    const orderId = placed.body.data.orders[0]?.id;

    const order = await callApi<OrderDetail>(server, `/api/v1/orders/${orderId}`, key);
    expect(order.response.status).toBe(200);
    expect(order.body.data.status).toBe('placed');
    expect(order.body.data.lines).toHaveLength(1);
    const orders = await callApi<{ items: OrderSummary[] }>(server, '/api/v1/orders', key);
    expect(orders.body.data.items.map((item) => item.id)).toContain(orderId);

    // An order placed through the API counts in the dashboards like one placed in the portal (ADR 029).
    const [orderedLine] = await server.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, Number(orderId)));
    expect(orderedLine?.promisedOn).not.toBeNull();
    const [wonQuote] = await server.db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.id, Number(orderedLine?.quoteLineId)));
    expect(wonQuote?.won).toBe(true);
  });

  test("another workshop's key cannot see or touch this workshop's inquiry or order (404)", async () => {
    const owner = await workshopWithKey(1);
    const other = await workshopWithKey(1);
    const created = await callApi<InquiryDetail>(server, '/api/v1/inquiries', owner.key, {
      body: inquiryBody(owner.workshop.relations.map((relation) => relation.id)),
    });
    const inquiryId = created.body.data.id;
    const before = await storedState(server, inquiryId);

    expect((await callApi(server, `/api/v1/inquiries/${inquiryId}`, other.key)).response.status).toBe(404);
    const foreignOrder = await callApi(server, `/api/v1/inquiries/${inquiryId}/orders`, other.key, {
      body: { version: created.body.data.version, choices: [{ inquiry_line_id: 1, recipient_id: 1 }] },
    });
    expect(foreignOrder.response.status).toBe(404);
    const foreignList = await callApi<{ items: InquirySummary[] }>(server, '/api/v1/inquiries', other.key);
    expect(foreignList.body.data.items.map((item) => item.id)).not.toContain(inquiryId);
    // Its dealers are not the other workshop's recipients either.
    const foreignRecipients = await callApi(server, '/api/v1/inquiries', other.key, {
      body: inquiryBody(owner.workshop.relations.map((relation) => relation.id)),
    });
    expect(foreignRecipients.response.status).toBe(400);
    expect(foreignRecipients.body.error).toBe('recipientNotActive');
    expect(await storedState(server, inquiryId)).toEqual(before);
  });

  test('no key, a malformed key or a revoked key: 401, and nothing is created', async () => {
    const { workshop, key, keyId } = await workshopWithKey(1);
    const body = inquiryBody(workshop.relations.map((relation) => relation.id));
    const count = await inquiryCount(server);

    const missing = await callApi(server, '/api/v1/inquiries', null, { body, language: 'de' });
    expect(missing.response.status).toBe(401);
    expect(missing.body.error).toBe('apiKeyMissing');
    const malformed = await callApi(server, '/api/v1/inquiries', null, {
      body,
      headers: { authorization: `Basic ${Buffer.from(`user:${key}`).toString('base64')}` },
    });
    expect(malformed.response.status).toBe(401);
    expect(malformed.body.error).toBe('apiKeyInvalid');

    await send(server, `/svc/workshop/api-keys/${keyId}/revoke`, workshop.cookie, {});
    const revoked = await callApi(server, '/api/v1/inquiries', key, { body, language: 'de' });
    expect(revoked.response.status).toBe(401);
    expect(revoked.body.message).toBe('Dieser API-Schlüssel ist unbekannt oder wurde widerrufen.');
    expect(await inquiryCount(server)).toBe(count);
  });

  test('bad bodies get the same translated 400 as in the portal and change nothing', async () => {
    const { workshop, key } = await workshopWithKey(1);
    const relationIds = workshop.relations.map((relation) => relation.id);
    const count = await inquiryCount(server);
    const cases: [unknown, string, string][] = [
      [inquiryBody(relationIds, { lines: [] }), 'linesRequired', 'Bitte fügen Sie mindestens eine Position hinzu.'],
      [
        inquiryBody(relationIds, { vehicle: { vin: 'WVWZZZ1KZAW00000I', hsn: '', tsn: '', description: '' } }),
        'vinInvalid',
        'Die FIN muss 17 Zeichen haben',
      ],
      [inquiryBody([]), 'recipientsRequired', 'Bitte wählen Sie mindestens einen Händler.'],
      [inquiryBody(relationIds, { closes_in_minutes: 5 }), 'closingTimeInvalid', 'Angebotsfrist'],
      // valibot's own issues (a missing key, a wrong type) carry English prose: the client gets the translated id.
      [{ recipient_relation_ids: relationIds }, 'invalidRequest', 'Die Anfrage ist ungültig.'],
      [inquiryBody(relationIds, { vehicle: 42 }), 'invalidRequest', 'Die Anfrage ist ungültig.'],
    ];
    for (const [body, error, message] of cases) {
      const refused = await callApi(server, '/api/v1/inquiries', key, { body, language: 'de' });
      expect(refused.response.status).toBe(400);
      expect(refused.body.error).toBe(error);
      expect(refused.body.message).toContain(message);
    }
    const english = await callApi(server, '/api/v1/inquiries', key, { body: inquiryBody(relationIds, { lines: [] }) });
    expect(english.body.message).toBe('Please add at least one line.');

    const notJson = await fetch(server.url('/api/v1/inquiries'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(notJson.status).toBe(415);
    const broken = await fetch(server.url('/api/v1/inquiries'), {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"vehicle":',
    });
    expect(broken.status).toBe(400);
    expect(await inquiryCount(server)).toBe(count);
  });

  test('the event stream replays after Last-Event-ID, then goes on live', async () => {
    const { workshop, key } = await workshopWithKey(1);
    const relationIds = workshop.relations.map((relation) => relation.id);
    const first = await callApi<InquiryDetail>(server, '/api/v1/inquiries', key, { body: inquiryBody(relationIds) });
    const [firstEvent] = await server.db
      .select()
      .from(tradeEvents)
      .where(eq(tradeEvents.inquiryId, first.body.data.id));
    const second = await callApi<InquiryDetail>(server, '/api/v1/inquiries', key, { body: inquiryBody(relationIds) });
    const [secondEvent] = await server.db
      .select()
      .from(tradeEvents)
      .where(eq(tradeEvents.inquiryId, second.body.data.id));
    if (!firstEvent || !secondEvent) throw new Error('no events');
    // The stream speaks the workshop's own positions of the events (ADR 045), not the log's ids.
    const organisationId = workshop.organisation.id;
    const [firstSeen, secondSeen] = await positionsOf(server.db, organisationId, [firstEvent.id, secondEvent.id]);

    const stream = await openEventStream(server.url('/api/v1/events'), {
      authorization: `Bearer ${key}`,
      'last-event-id': String(firstSeen),
    });
    try {
      expect(stream.response.status).toBe(200);
      await stream.untilIds([secondSeen ?? -1]);
      expect(stream.eventIds()).not.toContain(firstSeen);
      const third = await callApi<InquiryDetail>(server, '/api/v1/inquiries', key, { body: inquiryBody(relationIds) });
      const [thirdEvent] = await server.db
        .select()
        .from(tradeEvents)
        .where(eq(tradeEvents.inquiryId, third.body.data.id));
      if (!thirdEvent) throw new Error('no event');
      await stream.untilIds(await positionsOf(server.db, organisationId, [thirdEvent.id]));
    } finally {
      stream.close();
    }
    const refused = await fetch(server.url('/api/v1/events'), { headers: { accept: 'text/event-stream' } });
    expect(refused.status).toBe(401);
  });

  test('revoking the key ends its running event stream at the next check', async () => {
    const { workshop, key, keyId } = await workshopWithKey(0);
    const stream = await openEventStream(server.url('/api/v1/events'), { authorization: `Bearer ${key}` });
    try {
      await stream.untilReady();
      // Two heartbeats (every 400 ms by the server's own timer) span several key checks (every
      // 200 ms): the stream outlived them while the key was valid.
      await stream.until(() => stream.comments() >= 2, 'two heartbeats');
      expect(stream.ended()).toBe(false);
      await send(server, `/svc/workshop/api-keys/${keyId}/revoke`, workshop.cookie, {});
      await stream.until(() => stream.ended(), 'the stream to end');
    } finally {
      stream.close();
    }
  });

  test('scripts/dms-example.ts creates an inquiry and shows the refusals: no key, revoked key, other workshop', async () => {
    const { workshop, key } = await workshopWithKey(1);
    const revoked = await createApiKey(server, workshop.cookie, 'old');
    await send(server, `/svc/workshop/api-keys/${revoked.key.id}/revoke`, workshop.cookie, {});
    const other = await workshopWithKey(0);
    const count = await inquiryCount(server);
    const run = promisify(execFile);
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/dms-example.ts',
        '--key',
        key,
        '--base-url',
        server.origin,
        '--revoked-key',
        revoked.secret,
        '--other-key',
        other.key,
      ],
      { timeout: 60_000 },
    );
    expect(stdout).toContain('ok   create an inquiry: 200');
    expect(stdout).toContain('ok   the retry is a replay of inquiry #');
    expect(stdout).toContain('ok   the same request without a key is refused: 401');
    expect(stdout).toContain('ok   the same request with a revoked key is refused: 401');
    expect(stdout).toContain("ok   another workshop's key cannot read the inquiry: 404");
    expect(stdout).not.toContain('FAIL');
    expect(await inquiryCount(server)).toBe(count + 1);
    // A failing expectation makes the script fail: the other workshop's key as the main key has no dealers.
    await expect(
      run(process.execPath, [
        '--import',
        'tsx',
        'scripts/dms-example.ts',
        '--key',
        other.key,
        '--base-url',
        server.origin,
      ]),
    ).rejects.toMatchObject({ code: 1 });
  }, 120_000);

  test('an unknown /api/v1 path is the 404 envelope', async () => {
    const { key } = await workshopWithKey(0);
    const unknown = await callApi(server, '/api/v1/nothing-here', key);
    expect(unknown.response.status).toBe(404);
    expect(unknown.body.error).toBe('notFound');
  });
});
