import { and, isNull, sql } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from './db/database';
import { outbox, tradeMailQueue } from './db/schema';
import type { LiveHub } from './trade/live-hub';

export type ServerMetrics = ReturnType<typeof createMetrics>;

/**
 * The route of the handler that answered, as registered ("/svc/workshop/inquiries/:id{[0-9]{1,9}}",
 * "/*" for the SPA's pages), never the raw path: ids in paths would make a series per id. A request
 * only the global middleware saw (Hono's not-found) is "unmatched".
 */
function routeLabel(c: Context) {
  const pattern = routePath(c);
  return pattern === '' || pattern === '*' ? 'unmatched' : pattern;
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Prometheus metrics of one server process (ADR 032), in a registry of its own so that several
 * servers in one process (the tests) do not share series. Queue depths, pool use and live streams
 * are read when scraped.
 */
export function createMetrics(parts: { database: DatabaseHandle; liveHub: LiveHub }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { database, liveHub } = parts;

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time until the response headers, by method, route pattern and status (a live stream counts until it opens)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'teileportal_outbox_pending',
    help: 'Mails waiting to go out: the mail outbox (queue="mail") and trade events not yet mailed (queue="trade_mail")',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      // One failing collect() fails the whole scrape (prom-client awaits them all), and a scrape
      // during a database outage must still show teileportal_database_up 0: the queue series are
      // left out until the database answers again.
      try {
        await collectOutboxDepth(this);
      } catch {
        this.reset();
      }
    },
  });
  async function collectOutboxDepth(gauge: Gauge<'queue'>) {
    const [mail] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), isNull(outbox.abandonedAt)));
    const [trade] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(tradeMailQueue)
      .where(isNull(tradeMailQueue.mailedAt));
    gauge.set({ queue: 'mail' }, mail?.count ?? 0);
    gauge.set({ queue: 'trade_mail' }, trade?.count ?? 0);
  }
  new Gauge({
    name: 'teileportal_live_streams',
    help: 'Live event streams (SSE) connected to this process',
    registers: [registry],
    collect() {
      this.set(liveHub.size());
    },
  });
  new Gauge({
    name: 'teileportal_database_up',
    help: '1 when the database answered a query during this scrape, else 0',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const up = await database.ping().then(
        () => 1,
        () => 0,
      );
      this.set({ kind: database.kind }, up);
    },
  });
  new Gauge({
    name: 'teileportal_database_pool_connections',
    help: 'Database connections by state: max (the pool limit), open, idle, waiting (requests waiting for one). PGlite: one connection; idle and waiting are not known',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      this.reset();
      for (const state of ['max', 'open', 'idle', 'waiting'] as const) {
        const value = use[state];
        if (value !== null) this.set({ kind: database.kind, state }, value);
      }
    },
  });

  /** Counts and times every request; registered first, so the time covers the whole chain. */
  const middleware: MiddlewareHandler = async (c, next) => {
    const startedAt = performance.now();
    try {
      await next();
    } finally {
      const labels = {
        method: KNOWN_METHODS.has(c.req.method) ? c.req.method : 'other',
        route: routeLabel(c),
        status: String(c.res.status),
      };
      requests.inc(labels);
      latency.observe(labels, (performance.now() - startedAt) / 1000);
    }
  };

  /** The app of the metrics listener: `/metrics` and nothing else. */
  function exposition() {
    const app = new Hono();
    app.get('/metrics', async (c) => c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType }));
    app.all('*', (c) => c.text('Not found', 404));
    return app;
  }

  return { registry, middleware, exposition };
}
