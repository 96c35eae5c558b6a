import { and, asc, eq, like } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ClaimDetail, ClaimSummary, InsurerOption, OrderClaimState } from '../../common/contracts/claims';
import type { AdminOrganisation } from '../../common/contracts/organisations';
import { type OrderSummary, TRADE_PAGE_SIZE } from '../../common/contracts/trading';
import { formatDate, formatMoney, formatOrderReference, portalToday } from '../../common/format/formats';
import { workingDayFrom } from '../../common/format/working-days';
import { auditEvents, claimShares, orderLines, orders, organisations, rateLimits } from '../../server/db/schema';
import { serverMessages } from '../../server/i18n';
import type { RateWindow } from '../../server/rate-limit';
import {
  STATEMENT_WINDOW_PER_ORGANISATION,
  STATEMENT_WINDOW_PER_USER,
} from '../../server/trade/statement/statement-service';
import { insertDealerOrganisation, insertInsurer, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { ADMIN, loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';
import { insertInquiry, insertRecipient, insertTrade } from '../support/trade-orders';

/*
 * Insurance claims (issue 15, ADR 030) over real HTTP against the real server and database: a
 * workshop shares a delivered-late order with one insurer under a claim number; the insurer reads
 * it and its delay statement PDF; withdrawal ends access at once; nobody else ever sees it.
 */

type Envelope<TData> = { code: number; data: TData; message?: string; error?: string };

let server: TestServer;
let werkstatt: Awaited<ReturnType<typeof insertWorkshop>>;
let allianz: Awaited<ReturnType<typeof insertInsurer>>;
let huk: Awaited<ReturnType<typeof insertInsurer>>;
let retired: Awaited<ReturnType<typeof insertInsurer>>;
let nord: Awaited<ReturnType<typeof insertDealerOrganisation>>;
let cookies: { werkstatt: string; fremd: string; nord: string; allianz: string; huk: string; admin: string };
let orderId: number;

const COMPANY = {
  COMPANY_NAME: 'Teileportal Testbetrieb GmbH',
  COMPANY_ADDRESS: 'Prüfweg 7, 10115 Berlin',
  COMPANY_REGISTER: 'Amtsgericht Charlottenburg, HRB 999999 B',
  COMPANY_VAT_ID: 'DE999999999',
};

const today = portalToday();
const daysAgo = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 24 * 3600_000).toISOString().slice(0, 10);
/** The quote promised the brake discs five days ago; they arrive today. */
const PROMISED = daysAgo(5);

/**
 * A GET; once more when the pooled connection it went out on had been closed by the server while
 * the test was busy for seconds with the database (the request never reached it: ECONNRESET).
 */
async function fetchGet(pathname: string, headers: Record<string, string>) {
  try {
    return await fetch(server.url(pathname), { headers });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(server.url(pathname), { headers });
  }
}

async function getJson<TData>(cookie: string, pathname: string, language = 'de') {
  const response = await fetchGet(pathname, { cookie, 'accept-language': language });
  return { status: response.status, body: (await response.json()) as Envelope<TData> };
}

async function post<TData>(cookie: string, pathname: string, body: unknown, language = 'de') {
  const { response, body: json } = await postJson(server, pathname, body, { cookie, 'accept-language': language });
  return { status: response.status, body: json as unknown as Envelope<TData> };
}

const share = (cookie: string, id: number, body: unknown, language = 'de') =>
  post<OrderClaimState>(cookie, `/svc/workshop/orders/${id}/claim`, body, language);
const withdraw = (cookie: string, id: number) =>
  post<OrderClaimState>(cookie, `/svc/workshop/orders/${id}/claim/withdraw`, {});
type ClaimPage = { items: ClaimSummary[]; total: number; page: number; page_size: number };
const claims = (cookie: string, search = '', language = 'de') =>
  getJson<ClaimPage>(cookie, `/svc/insurer/claims${search}`, language);
/** A claim by its claim number (URL-encoded: it holds `/` and spaces), or by a share id as links before issue 24 did. */
const claimPath = (reference: string | number) => `/svc/insurer/claims/${encodeURIComponent(String(reference))}`;
const claim = (cookie: string, reference: string | number) => getJson<ClaimDetail>(cookie, claimPath(reference));
const statement = (cookie: string, reference: string | number, language: string) =>
  fetchGet(`${claimPath(reference)}/statement.pdf`, { cookie, 'accept-language': language });

/** Only the status of a statement's answer (its body read, so the connection is free again). */
async function statementStatus(cookie: string, reference: string | number, language: string) {
  const response = await statement(cookie, reference, language);
  await response.arrayBuffer();
  return response.status;
}

/** The text of a statement PDF as a reader sees it (any run of white space is one space). */
async function statementText(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
const flat = (text: string) => text.replace(/\s+/g, ' ');

const auditOf = (action: string) =>
  server.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(asc(auditEvents.id));
const currentShares = () =>
  server.db.select().from(claimShares).where(eq(claimShares.orderId, orderId)).orderBy(asc(claimShares.id));

async function lineAction(action: string, lineIds: number[], extra: Record<string, string> = {}) {
  const [order] = await server.db.select().from(orders).where(eq(orders.id, orderId));
  const result = await post(cookies.nord, `/svc/part-dealer/orders/${orderId}/lines`, {
    version: order?.version,
    action,
    line_ids: lineIds,
    ...extra,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

/** Places an order through the workshop's endpoint: brake discs (OE, ETA five days ago) and pads (equivalent, branch today). */
async function deliveredLateOrder() {
  const { inquiry, lines } = await insertInquiry(server.db, {
    workshopOrganisationId: werkstatt.organisation.id,
    createdBy: werkstatt.owner.id,
    vehicleDescription: 'VW Golf VII 2.0 TDI',
    lines: [
      { partNumber: '5Q0 615 301 F', description: 'Bremsscheibe vorne', quantity: 2 },
      { partNumber: '5Q0 698 151 D', description: 'Bremsbeläge vorne', quantity: 1 },
    ],
  });
  const [discs, pads] = lines;
  if (!discs || !pads) throw new Error('inquiry lines missing');
  const recipient = await insertRecipient(
    server.db,
    inquiry.id,
    { partDealerId: nord.partDealer.id, organisationId: nord.organisation.id },
    {
      quotes: [
        {
          inquiryLineId: discs.id,
          offered: true,
          netPriceCents: 8990,
          availability: 'ordered_eta',
          eta: PROMISED,
        },
        {
          inquiryLineId: pads.id,
          offered: true,
          netPriceCents: 4590,
          availability: 'branch_today',
          alternativePartNumber: 'ATE 13.0460-7218.2',
          alternativeBrand: 'ATE',
        },
      ],
    },
  );
  const placed = await post<{ orders: OrderSummary[] }>(
    cookies.werkstatt,
    `/svc/workshop/inquiries/${inquiry.id}/orders`,
    {
      version: inquiry.version,
      choices: [
        { inquiry_line_id: discs.id, recipient_id: recipient.id },
        { inquiry_line_id: pads.id, recipient_id: recipient.id },
      ],
    },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const id = placed.body.data.orders[0]?.id;
  if (!id) throw new Error('no order placed');
  return id;
}

beforeAll(async () => {
  // The operator's company settings: the letterhead of every delay statement.
  server = await startTestServer(COMPANY);
  werkstatt = await insertWorkshop(server.db, { name: 'Autohaus Becker', ownerEmail: 'max@autohaus-becker.de' });
  await insertWorkshop(server.db, { name: 'Karosserie Fremd', ownerEmail: 'inhaber@fremd.de' });
  nord = await insertDealerOrganisation(server.db, 'Teile Nord GmbH', ['eins@teile-nord.de']);
  allianz = await insertInsurer(server.db, 'Allianz Versicherungs-AG', ['schaden@allianz.example']);
  huk = await insertInsurer(server.db, 'HUK-Coburg', ['kfz@huk.example']);
  retired = await insertInsurer(server.db, 'Alte Versicherung', [], { deactivated: true });
  const [werkstattCookie, fremd, nordCookie, allianzCookie, hukCookie, admin] = await Promise.all([
    loginCookie(server, 'max@autohaus-becker.de', MEMBER_PASSWORD),
    loginCookie(server, 'inhaber@fremd.de', MEMBER_PASSWORD),
    loginCookie(server, 'eins@teile-nord.de', MEMBER_PASSWORD),
    loginCookie(server, 'schaden@allianz.example', MEMBER_PASSWORD),
    loginCookie(server, 'kfz@huk.example', MEMBER_PASSWORD),
    loginCookie(server, ADMIN.email, ADMIN.password),
  ]);
  cookies = { werkstatt: werkstattCookie, fremd, nord: nordCookie, allianz: allianzCookie, huk: hukCookie, admin };
  orderId = await deliveredLateOrder();
  const lines = await server.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const ids = lines.map((line) => line.id);
  const discs = lines.find((line) => line.partNumber === '5Q0 615 301 F');
  if (!discs) throw new Error('disc line missing');
  // A placement today promises today or later (issue 24 §5); this order stands for one placed days
  // ago, while its quote still promised the discs for five days ago.
  await server.db.update(orderLines).set({ promisedOn: PROMISED }).where(eq(orderLines.id, discs.id));
  await lineAction('confirm', ids);
  await lineAction('backorder', [discs.id], { eta: today });
  await lineAction('ship', ids);
  await lineAction('deliver', ids);
});
afterAll(() => server.stop());

describe('the administrator creates an insurer', () => {
  test('creates an active insurer organisation, audited; a blank name is a translated 400', async () => {
    const created = await post<AdminOrganisation>(cookies.admin, '/svc/auth/api/v1/organisations', {
      name: '  R+V Versicherung ',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ kind: 'insurer', name: 'R+V Versicherung', status: 'active' });
    expect(created.body.message).toBe('Die Versicherung wurde angelegt.');
    expect((await auditOf('organisation.created')).map((row) => row.target)).toContain(
      `organisation:${created.body.data.id}`,
    );
    const blank = await post(cookies.admin, '/svc/auth/api/v1/organisations', { name: '  ' }, 'en');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please enter a name.');
    const byWorkshop = await post(cookies.werkstatt, '/svc/auth/api/v1/organisations', { name: 'Fake' });
    expect(byWorkshop.status).toBe(403);
  });
});

describe('sharing an order', () => {
  test('offers the active insurers only', async () => {
    const { status, body } = await getJson<{ items: InsurerOption[] }>(cookies.werkstatt, '/svc/workshop/insurers');
    expect(status).toBe(200);
    const names = body.data.items.map((item) => item.name);
    expect(names).toContain('Allianz Versicherungs-AG');
    expect(names).toContain('HUK-Coburg');
    expect(names).not.toContain('Alte Versicherung');
  });

  test('a bad claim number is a translated 400 in both languages and stores nothing', async () => {
    for (const claimNumber of ['', 'A', 'SCH 2026 // 1', '-SCH-1', 'SCH_2026', 'X'.repeat(31)]) {
      const de = await share(cookies.werkstatt, orderId, {
        claim_number: claimNumber,
        insurer_organisation_id: allianz.organisation.id,
      });
      expect(de.status, claimNumber).toBe(400);
      expect(de.body.message).toMatch(/^Bitte geben Sie die Schadennummer an\.|^Die Schadennummer ist ungültig/);
    }
    const en = await share(
      cookies.werkstatt,
      orderId,
      { claim_number: 'SCH_2026', insurer_organisation_id: allianz.organisation.id },
      'en',
    );
    expect(en.body.message).toMatch(/^The claim number is invalid/);
    expect(await currentShares()).toEqual([]);
  });

  test('only an active insurer can be chosen', async () => {
    for (const id of [retired.organisation.id, nord.organisation.id, werkstatt.organisation.id, 999_999]) {
      const refused = await share(cookies.werkstatt, orderId, { claim_number: 'SCH-1', insurer_organisation_id: id });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('insurerNotAvailable');
    }
    expect(await currentShares()).toEqual([]);
  });

  test("another workshop cannot share or read this order's claim (404), a dealer or insurer is refused (403)", async () => {
    const body = { claim_number: 'SCH-1', insurer_organisation_id: allianz.organisation.id };
    expect((await share(cookies.fremd, orderId, body)).status).toBe(404);
    expect((await getJson(cookies.fremd, `/svc/workshop/orders/${orderId}/claim`)).status).toBe(404);
    expect((await withdraw(cookies.fremd, orderId)).status).toBe(404);
    expect((await share(cookies.nord, orderId, body)).status).toBe(403);
    expect((await share(cookies.allianz, orderId, body)).status).toBe(403);
    expect(await currentShares()).toEqual([]);
  });

  test('the workshop shares the order with Allianz; the claim number is stored upper-cased, audited', async () => {
    const shared = await share(cookies.werkstatt, orderId, {
      claim_number: ' sch-2026/004711 ',
      insurer_organisation_id: allianz.organisation.id,
    });
    expect(shared.status).toBe(200);
    expect(shared.body.message).toBe('Der Auftrag wurde mit der Versicherung geteilt.');
    expect(shared.body.data.claim).toMatchObject({
      claim_number: 'SCH-2026/004711',
      insurer_organisation_id: allianz.organisation.id,
      insurer_name: 'Allianz Versicherungs-AG',
    });
    const read = await getJson<OrderClaimState>(cookies.werkstatt, `/svc/workshop/orders/${orderId}/claim`);
    expect(read.body.data).toEqual(shared.body.data);
    const [audited] = await auditOf('claim.shared');
    expect(audited).toMatchObject({ actorUserId: werkstatt.owner.id, target: `claim:${shared.body.data.claim?.id}` });
    expect(audited?.details).toMatchObject({ order_id: orderId, claim_number: 'SCH-2026/004711' });
  });
});

describe('the insurer reads the shared claim', () => {
  const NUMBER = 'SCH-2026/004711';
  let claimId: number;
  beforeAll(async () => {
    const [current] = await currentShares();
    if (!current) throw new Error('not shared');
    claimId = current.id;
  });

  test('the list shows it with its largest delay; another insurer sees nothing', async () => {
    const mine = await claims(cookies.allianz);
    expect(mine.status).toBe(200);
    expect(mine.body.data.items).toEqual([
      expect.objectContaining({
        claim_number: NUMBER,
        workshop_names: ['Autohaus Becker'],
        dealer_names: ['Teile Nord GmbH'],
        order_statuses: ['delivered'],
        order_count: 1,
        line_count: 2,
        max_delay_days: 5,
      }),
    ]);
    expect((await claims(cookies.huk)).body.data.items).toEqual([]);
  });

  test('the detail: parts, OE vs. equivalent, promise, ETA history, delivery and delay per line', async () => {
    const { status, body } = await claim(cookies.allianz, NUMBER);
    expect(status).toBe(200);
    const detail = body.data;
    expect(detail.claim_number).toBe(NUMBER);
    expect(detail.vehicles.map((vehicle) => vehicle.description)).toEqual(['VW Golf VII 2.0 TDI']);
    expect(detail.equivalent_share).toBe(0.5);
    expect(detail.orders.map((order) => order.order_id)).toEqual([orderId]);
    const [order] = detail.orders;
    const [discs, pads] = order?.lines ?? [];
    expect(discs).toMatchObject({
      part_number: '5Q0 615 301 F',
      requested_part_number: '5Q0 615 301 F',
      origin: 'oe',
      promised_on: PROMISED,
      delivered_on: today,
      delay_days: 5,
      status: 'delivered',
    });
    expect(discs?.eta_history.map((entry) => entry.eta)).toEqual([PROMISED, today]);
    expect(pads).toMatchObject({
      part_number: 'ATE 13.0460-7218.2',
      requested_part_number: '5Q0 698 151 D',
      origin: 'equivalent',
      // In the branch today: promised for the day of the order, the next working day on a weekend or holiday.
      promised_on: workingDayFrom(today),
      delivered_on: today,
      delay_days: 0,
    });
    // Its history starts with the day promised at placement, as on the order pages.
    expect(pads?.eta_history.map((entry) => entry.eta)).toEqual([workingDayFrom(today)]);
    // Order and line events only: returns and the inquiry's own events stay with the workshop.
    expect(new Set(order?.events.map((event) => event.entity))).toEqual(new Set(['order', 'line']));
    expect(order?.events.map((event) => event.kind)).toContain('line.backorder');
  });

  test('the claim number is read as stored (upper-cased); an old link by share id finds its claim', async () => {
    expect((await claim(cookies.allianz, 'sch-2026/004711')).body.data.claim_number).toBe(NUMBER);
    const old = await claim(cookies.allianz, claimId);
    expect(old.status).toBe(200);
    expect(old.body.data.claim_number).toBe(NUMBER);
    expect(await statementStatus(cookies.allianz, claimId, 'de')).toBe(200);
  });

  test('another insurer, the workshop and the dealer cannot read it', async () => {
    for (const reference of [NUMBER, claimId]) {
      expect((await claim(cookies.huk, reference)).status).toBe(404);
      expect(await statementStatus(cookies.huk, reference, 'de')).toBe(404);
      expect((await claim(cookies.werkstatt, reference)).status).toBe(403);
      expect((await claim(cookies.nord, reference)).status).toBe(403);
    }
    expect((await claim(cookies.allianz, claimId + 1000)).status).toBe(404);
    expect((await claim(cookies.allianz, 'SCH-2026/004712')).status).toBe(404);
    // What cannot be a claim number names none, and is audited as invalid, not as given.
    for (const reference of ['SCH\u0000', 'X'.repeat(300), '../orders', 'SCH-2026//004711']) {
      expect((await claim(cookies.allianz, reference)).status, reference).toBe(404);
    }
    expect((await auditOf('claim.read_refused')).map((row) => row.target)).toContain('claim:(invalid)');
    expect((await claims(cookies.nord)).status).toBe(403);
    expect((await getJson(cookies.allianz, `/svc/workshop/orders/${orderId}`)).status).toBe(403);
  });

  test('the claims are served by the insurer service only: the old workshop paths are gone (404)', async () => {
    expect((await claims(cookies.allianz)).status).toBe(200);
    for (const path of ['/insurer/claims', `/insurer/claims/${claimId}`, `/insurer/claims/${claimId}/statement.pdf`]) {
      const answer = await getJson(cookies.allianz, `/svc/workshop${path}`);
      expect({ path, status: answer.status, error: answer.body.error }).toEqual({
        path,
        status: 404,
        error: 'notFound',
      });
    }
  });

  test.each([
    [
      'de',
      'Verzugsbestaetigung-SCH-2026-004711.pdf',
      ['Verzugsbestätigung', 'Verzug: 5 Tage', 'Verzug: 0 Tage', 'OE-Teil', 'Gleichwertiges Teil'],
    ],
    [
      'en',
      'delay-statement-SCH-2026-004711.pdf',
      ['Delay statement', 'Delay: 5 days', 'Delay: 0 days', 'OE part', 'Equivalent part'],
    ],
  ] as const)(
    'the delay statement PDF in %s: dates, parts, delay days, history',
    async (language, fileName, phrases) => {
      const response = await statement(cookies.allianz, NUMBER, language);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await statementText(response);
      for (const phrase of [
        ...phrases,
        // The letterhead: the operator's company settings (COMPANY_*).
        COMPANY.COMPANY_NAME,
        COMPANY.COMPANY_ADDRESS,
        COMPANY.COMPANY_REGISTER,
        COMPANY.COMPANY_VAT_ID,
        // Prices, as the screen shows them: per piece and per line.
        flat(formatMoney(8990, language)),
        flat(formatMoney(2 * 8990, language)),
        flat(formatMoney(4590, language)),
        NUMBER,
        '5Q0 615 301 F',
        'ATE 13.0460-7218.2',
        '5Q0 698 151 D',
        'Autohaus Becker',
        'Teile Nord GmbH',
        formatDate(PROMISED, language),
        formatDate(today, language),
        formatOrderReference(orderId, language),
      ]) {
        expect(text, phrase).toContain(phrase);
      }
    },
  );

  test('every access is audited, refused ones too', async () => {
    expect((await auditOf('claim.list_read')).length).toBeGreaterThanOrEqual(2);
    const reads = await auditOf('claim.read');
    expect(reads.some((row) => row.target === `claim:${NUMBER}` && row.actorUserId === allianz.members[0]?.id)).toBe(
      true,
    );
    const refused = await auditOf('claim.read_refused');
    expect(refused.some((row) => row.actorUserId === huk.members[0]?.id)).toBe(true);
    const downloads = await auditOf('claim.statement_downloaded');
    // By number and by the old share id alike: the claim number is what was read.
    expect(downloads.filter((row) => row.target === `claim:${NUMBER}`)).toHaveLength(3);
  });
});

describe('the statement under load (issue 27 §1)', () => {
  /** The claim shared above and not yet withdrawn. */
  const SHARED_NUMBER = 'SCH-2026/004711';
  const windowKeys = (userId: number, organisationId: number) =>
    [
      [STATEMENT_WINDOW_PER_USER, `${STATEMENT_WINDOW_PER_USER.name}:${userId}`],
      [STATEMENT_WINDOW_PER_ORGANISATION, `${STATEMENT_WINDOW_PER_ORGANISATION.name}:${organisationId}`],
    ] as const;

  /**
   * Fills a limit's window as if the caller had used it up: the current window and the next, so the
   * request refused here is refused even if the clock crosses a window's end in between.
   */
  async function fillWindow(window: RateWindow, key: string) {
    const length = window.windowSeconds * 1000;
    const current = Math.floor(Date.now() / length) * length;
    for (const start of [current, current + length]) {
      await server.db
        .insert(rateLimits)
        .values({ key, windowStart: new Date(start), count: window.limit })
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: window.limit } });
    }
  }
  const emptyWindows = () => server.db.delete(rateLimits).where(like(rateLimits.key, 'statement-%'));

  test('the same statement twice is the same bytes (served from the cache)', async () => {
    const first = new Uint8Array(await (await statement(cookies.allianz, SHARED_NUMBER, 'de')).arrayBuffer());
    const second = new Uint8Array(await (await statement(cookies.allianz, SHARED_NUMBER, 'de')).arrayBuffer());
    expect(first.byteLength).toBeGreaterThan(1000);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const english = new Uint8Array(await (await statement(cookies.allianz, SHARED_NUMBER, 'en')).arrayBuffer());
    expect(Buffer.from(english).equals(Buffer.from(first))).toBe(false);
  });

  test.each([
    ['user', 0],
    ['organisation', 1],
  ] as const)(
    'past the limit per %s: a translated 429 with Retry-After; other insurers are not affected',
    async (_, which) => {
      const userId = allianz.members[0]?.id;
      if (!userId) throw new Error('no insurer member');
      const [window, key] = windowKeys(userId, allianz.organisation.id)[which];
      try {
        await fillWindow(window, key);
        const refused = await statement(cookies.allianz, SHARED_NUMBER, 'de');
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(window.windowSeconds);
        const body = (await refused.json()) as Envelope<null>;
        expect(body.error).toBe('tooManyStatements');
        expect(body.message).toBe(serverMessages.de.tooManyStatements);
        // Another organisation's insurer is counted on its own (its answer for this claim stays 404).
        expect(await statementStatus(cookies.huk, SHARED_NUMBER, 'de')).toBe(404);
      } finally {
        await emptyWindows();
      }
      expect(await statementStatus(cookies.allianz, SHARED_NUMBER, 'de')).toBe(200);
    },
  );
});

describe('withdrawing', () => {
  test('the insurer loses access with its next request; withdrawing twice is 409', async () => {
    const [current] = await currentShares();
    if (!current) throw new Error('not shared');
    expect((await claim(cookies.allianz, current.claimNumber)).status).toBe(200);
    const withdrawn = await withdraw(cookies.werkstatt, orderId);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toEqual({ claim: null });
    expect((await claim(cookies.allianz, current.claimNumber)).status).toBe(404);
    expect((await claim(cookies.allianz, current.id)).status).toBe(404);
    expect(await statementStatus(cookies.allianz, current.claimNumber, 'en')).toBe(404);
    expect((await claims(cookies.allianz)).body.data.items).toEqual([]);
    const again = await withdraw(cookies.werkstatt, orderId);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('claimNotShared');
    const [audited] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'claim.withdrawn'), eq(auditEvents.target, `claim:${current.id}`)));
    expect(audited?.actorUserId).toBe(werkstatt.owner.id);
  });

  test('sharing with another insurer replaces the share: the first one loses access', async () => {
    const toAllianz = await share(cookies.werkstatt, orderId, {
      claim_number: 'SCH-2026/004711',
      insurer_organisation_id: allianz.organisation.id,
    });
    const allianzClaim = toAllianz.body.data.claim?.claim_number ?? '';
    expect((await claim(cookies.allianz, allianzClaim)).status).toBe(200);
    const toHuk = await share(cookies.werkstatt, orderId, {
      claim_number: 'KH 12.345.678',
      insurer_organisation_id: huk.organisation.id,
    });
    expect(toHuk.status).toBe(200);
    expect((await claim(cookies.allianz, allianzClaim)).status).toBe(404);
    expect((await claims(cookies.huk)).body.data.items.map((item) => item.claim_number)).toEqual(['KH 12.345.678']);
    const open = (await currentShares()).filter((row) => row.withdrawnAt === null);
    expect(open).toHaveLength(1);
  });

  test('a deactivated insurer organisation loses access and cannot be chosen', async () => {
    await server.db
      .update(organisations)
      .set({ deactivatedAt: new Date() })
      .where(eq(organisations.id, huk.organisation.id));
    expect((await claims(cookies.huk)).status).toBe(401);
    const refused = await share(cookies.werkstatt, orderId, {
      claim_number: 'KH 12.345.678',
      insurer_organisation_id: huk.organisation.id,
    });
    expect(refused.status).toBe(422);
    const names = await server.db.select().from(auditEvents).where(like(auditEvents.action, 'claim.%'));
    expect(names.length).toBeGreaterThan(0);
  });
});

describe("the list a page at a time (the order list's page size)", () => {
  const SHARED = 2 * TRADE_PAGE_SIZE + 5;
  let ergo: Awaited<ReturnType<typeof insertInsurer>>;
  let ergoCookie: string;

  beforeAll(async () => {
    ergo = await insertInsurer(server.db, 'ERGO Versicherung', ['kfz@ergo.example']);
    ergoCookie = await loginCookie(server, 'kfz@ergo.example', MEMBER_PASSWORD);
    const base = Date.parse('2026-01-05T08:00:00Z');
    for (let index = 1; index <= SHARED; index += 1) {
      const { order } = await insertTrade(
        server.db,
        { organisationId: werkstatt.organisation.id, userId: werkstatt.owner.id },
        { partDealerId: nord.partDealer.id, organisationId: nord.organisation.id },
      );
      const share = {
        orderId: order.id,
        workshopOrganisationId: werkstatt.organisation.id,
        claimNumber: `ERGO-${index}`,
        sharedBy: werkstatt.owner.id,
        sharedAt: new Date(base + index * 60_000),
      };
      // The first order was shared once before and withdrawn: that share is not counted.
      if (index === 1)
        await server.db.insert(claimShares).values({
          ...share,
          insurerOrganisationId: ergo.organisation.id,
          claimNumber: 'ERGO-WITHDRAWN',
          sharedAt: new Date(base),
          withdrawnBy: werkstatt.owner.id,
          withdrawnAt: new Date(base + 30_000),
        });
      await server.db.insert(claimShares).values({ ...share, insurerOrganisationId: ergo.organisation.id });
    }
  });

  test('three pages, newest share first, each claim once; the total counts current shares only', async () => {
    const numbers: string[] = [];
    for (const page of [1, 2, 3]) {
      const { status, body } = await claims(ergoCookie, `?page=${page}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ total: SHARED, page, page_size: TRADE_PAGE_SIZE });
      expect(body.data.items).toHaveLength(page < 3 ? TRADE_PAGE_SIZE : SHARED - 2 * TRADE_PAGE_SIZE);
      numbers.push(...body.data.items.map((item) => item.claim_number));
    }
    expect(numbers).toEqual(Array.from({ length: SHARED }, (_, index) => `ERGO-${SHARED - index}`));
    // Without a page: the first.
    const first = await claims(ergoCookie);
    expect(first.body.data.page).toBe(1);
    expect(first.body.data.items[0]?.claim_number).toBe(`ERGO-${SHARED}`);
  });

  test('a page beyond the end is empty with the total (the screen offers the last page)', async () => {
    const { status, body } = await claims(ergoCookie, '?page=4');
    expect(status).toBe(200);
    expect(body.data).toEqual({ items: [], total: SHARED, page: 4, page_size: TRADE_PAGE_SIZE });
  });

  test('a bad page is the translated 400 of the order list, and is not read', async () => {
    const before = (await auditOf('claim.list_read')).length;
    for (const search of ['?page=0', '?page=-1', '?page=abc', '?page=1.5', '?page=1234567']) {
      const de = await claims(ergoCookie, search);
      expect(de.status, search).toBe(400);
      expect(de.body.message).toBe('Die Anfrage ist ungültig.');
      const orderList = await getJson(cookies.werkstatt, `/svc/workshop/orders${search}`);
      expect(orderList.status, search).toBe(400);
      expect(orderList.body.message).toBe(de.body.message);
    }
    const en = await claims(ergoCookie, '?page=0', 'en');
    expect(en.body.message).toBe('The request is invalid.');
    expect(await auditOf('claim.list_read')).toHaveLength(before);
  });

  test('the audit entry records the page', async () => {
    await claims(ergoCookie, '?page=2');
    const last = (await auditOf('claim.list_read')).at(-1);
    expect(last).toMatchObject({ actorUserId: ergo.members[0]?.id, target: `organisation:${ergo.organisation.id}` });
    expect(last?.details).toEqual({ page: 2, count: TRADE_PAGE_SIZE, total: SHARED });
  });

  test("scoping is unchanged: another insurer's pages hold none of these, nor the workshop's or a dealer's", async () => {
    const allianzList = await claims(cookies.allianz, '?page=1');
    expect(allianzList.status).toBe(200);
    expect(allianzList.body.data.items.filter((item) => item.claim_number.startsWith('ERGO-'))).toEqual([]);
    expect(allianzList.body.data.total).toBe(allianzList.body.data.items.length);
    expect((await claims(cookies.werkstatt, '?page=2')).status).toBe(403);
    expect((await claims(cookies.nord, '?page=2')).status).toBe(403);
  });
});

describe('one repair, several orders: a claim is its claim number (issue 24 §7)', () => {
  const NUMBER = 'SCH-2026/000777';
  /** A day no other fact of these orders falls on: the promise of the line that gets cancelled. */
  const CANCELLED_PROMISE = '2031-03-17';
  let gothaer: Awaited<ReturnType<typeof insertInsurer>>;
  let zurich: Awaited<ReturnType<typeof insertInsurer>>;
  let sued: Awaited<ReturnType<typeof insertDealerOrganisation>>;
  let gothaerCookie: string;
  let zurichCookie: string;
  let fromNord: number;
  let fromSued: number;
  let toZurich: number;

  beforeAll(async () => {
    gothaer = await insertInsurer(server.db, 'Gothaer Allgemeine', ['kfz@gothaer.example']);
    zurich = await insertInsurer(server.db, 'Zurich Versicherung', ['kfz@zurich.example']);
    sued = await insertDealerOrganisation(server.db, 'Teile Süd GmbH', ['eins@teile-sued.de']);
    [gothaerCookie, zurichCookie] = await Promise.all([
      loginCookie(server, 'kfz@gothaer.example', MEMBER_PASSWORD),
      loginCookie(server, 'kfz@zurich.example', MEMBER_PASSWORD),
    ]);
    const workshop = { organisationId: werkstatt.organisation.id, userId: werkstatt.owner.id };
    const nordTrade = await insertTrade(server.db, workshop, {
      partDealerId: nord.partDealer.id,
      organisationId: nord.organisation.id,
    });
    const suedTrade = await insertTrade(server.db, workshop, {
      partDealerId: sued.partDealer.id,
      organisationId: sued.organisation.id,
    });
    const zurichTrade = await insertTrade(server.db, workshop, {
      partDealerId: nord.partDealer.id,
      organisationId: nord.organisation.id,
    });
    fromNord = nordTrade.order.id;
    fromSued = suedTrade.order.id;
    toZurich = zurichTrade.order.id;
    // The dealer in the south cancelled the pads it had promised for a day.
    const pads = suedTrade.orderLines.find((line) => line.status === 'backorder');
    if (!pads) throw new Error('pads missing');
    await server.db
      .update(orderLines)
      .set({ status: 'cancelled', promisedOn: CANCELLED_PROMISE, eta: null })
      .where(eq(orderLines.id, pads.id));
    // Both orders of the repair under one number with Gothaer (typed once in lower case); a third
    // order under the same number with another insurer.
    for (const [id, claimNumber, insurer] of [
      [fromNord, NUMBER, gothaer],
      [fromSued, NUMBER.toLowerCase(), gothaer],
      [toZurich, NUMBER, zurich],
    ] as const) {
      const shared = await share(cookies.werkstatt, id, {
        claim_number: claimNumber,
        insurer_organisation_id: insurer.organisation.id,
      });
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    }
  });

  test('the insurer sees one claim for two orders: one list row', async () => {
    const { status, body } = await claims(gothaerCookie);
    expect(status).toBe(200);
    expect(body.data.total).toBe(1);
    expect(body.data.items).toEqual([
      expect.objectContaining({
        claim_number: NUMBER,
        workshop_names: ['Autohaus Becker'],
        dealer_names: ['Teile Nord GmbH', 'Teile Süd GmbH'],
        order_count: 2,
        line_count: 4,
      }),
    ]);
  });

  test("the claim holds both orders with their lines and prices, and none of another insurer's", async () => {
    const { status, body } = await claim(gothaerCookie, NUMBER);
    expect(status).toBe(200);
    const detail = body.data;
    expect(detail.orders.map((order) => [order.order_id, order.dealer_name])).toEqual([
      [fromNord, 'Teile Nord GmbH'],
      [fromSued, 'Teile Süd GmbH'],
    ]);
    expect(detail.orders.flatMap((order) => order.lines.map((line) => line.net_price_cents))).toEqual([
      4890, 5290, 4890, 5290,
    ]);
    expect(detail.total_cents).toBe(2 * (4890 * 2 + 5290));
    expect(detail.orders.map((order) => order.order_id)).not.toContain(toZurich);
  });

  test('one delay statement with both orders, their prices and the letterhead; a cancelled line says cancelled', async () => {
    for (const [language, cancelled, unsaid] of [
      ['de', 'Storniert.', ['Zugesagt für', 'kein Termin', 'Geliefert am', 'Verzug', 'Verlauf']],
      ['en', 'Cancelled.', ['Promised for', 'no date promised', 'Delivered on', 'Delay', 'History']],
    ] as const) {
      const response = await statement(gothaerCookie, NUMBER, language);
      expect(response.status).toBe(200);
      const text = await statementText(response);
      for (const phrase of [
        COMPANY.COMPANY_NAME,
        NUMBER,
        formatOrderReference(fromNord, language),
        formatOrderReference(fromSued, language),
        'Teile Nord GmbH',
        'Teile Süd GmbH',
        flat(formatMoney(4890, language)),
        flat(formatMoney(2 * 4890, language)),
        flat(formatMoney(5290, language)),
        flat(formatMoney(2 * (4890 * 2 + 5290), language)),
        cancelled,
      ]) {
        expect(text, phrase).toContain(phrase);
      }
      // Another insurer's order under the same number is not in it.
      expect(text).not.toContain(formatOrderReference(toZurich, language));
      // The cancelled line (the last of the last order): it says cancelled, nothing of promises or delays.
      expect(text).not.toContain(formatDate(CANCELLED_PROMISE, language));
      const cancelledLine = text.slice(text.lastIndexOf('5Q0 698 151 A'));
      expect(cancelledLine).toContain(cancelled);
      for (const phrase of unsaid) expect(cancelledLine, phrase).not.toContain(phrase);
    }
  });

  test('the other insurer sees its own order under the number only', async () => {
    const list = await claims(zurichCookie);
    expect(list.body.data.items).toEqual([expect.objectContaining({ claim_number: NUMBER, order_count: 1 })]);
    const detail = await claim(zurichCookie, NUMBER);
    expect(detail.body.data.orders.map((order) => order.order_id)).toEqual([toZurich]);
    const text = await statementText(await statement(zurichCookie, NUMBER, 'de'));
    expect(text).not.toContain(formatOrderReference(fromNord, 'de'));
    expect(text).not.toContain('Teile Süd GmbH');
  });

  test('a withdrawn order leaves the claim; the last one withdrawn ends it', async () => {
    expect((await withdraw(cookies.werkstatt, fromSued)).status).toBe(200);
    const detail = await claim(gothaerCookie, NUMBER);
    expect(detail.body.data.orders.map((order) => order.order_id)).toEqual([fromNord]);
    expect((await claims(gothaerCookie)).body.data.items).toEqual([
      expect.objectContaining({ claim_number: NUMBER, order_count: 1, dealer_names: ['Teile Nord GmbH'] }),
    ]);
    expect((await withdraw(cookies.werkstatt, fromNord)).status).toBe(200);
    expect((await claim(gothaerCookie, NUMBER)).status).toBe(404);
    expect((await claims(gothaerCookie)).body.data).toMatchObject({ items: [], total: 0 });
    // Zurich's share is untouched.
    expect((await claim(zurichCookie, NUMBER)).status).toBe(200);
  });
});
