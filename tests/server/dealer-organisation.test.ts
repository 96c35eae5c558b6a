import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  dealerLogos,
  dealerProfiles,
  organisations,
  partDealers,
  supplierRelations,
  users,
} from '../../server/db/schema';
import {
  insertDealerOrganisation,
  insertMember,
  insertWorkshop,
  MEMBER_PASSWORD,
  pngDeclaring,
  TINY_PNG,
} from '../support/organisations';
import {
  ADMIN,
  linkFromLatestMail,
  loginCookie,
  postJson,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from '../support/test-server';

let server: TestServer;
let admin: string;
let dealer: Awaited<ReturnType<typeof insertDealerOrganisation>>;
let other: Awaited<ReturnType<typeof insertDealerOrganisation>>;
let dealerCookie: string;
let workshopCookie: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
  dealer = await insertDealerOrganisation(server.db, 'Teile Süd GmbH', 'dora@teile-sued.de');
  other = await insertDealerOrganisation(server.db, 'Teile Nord GmbH', 'nora@teile-nord.de');
  dealerCookie = await loginCookie(server, 'dora@teile-sued.de', MEMBER_PASSWORD);
  const workshop = await insertWorkshop(server.db, { name: 'Werkstatt Ost', ownerEmail: 'willi@werkstatt-ost.de' });
  workshopCookie = await loginCookie(server, 'willi@werkstatt-ost.de', MEMBER_PASSWORD);
  // Customers: one each of requested, active, declined for this dealer; one request to the other dealer.
  const more = await insertWorkshop(server.db, { name: 'Werkstatt West', ownerEmail: 'wanda@werkstatt-west.de' });
  const third = await insertWorkshop(server.db, { name: 'Werkstatt Nord', ownerEmail: 'nils@werkstatt-nord.de' });
  await server.db.insert(supplierRelations).values([
    {
      workshopId: workshop.workshop.id,
      partDealerId: dealer.partDealer.id,
      customerNumber: 'K-1',
      status: 'requested',
    },
    { workshopId: more.workshop.id, partDealerId: dealer.partDealer.id, customerNumber: 'K-2', status: 'active' },
    { workshopId: third.workshop.id, partDealerId: dealer.partDealer.id, customerNumber: 'K-3', status: 'declined' },
    { workshopId: more.workshop.id, partDealerId: other.partDealer.id, customerNumber: 'K-4', status: 'requested' },
  ]);
});
afterAll(() => server.stop());

const BASE = '/svc/part-dealer';

function request(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, cookie: string | null, body?: unknown) {
  const headers: Record<string, string> = { origin: server.origin, 'accept-language': 'de' };
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') headers['content-type'] = 'application/json';
  return fetch(server.url(`${BASE}${path}`), {
    method,
    headers,
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
}

async function json(response: Response) {
  return (await response.json()) as { code: number; data: Record<string, unknown> & unknown; error?: string };
}

async function currentProfile(cookie = dealerCookie) {
  const response = await request('GET', '/organisation/profile', cookie);
  expect(response.status).toBe(200);
  return (await json(response)).data as Record<string, unknown> & { updated_at: string };
}

const editable = (overrides: Record<string, unknown> = {}) => ({
  contact_email: 'info@teile-sued.de',
  contact_number: '+49 89 654321',
  street: 'Hafenstraße 1',
  postcode: '80333',
  city: 'München',
  country: 'Deutschland',
  website: 'teile-sued.de',
  delivery_area: 'regional',
  brands_served: ['BMW', 'Mini'],
  opening_hours: 'Mo–Fr 8–17 Uhr\nSa 9–12 Uhr',
  ...overrides,
});

const ROUTES: [method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown][] = [
  ['GET', '/organisation/overview'],
  ['GET', '/organisation/profile'],
  ['PUT', '/organisation/profile', editable({ updated_at: new Date().toISOString() })],
  ['PUT', '/organisation/logo', { data: TINY_PNG.toString('base64') }],
  ['DELETE', '/organisation/logo'],
  ['GET', '/organisation/users'],
  ['POST', '/organisation/invitations', { first_name: 'Xaver', email: 'xaver@example.de' }],
  ['POST', '/organisation/users/1/status', { status: 3 }],
];

describe('access', () => {
  test.each(ROUTES)(
    '%s %s: 401 without a session, 403 for a workshop user and for an administrator',
    async (method, path, body) => {
      expect((await request(method, path, null, body)).status).toBe(401);
      const asWorkshop = await request(method, path, workshopCookie, body);
      expect(asWorkshop.status).toBe(403);
      expect((await json(asWorkshop)).error).toBe('forbidden');
      expect((await request(method, path, admin, body)).status).toBe(403);
    },
  );

  test('nothing was changed by the refused calls', async () => {
    const [logo] = await server.db
      .select()
      .from(dealerLogos)
      .where(eq(dealerLogos.organisationId, dealer.organisation.id));
    expect(logo).toBeUndefined();
    expect((await currentProfile()).street).toBe('Lagerweg 1');
  });
});

describe('overview', () => {
  test('counts this organisation’s customers by status and its colleagues, and whether the profile is complete', async () => {
    const response = await request('GET', '/organisation/overview', dealerCookie);
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({
      organisation: { id: dealer.organisation.id, name: 'Teile Süd GmbH' },
      customers: { requested: 1, active: 1, declined: 1 },
      colleagues: 1,
      profile: { has_logo: false, has_opening_hours: false, complete: false },
    });
  });
});

describe('profile', () => {
  test('shows the organisation’s profile with name and tax id', async () => {
    expect(await currentProfile()).toMatchObject({
      organisation_id: dealer.organisation.id,
      name: 'Teile Süd GmbH',
      tax_id: 'DE123456789',
      contact_email: 'dora@teile-sued.de',
      opening_hours: '',
      logo_url: null,
    });
  });

  test('saves the editable fields; organisation, name, tax id and ids in the body change nothing', async () => {
    const before = await currentProfile();
    const { response, body } = await postJson(
      server,
      `${BASE}/organisation/profile`,
      editable({
        updated_at: before.updated_at,
        organisation_id: other.organisation.id,
        id: other.organisation.id,
        name: 'Gekapert AG',
        tax_id: 'XX000',
      }),
      { cookie: dealerCookie },
      { method: 'PUT' },
    );
    expect(response.status).toBe(200);
    expect(body.message).toBe('Das Profil wurde gespeichert.');
    const after = await currentProfile();
    expect(after).toMatchObject({
      name: 'Teile Süd GmbH',
      tax_id: 'DE123456789',
      street: 'Hafenstraße 1',
      brands_served: ['BMW', 'Mini'],
      opening_hours: 'Mo–Fr 8–17 Uhr\nSa 9–12 Uhr',
    });
    expect(after.updated_at).not.toBe(before.updated_at);
    const [otherProfile] = await server.db
      .select()
      .from(dealerProfiles)
      .where(eq(dealerProfiles.organisationId, other.organisation.id));
    expect(otherProfile?.street).toBe('Lagerweg 1');
    const [otherOrganisation] = await server.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, other.organisation.id));
    expect(otherOrganisation?.name).toBe('Teile Nord GmbH');
  });

  test('a stale version gets 409 with the current profile; the first save stands', async () => {
    const seen = await currentProfile();
    const first = await request(
      'PUT',
      '/organisation/profile',
      dealerCookie,
      editable({ updated_at: seen.updated_at, city: 'Augsburg' }),
    );
    expect(first.status).toBe(200);
    const second = await request(
      'PUT',
      '/organisation/profile',
      dealerCookie,
      editable({ updated_at: seen.updated_at, city: 'Passau' }),
    );
    expect(second.status).toBe(409);
    const refusal = await json(second);
    expect(refusal.error).toBe('profileChanged');
    expect(refusal.data).toMatchObject({ city: 'Augsburg', name: 'Teile Süd GmbH' });
    expect((await currentProfile()).city).toBe('Augsburg');
  });

  test('two colleagues saving the same version at once: one save, one 409', async () => {
    const seen = await currentProfile();
    const [first, second] = await Promise.all([
      request(
        'PUT',
        '/organisation/profile',
        dealerCookie,
        editable({ updated_at: seen.updated_at, city: 'Landshut' }),
      ),
      request(
        'PUT',
        '/organisation/profile',
        dealerCookie,
        editable({ updated_at: seen.updated_at, city: 'Rosenheim' }),
      ),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const winner = first.status === 200 ? 'Landshut' : 'Rosenheim';
    expect((await currentProfile()).city).toBe(winner);
  });

  test('bad input gets a translated 400 and changes nothing', async () => {
    const seen = await currentProfile();
    for (const [field, value, messageId] of [
      ['postcode', 'abc', 'zipInvalid'],
      ['contact_email', 'no-address', 'emailInvalid'],
      ['brands_served', [], 'brandsRequired'],
      ['opening_hours', 'x'.repeat(501), 'fieldTooLong'],
      ['country', 'Atlantis', 'countryRequired'],
    ] as const) {
      const response = await request(
        'PUT',
        '/organisation/profile',
        dealerCookie,
        editable({ updated_at: seen.updated_at, [field]: value }),
      );
      expect(response.status).toBe(400);
      const body = await json(response);
      expect(body.error).toBe(messageId);
      expect(body).toMatchObject({ field });
    }
    expect(await currentProfile()).toEqual(seen);
  });
});

describe('logo', () => {
  const upload = (bytes: Buffer) =>
    request('PUT', '/organisation/logo', dealerCookie, { data: bytes.toString('base64') });
  const publicLogo = (organisationId: number, headers: Record<string, string> = {}) =>
    fetch(server.url(`${BASE}/organisation-logos/${organisationId}`), { headers });

  test('none yet: the public address answers 404', async () => {
    expect((await publicLogo(dealer.organisation.id)).status).toBe(404);
  });

  test.each([
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['a script', Buffer.from('alert(document.cookie)')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
  ])('%s sent as a logo is refused by its bytes (logoTypeInvalid), nothing stored', async (_, bytes) => {
    const response = await upload(bytes);
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('logoTypeInvalid');
    expect(await server.db.select().from(dealerLogos)).toHaveLength(0);
  });

  test('not base64 at all is refused', async () => {
    const response = await request('PUT', '/organisation/logo', dealerCookie, { data: '<svg onload=alert(1)>' });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('logoTypeInvalid');
  });

  test('513 KB is refused (logoTooLarge), 512 KB of PNG passes', async () => {
    const tooLarge = Buffer.concat([TINY_PNG, Buffer.alloc(513 * 1024 - TINY_PNG.length)]);
    const refused = await upload(tooLarge);
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toBe('logoTooLarge');
    expect(await server.db.select().from(dealerLogos)).toHaveLength(0);
    const atLimit = Buffer.concat([TINY_PNG, Buffer.alloc(512 * 1024 - TINY_PNG.length)]);
    expect((await upload(atLimit)).status).toBe(200);
  });

  test('a PNG is stored, served with its type, cache headers, an ETag, nosniff and a policy that runs nothing', async () => {
    const response = await upload(TINY_PNG);
    expect(response.status).toBe(200);
    expect((await json(response)).data).toEqual({ logo_url: `${BASE}/organisation-logos/${dealer.organisation.id}` });
    const served = await publicLogo(dealer.organisation.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('public');
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain('sandbox');
    // What is served is the portal's own encoding of the upload: the same 1 × 1 picture.
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 1, height: 1 });
    const etag = served.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect((await publicLogo(dealer.organisation.id, { 'if-none-match': etag ?? '' })).status).toBe(304);
    // The wizard's dealer tile shows it.
    const [tile] = await server.db.select().from(partDealers).where(eq(partDealers.id, dealer.partDealer.id));
    expect(tile?.logoUrl).toBe(`${BASE}/organisation-logos/${dealer.organisation.id}`);
    expect((await currentProfile()).logo_url).toBe(`${BASE}/organisation-logos/${dealer.organisation.id}`);
  });

  test('a PNG declaring 16 000 × 16 000 pixels is refused by its header (logoDimensionsTooLarge), nothing stored', async () => {
    const before = await server.db.select().from(dealerLogos);
    for (const [width, height] of [
      [16_000, 16_000],
      [2001, 10],
      [10, 2001],
    ] as const) {
      const response = await upload(pngDeclaring(width, height));
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({
        error: 'logoDimensionsTooLarge',
        message: 'Das Logo darf höchstens 2000 × 2000 Pixel groß sein.',
      });
    }
    expect(await server.db.select().from(dealerLogos)).toEqual(before);
  });

  const picture = (format: 'jpeg' | 'webp' | 'png', width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
      .toFormat(format)
      .toBuffer();

  test.each([
    ['JPEG', 'jpeg'],
    ['WebP', 'webp'],
  ] as const)('a %s passes and is served as the PNG the portal made of it', async (_, format) => {
    expect((await upload(await picture(format, 120, 60))).status).toBe(200);
    const served = await publicLogo(dealer.organisation.id);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'png',
      width: 120,
      height: 60,
    });
  });

  test('a large logo (2000 × 1000) is stored at the size the screens use, 400 × 200', async () => {
    expect((await upload(await picture('jpeg', 2000, 1000))).status).toBe(200);
    const served = Buffer.from(await (await publicLogo(dealer.organisation.id)).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 400, height: 200 });
  });

  test('a JPEG header with no picture behind it is refused (logoTypeInvalid)', async () => {
    const response = await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]));
    expect(response.status).toBe(400);
    expect((await json(response)).error).toBe('logoTypeInvalid');
  });

  test('removing the logo: 404 at the public address, the tile without logo', async () => {
    const response = await request('DELETE', '/organisation/logo', dealerCookie);
    expect(response.status).toBe(200);
    expect((await publicLogo(dealer.organisation.id)).status).toBe(404);
    const [tile] = await server.db.select().from(partDealers).where(eq(partDealers.id, dealer.partDealer.id));
    expect(tile?.logoUrl).toBeNull();
  });
});

describe('colleagues', () => {
  test('lists only this organisation’s users and marks the caller', async () => {
    const response = await request('GET', '/organisation/users', dealerCookie);
    expect(response.status).toBe(200);
    const { items } = (await json(response)).data as { items: { email: string; is_you: boolean }[] };
    expect(items).toEqual([expect.objectContaining({ email: 'dora@teile-sued.de', is_you: true, status: 1 })]);
  });

  test('an invited colleague registers as a dealer user of this organisation', async () => {
    const response = await request('POST', '/organisation/invitations', dealerCookie, {
      first_name: 'Carla',
      email: 'carla@teile-sued.de',
      company_name: 'Fremdfirma',
      organisation_id: other.organisation.id,
    });
    expect(response.status).toBe(200);
    const token = tokenFromLink(await linkFromLatestMail(server, 'carla@teile-sued.de', '/user-invite?token='));
    const registered = await postJson(server, `${BASE}/part-dealer/leads/user-register`, {
      token,
      last_name: 'Kollegin',
      contact_number: '+49 89 777777',
      password: 'Kollegin-Passwort-2026',
    });
    expect(registered.response.status).toBe(200);
    const [carla] = await server.db.select().from(users).where(eq(users.email, 'carla@teile-sued.de'));
    expect(carla).toMatchObject({
      organisationId: dealer.organisation.id,
      role: 'dealer_user',
      companyName: 'Teile Süd GmbH',
      status: 1,
    });
  });

  test('an address with an account gets 409 accountExists', async () => {
    const response = await request('POST', '/organisation/invitations', dealerCookie, {
      first_name: 'Nora',
      email: 'nora@teile-nord.de',
    });
    expect(response.status).toBe(409);
    expect((await json(response)).error).toBe('accountExists');
  });

  test('a user of another organisation is not found (404), the caller cannot change itself', async () => {
    const foreign = await request('POST', `/organisation/users/${other.members[0]?.id}/status`, dealerCookie, {
      status: 3,
    });
    expect(foreign.status).toBe(404);
    const [nora] = await server.db
      .select()
      .from(users)
      .where(eq(users.id, other.members[0]?.id ?? 0));
    expect(nora?.status).toBe(1);
    const own = await request('POST', `/organisation/users/${dealer.members[0]?.id}/status`, dealerCookie, {
      status: 3,
    });
    expect(own.status).toBe(400);
    expect((await json(own)).error).toBe('cannotChangeOwnStatus');
    expect((await request('POST', '/organisation/users/999999/status', dealerCookie, { status: 3 })).status).toBe(404);
  });

  test('deactivating a colleague ends their sessions at once; reactivating lets them sign in again', async () => {
    const colleague = await insertMember(server.db, dealer.organisation.id, {
      email: 'ben@teile-sued.de',
      role: 'dealer_user',
      companyName: 'Teile Süd GmbH',
      firstName: 'Ben',
    });
    const benCookie = await loginCookie(server, 'ben@teile-sued.de', MEMBER_PASSWORD);
    expect((await request('GET', '/organisation/users', benCookie)).status).toBe(200);
    const deactivated = await request('POST', `/organisation/users/${colleague.id}/status`, dealerCookie, {
      status: 3,
    });
    expect(deactivated.status).toBe(200);
    expect((await json(deactivated)).data).toMatchObject({ id: colleague.id, status: 3, is_you: false });
    expect((await request('GET', '/organisation/users', benCookie)).status).toBe(401);
    const login = await postJson(server, '/svc/auth/api/v1/login', {
      email: 'ben@teile-sued.de',
      password: MEMBER_PASSWORD,
    });
    expect(
      login.response.headers
        .getSetCookie()
        .some((cookie) => cookie.startsWith('tp_session=') && !cookie.includes('Max-Age=0')),
    ).toBe(false);
    const reactivated = await request('POST', `/organisation/users/${colleague.id}/status`, dealerCookie, {
      status: 1,
    });
    expect(reactivated.status).toBe(200);
    expect(await loginCookie(server, 'ben@teile-sued.de', MEMBER_PASSWORD)).toBeTruthy();
  });

  test('an account an administrator deactivated stays deactivated for its colleagues (409 deactivatedByAdmin)', async () => {
    const colleague = await insertMember(server.db, dealer.organisation.id, {
      email: 'bruno@teile-sued.de',
      role: 'dealer_user',
      companyName: 'Teile Süd GmbH',
      firstName: 'Bruno',
    });
    const byAdmin = await postJson(
      server,
      `/svc/auth/api/v1/users/${colleague.id}/status`,
      { status: 3 },
      { cookie: admin },
    );
    expect(byAdmin.response.status).toBe(200);
    const undo = await request('POST', `/organisation/users/${colleague.id}/status`, dealerCookie, { status: 1 });
    expect(undo.status).toBe(409);
    expect((await json(undo)).error).toBe('deactivatedByAdmin');
    const [stored] = await server.db.select().from(users).where(eq(users.id, colleague.id));
    expect(stored).toMatchObject({ status: 3, deactivatedByAdmin: true });
    // The administrator's reactivation hands the account back to the organisation.
    await postJson(server, `/svc/auth/api/v1/users/${colleague.id}/status`, { status: 1 }, { cookie: admin });
    const again = await request('POST', `/organisation/users/${colleague.id}/status`, dealerCookie, { status: 3 });
    expect(again.status).toBe(200);
    expect(
      (await request('POST', `/organisation/users/${colleague.id}/status`, dealerCookie, { status: 1 })).status,
    ).toBe(200);
  });

  test('a status other than active or deactivated is refused', async () => {
    const response = await request('POST', `/organisation/users/${other.members[0]?.id}/status`, dealerCookie, {
      status: 2,
    });
    expect(response.status).toBe(400);
  });

  test('invitations are rate-limited per organisation (429 with Retry-After)', async () => {
    // One was sent above (Carla), one refused (accountExists) also counted: the window allows 20.
    let last: Response | null = null;
    for (let index = 0; index < 20; index++) {
      last = await request('POST', '/organisation/invitations', dealerCookie, {
        first_name: 'Viele',
        email: `viele-${index}@teile-sued.de`,
      });
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another organisation still invites.
    const otherCookie = await loginCookie(server, 'nora@teile-nord.de', MEMBER_PASSWORD);
    const fromOther = await request('POST', '/organisation/invitations', otherCookie, {
      first_name: 'Olaf',
      email: 'olaf@teile-nord.de',
    });
    expect(fromOther.status).toBe(200);
  });
});

// Last: the server answers before reading the body and closes the connection under the upload.
test('a logo body over 1 MB is refused before it is read (413)', async () => {
  const response = await request('PUT', '/organisation/logo', dealerCookie, { data: 'A'.repeat(1100 * 1024) });
  expect(response.status).toBe(413);
  expect(await server.db.select().from(dealerLogos)).toHaveLength(0);
});
