import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DealerCustomer } from '../../common/contracts/customers';
import { auditEvents, outbox, supplierRelations } from '../../server/db/schema';
import { insertDealerOrganisation, insertRelation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { ADMIN, loginCookie, postJson, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let nord: Awaited<ReturnType<typeof insertDealerOrganisation>>;
let sued: Awaited<ReturnType<typeof insertDealerOrganisation>>;
let nordFirst: string;
let nordSecond: string;
let suedUser: string;

beforeAll(async () => {
  server = await startTestServer();
  nord = await insertDealerOrganisation(server.db, 'Teile Nord GmbH', ['eins@teile-nord.de', 'zwei@teile-nord.de']);
  sued = await insertDealerOrganisation(server.db, 'Teile Süd AG', ['eins@teile-sued.de']);
  nordFirst = await loginCookie(server, 'eins@teile-nord.de', MEMBER_PASSWORD);
  nordSecond = await loginCookie(server, 'zwei@teile-nord.de', MEMBER_PASSWORD);
  suedUser = await loginCookie(server, 'eins@teile-sued.de', MEMBER_PASSWORD);
});
afterAll(() => server.stop());

type ListBody = { code: number; data: { items: DealerCustomer[]; total: number; page: number; page_size: number } };

async function list(cookie: string | null, query = '') {
  const response = await fetch(server.url(`/svc/part-dealer/customers${query}`), {
    headers: { 'accept-language': 'de', ...(cookie ? { cookie } : {}) },
  });
  return { response, body: (await response.json()) as ListBody & { message?: string } };
}

const decide = (cookie: string | null, relationId: number, decision: string, body: unknown = {}, language = 'de') =>
  postJson(server, `/svc/part-dealer/customers/${relationId}/${decision}`, body, {
    'accept-language': language,
    ...(cookie ? { cookie } : {}),
  });

let workshopCounter = 0;
/** A fresh workshop that asked dealer `dealer` with `customerNumber`. */
async function requestedBy(
  dealer: typeof nord,
  customerNumber: string,
  options: { locale?: 'de' | 'en'; name?: string } = {},
) {
  workshopCounter += 1;
  const ownerEmail = `inhaber${workshopCounter}@werkstatt-${workshopCounter}.de`;
  const created = await insertWorkshop(server.db, {
    name: options.name ?? `Werkstatt ${workshopCounter}`,
    ownerEmail,
    locale: options.locale,
  });
  const relation = await insertRelation(server.db, created.workshop.id, dealer.partDealer.id, customerNumber);
  return { ...created, relation, ownerEmail };
}

async function relationRow(id: number) {
  const [row] = await server.db.select().from(supplierRelations).where(eq(supplierRelations.id, id));
  return row;
}

const mailsTo = (recipient: string) => server.db.select().from(outbox).where(eq(outbox.recipient, recipient));

describe('who may call', () => {
  test('anonymous 401; a workshop user and an administrator 403; nothing is decided', async () => {
    const { relation } = await requestedBy(nord, 'K-401');
    expect((await list(null)).response.status).toBe(401);
    expect((await decide(null, relation.id, 'accept')).response.status).toBe(401);
    expect((await decide(null, relation.id, 'decline', { reason: 'Nein' })).response.status).toBe(401);

    const { ownerEmail } = await requestedBy(sued, 'K-403');
    const workshopUser = await loginCookie(server, ownerEmail, MEMBER_PASSWORD);
    const admin = await loginCookie(server, ADMIN.email, ADMIN.password);
    for (const cookie of [workshopUser, admin]) {
      expect((await list(cookie)).response.status).toBe(403);
      expect((await decide(cookie, relation.id, 'accept')).response.status).toBe(403);
      expect((await decide(cookie, relation.id, 'decline', { reason: 'Nein' })).response.status).toBe(403);
    }
    expect(await relationRow(relation.id)).toMatchObject({ status: 'requested', decidedBy: null });
  });
});

describe('the list', () => {
  test('shows only the own organisation’s relations, with the workshop owner as contact', async () => {
    const own = await requestedBy(nord, 'NORD-LIST-1', { name: 'Autohaus Listig' });
    const foreign = await requestedBy(sued, 'SUED-LIST-1', { name: 'Autohaus Fremd' });
    const { response, body } = await list(nordFirst, '?q=LIST');
    expect(response.status).toBe(200);
    expect(body.data.items).toEqual([
      {
        id: own.relation.id,
        workshop_name: 'Autohaus Listig',
        contact_name: 'Max Müller',
        contact_email: own.ownerEmail,
        contact_number: '+49 30 1234567',
        customer_number: 'NORD-LIST-1',
        status: 'requested',
        decline_reason: null,
        requested_at: own.relation.createdAt.toISOString(),
        decided_at: null,
      },
    ]);
    expect(body.data.total).toBe(1);
    const suedList = await list(suedUser, '?q=LIST');
    expect(suedList.body.data.items.map((item) => item.id)).toEqual([foreign.relation.id]);
  });

  test('filters by status, searches by workshop name or customer number (literally), 20 per page', async () => {
    const searched = await requestedBy(nord, 'SUCH-100%', { name: 'Karosserie Suchmann' });
    await requestedBy(nord, 'ANDERE-1', { name: 'Karosserie Anders' });
    expect((await list(nordFirst, '?q=suchmann')).body.data.items.map((item) => item.id)).toEqual([
      searched.relation.id,
    ]);
    expect((await list(nordFirst, `?q=${encodeURIComponent('100%')}`)).body.data.items.map((item) => item.id)).toEqual([
      searched.relation.id,
    ]);
    // A literal "%" matches only itself, not everything.
    expect((await list(nordFirst, `?q=${encodeURIComponent('%')}`)).body.data.total).toBe(1);

    for (let index = 0; index < 21; index += 1) await requestedBy(nord, `PAGE-${index}`, { name: 'Seitenwerk' });
    const first = await list(nordFirst, '?q=Seitenwerk&status=requested');
    expect(first.body.data).toMatchObject({ total: 21, page: 1, page_size: 20 });
    expect(first.body.data.items).toHaveLength(20);
    const second = await list(nordFirst, '?q=Seitenwerk&status=requested&page=2');
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.data.items[0]?.customer_number).toBe('PAGE-0');
    expect((await list(nordFirst, '?q=Seitenwerk&status=active')).body.data.total).toBe(0);
  });

  test('every status at once lists the open requests first, then the newest (issue 24 §8)', async () => {
    const open = await requestedBy(nord, 'FOLGE-1', { name: 'Reihenfolge Alt' });
    const accepted = await requestedBy(nord, 'FOLGE-2', { name: 'Reihenfolge Neu' });
    expect((await decide(nordFirst, accepted.relation.id, 'accept')).response.status).toBe(200);
    const { body } = await list(nordFirst, '?q=Reihenfolge');
    expect(body.data.items.map((item) => [item.id, item.status])).toEqual([
      [open.relation.id, 'requested'],
      [accepted.relation.id, 'active'],
    ]);
  });

  test('bad query parameters get 400', async () => {
    for (const query of ['?status=open', '?page=0', '?page=abc', `?q=${'x'.repeat(101)}`]) {
      expect((await list(nordFirst, query)).response.status).toBe(400);
    }
  });
});

describe('accepting', () => {
  test('activates the relation, records who and when, audits it and mails the owner in German', async () => {
    const { relation, ownerEmail } = await requestedBy(nord, 'ACC-1', { name: 'Autohaus Annahme' });
    const { response, body } = await decide(nordFirst, relation.id, 'accept');
    expect(response.status).toBe(200);
    expect(body.message).toBe('Die Kundennummer ist bestätigt; die Verbindung ist aktiv.');
    expect(body.data).toMatchObject({ id: relation.id, status: 'active', decline_reason: null });
    expect(await relationRow(relation.id)).toMatchObject({
      status: 'active',
      decidedBy: nord.members[0]?.id,
      declineReason: null,
    });
    expect((await relationRow(relation.id))?.decidedAt).toBeInstanceOf(Date);
    const [audited] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'relation.accepted'), eq(auditEvents.target, `relation:${relation.id}`)));
    expect(audited?.actorUserId).toBe(nord.members[0]?.id);
    const mails = await mailsTo(ownerEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'relation-accepted',
      subject: 'Teile Nord GmbH hat Ihre Kundennummer bestätigt',
    });
    expect(mails[0]?.textBody).toContain('Kundennummer ACC-1 von Autohaus Annahme');
    expect(mails[0]?.textBody).toContain('/suppliers');
  });

  test('two accepts racing (two users of the dealer) are one accept; the other gets 409', async () => {
    const { relation, ownerEmail } = await requestedBy(nord, 'RACE-1');
    const results = await Promise.all([
      decide(nordFirst, relation.id, 'accept'),
      decide(nordSecond, relation.id, 'accept'),
    ]);
    expect(results.map((result) => result.response.status).sort()).toEqual([200, 409]);
    const loser = results.find((result) => result.response.status === 409);
    expect(loser?.body).toMatchObject({ error: 'relationNotRequested' });
    expect(await mailsTo(ownerEmail)).toHaveLength(1);
    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `relation:${relation.id}`));
    expect(audited).toHaveLength(1);
  });

  test('an accept racing a decline is one decision', async () => {
    const { relation, ownerEmail } = await requestedBy(nord, 'RACE-2');
    const results = await Promise.all([
      decide(nordFirst, relation.id, 'accept'),
      decide(nordSecond, relation.id, 'decline', { reason: 'Unbekannt' }),
    ]);
    expect(results.map((result) => result.response.status).sort()).toEqual([200, 409]);
    expect(await mailsTo(ownerEmail)).toHaveLength(1);
  });

  test('accept after decline gets 409 and changes nothing', async () => {
    const { relation, ownerEmail } = await requestedBy(nord, 'DEC-ACC');
    expect((await decide(nordFirst, relation.id, 'decline', { reason: 'Nummer unbekannt' })).response.status).toBe(200);
    const { response, body } = await decide(nordSecond, relation.id, 'accept');
    expect(response.status).toBe(409);
    expect(body.message).toBe('Über diese Verbindung wurde bereits entschieden.');
    expect(await relationRow(relation.id)).toMatchObject({
      status: 'declined',
      declineReason: 'Nummer unbekannt',
      decidedBy: nord.members[0]?.id,
    });
    expect(await mailsTo(ownerEmail)).toHaveLength(1);
  });
});

describe('declining', () => {
  test('needs a reason (≤ 500 characters); without one nothing changes', async () => {
    const { relation, ownerEmail } = await requestedBy(nord, 'DEC-0');
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 42 }]) {
      const refused = await decide(nordFirst, relation.id, 'decline', body);
      expect(refused.response.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'declineReasonRequired', field: 'reason' });
    }
    const tooLong = await decide(nordFirst, relation.id, 'decline', { reason: 'x'.repeat(501) });
    expect(tooLong.response.status).toBe(400);
    expect(tooLong.body).toMatchObject({ error: 'fieldTooLong', field: 'reason' });
    expect((await decide(nordFirst, relation.id, 'decline', 'not json')).response.status).toBe(400);
    expect(await relationRow(relation.id)).toMatchObject({ status: 'requested', declineReason: null });
    expect(await mailsTo(ownerEmail)).toHaveLength(0);
  });

  test('with a reason: declined, the reason kept, audited, and the owner told in English with the reason', async () => {
    const { relation, ownerEmail } = await requestedBy(nord, 'DEC-1', { locale: 'en', name: 'Garage Smith' });
    const { response, body } = await decide(
      nordSecond,
      relation.id,
      'decline',
      { reason: '  No customer with this number.  ' },
      'en',
    );
    expect(response.status).toBe(200);
    expect(body.message).toBe('The connection has been declined.');
    expect(await relationRow(relation.id)).toMatchObject({
      status: 'declined',
      declineReason: 'No customer with this number.',
      decidedBy: nord.members[1]?.id,
    });
    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'relation.declined'), eq(auditEvents.target, `relation:${relation.id}`)));
    expect(audited).toHaveLength(1);
    const [mail] = await mailsTo(ownerEmail);
    expect(mail).toMatchObject({
      kind: 'relation-declined',
      subject: 'Teile Nord GmbH declined your connection request',
    });
    expect(mail?.textBody).toContain('Reason: No customer with this number.');
    expect(mail?.textBody).toContain('Garage Smith (customer number DEC-1)');
  });

  test('the mail follows the owner’s locale, not the dealer’s language', async () => {
    const { relation, ownerEmail } = await requestedBy(nord, 'DEC-DE', { locale: 'de' });
    expect((await decide(nordFirst, relation.id, 'decline', { reason: 'Unbekannt' }, 'en')).response.status).toBe(200);
    const [mail] = await mailsTo(ownerEmail);
    expect(mail?.subject).toBe('Teile Nord GmbH hat Ihre Verbindungsanfrage abgelehnt');
    expect(mail?.textBody).toContain('Begründung: Unbekannt');
  });
});

describe('another dealer’s relation', () => {
  test('is not found (404) for accept and decline, and nothing changes', async () => {
    const { relation, ownerEmail } = await requestedBy(sued, 'SUED-1');
    for (const [decision, body] of [
      ['accept', {}],
      ['decline', { reason: 'Nicht unser Kunde' }],
    ] as const) {
      const refused = await decide(nordFirst, relation.id, decision, body);
      expect(refused.response.status).toBe(404);
      expect(refused.body).toMatchObject({ error: 'notFound' });
    }
    expect((await decide(nordFirst, 999_999, 'accept')).response.status).toBe(404);
    expect(await relationRow(relation.id)).toMatchObject({ status: 'requested', decidedBy: null });
    expect(await mailsTo(ownerEmail)).toHaveLength(0);
    expect(
      await server.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.target, `relation:${relation.id}`)),
    ).toHaveLength(0);
  });

  test('an already decided relation of another dealer is still 404, not 409', async () => {
    const { relation } = await requestedBy(sued, 'SUED-2');
    expect((await decide(suedUser, relation.id, 'accept')).response.status).toBe(200);
    expect((await decide(nordFirst, relation.id, 'accept')).response.status).toBe(404);
  });
});

test('mass assignment: fields in the body change nothing but the decision', async () => {
  const { relation, workshop } = await requestedBy(nord, 'MASS-1');
  const foreign = await requestedBy(sued, 'MASS-2');
  const { response } = await decide(nordFirst, relation.id, 'accept', {
    status: 'declined',
    decline_reason: 'injected',
    customer_number: 'INJECTED',
    part_dealer_id: sued.partDealer.id,
    workshop_id: foreign.workshop.id,
    decided_by: 1,
    id: foreign.relation.id,
    organisation_id: sued.organisation.id,
  });
  expect(response.status).toBe(200);
  expect(await relationRow(relation.id)).toMatchObject({
    status: 'active',
    declineReason: null,
    customerNumber: 'MASS-1',
    partDealerId: nord.partDealer.id,
    workshopId: workshop.id,
    decidedBy: nord.members[0]?.id,
  });
  expect(await relationRow(foreign.relation.id)).toMatchObject({ status: 'requested', customerNumber: 'MASS-2' });

  const declined = await requestedBy(nord, 'MASS-3');
  expect(
    (await decide(nordFirst, declined.relation.id, 'decline', { reason: 'Nein', status: 'active', decided_by: 1 }))
      .response.status,
  ).toBe(200);
  expect(await relationRow(declined.relation.id)).toMatchObject({
    status: 'declined',
    decidedBy: nord.members[0]?.id,
  });
});
