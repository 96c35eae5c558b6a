import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { OrderDetail, TradeEvent } from '../../common/contracts/trading';
import type { WebhookAttempt, WebhookEndpointWithSecret, WebhookPayload } from '../../common/contracts/webhooks';
import type { Database } from '../../server/db/database';
import { webhookEndpoints } from '../../server/db/schema';
import { appendTradeEvents, type TradeEventInput } from '../../server/trade/event-log';
import { deliverDueWebhooks } from '../../server/webhooks/delivery-worker';
import { callApi, createApiKey } from '../support/api-keys';
import { insertDealerOrganisation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { type EventStream, openEventStream } from '../support/sse-client';
import { loginCookie, startTestServer, type TestServer } from '../support/test-server';
import { getJson, send } from '../support/trade-inquiries';
import { insertTrade } from '../support/trade-orders';
import { startWebhookReceiver } from '../support/webhook-receiver';

/**
 * Issue 27 §2 (ADR 045): the ids a reader sees reveal nothing about other organisations. Every
 * organisation numbers the events it may read 1, 2, 3 …; its streams, resumes, REST timelines,
 * API answers and webhook bodies all show that number, so a quiet workshop's next id does not
 * move while a busy one trades with others, and another organisation's id is "ahead" (reload).
 */
let server: TestServer;
let fixture: Awaited<ReturnType<typeof seed>>;
const openStreams = new Set<EventStream>();

async function seed(db: Database) {
  const busy = await insertWorkshop(db, { name: 'Werkstatt Viel', ownerEmail: 'viel@werkstatt.de' });
  const busyDealer = await insertDealerOrganisation(db, 'Teile Viel', 'viel@teile.de');
  const quiet = await insertWorkshop(db, { name: 'Werkstatt Still', ownerEmail: 'still@werkstatt.de' });
  const quietDealer = await insertDealerOrganisation(db, 'Teile Still', 'still@teile.de');
  const busyTrade = await insertTrade(
    db,
    { organisationId: busy.organisation.id, userId: busy.owner.id },
    { partDealerId: busyDealer.partDealer.id, organisationId: busyDealer.organisation.id },
  );
  const quietTrade = await insertTrade(
    db,
    { organisationId: quiet.organisation.id, userId: quiet.owner.id },
    { partDealerId: quietDealer.partDealer.id, organisationId: quietDealer.organisation.id },
  );
  return { busy, busyDealer, quiet, quietDealer, busyTrade, quietTrade };
}

/** `count` events on the busy or the quiet workshop's order, through the log's one append. */
async function trade(side: 'busy' | 'quiet', count = 1) {
  const workshop = side === 'busy' ? fixture.busy : fixture.quiet;
  const dealer = side === 'busy' ? fixture.busyDealer : fixture.quietDealer;
  const { order, orderLines } = side === 'busy' ? fixture.busyTrade : fixture.quietTrade;
  const event: TradeEventInput = {
    kind: 'line.shipped',
    inquiryId: order.inquiryId,
    orderId: order.id,
    entity: 'line',
    entityId: orderLines[1]?.id ?? 0,
    before: 'confirmed',
    after: 'shipped',
    actorUserId: null,
    workshopOrganisationId: workshop.organisation.id,
    dealerOrganisationIds: [dealer.organisation.id],
  };
  await server.db.transaction((tx) =>
    appendTradeEvents(
      tx,
      Array.from({ length: count }, () => event),
    ),
  );
}

async function stream(path: string, cookie: string, headers: Record<string, string> = {}) {
  const opened = await openEventStream(server.url(path), { cookie, 'accept-language': 'de', ...headers });
  openStreams.add(opened);
  await opened.untilReady();
  return opened;
}

/** The SSE `id:` of every event block: the same numbers as the events' `id` field. */
const sseIds = (opened: EventStream) =>
  opened.blocks.filter((block) => block.event === 'message' && block.data !== null).map((block) => Number(block.id));

const namedEvents = (opened: EventStream) =>
  opened.blocks.filter((block) => block.event !== 'message').map((block) => block.event);

const eventIds = (events: readonly TradeEvent[]) => events.map((event) => event.id);

beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_POLL_MS: '600000' });
  fixture = await seed(server.db);
}, 60_000);

afterEach(async () => {
  for (const opened of openStreams) opened.close();
  openStreams.clear();
  await expect.poll(() => server.liveHub.size(), { timeout: 5000 }).toBe(0);
});

afterAll(() => server?.stop());

test('each organisation counts only its own events: the quiet workshop’s next id does not move while another trades', async () => {
  const quietCookie = await loginCookie(server, 'still@werkstatt.de', MEMBER_PASSWORD);
  const dealerCookie = await loginCookie(server, 'still@teile.de', MEMBER_PASSWORD);
  const busyCookie = await loginCookie(server, 'viel@werkstatt.de', MEMBER_PASSWORD);
  await trade('busy', 3);
  const quiet = await stream('/svc/workshop/events', quietCookie);
  const quietDealer = await stream('/svc/part-dealer/events', dealerCookie);
  const busy = await stream('/svc/workshop/events', busyCookie);
  const start = quiet.readyPosition() ?? -1;
  const dealerStart = quietDealer.readyPosition() ?? -1;
  expect(busy.readyPosition()).toBeGreaterThanOrEqual(3);

  await trade('quiet');
  await quiet.untilIds([start + 1]);
  await trade('busy', 7);
  await busy.until(() => busy.events().length === 7, 'the busy workshop’s seven events');
  await trade('quiet');
  await quiet.untilIds([start + 2]);
  await quietDealer.untilIds([dealerStart + 1, dealerStart + 2]);

  // Dense per reader: the busy workshop's seven events in between did not move the quiet ones' ids.
  expect(quiet.eventIds()).toEqual([start + 1, start + 2]);
  expect(sseIds(quiet)).toEqual([start + 1, start + 2]);
  expect(quietDealer.eventIds()).toEqual([dealerStart + 1, dealerStart + 2]);
  expect(sseIds(quietDealer)).toEqual([dealerStart + 1, dealerStart + 2]);
  const busyStart = busy.readyPosition() ?? -1;
  expect(busy.eventIds()).toEqual(Array.from({ length: 7 }, (_, index) => busyStart + index + 1));
});

test('a resume names the reader’s own position; another organisation’s (higher) id or a forged one is answered with reload', async () => {
  const quietCookie = await loginCookie(server, 'still@werkstatt.de', MEMBER_PASSWORD);
  const busyCookie = await loginCookie(server, 'viel@werkstatt.de', MEMBER_PASSWORD);
  const first = await stream('/svc/workshop/events', quietCookie);
  const before = first.readyPosition() ?? -1;
  first.close();
  await trade('busy', 5);
  await trade('quiet', 2);

  // Missed while away: exactly its own next two ids, replayed.
  const resumed = await stream('/svc/workshop/events', quietCookie, { 'last-event-id': String(before) });
  await resumed.untilIds([before + 1, before + 2]);
  expect(namedEvents(resumed)).toEqual(['ready']);
  expect(resumed.readyPosition()).toBe(before);
  expect(resumed.eventIds()).toEqual([before + 1, before + 2]);

  // The busy workshop's newest id lies beyond the quiet one's newest: not a position it knows.
  const busy = await stream('/svc/workshop/events', busyCookie);
  const busyLatest = busy.readyPosition() ?? -1;
  expect(busyLatest).toBeGreaterThan(before + 2);
  const borrowed = await stream('/svc/workshop/events', quietCookie, { 'last-event-id': String(busyLatest) });
  expect(namedEvents(borrowed)).toEqual(['reload', 'ready']);
  expect(borrowed.readyPosition()).toBe(before + 2);
  const forged = await stream(`/svc/workshop/events?after=${before + 1_000_000}`, quietCookie);
  expect(namedEvents(forged)).toEqual(['reload', 'ready']);
  expect(forged.readyPosition()).toBe(before + 2);
  await trade('quiet');
  await borrowed.untilIds([before + 3]);
  await forged.untilIds([before + 3]);
});

test('REST timelines and the API answer with the same per-reader ids as the stream', async () => {
  const quietCookie = await loginCookie(server, 'still@werkstatt.de', MEMBER_PASSWORD);
  const dealerCookie = await loginCookie(server, 'still@teile.de', MEMBER_PASSWORD);
  const quiet = await stream('/svc/workshop/events', quietCookie);
  const dealer = await stream('/svc/part-dealer/events', dealerCookie);
  await trade('quiet');
  await trade('busy', 4);
  await trade('quiet');
  await quiet.until(() => quiet.events().length === 2, 'two events');
  await dealer.until(() => dealer.events().length === 2, 'two events');
  const orderId = fixture.quietTrade.order.id;

  const workshopOrder = await getJson<OrderDetail>(server, `/svc/workshop/orders/${orderId}`, quietCookie);
  const workshopIds = eventIds(workshopOrder.body.data.events);
  // Every event of the quiet workshop is on this order: its timeline is 1, 2, 3 … without gaps.
  expect(workshopIds).toEqual(Array.from({ length: workshopIds.length }, (_, index) => index + 1));
  expect(workshopIds.slice(-2)).toEqual(quiet.eventIds());

  const dealerOrder = await getJson<OrderDetail>(server, `/svc/part-dealer/orders/${orderId}`, dealerCookie);
  expect(eventIds(dealerOrder.body.data.events).slice(-2)).toEqual(dealer.eventIds());

  const { secret } = await createApiKey(server, quietCookie, 'DMS Still');
  const viaApi = await callApi<OrderDetail>(server, `/api/v1/orders/${orderId}`, secret);
  expect(viaApi.response.status).toBe(200);
  expect(eventIds(viaApi.body.data.events)).toEqual(workshopIds);
});

test('webhook bodies, webhook ids and the delivery log carry the receiving organisation’s own position', async () => {
  const receiver = await startWebhookReceiver();
  try {
    const quietCookie = await loginCookie(server, 'still@werkstatt.de', MEMBER_PASSWORD);
    const registered = await send<WebhookEndpointWithSecret>(server, '/svc/workshop/webhooks', quietCookie, {
      url: receiver.url(),
      event_kinds: ['line.shipped'],
    });
    expect(registered.response.status).toBe(200);
    const endpointId = registered.body.data.endpoint.id;
    const quiet = await stream('/svc/workshop/events', quietCookie);
    await trade('busy', 6);
    await trade('quiet');
    await quiet.until(() => quiet.events().length === 1, 'one event');
    const [position] = quiet.eventIds();
    // The busy workshop's six events in between did not move the quiet one's numbering.
    expect(position).toBe((quiet.readyPosition() ?? -1) + 1);

    const settings = server.config.webhooks;
    while ((await deliverDueWebhooks({ db: server.db, logger: pino({ level: 'silent' }), settings })) > 0) {
      // until nothing is due
    }
    expect(receiver.received).toHaveLength(1);
    const [delivered] = receiver.received;
    const payload = JSON.parse(delivered?.body ?? '{}') as WebhookPayload;
    expect(payload.data.id).toBe(position);
    expect(delivered?.headers['webhook-id']).toBe(`msg_${position}_${endpointId}`);

    const log = await getJson<{ items: WebhookAttempt[] }>(
      server,
      `/svc/workshop/webhooks/${endpointId}/attempts`,
      quietCookie,
    );
    expect(log.body.data.items.map((attempt) => attempt.trade_event_id)).toEqual([position]);
  } finally {
    await server.db.delete(webhookEndpoints).where(eq(webhookEndpoints.organisationId, fixture.quiet.organisation.id));
    await receiver.stop();
  }
});
