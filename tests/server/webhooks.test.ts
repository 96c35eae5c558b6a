import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { WebhookAttempt, WebhookEndpoint, WebhookEndpointWithSecret } from '../../common/contracts/webhooks';
import { loadServerConfig } from '../../server/config';
import { tradeEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../server/db/schema';
import { isAllowedWebhookAddress, resolveWebhookTarget } from '../../server/webhooks/address-guard';
import {
  deliverDueWebhooks,
  startWebhookWorker,
  type WebhookWorkerDeps,
  webhookBackoffMs,
} from '../../server/webhooks/delivery-worker';
import { signWebhook } from '../../server/webhooks/signature';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  dealerWithUsers,
  getJson,
  send,
  sendInquiry,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';
import { startWebhookReceiver } from '../support/webhook-receiver';

let server: TestServer;
beforeAll(async () => {
  // The running worker polls rarely here: each test drives deliveries itself, with its own clock.
  server = await startTestServer({ WEBHOOK_POLL_MS: '600000' });
});
// A test that left deliveries waiting (a receiver down) must not have them sent in the next one.
afterEach(async () => {
  await server.db
    .update(webhookDeliveries)
    .set({ failedAt: new Date() })
    .where(and(isNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.failedAt)));
});
afterAll(() => server.stop());

const silent = pino({ level: 'silent' });

function workerDeps(overrides: Partial<WebhookWorkerDeps> = {}): WebhookWorkerDeps {
  return { db: server.db, logger: silent, settings: server.config.webhooks, ...overrides };
}

/** Runs the worker until nothing is due at `now` (a batch holds ten deliveries). */
async function deliverAll(overrides: Partial<WebhookWorkerDeps> = {}) {
  let total = 0;
  for (;;) {
    const sent = await deliverDueWebhooks(workerDeps(overrides));
    total += sent;
    if (sent === 0) return total;
  }
}

const servicePath = (side: 'workshop' | 'dealer') => (side === 'workshop' ? '/svc/workshop' : '/svc/part-dealer');

async function register(
  side: 'workshop' | 'dealer',
  cookie: string,
  body: { url: string; event_kinds: string[]; description?: string },
) {
  const answer = await send<WebhookEndpointWithSecret>(server, `${servicePath(side)}/webhooks`, cookie, body);
  if (answer.response.status !== 200) throw new Error(`registering failed: ${answer.body.error}`);
  return answer.body.data;
}

async function attemptsOf(side: 'workshop' | 'dealer', cookie: string, endpointId: number) {
  const answer = await getJson<{ items: WebhookAttempt[] }>(
    server,
    `${servicePath(side)}/webhooks/${endpointId}/attempts`,
    cookie,
  );
  expect(answer.response.status).toBe(200);
  return answer.body.data.items;
}

async function tradeScene() {
  const dealer = await dealerWithUsers(server, 'Teile Nord');
  const otherDealer = await dealerWithUsers(server, 'Teile Süd');
  const workshop = await workshopWithDealers(server, [dealer]);
  return { dealer, otherDealer, workshop };
}

describe('Standard Webhooks signatures', () => {
  test('the signer gives the specification’s published test vector', () => {
    // standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts "sign function works".
    expect(
      signWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    // The same secret without its prefix is the same key.
    expect(
      signWebhook(
        'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    // A changed body or id does not verify.
    expect(
      signWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232315}',
      ),
    ).not.toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  test('the backoff doubles from the base up to an hour, and retries go on for a day', () => {
    const settings = server.config.webhooks;
    expect([1, 2, 3, 4].map((attempts) => webhookBackoffMs(attempts, settings))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(webhookBackoffMs(20, settings)).toBe(3600_000);
    expect(settings.retryWindowMs).toBeGreaterThanOrEqual(24 * 3600_000);
  });
});

describe('deliveries (issue 25, ADR 041)', () => {
  test('a real receiver gets every subscribed event exactly once, validly signed; an organisation the event does not concern gets nothing', async () => {
    const { dealer, otherDealer, workshop } = await tradeScene();
    const receiver = await startWebhookReceiver('127.0.0.2');
    try {
      const workshopHook = await register('workshop', workshop.cookie, {
        url: receiver.url('/werkstatt'),
        event_kinds: ['inquiry.sent', 'recipient.seen'],
      });
      const dealerHook = await register('dealer', dealer.cookie, {
        url: receiver.url('/haendler'),
        event_kinds: ['inquiry.sent'],
      });
      const strangerHook = await register('dealer', otherDealer.cookie, {
        url: receiver.url('/fremd'),
        event_kinds: ['inquiry.sent'],
      });
      const inquiry = await sendInquiry(server, workshop);
      const events = await server.db.select().from(tradeEvents).where(eq(tradeEvents.inquiryId, inquiry.id));
      const sent = events.filter((event) => event.kind === 'inquiry.sent');
      expect(sent.length).toBeGreaterThan(0);

      await deliverAll();
      // A second round finds nothing: delivered once.
      expect(await deliverAll()).toBe(0);

      // The webhook-id is msg_<event>_<endpoint>: which endpoint a request was for.
      const byPath = (endpointId: number) =>
        receiver.received.filter((request) => request.headers['webhook-id']?.endsWith(`_${endpointId}`));
      const workshopDeliveries = byPath(workshopHook.endpoint.id);
      const dealerDeliveries = byPath(dealerHook.endpoint.id);
      expect(byPath(strangerHook.endpoint.id)).toEqual([]);
      expect(workshopDeliveries.map((request) => JSON.parse(request.body).data.id).sort()).toEqual(
        sent.map((event) => event.id).sort(),
      );
      expect(dealerDeliveries.map((request) => JSON.parse(request.body).data.id).sort()).toEqual(
        sent
          .filter((event) => event.dealerOrganisationIds.includes(dealer.organisation.id))
          .map((event) => event.id)
          .sort(),
      );
      // Exactly once each, with a stable id per event and endpoint.
      const ids = receiver.received.map((request) => request.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);

      // The reference implementation accepts every signature; a tampered body is refused.
      for (const [hook, requests] of [
        [workshopHook, workshopDeliveries],
        [dealerHook, dealerDeliveries],
      ] as const) {
        const verifier = new Webhook(hook.secret);
        for (const request of requests) {
          const payload = verifier.verify(request.body, request.headers) as { type: string; data: { kind: string } };
          expect(payload.type).toBe(payload.data.kind);
          expect(() => verifier.verify(`${request.body} `, request.headers)).toThrow();
        }
      }
      expect(JSON.parse(workshopDeliveries[0]?.body ?? '{}')).toMatchObject({
        type: 'inquiry.sent',
        timestamp: expect.any(String),
        data: { inquiry_id: inquiry.id, kind: 'inquiry.sent' },
      });

      const log = await attemptsOf('workshop', workshop.cookie, workshopHook.endpoint.id);
      expect(log.length).toBe(workshopDeliveries.length);
      expect(log[0]).toMatchObject({
        event_kind: 'inquiry.sent',
        http_status: 204,
        error: null,
        delivery_status: 'delivered',
      });
    } finally {
      await receiver.stop();
    }
  });

  test('receiver down: retried with backoff and delivered later; a worker restart and an expired lease lose nothing', async () => {
    const { workshop } = await tradeScene();
    // A port nobody listens on yet: the receiver starts there later.
    const probe = await startWebhookReceiver('127.0.0.3');
    const port = probe.port;
    await probe.stop();
    const hook = await register('workshop', workshop.cookie, {
      url: `http://127.0.0.3:${port}/hooks`,
      event_kinds: ['inquiry.sent'],
    });
    await sendInquiry(server, workshop);
    const start = new Date();
    expect(await deliverAll({ now: () => start })).toBe(1);
    const [waiting] = await server.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
    expect(waiting).toMatchObject({ attempts: 1, deliveredAt: null, failedAt: null });
    expect(waiting?.nextAttemptAt.getTime()).toBe(start.getTime() + 30_000);
    // Not due before its time.
    expect(await deliverAll({ now: () => new Date(start.getTime() + 29_000) })).toBe(0);
    // Second failure: twice the wait.
    const second = new Date(start.getTime() + 31_000);
    expect(await deliverAll({ now: () => second })).toBe(1);
    const [afterSecond] = await server.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
    expect(afterSecond?.nextAttemptAt.getTime()).toBe(second.getTime() + 60_000);

    // A worker claims the row and dies mid-send (its lease stays): nobody sends it while the lease runs...
    const crashAt = new Date(second.getTime() + 61_000);
    await server.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(crashAt.getTime() + 70_000) })
      .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
    const receiver = await startWebhookReceiver('127.0.0.3', port);
    try {
      expect(await deliverAll({ now: () => crashAt })).toBe(0);
      // ...a worker started afresh (after a restart) finds it once the lease ran out and delivers it.
      const later = new Date(crashAt.getTime() + 71_000);
      const restarted = startWebhookWorker(workerDeps({ now: () => later }), 600_000);
      await restarted.firstRound;
      await restarted.stop();
      expect(receiver.received).toHaveLength(1);
      const [done] = await server.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
      expect(done?.deliveredAt).not.toBeNull();
      expect(await deliverAll({ now: () => new Date(later.getTime() + 3600_000) })).toBe(0);
      expect(receiver.received).toHaveLength(1);
      new Webhook(hook.secret).verify(receiver.received[0]?.body ?? '', receiver.received[0]?.headers ?? {});

      const log = await attemptsOf('workshop', workshop.cookie, hook.endpoint.id);
      expect(log.map((attempt) => attempt.error ?? attempt.http_status)).toEqual([
        204,
        'connectionFailed',
        'connectionFailed',
      ]);
    } finally {
      await receiver.stop();
    }
  });

  test('after the retry window a delivery is marked failed; "send again" delivers it with the same webhook-id', async () => {
    const { workshop } = await tradeScene();
    const receiver = await startWebhookReceiver('127.0.0.4');
    try {
      receiver.answer({ kind: 'answer', status: 500 });
      const hook = await register('workshop', workshop.cookie, { url: receiver.url(), event_kinds: ['inquiry.sent'] });
      await sendInquiry(server, workshop);
      const start = new Date();
      await deliverAll({ now: () => start });
      const dayLater = new Date(start.getTime() + 24 * 3600_000 + 1000);
      await deliverAll({ now: () => dayLater });
      const [failed] = await server.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
      expect(failed?.failedAt).not.toBeNull();
      expect(await deliverAll({ now: () => new Date(dayLater.getTime() + 7200_000) })).toBe(0);
      const log = await attemptsOf('workshop', workshop.cookie, hook.endpoint.id);
      expect(log[0]).toMatchObject({ http_status: 500, delivery_status: 'failed' });

      receiver.answer({ kind: 'answer', status: 200 });
      const resent = await send(
        server,
        `/svc/workshop/webhooks/${hook.endpoint.id}/deliveries/${log[0]?.delivery_id}/resend`,
        workshop.cookie,
        {},
      );
      expect(resent.response.status).toBe(200);
      expect(resent.body.message).toContain('erneut');
      expect(await deliverAll()).toBe(1);
      const ids = receiver.received.map((request) => request.headers['webhook-id']);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(1);
      const [delivered] = await server.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
      expect(delivered?.deliveredAt).not.toBeNull();
    } finally {
      await receiver.stop();
    }
  });

  test('a slow receiver times out and a huge answer is cut at the cap', async () => {
    const { workshop } = await tradeScene();
    const receiver = await startWebhookReceiver('127.0.0.5');
    try {
      const hook = await register('workshop', workshop.cookie, { url: receiver.url(), event_kinds: ['inquiry.sent'] });
      await sendInquiry(server, workshop);
      receiver.answer({ kind: 'never' });
      const quick = { ...server.config.webhooks, limits: { ...server.config.webhooks.limits, totalTimeoutMs: 300 } };
      await deliverAll({ settings: quick });
      let log = await attemptsOf('workshop', workshop.cookie, hook.endpoint.id);
      expect(log[0]).toMatchObject({ error: 'timeout', http_status: null, delivery_status: 'pending' });

      const huge = 50 * 1024 * 1024;
      receiver.answer({ kind: 'huge', bytes: huge });
      await server.db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date() })
        .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
      await deliverAll();
      log = await attemptsOf('workshop', workshop.cookie, hook.endpoint.id);
      expect(log[0]).toMatchObject({ http_status: 200, delivery_status: 'delivered' });
      // The portal hung up long before the receiver could write it all.
      expect(await receiver.hugeBytesWritten()).toBeLessThan(huge);
    } finally {
      await receiver.stop();
    }
  });
});

describe('server-side request forgery', () => {
  test('private, loopback, link-local, unique-local, multicast, unspecified and mapped addresses are refused at registration', async () => {
    const { workshop } = await tradeScene();
    for (const url of [
      'https://10.0.0.1/hooks',
      'https://192.168.1.20/hooks',
      'https://172.16.0.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[fc00::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://[::ffff:10.0.0.1]/hooks',
      'https://[::ffff:169.254.169.254]/hooks',
      'https://224.0.0.1/hooks',
      'https://0.0.0.0/hooks',
      'https://[::]/hooks',
    ]) {
      const refused = await send(server, '/svc/workshop/webhooks', workshop.cookie, {
        url,
        event_kinds: ['inquiry.sent'],
      });
      expect(refused.response.status, url).toBe(400);
      expect(refused.body.error, url).toBe('webhookAddressRefused');
      expect(refused.body.field).toBe('url');
      expect(refused.body.message).toContain('öffentliche Adressen');
    }
    const bad = await send(server, '/svc/workshop/webhooks', workshop.cookie, {
      url: 'ftp://example.com/',
      event_kinds: ['inquiry.sent'],
    });
    expect(bad.body.error).toBe('webhookUrlInvalid');
    const noKinds = await send(server, '/svc/workshop/webhooks', workshop.cookie, {
      url: 'https://93.184.215.14/hooks',
      event_kinds: [],
    });
    expect(noKinds.body.error).toBe('webhookKindsRequired');
    const stored = await server.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organisationId, workshop.organisation.id));
    expect(stored).toEqual([]);
  });

  test('outside development only https to public addresses passes; a name must resolve only to allowed addresses', async () => {
    const production = { allowLoopback: false, allowHttp: false };
    expect(isAllowedWebhookAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedWebhookAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedWebhookAddress('::1', true)).toBe(false);
    expect(isAllowedWebhookAddress('::ffff:7f00:1', false)).toBe(false);
    expect(isAllowedWebhookAddress('100.64.0.1', false)).toBe(false);
    expect(isAllowedWebhookAddress('93.184.215.14', false)).toBe(true);
    expect(isAllowedWebhookAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c', false)).toBe(true);
    expect(await resolveWebhookTarget('http://93.184.215.14/', production)).toEqual({
      ok: false,
      reason: 'schemeRefused',
    });
    expect(
      await resolveWebhookTarget('https://erp.example.com/', production, async () => ['93.184.215.14', '10.0.0.7']),
    ).toEqual({
      ok: false,
      reason: 'addressRefused',
    });
    expect(
      await resolveWebhookTarget('https://erp.example.com/', production, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toEqual({ ok: false, reason: 'hostUnknown' });
    expect(
      await resolveWebhookTarget('https://erp.example.com/', production, async () => ['93.184.215.14']),
    ).toMatchObject({
      ok: true,
      address: '93.184.215.14',
    });
    expect(() =>
      loadServerConfig({
        APP_ENV: 'production',
        PUBLIC_URL: 'https://teileportal.example',
        ADMIN_PASSWORD: 'a-production-password-0123',
        SESSION_SECRET: 'a-production-session-secret-0123456789abcdef',
        CAPTCHA_HMAC_KEY: 'a-production-captcha-key-0123456789abcdef',
        WEBHOOK_ALLOW_LOOPBACK: 'true',
      }),
    ).toThrow(/WEBHOOK_ALLOW_LOOPBACK/);
  });

  test('checked again at delivery: an endpoint whose name now resolves to a private address gets nothing', async () => {
    const { workshop } = await tradeScene();
    const [literal] = await server.db
      .insert(webhookEndpoints)
      .values({
        organisationId: workshop.organisation.id,
        url: 'https://10.0.0.1/hooks',
        eventKinds: ['inquiry.sent'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .returning();
    const receiver = await startWebhookReceiver('127.0.0.6');
    try {
      // Registered while its name pointed at the (allowed) loopback receiver (no DNS here: written directly)...
      const [named] = await server.db
        .insert(webhookEndpoints)
        .values({
          organisationId: workshop.organisation.id,
          url: `http://rebinding.example:${receiver.port}/hooks`,
          eventKinds: ['inquiry.sent'],
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        })
        .returning();
      await sendInquiry(server, workshop);
      // ...and now pointing at the cloud metadata address.
      await deliverAll({ resolve: async () => ['169.254.169.254'] });
      const attempts = await server.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, literal?.id ?? 0));
      expect(attempts.map((attempt) => attempt.error)).toEqual(['addressRefused']);
      const namedAttempts = await server.db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.endpointId, named?.id ?? 0));
      expect(namedAttempts.map((attempt) => attempt.error)).toEqual(['addressRefused']);
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.stop();
    }
  });
});

describe('managing endpoints', () => {
  test('the secret is shown once; rotation signs with both secrets for a day; disable, enable and delete', async () => {
    const { workshop } = await tradeScene();
    const receiver = await startWebhookReceiver('127.0.0.7');
    try {
      const hook = await register('workshop', workshop.cookie, {
        url: receiver.url(),
        description: 'Unser ERP',
        event_kinds: ['inquiry.sent'],
      });
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const listed = await getJson<{ items: WebhookEndpoint[] }>(server, '/svc/workshop/webhooks', workshop.cookie);
      expect(listed.body.data.items).toEqual([hook.endpoint]);
      expect(JSON.stringify(listed.body)).not.toContain(hook.secret.slice(6));

      const rotated = await send<WebhookEndpointWithSecret>(
        server,
        `/svc/workshop/webhooks/${hook.endpoint.id}/rotate-secret`,
        workshop.cookie,
        {},
      );
      expect(rotated.response.status).toBe(200);
      expect(rotated.body.data.secret).not.toBe(hook.secret);
      expect(rotated.body.data.endpoint.previous_secret_expires_at).not.toBeNull();
      await sendInquiry(server, workshop);
      await deliverAll();
      const [request] = receiver.received;
      expect(request?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
      new Webhook(hook.secret).verify(request?.body ?? '', request?.headers ?? {});
      new Webhook(rotated.body.data.secret).verify(request?.body ?? '', request?.headers ?? {});

      // A day later only the new secret signs.
      await server.db
        .update(webhookDeliveries)
        .set({ deliveredAt: null, nextAttemptAt: new Date() })
        .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
      await deliverAll({ now: () => new Date(Date.now() + 24 * 3600_000 + 1000) });
      const last = receiver.received.at(-1);
      expect(last?.headers['webhook-signature']?.split(' ')).toHaveLength(1);
      expect(() => new Webhook(hook.secret).verify(last?.body ?? '', last?.headers ?? {})).toThrow();

      const disabled = await send<WebhookEndpoint>(
        server,
        `/svc/workshop/webhooks/${hook.endpoint.id}/disable`,
        workshop.cookie,
        {},
      );
      expect(disabled.body.data.disabled_at).not.toBeNull();
      const before = await server.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
      await sendInquiry(server, workshop);
      const after = await server.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
      expect(after).toHaveLength(before.length);
      const enabled = await send<WebhookEndpoint>(
        server,
        `/svc/workshop/webhooks/${hook.endpoint.id}/enable`,
        workshop.cookie,
        {},
      );
      expect(enabled.body.data.disabled_at).toBeNull();

      const deleted = await send(server, `/svc/workshop/webhooks/${hook.endpoint.id}/delete`, workshop.cookie, {});
      expect(deleted.response.status).toBe(200);
      expect(await server.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.endpoint.id))).toEqual(
        [],
      );
    } finally {
      await receiver.stop();
    }
  });

  test('another organisation’s endpoint or delivery is 404; a dealer cannot use the workshop’s routes', async () => {
    const { workshop, dealer } = await tradeScene();
    const stranger: TestWorkshop = await workshopWithDealers(server, []);
    const hook = await register('workshop', workshop.cookie, {
      url: 'http://127.0.0.8:4459/hooks',
      event_kinds: ['inquiry.sent'],
    });
    await sendInquiry(server, workshop);
    const [delivery] = await server.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.endpoint.id));
    for (const path of ['rotate-secret', 'disable', 'enable', 'delete', `deliveries/${delivery?.id}/resend`]) {
      const refused = await send(server, `/svc/workshop/webhooks/${hook.endpoint.id}/${path}`, stranger.cookie, {});
      expect(refused.response.status, path).toBe(404);
    }
    const log = await getJson(server, `/svc/workshop/webhooks/${hook.endpoint.id}/attempts`, stranger.cookie);
    expect(log.response.status).toBe(404);
    const dealerSide: TestDealer = dealer;
    const viaDealer = await send(
      server,
      `/svc/part-dealer/webhooks/${hook.endpoint.id}/disable`,
      dealerSide.cookie,
      {},
    );
    expect(viaDealer.response.status).toBe(404);
    const wrongService = await getJson(server, '/svc/workshop/webhooks', dealerSide.cookie);
    expect(wrongService.response.status).toBe(403);
    const [unchanged] = await server.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.endpoint.id));
    expect(unchanged?.disabledAt).toBeNull();
    expect(unchanged?.secret).toBe(hook.secret);
  });
});
