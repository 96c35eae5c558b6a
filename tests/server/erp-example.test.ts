import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OpenTransResult } from '../../common/contracts/opentrans';
import type { DealerInquiry, InquiryDetail, OrderSummary } from '../../common/contracts/trading';
import {
  confirmationDocument,
  createWebhookReceiver,
  dispatchDocument,
  orderItemsOf,
  quoteFromPriceList,
  type ReceiverOutcome,
} from '../../scripts/erp-example-core';
import { orderLines } from '../../server/db/schema';
import { newWebhookSecret, webhookHeaders } from '../../server/webhooks/signature';
import { callApi, createDealerApiKey } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/test-server';
import { dealerWithUsers, getJson, send, sendInquiry, workshopWithDealers } from '../support/trade-inquiries';

/*
 * `npm run erp:example` (issue 25) runs against a live portal by hand; these tests run its very
 * pieces against a test server: the quote it sends, the ORDER it reads, the ORDERRESPONSE and
 * DISPATCHNOTIFICATION it writes, and its receiver's signature check and de-duplication.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function postDocument(key: string, xml: string) {
  const response = await fetch(server.url('/api/v1/dealer/documents'), {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/xml', 'accept-language': 'de' },
    body: xml,
  });
  return { status: response.status, body: (await response.json()) as { data: OpenTransResult; message?: string } };
}

describe("the ERP example's flow through the dealer API", () => {
  test('quotes every line, reads the ORDER, confirms and ships the first line by openTRANS documents', async () => {
    const dealer = await dealerWithUsers(server, 'Teile Nord');
    const key = (await createDealerApiKey(server, dealer.cookie)).secret;
    const workshop = await workshopWithDealers(server, [dealer]);
    const sent = await sendInquiry(server, workshop);

    const read = await callApi<DealerInquiry>(server, `/api/v1/dealer/inquiries/${sent.id}`, key);
    const answer = quoteFromPriceList(read.body.data, new Date());
    expect(answer.lines).toHaveLength(read.body.data.lines.length);
    const answered = await callApi(server, `/api/v1/dealer/inquiries/${sent.id}/answer`, key, { body: answer });
    expect(answered.response.status, answered.body.message).toBe(200);

    // The workshop orders every quoted line, as on its inquiry page.
    const seen = await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${sent.id}`, workshop.cookie);
    const recipientId = seen.body.data.recipients[0]?.id ?? 0;
    const placed = await send<{ orders: OrderSummary[] }>(
      server,
      `/svc/workshop/inquiries/${sent.id}/orders`,
      workshop.cookie,
      {
        version: seen.body.data.version,
        choices: seen.body.data.lines.map((line) => ({ inquiry_line_id: line.id, recipient_id: recipientId })),
      },
    );
    expect(placed.response.status).toBe(200);
    const orderId = placed.body.data.orders[0]?.id ?? 0;
    const ordered = await callApi<DealerInquiry>(server, `/api/v1/dealer/inquiries/${sent.id}`, key);
    expect(ordered.body.data.order_id).toBe(orderId);

    const orderXml = await (
      await fetch(server.url(`/api/v1/dealer/orders/${orderId}/opentrans`), {
        headers: { authorization: `Bearer ${key}` },
      })
    ).text();
    const items = orderItemsOf(orderXml);
    expect(items).toEqual([
      { lineItemId: '1', quantity: '2', supplierPid: '1K0 615 301 AA' },
      { lineItemId: '2', quantity: '1', supplierPid: '' },
    ]);
    const [first] = items;
    if (!first) throw new Error('no item');

    const at = new Date('2026-11-27T09:30:00Z');
    const confirmed = await postDocument(key, confirmationDocument(orderId, first, at));
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(confirmed.body.data.changes.map((change) => [change.line_item_id, change.status])).toEqual([
      ['1', 'confirmed'],
    ]);
    const shipped = await postDocument(key, dispatchDocument(orderId, first, 'PAKET 0815', at));
    expect(shipped.status, shipped.body.message).toBe(200);
    expect(shipped.body.data.changes.map((change) => [change.line_item_id, change.status])).toEqual([['1', 'shipped']]);

    const lines = await server.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const sorted = lines.sort((a, b) => a.id - b.id);
    expect(sorted.map((line) => line.status)).toEqual(['shipped', 'placed']);
    expect(sorted[0]?.trackingReference).toBe('https://tracking.example/PAKET%200815');

    // Sent again (say, after a lost answer, without an Idempotency-Key): the line's state refuses it, nothing changes.
    const again = await postDocument(key, dispatchDocument(orderId, first, 'PAKET 0815', at));
    expect(again.status).toBe(422);
  });
});

describe("the ERP example's webhook receiver", () => {
  test("accepts the portal's signature once per webhook-id and refuses a wrong one", async () => {
    const secret = newWebhookSecret();
    const outcomes: ReceiverOutcome[] = [];
    const receiver = createWebhookReceiver({ value: secret }, new Set(), (outcome) => outcomes.push(outcome));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const deliver = (headers: Record<string, string>, body: string) =>
      fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers, body }).then((response) => response.status);
    try {
      const body = JSON.stringify({
        type: 'order.placed',
        timestamp: new Date().toISOString(),
        data: { id: 7, kind: 'order.placed', inquiry_id: 3, order_id: 4 },
      });
      const now = Math.floor(Date.now() / 1000);
      const signed = webhookHeaders([secret], 'msg_7_1', now, body);
      expect(await deliver(signed, body)).toBe(204);
      expect(await deliver(signed, body)).toBe(204);
      const forged = webhookHeaders([newWebhookSecret()], 'msg_8_1', now, body);
      expect(await deliver(forged, body)).toBe(401);
      const tampered = webhookHeaders([secret], 'msg_9_1', now, body);
      expect(await deliver(tampered, body.replace('order.placed', 'order.cancelled'))).toBe(401);

      expect(outcomes.map((outcome) => [outcome.kind, outcome.webhookId])).toEqual([
        ['event', 'msg_7_1'],
        ['repeat', 'msg_7_1'],
        ['refused', 'msg_8_1'],
        ['refused', 'msg_9_1'],
      ]);
      const [first] = outcomes;
      expect(first?.kind === 'event' ? first.event.data.order_id : null).toBe(4);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
