import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { outbox, partDealerLeads } from '../../server/db/schema';
import { dealerRegistration } from '../support/dealer';
import { ADMIN, loginCookie, postJson, solvedCaptcha, startTestServer, type TestServer } from '../support/test-server';

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
