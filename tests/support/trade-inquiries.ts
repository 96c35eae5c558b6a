import { count, eq } from 'drizzle-orm';
import type { DealerInquiry, InquiryDetail } from '../../common/contracts/trading';
import { addDays, portalToday } from '../../common/format/formats';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  quoteLines,
  tradeEvents,
  tradeMailQueue,
} from '../../server/db/schema';
import { insertDealerOrganisation, insertRelation, insertWorkshop, MEMBER_PASSWORD } from './organisations';
import { loginCookie, postJson, type TestServer } from './test-server';

/** What the API answers: the envelope with its message, the refusal's message id and `data`. */
export type Answer<TData> = { code: number; data: TData; message?: string; error?: string; field?: string };

/** A GET as the SPA sends it, with the session cookie. */
export async function getJson<TData>(server: TestServer, pathname: string, cookie: string) {
  const response = await fetch(server.url(pathname), { headers: { cookie, 'accept-language': 'de' } });
  return { response, body: (await response.json()) as Answer<TData> };
}

/** A POST (or PUT) with the session cookie, typed as the route's answer. */
export async function send<TData>(
  server: TestServer,
  pathname: string,
  cookie: string,
  body: unknown,
  method: 'POST' | 'PUT' = 'POST',
) {
  const { response, body: answer } = await postJson(server, pathname, body, { cookie }, { method });
  return { response, body: answer as unknown as Answer<TData> };
}

let counter = 0;

/** A dealer organisation on the portal with `members` dealer users, each logged in. */
export async function dealerWithUsers(server: TestServer, name: string, members = 1, deactivated = false) {
  counter += 1;
  const emails = Array.from({ length: members }, (_, index) => `h${index + 1}.${counter}@haendler-${counter}.de`);
  const dealer = await insertDealerOrganisation(server.db, `${name} ${counter}`, emails, { deactivated });
  const cookies = deactivated
    ? []
    : await Promise.all(emails.map((email) => loginCookie(server, email, MEMBER_PASSWORD)));
  return { ...dealer, emails, cookies, cookie: cookies[0] ?? '' };
}
export type TestDealer = Awaited<ReturnType<typeof dealerWithUsers>>;

/** A workshop with a logged-in owner and an active relation (customer number `K-<n>`) to each dealer. */
export async function workshopWithDealers(
  server: TestServer,
  dealers: readonly TestDealer[],
  options: { locale?: 'de' | 'en' } = {},
) {
  counter += 1;
  const ownerEmail = `inhaber${counter}@werkstatt-${counter}.de`;
  const created = await insertWorkshop(server.db, {
    name: `Werkstatt ${counter}`,
    ownerEmail,
    locale: options.locale,
  });
  const relations = [];
  for (const [index, dealer] of dealers.entries()) {
    relations.push(
      await insertRelation(server.db, created.workshop.id, dealer.partDealer.id, `K-${counter}-${index + 1}`, {
        status: 'active',
      }),
    );
  }
  const cookie = await loginCookie(server, ownerEmail, MEMBER_PASSWORD);
  return { ...created, ownerEmail, relations, cookie };
}
export type TestWorkshop = Awaited<ReturnType<typeof workshopWithDealers>>;

/** A valid inquiry body: two lines, a vehicle by VIN, two hours to answer. */
export function inquiryBody(relationIds: readonly number[], overrides: Record<string, unknown> = {}) {
  return {
    vehicle: { vin: 'WVWZZZ1KZAW000001', hsn: '', tsn: '', description: 'VW Golf VI' },
    lines: [
      { part_number: '1K0 615 301 AA', description: 'Bremsscheibe vorne', quantity: 2, note: '' },
      { part_number: '', description: 'Bremsbeläge vorne', quantity: 1, note: 'mit Verschleißanzeige' },
    ],
    recipient_relation_ids: [...relationIds],
    closes_in_minutes: 120,
    ...overrides,
  };
}

export async function sendInquiry(server: TestServer, workshop: TestWorkshop, relationIds?: readonly number[]) {
  const { response, body } = await send<InquiryDetail>(
    server,
    '/svc/workshop/inquiries',
    workshop.cookie,
    inquiryBody(relationIds ?? workshop.relations.map((relation) => relation.id)),
  );
  if (response.status !== 200) throw new Error(`sending the inquiry failed with ${response.status}: ${body.error}`);
  return body.data;
}

/** A date `days` from today in the portal's time zone (YYYY-MM-DD). */
export function berlinDate(days: number) {
  return addDays(portalToday(), days);
}

/** A dealer's answer to every line of `inquiry`: an offer on the first line, a declined second line. */
export function answerBody(
  inquiry: Pick<DealerInquiry, 'lines' | 'recipient'>,
  overrides: Record<string, unknown> = {},
) {
  return {
    version: inquiry.recipient.version,
    valid_until: berlinDate(3),
    freight_cents: 590,
    free_freight_from_cents: 10_000,
    lines: inquiry.lines.map((line, index) =>
      index === 0
        ? {
            inquiry_line_id: line.id,
            offered: true,
            net_price_cents: 4_990,
            deposit_cents: 0,
            availability: 'branch_today',
            alternative_part_number: '',
            alternative_brand: 'ATE',
            fits_vehicle: true,
            note: '',
          }
        : { inquiry_line_id: line.id, offered: false, decline_reason: 'Nicht lieferbar' },
    ),
    ...overrides,
  };
}

export async function dealerView(server: TestServer, dealer: TestDealer, inquiryId: number) {
  const { response, body } = await getJson<DealerInquiry>(
    server,
    `/svc/part-dealer/inquiries/${inquiryId}`,
    dealer.cookie,
  );
  if (response.status !== 200) throw new Error(`dealer view failed with ${response.status}`);
  return body.data;
}

/** Everything an inquiry's refused write must leave as it was: its rows and the whole log. */
export async function storedState(server: TestServer, inquiryId: number) {
  const { db } = server;
  const [inquiry] = await db.select().from(inquiries).where(eq(inquiries.id, inquiryId));
  const recipients = await db
    .select()
    .from(inquiryRecipients)
    .where(eq(inquiryRecipients.inquiryId, inquiryId))
    .orderBy(inquiryRecipients.id);
  const quotes = await db
    .select({ id: quoteLines.id, recipientId: quoteLines.recipientId, price: quoteLines.netPriceCents })
    .from(quoteLines)
    .innerJoin(inquiryLines, eq(inquiryLines.id, quoteLines.inquiryLineId))
    .where(eq(inquiryLines.inquiryId, inquiryId))
    .orderBy(quoteLines.id);
  const [events] = await db.select({ total: count() }).from(tradeEvents);
  const [mails] = await db.select({ total: count() }).from(tradeMailQueue);
  return { inquiry, recipients, quotes, events: events?.total ?? 0, mails: mails?.total ?? 0 };
}

export async function inquiryCount(server: TestServer) {
  const [row] = await server.db.select({ total: count() }).from(inquiries);
  return row?.total ?? 0;
}

export function eventsOf(server: TestServer, inquiryId: number) {
  return server.db.select().from(tradeEvents).where(eq(tradeEvents.inquiryId, inquiryId)).orderBy(tradeEvents.id);
}
