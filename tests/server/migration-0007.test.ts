import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, expect, test } from 'vitest';

/**
 * ADR 022: 0007 moves a database of the pilot forward. Every workshop becomes a workshop
 * organisation with its owner as workshop_user, an account-creation lead's account gets its
 * workshop, each verified dealer registration becomes one dealer organisation with its profile
 * and a place in the supplier list; nobody else changes. The rows are inserted as the application
 * did (ids from the sequences), so the sequences stand where a real database's would.
 */
const migrations = path.join(import.meta.dirname, '../../server/db/migrations');
const folder = mkdtempSync(path.join(tmpdir(), 'teileportal-migrations-0007-'));
const client = new PGlite({ extensions: { pg_trgm } });
const db = drizzle(client);
afterAll(async () => {
  await client.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before 0007: the same files, the journal without the entry. */
function migrationsBefore0007() {
  cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0007');
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function rows<TRow extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return (await db.execute<TRow>(query)).rows;
}

async function userId(email: string) {
  const [row] = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`);
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

function dealerLead(email: string, company: string, status: string) {
  return sql`
    INSERT INTO part_dealer_leads (first_name, last_name, company_name, email, contact_number, street, city, postcode,
      country, website, brands_served, delivery_area, tax_id, status, reviewed_at)
    VALUES ('Dora', 'Dealer', ${company}, ${email}, '+49 89 123456', 'Industriestraße 5', 'München', '80331',
      'Deutschland', 'www.teile.de', ARRAY['BMW', 'Audi'], 'deutschlandweit', 'DE123456789', ${status},
      ${status === 'UNVERIFIED' ? null : new Date('2026-03-01T10:00:00Z')})`;
}

beforeAll(async () => {
  await migrate(db, { migrationsFolder: migrationsBefore0007() });
  // The admin, a /register user, three workshop owners (two with a finished wizard, one deleted
  // workshop leaving a gap in the ids) and an account-creation user without a workshop.
  await db.execute(sql`
    INSERT INTO users (email, password_hash, first_name, last_name, role, status, company_name) VALUES
      ('admin@teileportal.local', 'x', 'Ada', 'Admin', 'system_admin', 1, NULL),
      ('plain@register.de', 'x', 'Paul', 'Plain', 'user', 2, 'Plain GmbH'),
      ('owner1@werkstatt.de', 'x', 'Olga', 'Eins', 'user', 1, 'Werkstatt Eins'),
      ('owner2@werkstatt.de', 'x', 'Otto', 'Zwei', 'user', 1, 'Werkstatt Zwei'),
      ('gone@werkstatt.de', 'x', 'Gina', 'Weg', 'user', 3, 'Werkstatt Weg'),
      ('account@werkstatt.de', 'x', 'Anna', 'Konto', 'user', 1, 'Konto Werkstatt')`);
  await db.execute(sql`
    INSERT INTO workshop_leads (email, workshop_account_name, mode, status, user_id, onboarding_step) VALUES
      ('owner1@werkstatt.de', 'Werkstatt Eins', 'plain', 'verified', ${await userId('owner1@werkstatt.de')}, 'done'),
      ('owner2@werkstatt.de', 'Werkstatt Zwei', 'plain', 'registered', ${await userId('owner2@werkstatt.de')}, 'done'),
      ('gone@werkstatt.de', 'Werkstatt Weg', 'plain', 'registered', ${await userId('gone@werkstatt.de')}, 'done'),
      ('account@werkstatt.de', 'Konto Werkstatt', 'account-creation', 'registered', ${await userId('account@werkstatt.de')}, 'done'),
      ('open@werkstatt.de', 'Offen', 'plain', 'approved', NULL, NULL)`);
  for (const email of ['owner1@werkstatt.de', 'gone@werkstatt.de', 'owner2@werkstatt.de']) {
    await db.execute(sql`
      INSERT INTO workshops (name, lead_id, owner_user_id, dms_id)
      SELECT workshop_account_name, id, user_id, 1 FROM workshop_leads WHERE email = ${email}`);
  }
  await db.execute(sql`DELETE FROM workshops WHERE name = 'Werkstatt Weg'`);
  await db.execute(sql`
    INSERT INTO workshop_suppliers (workshop_id, part_dealer_id, customer_number)
    SELECT w.id, d.id, 'K-' || w.id || '-' || d.id FROM workshops w, (SELECT id FROM part_dealers ORDER BY id LIMIT 2) d`);
  await db.execute(dealerLead('rejected@dealer.de', 'Abgelehnt GmbH', 'REJECTED'));
  await db.execute(dealerLead('first@dealer.de', 'Erster Händler GmbH', 'VERIFIED'));
  await db.execute(dealerLead('open@dealer.de', 'Offener Händler GmbH', 'UNVERIFIED'));
  await db.execute(dealerLead('second@dealer.de', 'Zweiter Händler KG', 'VERIFIED'));

  await migrate(db, { migrationsFolder: migrations });
});

test('every workshop is a workshop organisation of the same name, its owner a workshop_user of it', async () => {
  const workshops = await rows<{
    name: string;
    kind: string;
    org_name: string;
    role: string;
    user_org: number;
    org: number;
  }>(sql`
    SELECT w.name, o.kind, o.name AS org_name, u.role, u.organisation_id AS user_org, w.organisation_id AS org
    FROM workshops w JOIN organisations o ON o.id = w.organisation_id JOIN users u ON u.id = w.owner_user_id
    ORDER BY w.name`);
  expect(workshops.map((workshop) => workshop.name)).toEqual(['Konto Werkstatt', 'Werkstatt Eins', 'Werkstatt Zwei']);
  for (const workshop of workshops) {
    expect(workshop).toMatchObject({ kind: 'workshop', org_name: workshop.name, role: 'workshop_user' });
    expect(workshop.user_org).toBe(workshop.org);
  }
  const [organisationCount] = await rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM organisations WHERE kind = 'workshop'`,
  );
  expect(organisationCount?.n).toBe(3);
});

test('the account-creation lead got its workshop; the /register user and the admin are unchanged', async () => {
  const [account] = await rows<{ name: string; lead_email: string }>(sql`
    SELECT w.name, l.email AS lead_email FROM workshops w JOIN workshop_leads l ON l.id = w.lead_id
    WHERE w.owner_user_id = ${await userId('account@werkstatt.de')}`);
  expect(account).toEqual({ name: 'Konto Werkstatt', lead_email: 'account@werkstatt.de' });
  const unchanged = await rows<{ email: string; role: string; organisation_id: number | null; status: number }>(sql`
    SELECT email, role, organisation_id, status FROM users
    WHERE email IN ('admin@teileportal.local', 'plain@register.de', 'gone@werkstatt.de') ORDER BY email`);
  expect(unchanged).toEqual([
    { email: 'admin@teileportal.local', role: 'system_admin', organisation_id: null, status: 1 },
    // Its workshop was deleted before the migration: nothing to belong to.
    { email: 'gone@werkstatt.de', role: 'user', organisation_id: null, status: 3 },
    { email: 'plain@register.de', role: 'user', organisation_id: null, status: 2 },
  ]);
});

test('each verified dealer registration became exactly one dealer organisation with its profile and a supplier-list place from 1000', async () => {
  const dealers = await rows<{
    name: string;
    contact_email: string;
    lead_company: string;
    part_dealer_id: number;
    part_dealer_name: string;
    brands_served: string[];
    deactivated_at: Date | null;
  }>(sql`
    SELECT o.name, p.contact_email, l.company_name AS lead_company, d.id AS part_dealer_id, d.name AS part_dealer_name,
      p.brands_served, o.deactivated_at
    FROM organisations o
    JOIN dealer_profiles p ON p.organisation_id = o.id
    JOIN part_dealer_leads l ON l.id = p.lead_id
    JOIN part_dealers d ON d.organisation_id = o.id
    WHERE o.kind = 'dealer' ORDER BY o.name`);
  expect(dealers).toEqual([
    expect.objectContaining({
      name: 'Erster Händler GmbH',
      contact_email: 'first@dealer.de',
      lead_company: 'Erster Händler GmbH',
      part_dealer_name: 'Erster Händler GmbH',
      brands_served: ['BMW', 'Audi'],
      deactivated_at: null,
    }),
    expect.objectContaining({
      name: 'Zweiter Händler KG',
      contact_email: 'second@dealer.de',
      lead_company: 'Zweiter Händler KG',
      part_dealer_name: 'Zweiter Händler KG',
    }),
  ]);
  for (const dealer of dealers) expect(dealer.part_dealer_id).toBeGreaterThanOrEqual(1000);
  const [dealerOrganisations] = await rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM organisations WHERE kind = 'dealer'`,
  );
  expect(dealerOrganisations?.n).toBe(2);
  // Nobody was invited or made a dealer user by the migration.
  const [dealerUsers] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE role = 'dealer_user'`);
  expect(dealerUsers?.n).toBe(0);
  // The reference dealers stay as they were: below 1000, without an organisation.
  const [references] = await rows<{ n: number; linked: number }>(
    sql`SELECT count(*)::int AS n, count(organisation_id)::int AS linked FROM part_dealers WHERE id < 1000`,
  );
  expect(references?.n).toBeGreaterThan(0);
  expect(references?.linked).toBe(0);
});

test('the supplier rows are requested relations with ids', async () => {
  const suppliers = await rows<{ id: number | null; status: string }>(sql`SELECT id, status FROM workshop_suppliers`);
  expect(suppliers).toHaveLength(4);
  for (const supplier of suppliers) expect(supplier).toEqual({ id: expect.any(Number), status: 'requested' });
  expect(new Set(suppliers.map((supplier) => supplier.id)).size).toBe(4);
});

test('the sequences continue past the migrated ids', async () => {
  const [maxBefore] = await rows<{ max: number }>(sql`SELECT max(id) AS max FROM organisations`);
  const [created] = await rows<{ id: number }>(
    sql`INSERT INTO organisations (kind, name) VALUES ('dealer', 'Neu nach der Migration') RETURNING id`,
  );
  expect(created?.id).toBe((maxBefore?.max ?? 0) + 1);
  const [maxDealer] = await rows<{ max: number }>(sql`SELECT max(id) AS max FROM part_dealers`);
  const [listed] = await rows<{ id: number }>(
    sql`INSERT INTO part_dealers (name, organisation_id) VALUES ('Neu nach der Migration', ${created?.id}) RETURNING id`,
  );
  expect(listed?.id).toBe((maxDealer?.max ?? 0) + 1);
  const [maxWorkshop] = await rows<{ max: number }>(sql`SELECT max(id) AS max FROM workshops`);
  const [workshopOrganisation] = await rows<{ id: number }>(
    sql`INSERT INTO organisations (kind, name) VALUES ('workshop', 'Neue Werkstatt') RETURNING id`,
  );
  const [workshop] = await rows<{ id: number }>(sql`
    INSERT INTO workshops (name, owner_user_id, organisation_id)
    VALUES ('Neue Werkstatt', ${await userId('plain@register.de')}, ${workshopOrganisation?.id}) RETURNING id`);
  expect(workshop?.id).toBeGreaterThan(maxWorkshop?.max ?? 0);
  const [supplier] = await rows<{ id: number }>(sql`
    INSERT INTO workshop_suppliers (workshop_id, part_dealer_id, customer_number)
    VALUES (${workshop?.id}, ${listed?.id}, 'N-1') RETURNING id`);
  expect(supplier?.id).toBe(5);
});
