import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  auditEvents,
  dealerProfiles,
  organisations,
  outbox,
  partDealerLeads,
  partDealers,
  supplierRelations,
  users,
  workshops,
} from '../../server/db/schema';
import { translate } from '../../server/i18n';
import { hashPassword } from '../../server/services/auth/passwords';
import { dealerRegistration } from '../support/dealer';
import {
  ADMIN,
  linkFromLatestMail,
  loginCookie,
  postJson,
  solvedCaptcha,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from '../support/test-server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());

const submission = async (overrides: Record<string, unknown> = {}) =>
  dealerRegistration({
    website: 'www.teile-haendler.de',
    steerer: 'Riparo',
    brands_served: ['BMW', 'Audi', 'Eigenmarke X'],
    recaptcha: await solvedCaptcha(server),
    status: 'UNVERIFIED',
    ...overrides,
  });

test('a dealer registers: stored UNVERIFIED, mails to the dealer and the admins', async () => {
  const { response, body } = await postJson(
    server,
    '/svc/part-dealer/part-dealer/leads',
    await submission({ status: 'VERIFIED', id: 99 }),
  );
  expect(response.status).toBe(200);
  expect(body.message).toBe('Vielen Dank! Wir haben Ihre Unternehmensdaten erhalten.');
  const [lead] = await server.db
    .select()
    .from(partDealerLeads)
    .where(eq(partDealerLeads.email, 'dieter@teile-haendler.de'));
  expect(lead).toMatchObject({
    status: 'UNVERIFIED',
    brandsServed: ['BMW', 'Audi', 'Eigenmarke X'],
    country: 'Deutschland',
    taxId: 'DE123456789',
  });
  const kinds = (await server.db.select().from(outbox)).map((mail) => `${mail.kind}:${mail.recipient}`);
  expect(kinds).toEqual(
    expect.arrayContaining([
      'dealer-registration-received:dieter@teile-haendler.de',
      `dealer-awaits-review:${ADMIN.email}`,
    ]),
  );
});

test('every declared field is stored in its column: trimmed, empty optional text as NULL, each brand once', async () => {
  const { response } = await postJson(
    server,
    '/svc/part-dealer/part-dealer/leads',
    await submission({
      email: ' Drei@Teile.de ',
      first_name: '  Dora ',
      website: '',
      steerer: '',
      brands_served: ['BMW', 'Audi', 'BMW'],
    }),
  );
  expect(response.status).toBe(200);
  const [lead] = await server.db.select().from(partDealerLeads).where(eq(partDealerLeads.email, 'drei@teile.de'));
  expect(lead).toMatchObject({
    firstName: 'Dora',
    lastName: 'Händler',
    companyName: 'Teile Händler GmbH',
    email: 'drei@teile.de',
    contactNumber: '+49 89 123456',
    street: 'Industriestraße 5',
    city: 'München',
    postcode: '80331',
    country: 'Deutschland',
    website: null,
    steerer: null,
    taxId: 'DE123456789',
    deliveryArea: 'deutschlandweit',
    brandsServed: ['BMW', 'Audi'],
    status: 'UNVERIFIED',
    locale: 'de',
  });
});

test.each([
  [{ first_name: '' }, 'first_name', 'Vorname ist erforderlich'],
  [{ street: ' ' }, 'street', 'Adresse ist erforderlich'],
  [{ tax_id: '' }, 'tax_id', 'Steuernummer ist erforderlich'],
  [{ contact_number: '12' }, 'contact_number', 'Ungültige Telefonnummer'],
  [{ postcode: '123' }, 'postcode', 'Ungültige Postleitzahl'],
  [{ country: 'Narnia' }, 'country', 'Bitte wählen Sie ein Land'],
  [{ website: 'not a url' }, 'website', 'Ungültige Website-Adresse'],
  [{ brands_served: [] }, 'brands_served', 'Bitte wählen Sie mindestens eine Marke'],
  [{ delivery_area: '' }, 'delivery_area', 'Liefergebiet ist erforderlich'],
  [{ recaptcha: 'forged' }, 'recaptcha', 'Die Roboter-Prüfung ist abgelaufen oder ungültig. Bitte erneut bestätigen.'],
])('%j is refused on %s and nothing is stored', async (change, field, message) => {
  const before = await server.db.select().from(partDealerLeads);
  const { response, body } = await postJson(server, '/svc/part-dealer/part-dealer/leads', await submission(change));
  expect(response.status).toBe(400);
  expect(body).toMatchObject({ field, message });
  expect(await server.db.select().from(partDealerLeads)).toHaveLength(before.length);
});

test('admins list, verify and reject (once); others get 401/403', async () => {
  expect((await fetch(server.url('/svc/part-dealer/part-dealer/leads'))).status).toBe(401);
  await postJson(
    server,
    '/svc/part-dealer/part-dealer/leads',
    await submission({ email: 'zwei@teile.de', company_name: 'Zwei GmbH' }),
  );
  const list = (await (
    await fetch(server.url('/svc/part-dealer/part-dealer/leads?status=UNVERIFIED'), { headers: { cookie: admin } })
  ).json()) as {
    data: { items: { id: number; email: string }[] };
  };
  const target = list.data.items.find((item) => item.email === 'zwei@teile.de');
  const verified = await postJson(
    server,
    `/svc/part-dealer/part-dealer/leads/${target?.id}/verify`,
    {},
    { cookie: admin },
  );
  expect(verified.body).toMatchObject({
    code: 200,
    data: { status: 'VERIFIED' },
    message: 'Der Händler wurde verifiziert.',
  });
  const again = await postJson(
    server,
    `/svc/part-dealer/part-dealer/leads/${target?.id}/reject`,
    { reason: 'x' },
    { cookie: admin },
  );
  expect(again.response.status).toBe(409);
  expect(await server.db.select().from(outbox).where(eq(outbox.kind, 'dealer-decision'))).toHaveLength(1);
});

describe('verifying creates the dealer organisation (ADR 022)', () => {
  async function registered(email: string, company: string) {
    const { response } = await postJson(
      server,
      '/svc/part-dealer/part-dealer/leads',
      await submission({ email, company_name: company, first_name: 'Dana', last_name: 'Dealer' }),
    );
    expect(response.status).toBe(200);
    const [lead] = await server.db.select().from(partDealerLeads).where(eq(partDealerLeads.email, email));
    if (!lead) throw new Error(`no lead for ${email}`);
    return lead;
  }
  const verify = (leadId: number, body: Record<string, unknown> = {}) =>
    postJson(server, `/svc/part-dealer/part-dealer/leads/${leadId}/verify`, body, { cookie: admin });
  async function organisationOfLead(leadId: number) {
    const rows = await server.db
      .select({ organisation: organisations, profile: dealerProfiles })
      .from(dealerProfiles)
      .innerJoin(organisations, eq(organisations.id, dealerProfiles.organisationId))
      .where(eq(dealerProfiles.leadId, leadId));
    return rows;
  }

  test('organisation, profile from the registration, a new place in the supplier list, and the contact invited as its first dealer user', async () => {
    const lead = await registered('dana@neu-teile.de', 'Neu Teile GmbH');
    const { response, body } = await verify(lead.id);
    expect(response.status).toBe(200);
    expect(body.message).toBe('Der Händler wurde verifiziert.');
    const [created] = await organisationOfLead(lead.id);
    expect(created?.organisation).toMatchObject({ kind: 'dealer', name: 'Neu Teile GmbH', deactivatedAt: null });
    expect(created?.profile).toMatchObject({
      contactEmail: 'dana@neu-teile.de',
      contactNumber: '+49 89 123456',
      street: 'Industriestraße 5',
      postcode: '80331',
      city: 'München',
      country: 'Deutschland',
      website: 'www.teile-haendler.de',
      taxId: 'DE123456789',
      brandsServed: ['BMW', 'Audi', 'Eigenmarke X'],
      deliveryArea: 'deutschlandweit',
    });
    const organisationId = created?.organisation.id ?? 0;
    const [listed] = await server.db.select().from(partDealers).where(eq(partDealers.organisationId, organisationId));
    expect(listed).toMatchObject({ name: 'Neu Teile GmbH' });
    expect(listed?.id).toBeGreaterThanOrEqual(1000);
    // The wizard's supplier list offers it.
    const tiles = (await (await fetch(server.url('/svc/workshop/lead/part-dealers'))).json()) as {
      data: { data: { id: number }[] };
    };
    expect(tiles.data.data.map((tile) => tile.id)).toContain(listed?.id);
    // Both mails: the decision, and the invitation into the organisation.
    expect(
      (await server.db.select().from(outbox).where(eq(outbox.recipient, 'dana@neu-teile.de'))).map((mail) => mail.kind),
    ).toEqual(expect.arrayContaining(['dealer-decision', 'user-invitation']));
    const token = tokenFromLink(await linkFromLatestMail(server, 'dana@neu-teile.de', '/user-invite?token='));
    const registration = await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', {
      token,
      last_name: 'Dealer',
      contact_number: '+49 89 123456',
      password: 'Ersatzteile-2026',
    });
    expect(registration.response.status).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'dana@neu-teile.de'));
    expect(user).toMatchObject({
      role: 'dealer_user',
      organisationId,
      companyName: 'Neu Teile GmbH',
      firstName: 'Dana',
    });
    const session = await loginCookie(server, 'dana@neu-teile.de', 'Ersatzteile-2026');
    const me = (await (await fetch(server.url('/svc/auth/api/v1/user'), { headers: { cookie: session } })).json()) as {
      data: { organisation: unknown };
    };
    expect(me.data.organisation).toEqual({ id: organisationId, kind: 'dealer', name: 'Neu Teile GmbH' });
    const [event] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'dealer.verified'), eq(auditEvents.target, `dealer-lead:${lead.id}`)));
    expect(event?.details).toEqual({
      organisation_id: organisationId,
      part_dealer_id: listed?.id,
      reference_dealer: false,
      contact_invited: true,
    });
  });

  test('verified as a listed dealer: the organisation takes over its row, so relations workshops already requested reach it', async () => {
    const [reference] = await server.db
      .select()
      .from(partDealers)
      .where(isNull(partDealers.organisationId))
      .orderBy(asc(partDealers.id))
      .limit(1);
    if (!reference) throw new Error('no reference dealer');
    const offered = (await (
      await fetch(server.url('/svc/part-dealer/part-dealer/reference-dealers'), { headers: { cookie: admin } })
    ).json()) as { data: { id: number; name: string }[] };
    expect(offered.data).toContainEqual({ id: reference.id, name: reference.name });
    const dealersBefore = await server.db.$count(partDealers);
    // A workshop already named this listed dealer in its wizard.
    const [workshopOrg] = await server.db
      .insert(organisations)
      .values({ kind: 'workshop', name: 'Werkstatt Vorher' })
      .returning();
    const [owner] = await server.db
      .insert(users)
      .values({ email: 'vorher@werkstatt.de', passwordHash: 'x', firstName: 'V', lastName: 'W' })
      .returning();
    const [workshop] = await server.db
      .insert(workshops)
      .values({ name: 'Werkstatt Vorher', organisationId: workshopOrg?.id ?? 0, ownerUserId: owner?.id ?? 0 })
      .returning();
    await server.db
      .insert(supplierRelations)
      .values({ workshopId: workshop?.id ?? 0, partDealerId: reference.id, customerNumber: 'V-1' });

    const lead = await registered('ref@listed.de', 'Gelisteter Händler GmbH');
    const { response } = await verify(lead.id, { reference_dealer_id: reference.id });
    expect(response.status).toBe(200);
    const [created] = await organisationOfLead(lead.id);
    const [linked] = await server.db.select().from(partDealers).where(eq(partDealers.id, reference.id));
    expect(linked?.organisationId).toBe(created?.organisation.id);
    expect(await server.db.$count(partDealers)).toBe(dealersBefore);
    const detail = (await (
      await fetch(server.url(`/svc/auth/api/v1/organisations/${created?.organisation.id}`), {
        headers: { cookie: admin },
      })
    ).json()) as { data: { relations: { name: string; customer_number: string; status: string }[] } };
    expect(detail.data.relations).toEqual([
      expect.objectContaining({ name: 'Werkstatt Vorher', customer_number: 'V-1', status: 'requested' }),
    ]);
    const after = (await (
      await fetch(server.url('/svc/part-dealer/part-dealer/reference-dealers'), { headers: { cookie: admin } })
    ).json()) as { data: { id: number }[] };
    expect(after.data.map((dealer) => dealer.id)).not.toContain(reference.id);

    // A second registration naming the same listed dealer: 409, and it stays unverified.
    const second = await registered('ref2@listed.de', 'Zweiter GmbH');
    const taken = await verify(second.id, { reference_dealer_id: reference.id });
    expect(taken.response.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'referenceDealerTaken', field: 'reference_dealer_id' });
    const unknown = await verify(second.id, { reference_dealer_id: 999999 });
    expect(unknown.response.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'referenceDealerUnknown', field: 'reference_dealer_id' });
    const forged = await verify(second.id, { reference_dealer_id: 'eins' });
    expect(forged.response.status).toBe(400);
    const [unchanged] = await server.db.select().from(partDealerLeads).where(eq(partDealerLeads.id, second.id));
    expect(unchanged?.status).toBe('UNVERIFIED');
    expect(await organisationOfLead(second.id)).toHaveLength(0);
    expect(await server.db.select().from(outbox).where(eq(outbox.recipient, 'ref2@listed.de'))).toHaveLength(1);
  });

  test('a contact whose address already has an account: verified all the same, the admin is told that no invitation went out', async () => {
    await server.db.insert(users).values({
      email: 'known@konto.de',
      passwordHash: await hashPassword('Known-password-2026'),
      firstName: 'Kai',
      lastName: 'Konto',
      status: 1,
    });
    const lead = await registered('known@konto.de', 'Konto Teile KG');
    const { response, body } = await verify(lead.id);
    expect(response.status).toBe(200);
    expect(body.message).toBe(translate('de', 'dealerVerifiedNotInvited'));
    expect(await organisationOfLead(lead.id)).toHaveLength(1);
    const kinds = (await server.db.select().from(outbox).where(eq(outbox.recipient, 'known@konto.de'))).map(
      (mail) => mail.kind,
    );
    expect(kinds).toContain('dealer-decision');
    expect(kinds).not.toContain('user-invitation');
    const [known] = await server.db.select().from(users).where(eq(users.email, 'known@konto.de'));
    expect(known).toMatchObject({ role: 'user', organisationId: null });
  });

  test('rejecting creates nothing', async () => {
    const lead = await registered('nein@abgelehnt.de', 'Abgelehnt GmbH');
    const rejected = await postJson(
      server,
      `/svc/part-dealer/part-dealer/leads/${lead.id}/reject`,
      { reason: 'Unbekannt' },
      { cookie: admin },
    );
    expect(rejected.response.status).toBe(200);
    expect(await organisationOfLead(lead.id)).toHaveLength(0);
    expect(await organisationsNamed('Abgelehnt GmbH')).toHaveLength(0);
  });

  async function organisationsNamed(name: string) {
    return server.db.select().from(organisations).where(eq(organisations.name, name));
  }

  test.each([2, 8])('verifying %i times in parallel: one organisation, one invitation', async (parallel) => {
    const email = `parallel-${parallel}@verify.de`;
    const lead = await registered(email, `Parallel ${parallel} GmbH`);
    const attempts = await Promise.all(Array.from({ length: parallel }, () => verify(lead.id)));
    expect(attempts.filter((attempt) => attempt.response.status === 200)).toHaveLength(1);
    expect(attempts.filter((attempt) => attempt.response.status === 409)).toHaveLength(parallel - 1);
    expect(await organisationsNamed(`Parallel ${parallel} GmbH`)).toHaveLength(1);
    expect(await organisationOfLead(lead.id)).toHaveLength(1);
    const mails = await server.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails.filter((mail) => mail.kind === 'user-invitation')).toHaveLength(1);
    expect(mails.filter((mail) => mail.kind === 'dealer-decision')).toHaveLength(1);
  });
});
