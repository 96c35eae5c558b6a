import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  auditEvents,
  oneTimeTokens,
  organisations,
  partDealers,
  sessions,
  supplierRelations,
  users,
  workshops,
} from '../../server/db/schema';
import { insertMember, MEMBER_PASSWORD } from '../support/organisations';
import {
  ADMIN,
  linkFromLatestMail,
  loginCookie,
  postJson,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from '../support/test-server';

/**
 * The administrators' organisations (ADR 022) over real HTTP: the list with its filters, one
 * organisation with its members and relations, deactivation that ends the members' access at
 * once, reactivation, and inviting a member.
 */
let server: TestServer;
let admin: string;
const API = '/svc/auth/api/v1';

type Seeded = { workshopOrg: number; dealerOrg: number; workshopUserId: number; dealerUserId: number };
let seeded: Seeded;

async function member(email: string, organisationId: number, role: 'workshop_user' | 'dealer_user', lastName: string) {
  return (await insertMember(server.db, organisationId, { email, role, firstName: 'Mia', lastName })).id;
}

/** What the list and the detail answer, as loosely as the assertions read them. */
type Answer = {
  total: number;
  page: number;
  page_size: number;
  items: (Record<string, unknown> & { name: string })[];
  members: { email: string }[];
  relations: unknown[];
};

async function get(path: string, cookie = admin) {
  const response = await fetch(server.url(path), { headers: { cookie, 'accept-language': 'de' } });
  return {
    response,
    body: (await response.json()) as { code: number; data: Answer; message?: string; error?: string },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
  const [workshopOrg] = await server.db
    .insert(organisations)
    .values({ kind: 'workshop', name: 'Autohaus Adler' })
    .returning();
  const [dealerOrg] = await server.db
    .insert(organisations)
    .values({ kind: 'dealer', name: 'Teile Zander' })
    .returning();
  if (!workshopOrg || !dealerOrg) throw new Error('no organisations');
  const workshopUserId = await member('mia@adler.de', workshopOrg.id, 'workshop_user', 'Adler');
  const dealerUserId = await member('mia@zander.de', dealerOrg.id, 'dealer_user', 'Zander');
  const [workshop] = await server.db
    .insert(workshops)
    .values({ name: 'Autohaus Adler', organisationId: workshopOrg.id, ownerUserId: workshopUserId })
    .returning();
  const [dealerRow] = await server.db
    .insert(partDealers)
    .values({ name: 'Teile Zander', organisationId: dealerOrg.id })
    .returning();
  const [reference] = await server.db.select().from(partDealers).where(eq(partDealers.id, 1));
  if (!workshop || !dealerRow || !reference) throw new Error('no workshop or dealers');
  await server.db.insert(supplierRelations).values([
    { workshopId: workshop.id, partDealerId: dealerRow.id, customerNumber: 'K-100', status: 'active' },
    { workshopId: workshop.id, partDealerId: reference.id, customerNumber: 'R-7' },
  ]);
  // More workshops than one page holds, so the pager and the search have something to do.
  await server.db
    .insert(organisations)
    .values(Array.from({ length: 22 }, (_, index) => ({ kind: 'workshop' as const, name: `Werkstatt ${index + 10}` })));
  seeded = { workshopOrg: workshopOrg.id, dealerOrg: dealerOrg.id, workshopUserId, dealerUserId };
});
afterAll(() => server.stop());

describe('the list', () => {
  test('20 per page with the total, by name; filtered by kind, by status and by a search', async () => {
    const first = await get(`${API}/organisations`);
    expect(first.response.status).toBe(200);
    expect(first.body.data).toMatchObject({ total: 24, page: 1, page_size: 20 });
    expect(first.body.data.items).toHaveLength(20);
    expect(first.body.data.items[0]).toMatchObject({
      id: seeded.workshopOrg,
      kind: 'workshop',
      name: 'Autohaus Adler',
      status: 'active',
      member_count: 1,
    });
    expect((await get(`${API}/organisations?page=2`)).body.data.items).toHaveLength(4);

    const dealers = await get(`${API}/organisations?kind=dealer`);
    expect(dealers.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Teile Zander']);

    const searched = await get(`${API}/organisations?search=${encodeURIComponent('zand')}`);
    expect(searched.body.data.total).toBe(1);
    // `%` is a literal character, not a wildcard.
    expect((await get(`${API}/organisations?search=%25`)).body.data.total).toBe(0);
    expect((await get(`${API}/organisations?status=deactivated`)).body.data.total).toBe(0);
    expect((await get(`${API}/organisations?kind=garage`)).response.status).toBe(400);
  });
});

describe('one organisation', () => {
  test('a workshop: its users and its dealers with customer number and status', async () => {
    const { response, body } = await get(`${API}/organisations/${seeded.workshopOrg}`);
    expect(response.status).toBe(200);
    expect(body.data.members).toEqual([
      {
        id: seeded.workshopUserId,
        first_name: 'Mia',
        last_name: 'Adler',
        email: 'mia@adler.de',
        role: 'workshop_user',
        status: 1,
      },
    ]);
    expect(body.data.relations).toEqual([
      expect.objectContaining({
        name: 'Teile Zander',
        organisation_id: seeded.dealerOrg,
        customer_number: 'K-100',
        status: 'active',
      }),
      // A listed dealer without an organisation yet.
      expect.objectContaining({ name: 'WM SE', organisation_id: null, customer_number: 'R-7', status: 'requested' }),
    ]);
  });

  test('a dealer: its users and its workshops', async () => {
    const { body } = await get(`${API}/organisations/${seeded.dealerOrg}`);
    expect(body.data.members.map((user: { email: string }) => user.email)).toEqual(['mia@zander.de']);
    expect(body.data.relations).toEqual([
      expect.objectContaining({
        name: 'Autohaus Adler',
        organisation_id: seeded.workshopOrg,
        customer_number: 'K-100',
        status: 'active',
      }),
    ]);
  });

  test('an unknown id is 404 for every call', async () => {
    expect((await get(`${API}/organisations/999999`)).response.status).toBe(404);
    for (const action of ['deactivate', 'reactivate']) {
      expect(
        (await postJson(server, `${API}/organisations/999999/${action}`, {}, { cookie: admin })).response.status,
      ).toBe(404);
    }
    const invite = await postJson(
      server,
      `${API}/organisations/999999/invite`,
      { first_name: 'Nina', email: 'nina@nowhere.de' },
      { cookie: admin },
    );
    expect(invite.response.status).toBe(404);
  });
});

describe('deactivation', () => {
  test("ends the members' access with their next request, and reactivation lets them sign in again", async () => {
    const dealerCookie = await loginCookie(server, 'mia@zander.de', MEMBER_PASSWORD);
    expect((await get(`${API}/user`, dealerCookie)).response.status).toBe(200);
    const workshopCookie = await loginCookie(server, 'mia@adler.de', MEMBER_PASSWORD);

    const done = await postJson(server, `${API}/organisations/${seeded.dealerOrg}/deactivate`, {}, { cookie: admin });
    expect(done.response.status).toBe(200);
    expect(done.body).toMatchObject({
      data: { id: seeded.dealerOrg, status: 'deactivated' },
      message: 'Die Organisation wurde deaktiviert; ihre Benutzer haben keinen Zugang mehr.',
    });
    expect((await get(`${API}/user`, dealerCookie)).response.status).toBe(401);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, seeded.dealerUserId))).toHaveLength(0);
    // Another organisation's members keep theirs.
    expect((await get(`${API}/user`, workshopCookie)).response.status).toBe(200);
    // Signing in again is refused as deactivated.
    const login = await postJson(server, `${API}/login`, { email: 'mia@zander.de', password: MEMBER_PASSWORD });
    expect(
      login.response.headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith('tp_session=') && !cookie.includes('Max-Age=0')),
    ).toBe(false);
    expect((await get(`${API}/organisations?status=deactivated`)).body.data.items).toEqual([
      expect.objectContaining({ id: seeded.dealerOrg, status: 'deactivated' }),
    ]);

    const twice = await postJson(server, `${API}/organisations/${seeded.dealerOrg}/deactivate`, {}, { cookie: admin });
    expect(twice.response.status).toBe(409);
    expect(twice.body.message).toBe('Diese Organisation ist bereits deaktiviert.');

    const inviteIntoDeactivated = await postJson(
      server,
      `${API}/organisations/${seeded.dealerOrg}/invite`,
      { first_name: 'Nina', email: 'nina@zander.de' },
      { cookie: admin },
    );
    expect(inviteIntoDeactivated.response.status).toBe(409);

    const back = await postJson(server, `${API}/organisations/${seeded.dealerOrg}/reactivate`, {}, { cookie: admin });
    expect(back.body).toMatchObject({ data: { status: 'active' }, message: 'Die Organisation ist wieder aktiv.' });
    const again = await loginCookie(server, 'mia@zander.de', MEMBER_PASSWORD);
    expect((await get(`${API}/user`, again)).response.status).toBe(200);
    expect(
      (await postJson(server, `${API}/organisations/${seeded.dealerOrg}/reactivate`, {}, { cookie: admin })).response
        .status,
    ).toBe(409);

    const actions = (
      await server.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.target, `organisation:${seeded.dealerOrg}`))
    ).map((event) => event.action);
    expect(actions).toEqual(['organisation.deactivated', 'organisation.reactivated']);
  });

  test('two administrators deactivating at once: one deactivation, the other 409', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        postJson(server, `${API}/organisations/${seeded.workshopOrg}/deactivate`, {}, { cookie: admin }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.response.status === 200)).toHaveLength(1);
    expect(attempts.filter((attempt) => attempt.response.status === 409)).toHaveLength(7);
    const events = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.target, `organisation:${seeded.workshopOrg}`));
    expect(events.filter((event) => event.action === 'organisation.deactivated')).toHaveLength(1);
    await postJson(server, `${API}/organisations/${seeded.workshopOrg}/reactivate`, {}, { cookie: admin });
  });
});

describe('inviting a member', () => {
  test('the invited person registers as a member with the role of the kind and the company of the organisation', async () => {
    const invited = await postJson(
      server,
      `${API}/organisations/${seeded.dealerOrg}/invite`,
      { first_name: 'Nina', email: 'Nina@Zander.de', company_name: 'Forged GmbH', role: 'system_admin' },
      { cookie: admin },
    );
    expect(invited.response.status).toBe(200);
    expect(invited.body.message).toBe('Die Einladung wurde versendet.');
    const token = tokenFromLink(await linkFromLatestMail(server, 'nina@zander.de', '/user-invite?token='));
    const registered = await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', {
      token,
      last_name: 'Zander',
      contact_number: '+49 40 123456',
      password: MEMBER_PASSWORD,
    });
    expect(registered.response.status).toBe(200);
    const [user] = await server.db.select().from(users).where(eq(users.email, 'nina@zander.de'));
    expect(user).toMatchObject({ role: 'dealer_user', organisationId: seeded.dealerOrg, companyName: 'Teile Zander' });
    const [event] = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'organisation.user_invited'));
    expect(event).toMatchObject({ target: `organisation:${seeded.dealerOrg}`, details: { email: 'nina@zander.de' } });
  });

  test('an invitation into an organisation deactivated since is refused at the link check, before the form', async () => {
    await postJson(
      server,
      `${API}/organisations/${seeded.workshopOrg}/invite`,
      { first_name: 'Olga', email: 'olga@adler.de' },
      { cookie: admin },
    );
    const token = tokenFromLink(await linkFromLatestMail(server, 'olga@adler.de', '/user-invite?token='));
    await postJson(server, `${API}/organisations/${seeded.workshopOrg}/deactivate`, {}, { cookie: admin });
    const check = await postJson(server, `${API}/user-invite/check`, { token });
    expect(check.response.status).toBe(409);
    expect(check.body).toMatchObject({ error: 'organisationDeactivated', field: 'token' });
    const register = await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', {
      token,
      last_name: 'Adler',
      contact_number: '+49 40 123456',
      password: MEMBER_PASSWORD,
    });
    expect(register.response.status).toBe(409);
    expect(await server.db.select().from(users).where(eq(users.email, 'olga@adler.de'))).toHaveLength(0);
    // Reactivated, the same link leads to the form again.
    await postJson(server, `${API}/organisations/${seeded.workshopOrg}/reactivate`, {}, { cookie: admin });
    expect((await postJson(server, `${API}/user-invite/check`, { token })).response.status).toBe(200);
  });

  test("one organisation's invitation does not withdraw another's to the same address; the first registration wins", async () => {
    for (const organisationId of [seeded.workshopOrg, seeded.dealerOrg]) {
      const sent = await postJson(
        server,
        `${API}/organisations/${organisationId}/invite`,
        { first_name: 'Paul', email: 'paul@beide.de' },
        { cookie: admin },
      );
      expect(sent.response.status).toBe(200);
    }
    const links = await server.db.select().from(oneTimeTokens).where(like(oneTimeTokens.subject, 'paul@beide.de#%'));
    expect(links.filter((link) => link.revokedAt === null)).toHaveLength(2);
    const dealerToken = tokenFromLink(await linkFromLatestMail(server, 'paul@beide.de', '/user-invite?token='));
    const registered = await postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', {
      token: dealerToken,
      last_name: 'Beide',
      contact_number: '+49 40 123456',
      password: MEMBER_PASSWORD,
    });
    expect(registered.response.status).toBe(200);
    const [paul] = await server.db.select().from(users).where(eq(users.email, 'paul@beide.de'));
    expect(paul).toMatchObject({ organisationId: seeded.dealerOrg, role: 'dealer_user' });
  });

  test('an address with an account, or a missing first name, is refused with the field and nothing is sent', async () => {
    const taken = await postJson(
      server,
      `${API}/organisations/${seeded.dealerOrg}/invite`,
      { first_name: 'Mia', email: 'mia@adler.de' },
      { cookie: admin },
    );
    expect(taken.response.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'accountExists', field: 'email' });
    const empty = await postJson(
      server,
      `${API}/organisations/${seeded.dealerOrg}/invite`,
      { first_name: ' ', email: 'x@zander.de' },
      { cookie: admin },
    );
    expect(empty.response.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'first_name' });
  });
});
