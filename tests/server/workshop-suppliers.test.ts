import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SupplierDirectoryPage, SupplierList } from '../../common/contracts/suppliers';
import { auditEvents, organisations, supplierRelations, workshopAdditionalSuppliers } from '../../server/db/schema';
import { saveWizardRelations } from '../../server/services/workshop/wizard-relations';
import {
  insertDealerOrganisation,
  insertMember,
  insertRelation,
  insertWorkshop,
  MEMBER_PASSWORD,
} from '../support/organisations';
import {
  ADMIN,
  loginCookie,
  onboardingCookieFrom,
  postJson,
  startTestServer,
  type TestServer,
} from '../support/test-server';
import { approvedInvitation, sendJson } from '../support/workshop-invitations';

const PASSWORD = 'Bremsscheibe-2026';
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());

let serial = 0;

/** A verified workshop organisation with its workshop and one signed-in workshop user. */
async function aWorkshop(name = 'Werkstatt') {
  serial += 1;
  const email = `werkstatt-${serial}@kfz.de`;
  const { organisation, owner, workshop } = await insertWorkshop(server.db, {
    name: `${name} ${serial}`,
    ownerEmail: email,
  });
  return { organisation, user: owner, workshop, cookie: await loginCookie(server, email, MEMBER_PASSWORD) };
}

/** A verified dealer organisation with its profile and its place in the dealer list. */
async function aDealer(
  name: string,
  profile: { city?: string; brands?: string[]; area?: string; deactivated?: boolean; logo?: boolean } = {},
) {
  const { organisation, partDealer } = await insertDealerOrganisation(server.db, name, [], {
    brands: ['VW', 'Audi'],
    area: 'Norddeutschland',
    ...profile,
  });
  return { organisation, partDealerId: partDealer.id };
}

const relate = (workshopId: number, partDealerId: number, customerNumber = '100', extra = {}) =>
  insertRelation(server.db, workshopId, partDealerId, customerNumber, extra);

const get = async <T = unknown>(path: string, cookie: string | null) => {
  const response = await fetch(server.url(path), {
    headers: { 'accept-language': 'de', ...(cookie ? { cookie } : {}) },
  });
  return { response, body: (await response.json()) as { data: T; error?: string; message?: string } };
};
const put = (path: string, body: unknown, cookie: string | null) => sendJson(server, 'PUT', path, body, cookie);
const post = (path: string, body: unknown, cookie: string | null) => sendJson(server, 'POST', path, body, cookie);
const remove = async (path: string, cookie: string | null) => {
  const response = await fetch(server.url(path), {
    method: 'DELETE',
    headers: {
      'content-type': 'application/json',
      origin: server.origin,
      'accept-language': 'de',
      ...(cookie ? { cookie } : {}),
    },
  });
  return { response, body: (await response.json()) as { error?: string; message?: string } };
};
const relationOf = async (id: number) =>
  (await server.db.select().from(supplierRelations).where(eq(supplierRelations.id, id)))[0];

describe('the list', () => {
  test('shows the workshop’s own relations with dealer, number and status, and its free-text suppliers', async () => {
    const own = await aWorkshop();
    const other = await aWorkshop();
    const dealer = await aDealer('Teile Nord', { logo: true });
    await relate(own.workshop.id, 1, '111');
    await relate(own.workshop.id, dealer.partDealerId, '222', {
      status: 'declined',
      declineReason: 'Unbekannte Kundennummer',
    });
    await relate(other.workshop.id, 2, '999');
    await server.db
      .insert(workshopAdditionalSuppliers)
      .values({ workshopId: own.workshop.id, name: 'Teile Schmidt', customerNumber: 'S-99' });

    const { response, body } = await get<SupplierList>('/svc/workshop/suppliers', own.cookie);
    expect(response.status).toBe(200);
    expect(body.data.relations).toEqual([
      expect.objectContaining({
        dealer_name: 'Teile Nord',
        on_portal: true,
        customer_number: '222',
        status: 'declined',
        decline_reason: 'Unbekannte Kundennummer',
        city: 'Hamburg',
        logo_url: `/svc/part-dealer/organisation-logos/${dealer.organisation.id}`,
      }),
      expect.objectContaining({
        part_dealer_id: 1,
        dealer_name: 'WM SE',
        on_portal: false,
        customer_number: '111',
        status: 'requested',
        logo_url: '/logos/part-dealers/wm.svg',
      }),
    ]);
    expect(body.data.additional).toEqual([expect.objectContaining({ name: 'Teile Schmidt', customer_number: 'S-99' })]);
  });

  test('only workshop users: no session 401, a dealer user or an administrator 403', async () => {
    expect((await get('/svc/workshop/suppliers', null)).response.status).toBe(401);
    expect((await get('/svc/workshop/suppliers', admin)).response.status).toBe(403);
    const dealer = await aDealer('Teile Süd');
    await insertMember(server.db, dealer.organisation.id, { email: 'haendler@teile-sued.de', role: 'dealer_user' });
    const dealerUser = await loginCookie(server, 'haendler@teile-sued.de', MEMBER_PASSWORD);
    const own = await aWorkshop();
    const relation = await relate(own.workshop.id, 3, '123');
    for (const cookie of [admin, dealerUser]) {
      expect((await get('/svc/workshop/suppliers', cookie)).response.status).toBe(403);
      expect((await get('/svc/workshop/supplier-directory', cookie)).response.status).toBe(403);
      expect(
        (await post('/svc/workshop/suppliers', { part_dealer_id: 4, customer_number: '1' }, cookie)).response.status,
      ).toBe(403);
      expect(
        (await put(`/svc/workshop/suppliers/${relation.id}`, { customer_number: '9' }, cookie)).response.status,
      ).toBe(403);
      expect((await remove(`/svc/workshop/suppliers/${relation.id}`, cookie)).response.status).toBe(403);
    }
    expect(await relationOf(relation.id)).toMatchObject({ customerNumber: '123', status: 'requested' });
  });
});

describe('editing a customer number', () => {
  test('a requested relation takes the new number; the change is audited', async () => {
    const own = await aWorkshop();
    const relation = await relate(own.workshop.id, 1, '111');
    const { response, body } = await put(
      `/svc/workshop/suppliers/${relation.id}`,
      { customer_number: ' 4711 ' },
      own.cookie,
    );
    expect(response.status).toBe(200);
    expect(body.message).toBe('Die Kundennummer wurde gespeichert.');
    expect(await relationOf(relation.id)).toMatchObject({ customerNumber: '4711', status: 'requested' });
    const events = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.target, `relation:${relation.id}`), eq(auditEvents.actorUserId, own.user.id)));
    expect(events.map((event) => event.action)).toEqual(['relation.customer-number-changed']);
  });

  test('a declined relation is requested again with the corrected number, its reason cleared', async () => {
    const own = await aWorkshop();
    const dealer = await aDealer('Teile West');
    const relation = await relate(own.workshop.id, dealer.partDealerId, '111', {
      status: 'declined',
      declineReason: 'Nummer unbekannt',
      decidedAt: new Date(),
    });
    const { response, body } = await put(
      `/svc/workshop/suppliers/${relation.id}`,
      { customer_number: '112' },
      own.cookie,
    );
    expect(response.status).toBe(200);
    expect(body.message).toBe('Die Anfrage wurde an den Händler gesendet.');
    expect(await relationOf(relation.id)).toMatchObject({
      customerNumber: '112',
      status: 'requested',
      declineReason: null,
      decidedAt: null,
    });
  });

  test('an active relation’s confirmed number cannot be changed (409)', async () => {
    const own = await aWorkshop();
    const relation = await relate(own.workshop.id, 2, '222', { status: 'active' });
    const { response, body } = await put(
      `/svc/workshop/suppliers/${relation.id}`,
      { customer_number: '333' },
      own.cookie,
    );
    expect(response.status).toBe(409);
    expect(body.error).toBe('relationNotRequested');
    expect(await relationOf(relation.id)).toMatchObject({ customerNumber: '222', status: 'active' });
  });

  test('field rules as in the wizard: required, as dealers issue them; free-text suppliers take any text', async () => {
    const own = await aWorkshop();
    const relation = await relate(own.workshop.id, 1, '111');
    const empty = await put(`/svc/workshop/suppliers/${relation.id}`, { customer_number: ' ' }, own.cookie);
    expect(empty.response.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'customer_number', message: 'Kundennummer erforderlich' });
    const hash = await put(`/svc/workshop/suppliers/${relation.id}`, { customer_number: 'K#1' }, own.cookie);
    expect(hash.body).toMatchObject({ field: 'customer_number', error: 'customerNoInvalid' });
    const long = await put(`/svc/workshop/suppliers/${relation.id}`, { customer_number: '1'.repeat(33) }, own.cookie);
    expect(long.body).toMatchObject({ field: 'customer_number', error: 'customerNoInvalid' });
    expect(await relationOf(relation.id)).toMatchObject({ customerNumber: '111' });
    const issued = await put(`/svc/workshop/suppliers/${relation.id}`, { customer_number: ' K-10001 ' }, own.cookie);
    expect(issued.response.status).toBe(200);
    expect(await relationOf(relation.id)).toMatchObject({ customerNumber: 'K-10001' });

    const [additional] = await server.db
      .insert(workshopAdditionalSuppliers)
      .values({ workshopId: own.workshop.id, name: 'Teile Schmidt', customerNumber: 'S-99' })
      .returning();
    const path = `/svc/workshop/additional-suppliers/${additional?.id}`;
    expect((await put(path, { customer_number: '' }, own.cookie)).response.status).toBe(400);
    const saved = await put(path, { customer_number: 'S-100' }, own.cookie);
    expect(saved.response.status).toBe(200);
    const [after] = await server.db
      .select()
      .from(workshopAdditionalSuppliers)
      .where(eq(workshopAdditionalSuppliers.id, additional?.id ?? 0));
    expect(after?.customerNumber).toBe('S-100');
  });

  test('a dealer deciding while the number is edited: one of them wins, never a mix', async () => {
    const own = await aWorkshop();
    const relation = await relate(own.workshop.id, 5, '500');
    const [edit] = await Promise.all([
      put(`/svc/workshop/suppliers/${relation.id}`, { customer_number: '501' }, own.cookie),
      server.db
        .update(supplierRelations)
        .set({ status: 'active' })
        .where(and(eq(supplierRelations.id, relation.id), eq(supplierRelations.status, 'requested'))),
    ]);
    const stored = await relationOf(relation.id);
    // The dealer's update is conditional on 'requested' too, so after a successful edit it still applies.
    if (edit.response.status === 200) expect(stored).toMatchObject({ customerNumber: '501', status: 'active' });
    else {
      expect(edit.response.status).toBe(409);
      expect(stored).toMatchObject({ customerNumber: '500', status: 'active' });
    }
  });
});

describe('another workshop’s rows', () => {
  test('are 404 to edit or remove, and nothing changes', async () => {
    const own = await aWorkshop();
    const other = await aWorkshop();
    const theirs = await relate(other.workshop.id, 1, '111');
    const [theirAdditional] = await server.db
      .insert(workshopAdditionalSuppliers)
      .values({ workshopId: other.workshop.id, name: 'Teile Fremd', customerNumber: 'F-1' })
      .returning();
    expect(
      (await put(`/svc/workshop/suppliers/${theirs.id}`, { customer_number: '9' }, own.cookie)).response.status,
    ).toBe(404);
    expect((await remove(`/svc/workshop/suppliers/${theirs.id}`, own.cookie)).response.status).toBe(404);
    const additionalPath = `/svc/workshop/additional-suppliers/${theirAdditional?.id}`;
    expect((await put(additionalPath, { customer_number: 'X' }, own.cookie)).response.status).toBe(404);
    expect((await remove(additionalPath, own.cookie)).response.status).toBe(404);
    expect(await relationOf(theirs.id)).toMatchObject({ customerNumber: '111', status: 'requested' });
    expect(
      await server.db
        .select()
        .from(workshopAdditionalSuppliers)
        .where(eq(workshopAdditionalSuppliers.id, theirAdditional?.id ?? 0)),
    ).toEqual([expect.objectContaining({ customerNumber: 'F-1' })]);
    expect((await remove('/svc/workshop/suppliers/999999', own.cookie)).response.status).toBe(404);
  });
});

describe('removing', () => {
  test('removes a relation of any status and a free-text supplier, audited', async () => {
    const own = await aWorkshop();
    const active = await relate(own.workshop.id, 6, '600', { status: 'active' });
    const [additional] = await server.db
      .insert(workshopAdditionalSuppliers)
      .values({ workshopId: own.workshop.id, name: 'Teile Schmidt', customerNumber: 'S-99' })
      .returning();
    const removed = await remove(`/svc/workshop/suppliers/${active.id}`, own.cookie);
    expect(removed.response.status).toBe(200);
    expect(removed.body.message).toBe('Der Lieferant wurde entfernt.');
    expect(await relationOf(active.id)).toBeUndefined();
    expect((await remove(`/svc/workshop/suppliers/${active.id}`, own.cookie)).response.status).toBe(404);
    expect((await remove(`/svc/workshop/additional-suppliers/${additional?.id}`, own.cookie)).response.status).toBe(
      200,
    );
    const list = await get<SupplierList>('/svc/workshop/suppliers', own.cookie);
    expect(list.body.data).toEqual({ relations: [], additional: [] });
    const actions = (await server.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, own.user.id))).map(
      (event) => event.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['relation.removed', 'additional-supplier.removed']));
  });
});

describe('the directory and adding a supplier', () => {
  test('finds dealer organisations by name, city, brand and delivery area; reference dealers by name', async () => {
    const own = await aWorkshop();
    const kiel = await aDealer('Ostsee Teile', { city: 'Kiel', brands: ['Volvo', 'Saab'], area: 'Schleswig-Holstein' });
    await aDealer('Alpen Teile', { city: 'München', brands: ['BMW'], area: 'Bayern' });
    await aDealer('Kiel Geschlossen', { city: 'Kiel', deactivated: true });
    await relate(own.workshop.id, kiel.partDealerId, '1');

    const byCity = await get<SupplierDirectoryPage>('/svc/workshop/supplier-directory?city=kiel', own.cookie);
    expect(byCity.body.data.items).toEqual([
      expect.objectContaining({
        part_dealer_id: kiel.partDealerId,
        name: 'Ostsee Teile',
        city: 'Kiel',
        brands: ['Volvo', 'Saab'],
        delivery_area: 'Schleswig-Holstein',
        on_portal: true,
        related: true,
      }),
    ]);
    const byBrand = await get<SupplierDirectoryPage>('/svc/workshop/supplier-directory?brand=saa', own.cookie);
    expect(byBrand.body.data.items.map((item) => item.name)).toEqual(['Ostsee Teile']);
    const byArea = await get<SupplierDirectoryPage>('/svc/workshop/supplier-directory?area=bayern', own.cookie);
    expect(byArea.body.data.items.map((item) => item.name)).toEqual(['Alpen Teile']);
    const byName = await get<SupplierDirectoryPage>('/svc/workshop/supplier-directory?q=stahl', own.cookie);
    expect(byName.body.data.items).toEqual([
      expect.objectContaining({ part_dealer_id: 2, name: 'Stahlgruber', on_portal: false, city: null, related: false }),
    ]);
    const wildcard = await get<SupplierDirectoryPage>('/svc/workshop/supplier-directory?q=%25', own.cookie);
    expect(wildcard.body.data.total).toBe(0);
  });

  test('pages the directory; bad query parameters are a 400', async () => {
    const own = await aWorkshop();
    const first = await get<SupplierDirectoryPage>('/svc/workshop/supplier-directory', own.cookie);
    expect(first.body.data.page_size).toBe(10);
    expect(first.body.data.items).toHaveLength(Math.min(10, first.body.data.total));
    expect(first.body.data.total).toBeGreaterThan(10);
    const second = await get<SupplierDirectoryPage>('/svc/workshop/supplier-directory?page=2', own.cookie);
    const firstIds = first.body.data.items.map((item) => item.part_dealer_id);
    expect(second.body.data.items.some((item) => firstIds.includes(item.part_dealer_id))).toBe(false);
    expect((await get('/svc/workshop/supplier-directory?page=0', own.cookie)).response.status).toBe(400);
    for (const key of ['q', 'city', 'brand', 'area']) {
      const nul = await get(`/svc/workshop/supplier-directory?${key}=a%00b`, own.cookie);
      expect(nul.response.status).toBe(400);
      expect(nul.body.message).toBe('Die Anfrage ist ungültig.');
    }
    expect((await get(`/svc/workshop/supplier-directory?q=${'x'.repeat(101)}`, own.cookie)).response.status).toBe(400);
  });

  test('adding requests the relation; a second time is 409; unknown or deactivated dealers are 404', async () => {
    const own = await aWorkshop();
    const dealer = await aDealer('Teile Ost', { city: 'Leipzig' });
    const closed = await aDealer('Teile Zu', { deactivated: true });
    const added = await post(
      '/svc/workshop/suppliers',
      { part_dealer_id: dealer.partDealerId, customer_number: '77' },
      own.cookie,
    );
    expect(added.response.status).toBe(200);
    expect(added.body.message).toBe('Die Anfrage wurde an den Händler gesendet.');
    const [stored] = await server.db
      .select()
      .from(supplierRelations)
      .where(
        and(eq(supplierRelations.workshopId, own.workshop.id), eq(supplierRelations.partDealerId, dealer.partDealerId)),
      );
    expect(stored).toMatchObject({ customerNumber: '77', status: 'requested' });
    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `relation:${stored?.id}`));
    expect(audited.map((event) => event.action)).toEqual(['relation.requested']);

    const again = await post(
      '/svc/workshop/suppliers',
      { part_dealer_id: dealer.partDealerId, customer_number: '78' },
      own.cookie,
    );
    expect(again.response.status).toBe(409);
    expect(again.body.error).toBe('relationExists');
    for (const part_dealer_id of [closed.partDealerId, 987654]) {
      const refused = await post('/svc/workshop/suppliers', { part_dealer_id, customer_number: '1' }, own.cookie);
      expect(refused.response.status).toBe(404);
    }
    const badNumber = await post('/svc/workshop/suppliers', { part_dealer_id: 4, customer_number: 'K#1' }, own.cookie);
    expect(badNumber.response.status).toBe(400);
    const rows = await server.db
      .select()
      .from(supplierRelations)
      .where(eq(supplierRelations.workshopId, own.workshop.id));
    expect(rows.map((row) => row.partDealerId)).toEqual([dealer.partDealerId]);
  });

  test('a body cannot choose the workshop or the status', async () => {
    const own = await aWorkshop();
    const other = await aWorkshop();
    const added = await post(
      '/svc/workshop/suppliers',
      { part_dealer_id: 7, customer_number: '70', workshop_id: other.workshop.id, status: 'active' },
      own.cookie,
    );
    expect(added.response.status).toBe(200);
    const rows = await server.db.select().from(supplierRelations).where(eq(supplierRelations.partDealerId, 7));
    expect(rows).toEqual([expect.objectContaining({ workshopId: own.workshop.id, status: 'requested' })]);
  });
});

describe('the wizard’s dealer tiles', () => {
  const tiles = async () =>
    (
      await get<{ data: { id: number; name: string; logo_url: string | null }[] }>(
        '/svc/workshop/lead/part-dealers',
        null,
      )
    ).body.data.data;

  test('offer a newly verified dealer organisation at once, and no longer a deactivated one', async () => {
    expect((await tiles()).some((tile) => tile.name === 'Teile Neu')).toBe(false);
    const dealer = await aDealer('Teile Neu', { logo: true });
    expect(await tiles()).toContainEqual({
      id: dealer.partDealerId,
      name: 'Teile Neu',
      logo_url: `/svc/part-dealer/organisation-logos/${dealer.organisation.id}`,
    });
    await server.db
      .update(organisations)
      .set({ deactivatedAt: new Date() })
      .where(eq(organisations.id, dealer.organisation.id));
    expect((await tiles()).some((tile) => tile.id === dealer.partDealerId)).toBe(false);
    expect((await tiles()).some((tile) => tile.id === 1)).toBe(true);
  });
});

describe('the wizard’s step 3 saved again', () => {
  test('keeps what dealers decided, requests changed numbers again, removes dropped and adds new ones', async () => {
    const email = 'wizard-again@kfz.de';
    const { lead, token } = await approvedInvitation(server, admin, email);
    const account = await postJson(server, '/svc/workshop/lead/account', {
      token,
      first_name: 'Max',
      last_name: 'Müller',
      password: PASSWORD,
    });
    expect(account.response.status).toBe(200);
    const workshopId = (account.body.data as { workshop: { id: number } }).workshop.id;
    const credential = onboardingCookieFrom(account.response);
    const details = `/svc/workshop/${lead.id}/workshop/${workshopId}/details`;
    const save = (data: [number, number][]) =>
      put(
        details,
        {
          part_dealer_request: true,
          part_dealer_data: data.map(([part_dealer_id, part_dealer_customer_number]) => ({
            part_dealer_id,
            part_dealer_customer_number,
          })),
          additional_part_dealer_data: [],
        },
        credential,
      );
    expect(
      (
        await save([
          [1, 111],
          [2, 222],
          [3, 333],
          [4, 444],
        ])
      ).response.status,
    ).toBe(200);
    const decidedAt = new Date();
    await server.db
      .update(supplierRelations)
      .set({ status: 'active', decidedAt })
      .where(and(eq(supplierRelations.workshopId, workshopId), eq(supplierRelations.partDealerId, 1)));
    await server.db
      .update(supplierRelations)
      .set({ status: 'declined', declineReason: 'Nummer unbekannt', decidedAt })
      .where(and(eq(supplierRelations.workshopId, workshopId), eq(supplierRelations.partDealerId, 2)));
    await server.db
      .update(supplierRelations)
      .set({ status: 'active', decidedAt })
      .where(and(eq(supplierRelations.workshopId, workshopId), eq(supplierRelations.partDealerId, 3)));

    // The wizard's credential writes nothing once it is done, so the second save of step 3 (a
    // browser that saves again before finishing) runs the same function in a transaction.
    await server.db.transaction((tx) =>
      saveWizardRelations(tx, workshopId, [
        { part_dealer_id: 1, part_dealer_customer_number: 111 },
        { part_dealer_id: 2, part_dealer_customer_number: 222 },
        { part_dealer_id: 3, part_dealer_customer_number: 334 },
        { part_dealer_id: 5, part_dealer_customer_number: 555 },
      ]),
    );
    const rows = await server.db.select().from(supplierRelations).where(eq(supplierRelations.workshopId, workshopId));
    const byDealer = Object.fromEntries(rows.map((row) => [row.partDealerId, row]));
    expect(Object.keys(byDealer).map(Number).sort()).toEqual([1, 2, 3, 5]);
    expect(byDealer[1]).toMatchObject({ status: 'active', customerNumber: '111' });
    expect(byDealer[2]).toMatchObject({ status: 'declined', declineReason: 'Nummer unbekannt', customerNumber: '222' });
    expect(byDealer[3]).toMatchObject({ status: 'requested', declineReason: null, customerNumber: '334' });
    expect(byDealer[5]).toMatchObject({ status: 'requested', customerNumber: '555' });
  });

  test('a deactivated dealer organisation cannot be saved as a supplier', async () => {
    const email = 'wizard-closed@kfz.de';
    const closed = await aDealer('Teile Geschlossen', { deactivated: true });
    const { lead, token } = await approvedInvitation(server, admin, email);
    const account = await postJson(server, '/svc/workshop/lead/account', {
      token,
      first_name: 'Max',
      password: PASSWORD,
    });
    const workshopId = (account.body.data as { workshop: { id: number } }).workshop.id;
    const saved = await put(
      `/svc/workshop/${lead.id}/workshop/${workshopId}/details`,
      {
        part_dealer_request: true,
        part_dealer_data: [{ part_dealer_id: closed.partDealerId, part_dealer_customer_number: 1 }],
        additional_part_dealer_data: [],
      },
      onboardingCookieFrom(account.response),
    );
    expect(saved.response.status).toBe(400);
    expect(
      await server.db.select().from(supplierRelations).where(eq(supplierRelations.workshopId, workshopId)),
    ).toHaveLength(0);
  });
});
