import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadServerConfig } from '../../server/config';
import { type Database, migratePostgresOnce } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { seedAdministrator } from '../../server/seed';
import { freshPostgresDatabase } from '../support/fresh-postgres';

/**
 * Issue 16 (ADR 033): several processes starting at the same moment on one fresh PostgreSQL
 * database apply the migrations once, under the advisory lock; the others wait and find nothing
 * left. Only meaningful on PostgreSQL (PGlite is one process's own database).
 */
const databaseUrl = process.env.DATABASE_URL;
const journal = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: unknown[] };

let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
beforeAll(async () => {
  if (databaseUrl) database = await freshPostgresDatabase(databaseUrl, 'tp_migrate');
});
afterAll(() => database?.drop());

test.skipIf(!databaseUrl)(
  'six migrators started together on a fresh database: every migration applied once',
  async () => {
    const applied = await Promise.all(Array.from({ length: 6 }, () => migratePostgresOnce(database.url)));
    expect(applied.filter((count) => count > 0)).toEqual([journal.entries.length]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ hash: string; times: string }>(
        'select hash, count(*) as times from drizzle.__drizzle_migrations group by hash',
      );
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((row) => Number(row.times) === 1)).toBe(true);
      // The lock is released: nothing still holds it once every migrator returned.
      const { rows: locks } = await client.query("select 1 from pg_locks where locktype = 'advisory' and granted");
      expect(locks).toHaveLength(0);
    } finally {
      await client.end();
    }
  },
);

test.skipIf(!databaseUrl)(
  'five processes seeding the administrator at once: one row, one of them created it',
  async () => {
    await migratePostgresOnce(database.url);
    const config = loadServerConfig({ ADMIN_EMAIL: 'cluster-admin@teileportal.local' });
    const pools = Array.from({ length: 5 }, () => new pg.Pool({ connectionString: database.url, max: 1 }));
    try {
      const outcomes = await Promise.all(
        pools.map((pool) => seedAdministrator(drizzle(pool, { schema }) as unknown as Database, config)),
      );
      expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(1);
      const admins = await (drizzle(pools[0] as pg.Pool, { schema }) as unknown as Database)
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, config.admin.email));
      expect(admins).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  },
);
