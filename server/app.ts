import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
// The `requestId` context variable is typed by Hono's request-id module; its value is ours.
import type {} from 'hono/request-id';
import { createDmsApi } from './api-v1/app';
import { createCaptchaRoutes } from './captcha';
import type { ServerDeps } from './context';
import { createDevMailbox } from './dev-mailbox';
import { createPublicFormPosts } from './forms/public-form-posts';
import { forgetWhatTheWriterChanged } from './http/after-write';
import { createKeyedLimiter, limitSessionConcurrency, REQUESTS_PER_SESSION } from './http/concurrency-limit';
import { requestFrame } from './http/request-frame';
import { limitBody, refuseNulInQuery, sameOriginJsonOnly } from './http/request-guard';
import { ApiRefusal, refusalBody, refusalResponse } from './http/respond';
import { createSessionAccess } from './http/session-access';
import { presentedSessionHash } from './http/sessions';
import { createAuthService } from './services/auth/routes';
import { createInsurerService } from './services/insurer/routes';
import { createPartDealerService } from './services/part-dealer/routes';
import { createWorkshopService } from './services/workshop/routes';
import { createSpaRoutes } from './static-spa';

/**
 * Errors that mean the database cannot be reached: answered 503, not 500. Drizzle wraps the
 * driver's error ("Failed query: …"), so the whole cause chain is examined.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const text = `${current.message} ${(current as { code?: string }).code ?? ''}`;
    if (
      /ECONNREFUSED|ECONNRESET|EPIPE|57P01|57P03|08006|08001|08003|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|PGlite is closed/i.test(
        text,
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * An error as it may be logged: Drizzle puts the query's parameters (hashes, e-mail addresses,
 * token ids) into the message after the first line, so only the first line is kept, here and in
 * the stack and in every cause.
 */
function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  return {
    type: error.constructor.name,
    message: error.message.split('\n')[0],
    code: (error as { code?: unknown }).code,
    stack: error.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
    ...(error.cause && depth < 4 ? { cause: loggableError(error.cause, depth + 1) } : {}),
  };
}

/** Builds the whole HTTP surface: three services, captcha, health, dev mailbox and the SPA. */
export function createApp(deps: ServerDeps) {
  const app = new Hono<{ Variables: { requestId: string } }>();
  const publicOrigin = new URL(deps.config.publicUrl).origin;

  app.use('*', deps.metrics.middleware);
  app.use(
    '*',
    forgetWhatTheWriterChanged({
      lists: deps.readCaches.lists,
      dashboards: deps.dashboardCache,
      accessChanges: deps.accessChanges,
    }),
  );
  app.use('*', compress());
  app.use(
    '*',
    requestFrame({
      securityHeaders: {
        recaptcha: Boolean(deps.config.captcha.recaptcha),
        analyticsOrigin: deps.config.analyticsOrigin ?? null,
        strictTransportSecurity: deps.config.isProduction,
      },
      trustedProxies: deps.config.trustedProxies,
      forwardedHeader: deps.config.forwardedHeader,
      isDraining: deps.isDraining,
    }),
  );

  app.onError((error, c) => {
    if (error instanceof ApiRefusal) return refusalResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(refusalBody(c, error.status, 'invalidRequest'), error.status);
    }
    const correlationId = c.get('requestId');
    if (isDatabaseUnavailable(error)) {
      deps.logger.error(
        { event: 'database.unavailable', correlationId, path: c.req.path, error: loggableError(error) },
        'database unavailable',
      );
      return c.json({ ...refusalBody(c, 503, 'serviceUnavailable'), correlationId }, 503);
    }
    deps.logger.error(
      { event: 'request.failed', correlationId, path: c.req.path, error: loggableError(error) },
      'unhandled error',
    );
    return c.json({ ...refusalBody(c, 500, 'serverError'), correlationId }, 500);
  });

  /**
   * Readiness (ADR 033): whether a proxy or orchestrator should send this process requests. Unready
   * while it drains, or when the database does not answer within READINESS_TIMEOUT_MS. /healthz
   * stays liveness: a process that is up but cannot reach the database is not restarted for it.
   */
  app.get('/readyz', async (c) => {
    if (deps.isDraining()) return c.json({ status: 'draining' }, 503);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), deps.config.readinessTimeoutMs);
    });
    try {
      const outcome = await Promise.race([deps.database.ping().then(() => 'up' as const), timedOut]);
      if (outcome === 'timeout') return c.json({ status: 'unready', database: 'timeout' }, 503);
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'unready', database: 'down' }, 503);
    } finally {
      clearTimeout(timer);
    }
  });

  app.get('/healthz', async (c) => {
    try {
      await deps.database.ping();
      return c.json({ status: 'ok', database: { status: 'up', kind: deps.database.kind } });
    } catch {
      return c.json({ status: 'degraded', database: { status: 'down', kind: deps.database.kind } }, 503);
    }
  });

  const access = createSessionAccess(
    deps.config,
    deps.database.db,
    deps.database.poolUse().max,
    deps.readCaches.sessions,
  );
  const api = new Hono();
  api.use(
    '*',
    // Issue 27: one session's flood is refused before it queues lookups in front of everyone else's.
    limitSessionConcurrency(createKeyedLimiter(REQUESTS_PER_SESSION), (c) =>
      c.req.path.endsWith('/events') ? null : presentedSessionHash(c, access.cookieSettings),
    ),
    limitBody,
    refuseNulInQuery,
    sameOriginJsonOnly([publicOrigin]),
  );
  api.route('/auth/api/v1', createAuthService(deps, access));
  api.route('/workshop', createWorkshopService(deps, access));
  api.route('/part-dealer', createPartDealerService(deps, access));
  api.route('/insurer', createInsurerService(deps, access));
  // notFound() only applies to the top-level app, so the API ends with its own catch-all.
  api.all('*', (c) => c.json(refusalBody(c, 404, 'notFound'), 404));
  app.route('/svc', api);

  // Metrics have a listener of their own (METRICS_PORT); here the path is plainly not found.
  app.all('/metrics', (c) => c.text('Not found', 404));
  // The DMS API (issue 15, ADR 031): /api/v1 with API keys, /api/openapi.json, /api/docs.
  app.route('/', createDmsApi(deps));

  app.route('/captcha', createCaptchaRoutes(deps));
  if (deps.config.servesDevMailbox) app.route('/dev/mailbox', createDevMailbox(deps.database.db));
  app.route('/', createPublicFormPosts(deps, access, [publicOrigin]));
  app.route('/', createSpaRoutes(deps.config.staticDir));
  return app;
}
