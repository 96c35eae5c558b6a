import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OpenTransProblem, OpenTransResult } from '../../common/contracts/opentrans';
import type { OrderDetail, OrderLineStatus } from '../../common/contracts/trading';
import { orderLines, orders, tradeMailQueue } from '../../server/db/schema';
import { createApiKey, createDealerApiKey } from '../support/api-keys';
import { dispatchXml, insertOrderWithLines, latin1Bytes, orderResponseXml, type TestLine } from '../support/opentrans';
import { insertDealerOrganisation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';
import { tradeEventCount } from '../support/trade-orders';

/*
 * openTRANS documents of a dealer's ERP (ADR 042) through the order page's upload and the dealer
 * API's adapter: every document action × every line state, whole-document refusals that change
 * nothing, foreign and unknown orders, quantities, encodings, and hostile XML.
 */

type Dealer = Awaited<ReturnType<typeof insertDealerOrganisation>>;
type Envelope<TData> = { code: number; data: TData; message?: string; error?: string };

let server: TestServer;
let workshop: { organisationId: number; userId: number };
let nord: Dealer;
let sued: Dealer;
let nordCookie: string;
/** The API keys the tests call /api/v1 with: both dealers' and the workshop's (ADR 040). */
const keys = { nord: '', sued: '', workshop: '' };

beforeAll(async () => {
  server = await startTestServer();
  const werkstatt = await insertWorkshop(server.db, { name: 'Autohaus Becker', ownerEmail: 'max@becker.de' });
  workshop = { organisationId: werkstatt.organisation.id, userId: werkstatt.owner.id };
  nord = await insertDealerOrganisation(server.db, 'Teile Nord GmbH', ['eins@teile-nord.de']);
  sued = await insertDealerOrganisation(server.db, 'Teile Süd AG', ['eins@teile-sued.de']);
  nordCookie = await loginCookie(server, 'eins@teile-nord.de', MEMBER_PASSWORD);
  keys.nord = (await createDealerApiKey(server, nordCookie)).secret;
  keys.sued = (
    await createDealerApiKey(server, await loginCookie(server, 'eins@teile-sued.de', MEMBER_PASSWORD))
  ).secret;
  keys.workshop = (await createApiKey(server, await loginCookie(server, 'max@becker.de', MEMBER_PASSWORD))).secret;
});
afterAll(() => server.stop());

const nordActor = () => ({ partDealerId: nord.partDealer.id, organisationId: nord.organisation.id });
const orderFor = (lines: readonly TestLine[], dealer = nordActor()) =>
  insertOrderWithLines(server.db, workshop, dealer, lines);

async function upload(orderId: number, document: string | Uint8Array, cookie = nordCookie) {
  const bytes = typeof document === 'string' ? Buffer.from(document, 'utf8') : Buffer.from(document);
  const { response, body } = await postJson(
    server,
    `/svc/part-dealer/orders/${orderId}/opentrans`,
    { document_base64: bytes.toString('base64') },
    { cookie },
  );
  return { status: response.status, body: body as unknown as Envelope<unknown> };
}

const problemsOf = (body: Envelope<unknown>) => (body.data as { problems: OpenTransProblem[] }).problems;
const statusesOf = async (orderId: number) =>
  (await server.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id))).map(
    (line) => line.status,
  );

/** Everything a refused document must leave as it was: the lines, the order's version, the log, the mails. */
async function snapshot(orderId: number) {
  const [order] = await server.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await server.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const mails = await server.db.select().from(tradeMailQueue);
  return { version: order?.version, lines, events: await tradeEventCount(server.db), mails: mails.length };
}

// ── Every action × every line state ─────────────────────────────────────────────────────────────

type DocumentAction = 'confirm' | 'backorder' | 'cancel' | 'ship';
const STATES: readonly OrderLineStatus[] = [
  'placed',
  'confirmed',
  'backorder',
  'cancelled',
  'shipped',
  'delivered',
  'returned',
];
/** What the dealer's screen may do to a line in each state (the order line lifecycle, issue 13). */
const ALLOWED: Record<OrderLineStatus, readonly DocumentAction[]> = {
  placed: ['confirm', 'backorder', 'cancel'],
  confirmed: ['backorder', 'cancel', 'ship'],
  backorder: ['confirm', 'backorder', 'cancel', 'ship'],
  cancelled: [],
  shipped: [],
  delivered: [],
  returned: [],
};
const AFTER: Record<DocumentAction, OrderLineStatus> = {
  confirm: 'confirmed',
  backorder: 'backorder',
  cancel: 'cancelled',
  ship: 'shipped',
};

/** A document doing `action` to line 1 and a valid change to line 2 (which must not happen alone). */
function documentFor(action: DocumentAction, orderId: number) {
  if (action === 'ship') {
    return dispatchXml(
      [
        { orderId: String(orderId), lineItemId: '1', quantity: 2 },
        { orderId: String(orderId), lineItemId: '2', quantity: 2 },
      ],
      { shipmentId: 'PAKET-0815', trackingUrl: 'https://track.example/0815' },
    );
  }
  const first =
    action === 'confirm'
      ? { lineItemId: '1', quantity: 2 }
      : action === 'backorder'
        ? { lineItemId: '1', quantity: 2, deliveryDate: '2026-12-10T00:00:00+01:00' }
        : { lineItemId: '1', quantity: 0, remarks: 'Artikel ausgelaufen' };
  return orderResponseXml(String(orderId), [first, { lineItemId: '2', quantity: 2 }]);
}

describe('every document action on every line state', () => {
  for (const state of STATES) {
    for (const action of ['confirm', 'backorder', 'cancel', 'ship'] as const) {
      const allowed = ALLOWED[state].includes(action);
      test(`${action} on a ${state} line is ${allowed ? 'applied' : 'refused as a whole'}`, async () => {
        // Line 2 takes the document's other action: confirmed when line 1 ships, placed otherwise.
        const companion: OrderLineStatus = action === 'ship' ? 'confirmed' : 'placed';
        const { order } = await orderFor([{ status: state }, { status: companion }]);
        const before = await snapshot(order.id);
        const { status, body } = await upload(order.id, documentFor(action, order.id));
        if (allowed) {
          expect(status).toBe(200);
          expect(await statusesOf(order.id)).toEqual([AFTER[action], action === 'ship' ? 'shipped' : 'confirmed']);
          expect(await tradeEventCount(server.db)).toBeGreaterThan(before.events);
        } else {
          expect(status).toBe(422);
          expect(body.error).toBe('openTransRefused');
          expect(problemsOf(body)).toEqual([
            expect.objectContaining({ order_id: String(order.id), line_item_id: '1', message: expect.any(String) }),
          ]);
          expect(await snapshot(order.id)).toEqual(before);
        }
      });
    }
  }
});

describe('what each answer writes', () => {
  test('a confirmation, a backorder with its ETA and a cancellation with its reason, told to the workshop', async () => {
    const { order } = await orderFor([{ status: 'placed' }, { status: 'placed' }, { status: 'placed' }]);
    const mailsBefore = (await snapshot(order.id)).mails;
    const { status, body } = await upload(
      order.id,
      orderResponseXml(`Bestellung ${order.id}`, [
        { lineItemId: '1', quantity: '2.000' },
        { lineItemId: '2', quantity: 2, deliveryDate: '2026-12-15' },
        { lineItemId: '3', quantity: 0, remarks: 'Nicht mehr lieferbar' },
      ]),
    );
    expect(status).toBe(200);
    const data = body.data as { result: OpenTransResult; order: OrderDetail };
    expect(data.result.changes.map((change) => [change.line_item_id, change.action])).toEqual([
      ['1', 'confirm'],
      ['2', 'backorder'],
      ['3', 'cancel'],
    ]);
    expect(data.order.lines.map((line) => [line.status, line.eta, line.cancel_reason])).toEqual([
      // A confirmed line is expected on the day promised at placement; a cancelled one never.
      ['confirmed', '2026-12-01', null],
      ['backorder', '2026-12-15', null],
      ['cancelled', null, 'Nicht mehr lieferbar'],
    ]);
    expect(body.message).toBe('Das openTRANS-Dokument wurde übernommen.');
    // The backorder and the cancelled line are mailed to the workshop, as from the screen.
    expect((await snapshot(order.id)).mails).toBe(mailsBefore + 2);
  });

  test('a delivery date on or before the requested day confirms; a later one is a backorder', async () => {
    const { order } = await orderFor([
      { status: 'placed', promisedOn: '2026-12-01' },
      { status: 'placed', promisedOn: '2026-12-01' },
    ]);
    await upload(
      order.id,
      orderResponseXml(String(order.id), [
        { lineItemId: '1', quantity: 2, deliveryDate: '2026-12-01T08:00:00+01:00' },
        { lineItemId: '2', quantity: 2, deliveryDate: '2026-12-02' },
      ]),
    );
    expect(await statusesOf(order.id)).toEqual(['confirmed', 'backorder']);
  });

  test('a dispatch keeps the tracking URL, else the shipment id; one partial delivery of the whole quantity ships', async () => {
    const { order } = await orderFor([{ status: 'confirmed' }, { status: 'backorder' }]);
    const { status } = await upload(
      order.id,
      dispatchXml([{ orderId: String(order.id), lineItemId: '1', quantity: 2, partials: [2] }], {
        shipmentId: 'PAKET-1',
        trackingUrl: 'https://track.example/PAKET-1',
      }),
    );
    expect(status).toBe(200);
    await upload(
      order.id,
      dispatchXml([{ orderId: String(order.id), lineItemId: '2', quantity: 2 }], { shipmentId: 'PAKET-2' }),
    );
    const lines = await server.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    expect(lines.map((line) => [line.status, line.trackingReference])).toEqual([
      ['shipped', 'https://track.example/PAKET-1'],
      ['shipped', 'PAKET-2'],
    ]);
  });

  test('ISO-8859-1 with umlauts and no bmecat prefix: the reason keeps its umlauts', async () => {
    const { order } = await orderFor([{ status: 'placed' }]);
    const xml = orderResponseXml(
      String(order.id),
      [{ lineItemId: '1', quantity: 0, remarks: 'Größe passt nicht – Überhang' }],
      {
        prefix: '',
        encoding: 'ISO-8859-1',
      },
    );
    // "–" is not Latin-1: an ERP writes it as a character reference.
    const { status } = await upload(order.id, latin1Bytes(xml.replace('–', '&#8211;')));
    expect(status).toBe(200);
    const [line] = await server.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line?.cancelReason).toBe('Größe passt nicht – Überhang');
  });
});

describe('documents refused as a whole', () => {
  test('an unknown order, another dealer’s order and an unknown line are refused and change nothing', async () => {
    const { order } = await orderFor([{ status: 'placed' }]);
    const { order: foreign } = await orderFor([{ status: 'placed' }], {
      partDealerId: sued.partDealer.id,
      organisationId: sued.organisation.id,
    });
    const foreignBefore = await snapshot(foreign.id);

    const unknown = await upload(order.id, orderResponseXml('99999999', [{ lineItemId: '1', quantity: 2 }]));
    expect(problemsOf(unknown.body).map((problem) => problem.message_id)).toEqual(['openTransUnknownOrder']);

    // Another dealer's order on this dealer's page: unknown, the same as one that does not exist.
    const stranger = await upload(order.id, orderResponseXml(String(foreign.id), [{ lineItemId: '1', quantity: 2 }]));
    expect(problemsOf(stranger.body).map((problem) => problem.message_id)).toEqual(['openTransUnknownOrder']);
    // The foreign order's own page: 404, like every other route of an order that is not the dealer's.
    const foreignPage = await upload(
      foreign.id,
      orderResponseXml(String(foreign.id), [{ lineItemId: '1', quantity: 2 }]),
    );
    expect(foreignPage.status).toBe(404);
    expect(await snapshot(foreign.id)).toEqual(foreignBefore);

    const before = await snapshot(order.id);
    const badLine = await upload(
      order.id,
      orderResponseXml(String(order.id), [
        { lineItemId: '1', quantity: 2 },
        { lineItemId: '7', quantity: 1 },
      ]),
    );
    expect(badLine.status).toBe(422);
    expect(problemsOf(badLine.body)).toEqual([
      expect.objectContaining({
        message_id: 'openTransUnknownLine',
        line_item_id: '7',
        message: 'Diese Position gibt es in der Bestellung nicht.',
      }),
    ]);
    expect(await snapshot(order.id)).toEqual(before);
  });

  test('every problem is listed: a quantity above the ordered, a partial quantity, a cancellation without reason, a line twice', async () => {
    const { order } = await orderFor([
      { status: 'placed' },
      { status: 'placed' },
      { status: 'placed' },
      { status: 'placed' },
    ]);
    const before = await snapshot(order.id);
    const { status, body } = await upload(
      order.id,
      orderResponseXml(String(order.id), [
        { lineItemId: '1', quantity: 3 },
        { lineItemId: '2', quantity: 1 },
        { lineItemId: '3', quantity: 0 },
        { lineItemId: '4', quantity: 2 },
        { lineItemId: '4', quantity: 2 },
      ]),
    );
    expect(status).toBe(422);
    expect(problemsOf(body).map((problem) => [problem.line_item_id, problem.message_id])).toEqual([
      ['1', 'openTransQuantityAboveOrdered'],
      ['2', 'openTransPartialQuantity'],
      ['3', 'openTransCancelReasonMissing'],
      ['4', 'openTransLineTwice'],
    ]);
    expect(await snapshot(order.id)).toEqual(before);
  });

  test('partial shipments are not modelled: a split delivery or a smaller quantity is refused', async () => {
    const { order } = await orderFor([{ status: 'confirmed' }, { status: 'confirmed' }, { status: 'confirmed' }]);
    const before = await snapshot(order.id);
    const { body } = await upload(
      order.id,
      dispatchXml([
        { orderId: String(order.id), lineItemId: '1', quantity: 2, partials: [1, 1] },
        { orderId: String(order.id), lineItemId: '2', quantity: 1 },
        { orderId: String(order.id), lineItemId: '3', quantity: 5 },
      ]),
    );
    expect(problemsOf(body).map((problem) => problem.message_id)).toEqual([
      'openTransPartialQuantity',
      'openTransPartialQuantity',
      'openTransQuantityAboveOrdered',
    ]);
    expect(await snapshot(order.id)).toEqual(before);
  });

  test('the order page takes only its own order; the answer is in the asked language', async () => {
    const { order } = await orderFor([{ status: 'placed' }]);
    const { order: other } = await orderFor([{ status: 'placed' }]);
    const { status, body } = await upload(
      order.id,
      orderResponseXml(String(other.id), [{ lineItemId: '1', quantity: 2 }]),
    );
    expect(status).toBe(422);
    expect(problemsOf(body).map((problem) => problem.message_id)).toEqual(['openTransOtherOrder']);
    expect(await statusesOf(other.id)).toEqual(['placed']);

    const english = await postJson(
      server,
      `/svc/part-dealer/orders/${order.id}/opentrans`,
      { document_base64: Buffer.from('<nope/>').toString('base64') },
      { cookie: nordCookie, 'accept-language': 'en' },
    );
    expect(english.body.message).toBe('The openTRANS document was not applied; nothing has been changed.');
    expect(problemsOf(english.body as Envelope<unknown>)[0]?.message).toBe(
      'An openTRANS 2.1 ORDERRESPONSE or DISPATCHNOTIFICATION is expected.',
    );
  });
});

describe('hostile XML is refused without harm', () => {
  const refusalOf = async (document: string | Uint8Array) => {
    const { order } = await orderFor([{ status: 'placed' }]);
    const before = await snapshot(order.id);
    const { status, body } = await upload(order.id, document);
    expect(await snapshot(order.id)).toEqual(before);
    return { status, id: status === 422 ? problemsOf(body)[0]?.message_id : body.error };
  };

  test('entity expansion (billion laughs)', async () => {
    const entities = Array.from({ length: 10 }, (_, index) =>
      index === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${index} "${`&lol${index - 1};`.repeat(10)}">`,
    ).join('');
    const xml = `<?xml version="1.0"?><!DOCTYPE ORDERRESPONSE [${entities}]><ORDERRESPONSE><ORDERRESPONSE_HEADER><ORDERRESPONSE_INFO><ORDER_ID>&lol9;</ORDER_ID></ORDERRESPONSE_INFO></ORDERRESPONSE_HEADER></ORDERRESPONSE>`;
    expect(await refusalOf(xml)).toEqual({ status: 422, id: 'openTransDoctype' });
  });

  test('an external entity', async () => {
    const xml = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><ORDERRESPONSE><X>&xxe;</X></ORDERRESPONSE>`;
    expect(await refusalOf(xml)).toEqual({ status: 422, id: 'openTransDoctype' });
  });

  test('deep nesting', async () => {
    const xml = `<ORDERRESPONSE>${'<A>'.repeat(5000)}x${'</A>'.repeat(5000)}</ORDERRESPONSE>`;
    const { status, id } = await refusalOf(xml);
    expect(status).toBe(422);
    expect(['openTransTooDeep', 'openTransUnreadable']).toContain(id);
  });

  test('50 MB is refused before it is read', async () => {
    const response = await fetch(server.url('/svc/part-dealer/orders/1/opentrans'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie: nordCookie },
      body: `{"document_base64":"${'A'.repeat(50 * 1024 * 1024)}"}`,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as Envelope<null>).error).toBe('openTransTooLarge');
  });

  test('bytes that are not the declared UTF-8, and an encoding the portal does not read', async () => {
    const latin = latin1Bytes('<?xml version="1.0" encoding="UTF-8"?><ORDERRESPONSE><X>Größe</X></ORDERRESPONSE>');
    expect(await refusalOf(latin)).toEqual({ status: 422, id: 'openTransEncoding' });
    expect(await refusalOf('<?xml version="1.0" encoding="Shift_JIS"?><ORDERRESPONSE/>')).toEqual({
      status: 422,
      id: 'openTransEncoding',
    });
  });
});

describe('the dealer API: /api/v1/dealer/orders/:id/opentrans and /api/v1/dealer/documents with a dealer key', () => {
  const apiCall = (
    key: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {},
  ) =>
    fetch(server.url(path), {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${key}`, 'accept-language': 'de', ...init.headers },
      body: init.body,
    });
  const postDocument = (key: string, document: string | Uint8Array, headers: Record<string, string> = {}) =>
    apiCall(key, '/api/v1/dealer/documents', {
      method: 'POST',
      headers: { 'content-type': 'application/xml', ...headers },
      body: typeof document === 'string' ? document : Buffer.from(document),
    });

  test('GET the ORDER of its own order; another dealer’s is 404; a workshop key is refused', async () => {
    const { order } = await orderFor([{ status: 'placed', partNumber: '1K0 615 301 AA' }]);
    const own = await apiCall(keys.nord, `/api/v1/dealer/orders/${order.id}/opentrans`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await own.text();
    expect(xml).toContain(`<ORDER_ID>${order.id}</ORDER_ID>`);
    expect(xml).toContain('<bmecat:SUPPLIER_PID>1K0 615 301 AA</bmecat:SUPPLIER_PID>');
    expect(xml).toContain('<bmecat:PARTY_ID type="supplier_specific">KD-4711</bmecat:PARTY_ID>');
    const foreign = await apiCall(keys.sued, `/api/v1/dealer/orders/${order.id}/opentrans`);
    expect(foreign.status).toBe(404);
    const workshopKey = await apiCall(keys.workshop, `/api/v1/dealer/orders/${order.id}/opentrans`);
    expect(workshopKey.status).toBe(403);
    expect(((await workshopKey.json()) as Envelope<unknown>).error).toBe('apiKeyWrongApi');
  });

  test('an ORDERRESPONSE (confirm, backorder, cancel) then a DISPATCHNOTIFICATION, posted with a dealer key', async () => {
    const { order, lines } = await orderFor([{ status: 'placed' }, { status: 'placed' }, { status: 'placed' }]);
    const eventsBefore = await tradeEventCount(server.db);
    const response = orderResponseXml(String(order.id), [
      { lineItemId: '1', quantity: 2 },
      { lineItemId: '2', quantity: '2.000', deliveryDate: '2026-12-15' },
      { lineItemId: '3', quantity: 0, remarks: 'Nicht mehr lieferbar' },
    ]);
    const answered = await postDocument(keys.nord, response);
    expect(answered.status).toBe(200);
    const result = ((await answered.json()) as Envelope<OpenTransResult>).data;
    expect(result.kind).toBe('ORDERRESPONSE');
    expect(result.changes.map((change) => [change.line_id, change.action, change.status])).toEqual([
      [lines[0]?.id, 'confirm', 'confirmed'],
      [lines[1]?.id, 'backorder', 'backorder'],
      [lines[2]?.id, 'cancel', 'cancelled'],
    ]);
    expect(await tradeEventCount(server.db)).toBeGreaterThan(eventsBefore);

    const shipped = await postDocument(
      keys.nord,
      dispatchXml([{ orderId: `Bestellung ${order.id}`, lineItemId: '1', quantity: 2 }], {
        shipmentId: 'PAKET-0815',
        trackingUrl: 'https://track.example/PAKET-0815',
      }),
      { 'content-type': 'text/xml; charset=utf-8' },
    );
    expect(shipped.status).toBe(200);
    expect(await statusesOf(order.id)).toEqual(['shipped', 'backorder', 'cancelled']);
    const [first] = await server.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.id, lines[0]?.id ?? 0));
    expect(first?.trackingReference).toBe('https://track.example/PAKET-0815');
  });

  test('another dealer’s order and a workshop key are refused, nothing changes', async () => {
    const { order } = await orderFor([{ status: 'confirmed' }]);
    const before = await snapshot(order.id);
    const dispatch = dispatchXml([{ orderId: String(order.id), lineItemId: '1', quantity: 2 }]);
    const bySued = await postDocument(keys.sued, dispatch);
    expect(bySued.status).toBe(422);
    const refused = (await bySued.json()) as Envelope<{ problems: OpenTransProblem[] }>;
    expect(refused.error).toBe('openTransRefused');
    expect(refused.data.problems.map((problem) => [problem.message_id, problem.order_id])).toEqual([
      ['openTransUnknownOrder', String(order.id)],
    ]);
    const byWorkshop = await postDocument(keys.workshop, dispatch);
    expect(byWorkshop.status).toBe(403);
    expect(await snapshot(order.id)).toEqual(before);
  });

  test('the request guard: JSON is 415 here, 2 MB is 413 before reading; XML elsewhere is 415', async () => {
    const json = await postDocument(keys.nord, '{}', { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    const huge = await postDocument(keys.nord, `<ORDERRESPONSE>${'x'.repeat(2 * 1024 * 1024)}</ORDERRESPONSE>`);
    expect(huge.status).toBe(413);
    const xmlElsewhere = await apiCall(keys.nord, '/api/v1/dealer/inquiries/1/seen', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<x/>',
    });
    expect(xmlElsewhere.status).toBe(415);
  });

  test('Idempotency-Key: an ISO-8859-1 document is applied once with its umlauts, the repeat replays', async () => {
    const { order } = await orderFor([{ status: 'placed' }]);
    const document = latin1Bytes(
      orderResponseXml(String(order.id), [{ lineItemId: '1', quantity: 0, remarks: 'Größe passt nicht' }], {
        encoding: 'ISO-8859-1',
      }),
    );
    const headers = { 'idempotency-key': `ot-${order.id}` };
    const first = await postDocument(keys.nord, document, headers);
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    const [line] = await server.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line?.cancelReason).toBe('Größe passt nicht');
    const eventsAfterFirst = await tradeEventCount(server.db);

    const repeat = await postDocument(keys.nord, document, headers);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(await repeat.text()).toBe(firstBody);
    expect(await tradeEventCount(server.db)).toBe(eventsAfterFirst);

    const otherDocument = await postDocument(
      keys.nord,
      orderResponseXml(String(order.id), [{ lineItemId: '1', quantity: 2 }]),
      headers,
    );
    expect(otherDocument.status).toBe(422);
    expect(((await otherDocument.json()) as Envelope<unknown>).error).toBe('idempotencyKeyReused');
  });
});
