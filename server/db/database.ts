import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool that gets back a checked-out client whose connection broke. Drizzle's transaction sends
 * BEGIN before its try/finally, so when the connection drops right after checkout the client is
 * never released: the pool shrinks by one each time and, once empty, every request waits out the
 * connection timeout (and pool.end() never finishes). Here a client that errors while checked out
 * is released (and so discarded) at once, and a later release is ignored.
 */
class SelfHealingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // pool.query() checks out with a callback and always releases: left as it is.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.off('error', releaseBroken);
        release(error);
      };
      const releaseBroken = (error: Error) => releaseOnce(error);
      client.on('error', releaseBroken);
      client.release = releaseOnce;
      return client;
    });
  }
}

const PGLITE_SHARED_BUFFERS = '16MB';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir/pgdata` (persisted).
 * Migrations are applied before the handle is returned.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new SelfHealingPool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 2000,
    });
    // A dropped connection must not crash the process; the query in flight (or the next one)
    // reports it. The pool only listens on idle clients, so checked-out ones get a listener too.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePostgres(pool, { schema });
    await migrateNodePostgres(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataPath, { recursive: true });
  }
  const client = new PGlite(dataPath, {
    // PostgreSQL's default of 128 MB of shared buffers fills as pages are read and stays resident;
    // the embedded database holds a few MB, which the OS file cache keeps as well. 16 MB takes
    // ~110 MB off the idle process (ADR 016). Given on the command line, not through PGlite's
    // postgresqlconf option, which replaces the data directory's whole postgresql.conf (timezone,
    // datestyle and locale settings included).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
