import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  UPLOAD_LAYOUT_MAX_COLUMNS,
  UPLOAD_LAYOUT_NAME_MAX_LENGTH,
  UPLOAD_LAYOUTS_PER_ORGANISATION,
  type UploadLayout,
} from '../../common/contracts/upload-layouts';
import { uploadLayouts } from '../../server/db/schema';
import { insertDealerOrganisation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { loginCookie, startTestServer, type TestServer } from '../support/test-server';
import { sendJson } from '../support/workshop-invitations';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

let serial = 0;

async function aWorkshop() {
  serial += 1;
  const email = `layouts-${serial}@kfz.de`;
  const { organisation } = await insertWorkshop(server.db, { name: `Werkstatt ${serial}`, ownerEmail: email });
  return { organisation, cookie: await loginCookie(server, email, MEMBER_PASSWORD) };
}

const get = async <T = unknown>(path: string, cookie: string | null, language = 'de') => {
  const response = await fetch(server.url(path), {
    headers: { 'accept-language': language, ...(cookie ? { cookie } : {}) },
  });
  return { response, body: (await response.json()) as { data: T; error?: string; message?: string } };
};
const save = (body: unknown, cookie: string | null) =>
  sendJson(server, 'PUT', '/svc/workshop/upload-layouts', body, cookie);
const remove = async (id: number | string, cookie: string | null) => {
  const response = await fetch(server.url(`/svc/workshop/upload-layouts/${id}`), {
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

const layout = (name: string, shape = 'csv|4|pos;teilenummer;menge;preis') => ({
  name,
  kind: 'csv',
  shape,
  roles: ['ignore', 'partNumber', 'quantity', 'price'],
});

const storedCount = async (organisationId: number) =>
  (await server.db.select().from(uploadLayouts).where(eq(uploadLayouts.organisationId, organisationId))).length;

describe('saved upload layouts (/svc/workshop/upload-layouts)', () => {
  test('a workshop saves a layout, finds it by shape, overwrites it by name and deletes it', async () => {
    const { cookie, organisation } = await aWorkshop();
    const created = await save(layout('Bosch-Export'), cookie);
    expect(created.response.status).toBe(200);
    expect(created.body.message).toBe('Das Layout wurde gespeichert.');
    const first = created.body.data as UploadLayout;
    expect(first).toMatchObject({
      name: 'Bosch-Export',
      kind: 'csv',
      roles: ['ignore', 'partNumber', 'quantity', 'price'],
    });

    await save(layout('Anderes', 'pdf|3|a;b;c'), cookie);
    const byShape = await get<UploadLayout[]>(
      `/svc/workshop/upload-layouts?shape=${encodeURIComponent('csv|4|pos;teilenummer;menge;preis')}`,
      cookie,
    );
    expect(byShape.body.data.map((item) => item.name)).toEqual(['Bosch-Export']);
    const all = await get<UploadLayout[]>('/svc/workshop/upload-layouts', cookie);
    expect(all.body.data.map((item) => item.name).sort()).toEqual(['Anderes', 'Bosch-Export']);

    // Saving the same name again overwrites that layout (same id), it adds none.
    const overwritten = await save(
      { ...layout('Bosch-Export'), roles: ['ignore', 'description', 'quantity', 'ignore'] },
      cookie,
    );
    expect((overwritten.body.data as UploadLayout).id).toBe(first.id);
    expect((overwritten.body.data as UploadLayout).roles).toEqual(['ignore', 'description', 'quantity', 'ignore']);
    expect(await storedCount(organisation.id)).toBe(2);

    const deleted = await remove(first.id, cookie);
    expect(deleted.response.status).toBe(200);
    expect(deleted.body.message).toBe('Das Layout wurde gelöscht.');
    expect(await storedCount(organisation.id)).toBe(1);
    expect((await remove(first.id, cookie)).response.status).toBe(404);
  });

  test('another workshop never sees nor deletes a layout, and may use the same name', async () => {
    const owner = await aWorkshop();
    const other = await aWorkshop();
    const saved = (await save(layout('Hauslayout'), owner.cookie)).body.data as UploadLayout;

    expect((await get<UploadLayout[]>('/svc/workshop/upload-layouts', other.cookie)).body.data).toEqual([]);
    const foreignDelete = await remove(saved.id, other.cookie);
    expect(foreignDelete.response.status).toBe(404);
    expect(await storedCount(owner.organisation.id)).toBe(1);

    // The same name in the other organisation is its own layout; the owner's stays as it was.
    await save({ ...layout('Hauslayout'), roles: ['partNumber', 'ignore', 'ignore', 'ignore'] }, other.cookie);
    const ownersView = await get<UploadLayout[]>('/svc/workshop/upload-layouts', owner.cookie);
    expect(ownersView.body.data).toEqual([expect.objectContaining({ id: saved.id, roles: saved.roles })]);
  });

  test('dealers get 403 and signed-out callers 401', async () => {
    serial += 1;
    const email = `layout-dealer-${serial}@teile.de`;
    await insertDealerOrganisation(server.db, `Teilehandel ${serial}`, email);
    const dealer = await loginCookie(server, email, MEMBER_PASSWORD);
    expect((await get('/svc/workshop/upload-layouts', dealer)).response.status).toBe(403);
    const dealerSave = await save(layout('Händler'), dealer);
    expect(dealerSave.response.status).toBe(403);
    expect((await remove(1, dealer)).response.status).toBe(403);
    expect((await get('/svc/workshop/upload-layouts', null)).response.status).toBe(401);
    expect((await save(layout('Niemand'), null)).response.status).toBe(401);
    expect(await server.db.select().from(uploadLayouts).where(eq(uploadLayouts.name, 'Händler'))).toEqual([]);
  });

  test.each([
    ['an empty name', { ...layout(''), name: '   ' }, 'layoutNameRequired', 'Bitte geben Sie dem Layout einen Namen.'],
    ['a name too long', layout('x'.repeat(UPLOAD_LAYOUT_NAME_MAX_LENGTH + 1)), 'fieldTooLong', null],
    ['an unknown role', { ...layout('A'), roles: ['partNumber', 'colour'] }, 'invalidRequest', null],
    ['a role twice', { ...layout('A'), roles: ['partNumber', 'partNumber'] }, 'invalidRequest', null],
    ['no roles', { ...layout('A'), roles: [] }, 'invalidRequest', null],
    [
      'too many columns',
      { ...layout('A'), roles: Array.from({ length: UPLOAD_LAYOUT_MAX_COLUMNS + 1 }, () => 'ignore') },
      'invalidRequest',
      null,
    ],
    ['an unknown kind', { ...layout('A'), kind: 'xlsx' }, 'invalidRequest', null],
    ['no shape', { ...layout('A'), shape: '' }, 'invalidRequest', null],
    ['a name that is no text', { ...layout('A'), name: 42 }, 'layoutNameRequired', null],
  ])('%s is refused with a translated 400 and nothing is stored', async (_, body, error, message) => {
    const { cookie, organisation } = await aWorkshop();
    const refused = await save(body, cookie);
    expect(refused.response.status).toBe(400);
    expect(refused.body.error).toBe(error);
    expect(typeof refused.body.message).toBe('string');
    if (message) expect(refused.body.message).toBe(message);
    expect(await storedCount(organisation.id)).toBe(0);
  });

  test(`an organisation keeps at most ${UPLOAD_LAYOUTS_PER_ORGANISATION} layouts; overwriting one still works`, async () => {
    const { cookie, organisation } = await aWorkshop();
    await server.db.insert(uploadLayouts).values(
      Array.from({ length: UPLOAD_LAYOUTS_PER_ORGANISATION }, (_, index) => ({
        organisationId: organisation.id,
        name: `Layout ${index}`,
        kind: 'csv' as const,
        shape: `csv|${index}`,
        roles: ['partNumber' as const],
      })),
    );
    const refused = await save(layout('Eins zu viel'), cookie);
    expect(refused.response.status).toBe(409);
    expect(refused.body.error).toBe('tooManyLayouts');
    expect(await storedCount(organisation.id)).toBe(UPLOAD_LAYOUTS_PER_ORGANISATION);
    expect((await save(layout('Layout 3'), cookie)).response.status).toBe(200);
  });
});
