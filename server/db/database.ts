import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction as PGliteTransaction, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  /**
   * The same database for work nobody waits for (mail passes, the closing sweeper, webhook
   * deliveries, housekeeping). On PGlite it waits while people's queries are queued (ADR 049);
   * PostgreSQL runs both side by side, so there it is `db`.
   */
  backgroundDb: Database;
  kind: 'pglite' | 'postgres';
  /** How many migrations this process applied at open (0 when the database was up to date). */
  migrationsApplied: number;
  ping: () => Promise<void>;
  /**
   * Hears `NOTIFY channel` from every process on this database (PostgreSQL LISTEN on a connection
   * of its own, re-established after a drop; PGlite's listen). `onReconnect` runs after a dropped
   * listener connection is back, since notifications sent meanwhile are lost: catch up from the log.
   */
  listen: (
    channel: string,
    onNotify: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /**
   * The connection pool, for the metrics (ADR 032). PGlite is one in-process connection that runs
   * queries one after another: idle and waiting are not known there (null).
   */
  poolUse: () => { max: number; open: number; idle: number | null; waiting: number | null };
};

const LISTEN_RETRY_MS = 1000;

/** A PostgreSQL LISTEN on a dedicated client that reconnects until stopped. */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const quotedChannel = `"${channel.replace(/"/g, '""')}"`;
  async function connect(isReconnect: boolean): Promise<void> {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => scheduleReconnect(next));
    next.on('end', () => scheduleReconnect(next));
    await next.connect();
    await next.query(`LISTEN ${quotedChannel}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (isReconnect) onReconnect?.();
  }
  function scheduleReconnect(broken: pg.Client) {
    if (stopped || client !== broken || retry) return;
    client = null;
    broken.end().catch(() => {});
    const attempt = () => {
      retry = null;
      if (stopped) return;
      connect(true).catch(() => {
        retry = setTimeout(attempt, LISTEN_RETRY_MS);
      });
    };
    retry = setTimeout(attempt, LISTEN_RETRY_MS);
  }
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

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

/** One turn of the event loop: what arrived meanwhile (requests, responses to write) is handled first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/*
 * PGlite runs a query synchronously in WebAssembly and resolves it in a microtask, and the query
 * queued behind it starts in that same chain of microtasks. While queries are queued the event
 * loop never turns: no request is read, no response written, no timer fires. One session's thirty
 * searches held every other organisation's reads for the whole queue, 8–15 s (issue 27). Here the
 * queries (and transactions) run one after the other, people's in arrival order and background
 * work's after them (see `inTurn`), and each begins only after a turn of the event loop: between
 * any two queries others' requests are read, those that need no query (a session held in memory)
 * answered, and the queries of the others join the queue instead of waiting for it to drain.
 */
class TurnTakingPGlite extends PGlite {
  // Declared, not initialised: PGlite's constructor may start a query before a subclass's fields exist.
  private declare waiting: WaitingWork | undefined;
  private declare working: boolean | undefined;
  /** How long background work waits at most while people's queries keep coming (see `inTurn`). */
  declare backgroundMaxWaitMs: number | undefined;

  /**
   * Runs `run` when its turn comes. Background work (ADR 049: the mail passes, the sweeper, the
   * webhook deliveries, housekeeping) waits while people's queries are queued, so a placement is
   * held up by at most the one background statement or transaction already running, not by a
   * whole pass. So that a steady stream of requests cannot hold back the mail for ever, background
   * work that has waited BACKGROUND_MAX_WAIT_MS goes next regardless, one such piece per
   * BACKGROUND_MAX_WAIT_MS: what was queued with it (housekeeping's statements, a batch of webhook
   * deliveries) does not follow it in a burst.
   */
  private inTurn<T>(run: () => Promise<T>, priority: WorkPriority = 'foreground'): Promise<T> {
    // PGlite's start-up runs queries of its own, which a queued query waiting for the start would block.
    if (!this.ready) return run();
    this.waiting ??= { foreground: [], background: [], lateServedAt: Number.NEGATIVE_INFINITY };
    const waiting = this.waiting;
    return new Promise<T>((resolve, reject) => {
      const start = async () => {
        try {
          resolve(await run());
        } catch (error) {
          reject(error);
        }
      };
      waiting[priority].push({ queuedAt: performance.now(), start });
      if (!this.working) void this.workThroughQueue();
    });
  }

  private async workThroughQueue() {
    this.working = true;
    try {
      for (;;) {
        // The choice is made after the turn, so that what arrived during it can go first.
        await nextTurn();
        const work = this.waiting && nextWork(this.waiting, this.backgroundMaxWaitMs ?? BACKGROUND_MAX_WAIT_MS);
        if (!work) return;
        await work.start();
      }
    } finally {
      this.working = false;
    }
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    return this.inTurn(() => super.query<T>(query, params, options));
  }

  override exec(query: string, options?: QueryOptions) {
    return this.inTurn(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: PGliteTransaction) => Promise<T>) {
    // PGlite runs nothing else during a transaction: it holds the turn to its end, and its own
    // queries give the event loop a turn each.
    return this.inTurn(() => super.transaction((tx) => callback(turnTakingTransaction(tx))));
  }

  /**
   * The same database for background work: its queries and transactions wait while people's are
   * queued. Drizzle's PGlite session calls only `query` and `transaction` on its client.
   */
  inBackground(): Pick<PGlite, 'query' | 'exec' | 'transaction'> {
    return {
      query: <T>(query: string, params?: unknown[], options?: QueryOptions) =>
        this.inTurn(() => super.query<T>(query, params, options), 'background'),
      exec: (query: string, options?: QueryOptions) => this.inTurn(() => super.exec(query, options), 'background'),
      transaction: <T>(callback: (tx: PGliteTransaction) => Promise<T>) =>
        this.inTurn(() => super.transaction((tx) => callback(turnTakingTransaction(tx))), 'background'),
    };
  }
}

type WorkPriority = 'foreground' | 'background';
type QueuedWork = { queuedAt: number; start: () => Promise<void> };
type WaitingWork = { foreground: QueuedWork[]; background: QueuedWork[]; lateServedAt: number };

/** How long background work waits at most while people's queries keep coming, unless opened with another. */
export const BACKGROUND_MAX_WAIT_MS = 1000;

/** People's work in arrival order; background work when none is waiting, or when it is late. */
function nextWork(waiting: WaitingWork, maxWaitMs: number) {
  const oldestBackground = waiting.background[0];
  const now = performance.now();
  // Late counts from the later of its arrival and the last late piece served.
  if (oldestBackground && now - Math.max(oldestBackground.queuedAt, waiting.lateServedAt) >= maxWaitMs) {
    waiting.lateServedAt = now;
    return waiting.background.shift();
  }
  return waiting.foreground.shift() ?? waiting.background.shift();
}

/** The transaction's queries take turns too: a long command would otherwise hold the loop as long. */
function turnTakingTransaction(tx: PGliteTransaction): PGliteTransaction {
  return {
    async query<T>(query: string, params?: unknown[], options?: QueryOptions) {
      await nextTurn();
      return tx.query<T>(query, params, options);
    },
    async sql<T>(sqlStrings: TemplateStringsArray, ...params: unknown[]) {
      await nextTurn();
      return tx.sql<T>(sqlStrings, ...params);
    },
    async exec(query: string, options?: QueryOptions) {
      await nextTurn();
      return tx.exec(query, options);
    },
    rollback: () => tx.rollback(),
    listen: (channel, callback) => tx.listen(channel, callback),
    get closed() {
      return tx.closed;
    },
  };
}

const PGLITE_SHARED_BUFFERS = '16MB';
const POOL_MAX = 10;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The key of the session-level advisory lock that migrations run under (ADR 033); any fixed
 * bigint does, as long as nothing else on the database takes it. "tp-migr" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x74702d6d69677200n;

/**
 * Applies pending migrations once however many processes start at the same moment: each takes
 * the advisory lock on a connection of its own and waits for it; the first applies what is
 * pending, the others find nothing left. Without the lock two migrators both create drizzle's
 * bookkeeping schema and both apply the same migration. Returns how many migrations this call
 * applied (0 when another process had done it).
 */
export async function migratePostgresOnce(connectionString: string) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    const appliedBefore = await countAppliedMigrations(client);
    await migrateNodePostgres(drizzleNodePostgres(client, { schema }), { migrationsFolder });
    return (await countAppliedMigrations(client)) - appliedBefore;
  } finally {
    // Ending the session releases the lock too; unlocking first lets the next waiter go at once.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => {});
    await client.end().catch(() => {});
  }
}

type Queryable = { query: <Row>(text: string) => Promise<{ rows: Row[] }> };

/** Rows in drizzle's bookkeeping table (none before the first migration creates it). */
async function countAppliedMigrations(client: Queryable) {
  const [table] = (
    await client.query<{ name: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as name`)
  ).rows;
  if (!table?.name) return 0;
  const [row] = (
    await client.query<{ applied: string | number }>('select count(*) as applied from drizzle.__drizzle_migrations')
  ).rows;
  return Number(row?.applied ?? 0);
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir/pgdata` (persisted).
 * Migrations are applied before the handle is returned.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string | null;
  /** PGlite: how long background work waits at most for people's queries (BACKGROUND_MAX_WAIT_MS). */
  backgroundMaxWaitMs?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new SelfHealingPool({
      connectionString: options.databaseUrl,
      max: POOL_MAX,
      connectionTimeoutMillis: 2000,
    });
    // A dropped connection must not crash the process; the query in flight (or the next one)
    // reports it. The pool only listens on idle clients, so checked-out ones get a listener too.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePostgres(pool, { schema });
    const migrationsApplied = await migratePostgresOnce(options.databaseUrl);
    return {
      db: db as unknown as Database,
      backgroundDb: db as unknown as Database,
      kind: 'postgres',
      migrationsApplied,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, onNotify, onReconnect) =>
        listenOnPostgres(options.databaseUrl as string, channel, onNotify, onReconnect),
      close: () => pool.end(),
      poolUse: () => ({ max: POOL_MAX, open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataPath, { recursive: true });
  }
  const client = new TurnTakingPGlite(dataPath, {
    // PostgreSQL's default of 128 MB of shared buffers fills as pages are read and stays resident;
    // the embedded database holds a few MB, which the OS file cache keeps as well. 16 MB takes
    // ~110 MB off the idle process (ADR 016). Given on the command line, not through PGlite's
    // postgresqlconf option, which replaces the data directory's whole postgresql.conf (timezone,
    // datestyle and locale settings included).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    // Part-number search and its indexes use trigrams (migration 0012, ADR 028).
    extensions: { pg_trgm },
  });
  client.backgroundMaxWaitMs = options.backgroundMaxWaitMs;
  const db = drizzlePglite(client, { schema });
  // PGlite is one process's own database: nothing else can migrate it at the same time.
  const appliedBefore = await countAppliedMigrations(client);
  await migratePglite(db, { migrationsFolder });
  const migrationsApplied = (await countAppliedMigrations(client)) - appliedBefore;
  // Drizzle's PGlite session only calls query and transaction, which the background view has.
  const backgroundDb = drizzlePglite(client.inBackground() as PGlite, { schema });
  return {
    db: db as unknown as Database,
    backgroundDb: backgroundDb as unknown as Database,
    kind: 'pglite',
    migrationsApplied,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onNotify) => {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    close: () => client.close(),
    poolUse: () => ({ max: 1, open: client.closed ? 0 : 1, idle: null, waiting: null }),
  };
}
