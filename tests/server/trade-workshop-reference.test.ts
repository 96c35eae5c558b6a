import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  DealerInboxItem,
  DealerInquiry,
  InquiryDetail,
  InquirySummary,
  OrderDetail,
  OrderSummary,
} from '../../common/contracts/trading';
import { inquiries, orders, outbox } from '../../server/db/schema';
import { deliverTradeMail } from '../../server/trade/trade-mail-worker';
import { callApi, createApiKey } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  answerBody,
  dealerView,
  dealerWithUsers,
  getJson,
  inquiryBody,
  send,
  type TestDealer,
  type TestWorkshop,
  workshopWithDealers,
} from '../support/trade-inquiries';

/*
 * Issue 24 §9: the workshop's own reference is stored on the inquiry, shown and searched in the
 * workshop's reads only, and never reaches a dealer; delivery or pickup and a note travel with the
 * order to the dealer's reads and its new-order mail.
 */

type Page<TItem> = { items: TItem[]; total: number; page: number; page_size: number };

const REFERENCE = 'Auftrag 4711 · HH-AB 123 · Kd. Müller';

let server: TestServer;
let dealer: TestDealer;
let workshop: TestWorkshop;

beforeAll(async () => {
  server = await startTestServer({ TRADE_SWEEP_MS: '3600000', TRADE_MAIL_POLL_MS: '3600000' });
  dealer = await dealerWithUsers(server, 'Teile Privat');
  workshop = await workshopWithDealers(server, [dealer]);
});
afterAll(() => server.stop());

async function sendWithReference(reference: unknown) {
  return send<InquiryDetail>(
    server,
    '/svc/workshop/inquiries',
    workshop.cookie,
    inquiryBody(
      workshop.relations.map((relation) => relation.id),
      { workshop_reference: reference },
    ),
  );
}

/** An inquiry with the reference, answered by the dealer and ordered with pickup and a note. */
async function orderedWithPickup() {
  const sent = await sendWithReference(`  ${REFERENCE}  `);
  expect(sent.response.status).toBe(200);
  const inquiry = sent.body.data;
  const view = await dealerView(server, dealer, inquiry.id);
  expect(
    (await send(server, `/svc/part-dealer/inquiries/${inquiry.id}/answer`, dealer.cookie, answerBody(view), 'PUT'))
      .response.status,
  ).toBe(200);
  const detail = (await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${inquiry.id}`, workshop.cookie)).body
    .data;
  const recipientId = detail.recipients[0]?.id;
  const placed = await send<{ orders: OrderSummary[] }>(
    server,
    `/svc/workshop/inquiries/${inquiry.id}/orders`,
    workshop.cookie,
    {
      version: detail.version,
      choices: [{ inquiry_line_id: detail.lines[0]?.id, recipient_id: recipientId }],
      orders: [{ recipient_id: recipientId, handover: 'pickup', note: '  Bitte bis 16 Uhr bereitlegen.  ' }],
    },
  );
  expect(placed.response.status).toBe(200);
  const order = placed.body.data.orders[0];
  if (!order) throw new Error('no order placed');
  return { inquiry, detail, order };
}

describe("the workshop's own reference", () => {
  test('is stored trimmed and shown on the inquiry, in its list and on its orders; the search finds it', async () => {
    const { inquiry, order } = await orderedWithPickup();
    expect(inquiry.workshop_reference).toBe(REFERENCE);
    const [row] = await server.db.select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect(row?.workshopReference).toBe(REFERENCE);
    expect(order.workshop_reference).toBe(REFERENCE);

    const list = await getJson<Page<InquirySummary>>(server, '/svc/workshop/inquiries?q=HH-AB', workshop.cookie);
    expect(list.body.data.items.map((item) => [item.id, item.workshop_reference])).toEqual([[inquiry.id, REFERENCE]]);
    const byCustomer = await getJson<Page<OrderSummary>>(server, '/svc/workshop/orders?q=M%C3%BCller', workshop.cookie);
    expect(byCustomer.body.data.items.map((item) => [item.id, item.workshop_reference])).toEqual([
      [order.id, REFERENCE],
    ]);
    expect(byCustomer.body.data.total).toBe(1);
    const unknown = await getJson<Page<OrderSummary>>(server, '/svc/workshop/orders?q=Auftrag%209999', workshop.cookie);
    expect(unknown.body.data.items).toEqual([]);

    const workshopOrder = await getJson<OrderDetail>(server, `/svc/workshop/orders/${order.id}`, workshop.cookie);
    expect(workshopOrder.body.data).toMatchObject({ workshop_reference: REFERENCE, handover: 'pickup' });
  });

  test('never reaches the dealer: not in its inquiry, inbox, order list, order, search or mails', async () => {
    const { inquiry, order } = await orderedWithPickup();
    const reads = [
      await getJson<DealerInquiry>(server, `/svc/part-dealer/inquiries/${inquiry.id}`, dealer.cookie),
      await getJson<Page<DealerInboxItem>>(server, '/svc/part-dealer/inquiries', dealer.cookie),
      await getJson<Page<OrderSummary>>(server, '/svc/part-dealer/orders', dealer.cookie),
      await getJson<OrderDetail>(server, `/svc/part-dealer/orders/${order.id}`, dealer.cookie),
    ];
    for (const { response, body } of reads) {
      expect(response.status).toBe(200);
      const text = JSON.stringify(body);
      expect(text).not.toContain('HH-AB 123');
      expect(text).not.toContain('workshop_reference');
    }
    // The dealer's order still shows what is meant for it: pickup and the note.
    expect(reads[3]?.body.data).toMatchObject({ handover: 'pickup', note: 'Bitte bis 16 Uhr bereitlegen.' });
    // Its searches do not find the reference either (a hit would tell it).
    for (const pathname of ['/svc/part-dealer/inquiries?q=HH-AB', '/svc/part-dealer/orders?q=HH-AB']) {
      const found = await getJson<Page<{ id: number }>>(server, pathname, dealer.cookie);
      expect(found.body.data.items, pathname).toEqual([]);
    }
    await deliverTradeMail(server.db, { publicUrl: 'https://portal.example.de', digestWindowMs: 0 });
    const dealerMails = await server.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, dealer.emails[0] ?? ''), sql`${outbox.kind} like 'trade-%'`));
    expect(dealerMails.length).toBeGreaterThan(0);
    for (const mail of dealerMails) {
      expect(`${mail.subject}\n${mail.textBody}\n${mail.htmlBody}`).not.toContain('HH-AB');
    }
  });

  test('longer than 80 characters is refused with its message and stores nothing', async () => {
    const [before] = await server.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(inquiries);
    const refused = await sendWithReference('x'.repeat(81));
    expect(refused.response.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'fieldTooLong', field: 'workshop_reference' });
    expect(refused.body.message).toBeTruthy();
    const [after] = await server.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(inquiries);
    expect(after?.total).toBe(before?.total);
    expect((await sendWithReference(42)).response.status).toBe(400);
  });

  test('none given: null, and an order without handover choices is a delivery without a note', async () => {
    const sent = await sendWithReference('');
    expect(sent.body.data.workshop_reference).toBeNull();
    const view = await dealerView(server, dealer, sent.body.data.id);
    await send(server, `/svc/part-dealer/inquiries/${view.id}/answer`, dealer.cookie, answerBody(view), 'PUT');
    const detail = (await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${view.id}`, workshop.cookie)).body
      .data;
    const placed = await send<{ orders: OrderSummary[] }>(
      server,
      `/svc/workshop/inquiries/${view.id}/orders`,
      workshop.cookie,
      {
        version: detail.version,
        choices: [{ inquiry_line_id: detail.lines[0]?.id, recipient_id: detail.recipients[0]?.id }],
      },
    );
    expect(placed.body.data.orders[0]).toMatchObject({ handover: 'delivery', note: '', workshop_reference: null });
  });
});

describe('delivery or pickup and the note on ordering', () => {
  async function quotedDetail() {
    const sent = await sendWithReference('');
    const view = await dealerView(server, dealer, sent.body.data.id);
    await send(server, `/svc/part-dealer/inquiries/${view.id}/answer`, dealer.cookie, answerBody(view), 'PUT');
    return (await getJson<InquiryDetail>(server, `/svc/workshop/inquiries/${view.id}`, workshop.cookie)).body.data;
  }

  test('a bad handover, a note over 500 characters or a note for a dealer not ordered from is refused; nothing is ordered', async () => {
    const detail = await quotedDetail();
    const recipientId = detail.recipients[0]?.id ?? 0;
    const choices = [{ inquiry_line_id: detail.lines[0]?.id, recipient_id: recipientId }];
    const attempts = [
      { orders: [{ recipient_id: recipientId, handover: 'courier' }] },
      { orders: [{ recipient_id: recipientId, note: 'n'.repeat(501) }] },
      { orders: [{ recipient_id: recipientId + 1000, handover: 'pickup' }] },
      { orders: [{ recipient_id: recipientId }, { recipient_id: recipientId, handover: 'pickup' }] },
    ];
    for (const extra of attempts) {
      const refused = await send(server, `/svc/workshop/inquiries/${detail.id}/orders`, workshop.cookie, {
        version: detail.version,
        choices,
        ...extra,
      });
      expect(refused.response.status, JSON.stringify(extra)).toBe(400);
    }
    const tooLong = await send(server, `/svc/workshop/inquiries/${detail.id}/orders`, workshop.cookie, {
      version: detail.version,
      choices,
      orders: [{ recipient_id: recipientId, note: 'n'.repeat(501) }],
    });
    expect(tooLong.body.error).toBe('fieldTooLong');
    expect(await server.db.select().from(orders).where(eq(orders.inquiryId, detail.id))).toEqual([]);
  });

  test("the dealer's new-order mail names pickup and the note, in German", async () => {
    const { order } = await orderedWithPickup();
    await deliverTradeMail(server.db, { publicUrl: 'https://portal.example.de', digestWindowMs: 0 });
    const [mail] = await server.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.recipient, dealer.emails[0] ?? ''),
          sql`${outbox.subject} like ${`Neue Bestellung ${order.id} %`}`,
        ),
      );
    expect(mail?.textBody).toContain('Lieferart: Abholung durch die Werkstatt');
    expect(mail?.textBody).toContain('Hinweis der Werkstatt: Bitte bis 16 Uhr bereitlegen.');
    expect(mail?.htmlBody).toContain('Abholung durch die Werkstatt');
  });
});

describe('the workshop DMS API (/api/v1)', () => {
  test('takes the reference on an inquiry and delivery or pickup and a note per order, and reads them back', async () => {
    const { secret: key } = await createApiKey(server, workshop.cookie);
    const relationIds = workshop.relations.map((relation) => relation.id);
    const created = await callApi<InquiryDetail>(server, '/api/v1/inquiries', key, {
      body: inquiryBody(relationIds, { workshop_reference: 'DMS-Auftrag 9001' }),
    });
    expect(created.response.status).toBe(200);
    expect(created.body.data.workshop_reference).toBe('DMS-Auftrag 9001');
    const view = await dealerView(server, dealer, created.body.data.id);
    expect(JSON.stringify(view)).not.toContain('DMS-Auftrag');
    await send(server, `/svc/part-dealer/inquiries/${view.id}/answer`, dealer.cookie, answerBody(view), 'PUT');
    const detail = await callApi<InquiryDetail>(server, `/api/v1/inquiries/${view.id}`, key);
    const recipientId = detail.body.data.recipients[0]?.id;
    const placed = await callApi<{ orders: OrderSummary[] }>(server, `/api/v1/inquiries/${view.id}/orders`, key, {
      body: {
        version: detail.body.data.version,
        choices: [{ inquiry_line_id: detail.body.data.lines[0]?.id, recipient_id: recipientId }],
        orders: [{ recipient_id: recipientId, handover: 'pickup', note: 'Abholung Montag' }],
      },
    });
    expect(placed.response.status).toBe(200);
    const orderId = placed.body.data.orders[0]?.id;
    const read = await callApi<OrderDetail>(server, `/api/v1/orders/${orderId}`, key);
    expect(read.body.data).toMatchObject({
      handover: 'pickup',
      note: 'Abholung Montag',
      workshop_reference: 'DMS-Auftrag 9001',
    });
    const found = await callApi<Page<InquirySummary>>(server, '/api/v1/inquiries?q=DMS-Auftrag', key);
    expect(found.body.data.items.map((item) => item.id)).toEqual([view.id]);
  });
});
