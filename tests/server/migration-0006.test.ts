import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, test } from 'vitest';

/** ADR 015: leads registered before progress was recorded get the step they stopped at. */
const migrations = path.join(import.meta.dirname, '../../server/db/migrations');
const folder = mkdtempSync(path.join(tmpdir(), 'teileportal-migrations-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The migrations folder as it was before 0006: the same files, the journal without the entry. */
function migrationsBefore0006() {
  cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0006');
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

test('0006 sends each registered plain-mode lead to where it stopped; saved suppliers mean done', async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsBefore0006() });
  await db.execute(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES
      (101, 'a@example.de', 'x', 'A', 'A'), (102, 'b@example.de', 'x', 'B', 'B'),
      (103, 'c@example.de', 'x', 'C', 'C'), (104, 'd@example.de', 'x', 'D', 'D'),
      (105, 'e@example.de', 'x', 'E', 'E'), (106, 'f@example.de', 'x', 'F', 'F')`);
  await db.execute(sql`
    INSERT INTO workshop_leads (id, email, workshop_account_name, mode, status, user_id) VALUES
      (1, 'a@example.de', 'Nothing saved', 'plain', 'registered', 101),
      (2, 'b@example.de', 'DMS saved', 'plain', 'registered', 102),
      (3, 'c@example.de', 'Suppliers without DMS', 'plain', 'registered', 103),
      (4, 'd@example.de', 'Everything saved', 'plain', 'registered', 104),
      (5, 'e@example.de', 'Account only', 'account-creation', 'registered', 105),
      (6, 'f@example.de', 'Verified', 'plain', 'verified', 106),
      (7, 'g@example.de', 'Not yet registered', 'plain', 'approved', NULL)`);
  await db.execute(sql`
    INSERT INTO workshops (id, name, lead_id, owner_user_id, dms_id) VALUES
      (11, 'A', 1, 101, NULL), (12, 'B', 2, 102, 1), (13, 'C', 3, 103, NULL), (14, 'D', 4, 104, 1),
      (16, 'F', 6, 106, NULL)`);
  await db.execute(sql`
    INSERT INTO workshop_additional_suppliers (workshop_id, name, customer_number) VALUES
      (13, 'Teile Schmidt', 'S-99'), (14, 'Teile Schmidt', 'S-98')`);

  await migrate(db, { migrationsFolder: migrations });

  const rows = await db.execute<{ id: number; onboarding_step: string | null }>(
    sql`SELECT id, onboarding_step FROM workshop_leads ORDER BY id`,
  );
  expect(Object.fromEntries(rows.rows.map((row) => [row.id, row.onboarding_step]))).toEqual({
    1: 'master-data',
    2: 'suppliers',
    3: 'done',
    4: 'done',
    5: 'done',
    6: 'done',
    7: null,
  });
  await client.close();
});
