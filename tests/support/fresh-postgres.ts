import pg from 'pg';

/**
 * A new database on the PostgreSQL at `baseUrl`, and a way to drop it again: empty, or a copy of
 * `template` (a migrated database, ADR 038) made by PostgreSQL itself in a fraction of a migration.
 */
export async function freshPostgresDatabase(baseUrl: string, prefix = 'tp_test', options: { template?: string } = {}) {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
