import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { DealerApiInboxPage } from '../common/contracts/dealer-api';
import type { OpenTransResult } from '../common/contracts/opentrans';
import { TRADE_EVENT_KINDS } from '../common/contracts/trade-events';
import type { DealerInquiry } from '../common/contracts/trading';
import {
  confirmationDocument,
  createWebhookReceiver,
  dispatchDocument,
  orderItemsOf,
  priceOf,
  quoteFromPriceList,
} from './erp-example-core';

/**
 * `npm run erp:example`: a dealer's ERP against a running portal (issue 25; ADR 040, 041, 042).
 *
 * 1. Starts a webhook receiver on 127.0.0.1:$WEBHOOK_PORT (default 4800) that verifies every
 *    delivery's Standard Webhooks signature with the endpoint's secret and prints each event once
 *    (deliveries are at least once: deduplicated by `webhook-id`).
 * 2. Registers that receiver for the dealer. Webhook endpoints are managed in the portal's settings
 *    (`/settings/webhooks`), not with an API key — as an ERP operator does it once, by hand: register
 *    the URL there and start the example with `WEBHOOK_SECRET=whsec_…` (the secret shown once). Without
 *    it, the example signs in as the dealer user (DEALER_EMAIL / DEALER_PASSWORD, the demo dealer by
 *    default) and registers the receiver itself through the same session route the screen uses.
 * 3. With the dealer's API key (DEALER_API_KEY) it reads the inbox, quotes the newest open inquiry
 *    (every line, prices as an ERP's price list would give them), waits (polling) until the workshop
 *    orders from it, fetches the openTRANS ORDER, confirms the first line by an ORDERRESPONSE and ships
 *    it by a DISPATCHNOTIFICATION, then keeps receiving webhooks until Ctrl+C.
 *
 * Every call is retried while the portal is unreachable (a restart): the example carries on where it
 * was, and webhook deliveries missed meanwhile arrive later from the portal's outbox.
 */

const portalUrl = (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const apiKey = process.env.DEALER_API_KEY ?? '';
const webhookPort = Number(process.env.WEBHOOK_PORT ?? 4800);
const dealerEmail = process.env.DEALER_EMAIL ?? 'haendler1@demo.teileportal.local';
const dealerPassword = process.env.DEALER_PASSWORD ?? 'Teileportal-Demo-2026';
/** How often the inbox and the inquiry are polled while waiting for the workshop. */
const POLL_INTERVAL_MS = 3000;

if (!apiKey) {
  console.error(`DEALER_API_KEY is not set. Create a dealer API key first:
  1. open ${portalUrl}/login and sign in as the dealer (demo: ${dealerEmail}, password ${dealerPassword})
  2. API keys in the navigation (${portalUrl}/dealer/api-keys) → create a key, copy the tp_… shown once
  3. DEALER_API_KEY=tp_… npm run erp:example   (PORTAL_URL=${portalUrl}, WEBHOOK_PORT=${webhookPort})`);
  process.exit(2);
}

type Envelope<TData> = { code: number; data: TData; message?: string; error?: string };

function log(message: string) {
  console.log(`${new Date().toISOString().slice(11, 19)} ${message}`);
}

/** fetch that waits out an unreachable portal (restart, deploy) instead of failing: 2 s, 4 s, … up to 30 s apart. */
async function reach(path: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(`${portalUrl}${path}`, init);
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      const wait = Math.min(30_000, 1000 * 2 ** attempt);
      log(`portal not reachable (${cause}); trying again in ${wait / 1000} s`);
      await delay(wait);
    }
  }
}

/** A dealer API call with the key; a refusal ends the example with the portal's translated message. */
async function api<TData>(
  path: string,
  options: { body?: unknown; xml?: string; idempotencyKey?: string; allowStatus?: number[] } = {},
) {
  const hasBody = options.body !== undefined || options.xml !== undefined;
  // One Idempotency-Key per write the ERP means to make once: a retry after a lost answer is replayed, not run twice.
  const headers: Record<string, string> = {
    authorization: `Bearer ${apiKey}`,
    'accept-language': 'de',
    ...(options.xml !== undefined ? { 'content-type': 'application/xml; charset=utf-8' } : {}),
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(hasBody ? { 'idempotency-key': options.idempotencyKey ?? randomUUID() } : {}),
  };
  const init: RequestInit = {
    method: hasBody ? 'POST' : 'GET',
    headers,
    body: options.xml ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  };
  for (;;) {
    const response = await reach(`/api/v1/dealer${path}`, init);
    // A restart mid-request, or a repeat while the first is still running: the same request again.
    if (response.status === 502 || response.status === 503 || response.status === 409) {
      const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
      if (response.status !== 409 || envelope?.error === 'idempotencyKeyInFlight') {
        await delay(1000);
        continue;
      }
      return fail(path, response.status, envelope);
    }
    if (response.status === 429) {
      await delay(Number(response.headers.get('retry-after') ?? 5) * 1000);
      continue;
    }
    if (path.endsWith('/opentrans') && response.ok) return { status: response.status, text: await response.text() };
    const envelope = (await response.json()) as Envelope<TData>;
    if (!response.ok && !options.allowStatus?.includes(response.status)) return fail(path, response.status, envelope);
    return { status: response.status, envelope };
  }
}

function fail(path: string, status: number, envelope: Envelope<unknown> | null): never {
  console.error(`${path}: ${status} ${envelope?.error ?? ''} ${envelope?.message ?? ''}`);
  const problems = (envelope?.data as { problems?: { message: string; line_item_id: string | null }[] } | null)
    ?.problems;
  for (const problem of problems ?? []) console.error(`  - line ${problem.line_item_id ?? '–'}: ${problem.message}`);
  process.exit(1);
}

// ── 1. The webhook receiver ─────────────────────────────────────────────────────────────────────

const webhookSecret = { value: process.env.WEBHOOK_SECRET ?? '' };
const seenWebhookIds = new Set<string>();
let refusedDeliveries = 0;
const receiver = createWebhookReceiver(webhookSecret, seenWebhookIds, (outcome) => {
  if (outcome.kind === 'refused') refusedDeliveries += 1;
  if (outcome.kind === 'refused') log(`webhook REFUSED: ${outcome.reason} (${outcome.webhookId})`);
  if (outcome.kind === 'event') {
    const { event } = outcome;
    const about = [`inquiry ${event.data.inquiry_id}`, event.data.order_id ? `order ${event.data.order_id}` : '']
      .filter(Boolean)
      .join(', ');
    log(`webhook ✓ signature valid  ${event.type}  ${about}  (${outcome.webhookId})`);
  }
});
await new Promise<void>((resolve, reject) => {
  receiver.once('error', reject);
  receiver.listen(webhookPort, '127.0.0.1', resolve);
});
const receiverUrl = `http://127.0.0.1:${webhookPort}/teileportal-webhooks`;
log(`webhook receiver listening on ${receiverUrl}`);

// ── 2. Register it for the dealer (once, as an operator would in the settings screen) ───────────

/** Signs in as the dealer user and registers the receiver through the session route of /settings/webhooks. */
async function registerReceiverWithSession() {
  const json = { 'content-type': 'application/json', 'accept-language': 'de' };
  const login = await reach('/svc/auth/api/v1/login', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: dealerEmail, password: dealerPassword }),
  });
  if (!login.ok) {
    const envelope = (await login.json()) as Envelope<unknown>;
    console.error(`Signing in as ${dealerEmail} failed: ${envelope.message ?? login.status}.
Register ${receiverUrl} under ${portalUrl}/settings/webhooks yourself and start the example with WEBHOOK_SECRET=whsec_…,
or set DEALER_EMAIL and DEALER_PASSWORD.`);
    process.exit(1);
  }
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const session = { ...json, cookie, origin: portalUrl };
  const listed = await reach('/svc/part-dealer/webhooks', { headers: session });
  const existing = ((await listed.json()) as Envelope<{ items: { id: number; url: string }[] }>).data.items.find(
    (endpoint) => endpoint.url === receiverUrl,
  );
  // The secret is shown only when created or rotated: an endpoint from an earlier run gets a new one.
  const created = await reach(
    existing ? `/svc/part-dealer/webhooks/${existing.id}/rotate-secret` : '/svc/part-dealer/webhooks',
    {
      method: 'POST',
      headers: session,
      body: JSON.stringify(
        existing ? {} : { url: receiverUrl, description: 'erp:example', event_kinds: [...TRADE_EVENT_KINDS] },
      ),
    },
  );
  const answer = (await created.json()) as Envelope<{ secret: string }>;
  if (!created.ok) {
    console.error(`Registering the webhook failed: ${answer.message ?? created.status}`);
    process.exit(1);
  }
  webhookSecret.value = answer.data.secret;
  log(`webhook ${existing ? 'secret rotated' : 'registered'} for ${dealerEmail} (all trade event kinds)`);
}

if (webhookSecret.value) log('webhook secret from WEBHOOK_SECRET (endpoint registered in the settings screen)');
else await registerReceiverWithSession();

// ── 3. The ERP's work with the API key ──────────────────────────────────────────────────────────

const me = await api<{ dealer: { id: number; name: string }; key: { name: string } }>('/me');
log(`acting as ${me.envelope?.data.dealer.name} with key "${me.envelope?.data.key.name}"`);

/** The newest inquiry still waiting for this dealer's answer; waits for one when there is none. */
async function newestOpenInquiry() {
  for (let announced = false; ; announced = true) {
    const inbox = await api<DealerApiInboxPage>('/inquiries?status=open&limit=1');
    const newest = inbox.envelope?.data.items[0];
    if (newest) return newest;
    if (!announced) log('no open inquiry in the inbox: waiting for a workshop to send one …');
    await delay(POLL_INTERVAL_MS);
  }
}

const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;

const inboxItem = await newestOpenInquiry();
const inquiry = (await api<DealerInquiry>(`/inquiries/${inboxItem.id}`)).envelope?.data as DealerInquiry;
log(
  `inquiry ${inquiry.id} from ${inquiry.workshop_name} (customer ${inquiry.customer_number || '–'}): ${inquiry.lines.length} lines`,
);
await api(`/inquiries/${inquiry.id}/seen`, { body: {} });

const answer = quoteFromPriceList(inquiry, new Date());
await api(`/inquiries/${inquiry.id}/answer`, { body: answer });
for (const line of inquiry.lines) {
  const price = priceOf(line.part_number, line.description);
  log(
    `  quoted ${line.quantity} × ${line.part_number || line.description}: ${euro(price.netPriceCents)}` +
      `${price.depositCents ? ` + ${euro(price.depositCents)} Pfand` : ''}`,
  );
}
log(`quote sent (valid until ${answer.valid_until}); waiting for the workshop to order …`);

let orderId: number | null = null;
while (orderId === null) {
  await delay(POLL_INTERVAL_MS);
  const current = await api<DealerInquiry>(`/inquiries/${inquiry.id}`);
  orderId = current.envelope?.data.order_id ?? null;
  const status = current.envelope?.data.inquiry_status;
  // Ordered elsewhere, closed or cancelled without an order from this dealer: nothing will come.
  if (orderId === null && (status === 'ordered' || status === 'closed' || status === 'cancelled')) {
    log(`inquiry ${inquiry.id} is ${status} without an order from us: nothing to ship`);
    break;
  }
}

if (orderId !== null) {
  log(`order ${orderId} received`);
  // The ORDER as the ERP imports it; its LINE_ITEM_IDs are what the answers refer to.
  const orderXml = (await api(`/orders/${orderId}/opentrans`)).text ?? '';
  const items = orderItemsOf(orderXml);
  log(
    `  openTRANS ORDER: ${items.map((item) => `${item.lineItemId}: ${item.quantity} × ${item.supplierPid}`).join('; ')}`,
  );
  const first = items[0];
  if (!first) throw new Error('the ORDER has no items');

  const now = new Date();
  const orderResponse = confirmationDocument(orderId, first, now);
  const confirmed = await api<OpenTransResult>('/documents', { xml: orderResponse });
  for (const change of confirmed.envelope?.data.changes ?? []) {
    log(
      `  ORDERRESPONSE applied: line ${change.line_item_id} (${change.part_number}) ${change.action} → ${change.status}`,
    );
  }

  const shipmentId = `PAKET-${orderId}-${now.getTime() % 100_000}`;
  const dispatch = dispatchDocument(orderId, first, shipmentId, now);
  const shipped = await api<OpenTransResult>('/documents', { xml: dispatch });
  for (const change of shipped.envelope?.data.changes ?? []) {
    log(
      `  DISPATCHNOTIFICATION applied: line ${change.line_item_id} ${change.action} → ${change.status} (${shipmentId})`,
    );
  }
}

log('done with the order; still receiving webhooks (Ctrl+C to stop)');
process.on('SIGINT', () => {
  log(`${seenWebhookIds.size} webhook events received and handled once each; ${refusedDeliveries} refused deliveries`);
  receiver.close();
  process.exit(0);
});
