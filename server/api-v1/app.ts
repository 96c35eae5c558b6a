import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import { type GenerateSpecOptions, generateSpecs } from 'hono-openapi';
import { errorEnvelopeSchema } from '../../common/contracts/envelope';
import { requireApiKey, requireKeyForThisApi } from '../api-keys/middleware';
import type { ServerDeps } from '../context';
import { limitBody, refuseNulInQuery, sameOriginJsonOnly } from '../http/request-guard';
import { refusalBody } from '../http/respond';
import { API_ERROR_RESPONSES, documentedJsonSchema } from './operations';
import { apiV1RouteGroups } from './route-groups';

export const API_V1_BASE = '/api/v1';

/** The converter's JSON Schema and openapi-types' SchemaObject describe the same JSON differently. */
type DocumentSchema = NonNullable<
  NonNullable<NonNullable<GenerateSpecOptions['documentation']['components']>['schemas']>[string]
>;

/** Scalar's single-file browser bundle, served from this server: the reference page loads nothing from elsewhere. */
function readScalarBundle() {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return readFileSync(join(dirname(entry), 'browser', 'standalone.js'));
}

/** The routes of /api/v1 (full paths), behind the API-key guard; the OpenAPI document is generated from this app. */
export function createApiV1App(deps: ServerDeps) {
  const v1 = new Hono();
  v1.use('*', requireApiKey(deps.database.db), requireKeyForThisApi(API_V1_BASE));
  for (const group of apiV1RouteGroups) v1.route('/', group.create(deps));
  // notFound() only applies to the top-level app, so the API ends with its own catch-all.
  v1.all('*', (c) => c.json(refusalBody(c, 404, 'notFound'), 404));
  return new Hono().route(API_V1_BASE, v1);
}

export async function apiV1Document(deps: ServerDeps) {
  const documented = createApiV1App(deps);
  return generateSpecs(documented, {
    documentation: {
      openapi: '3.1.0',
      info: {
        title: 'Teileportal API for DMS and dealer systems',
        version: '1',
        description:
          'The workshop API of the Teileportal (docs/decisions/031-dms-api.md): create inquiries to your dealers, read their quotes, place orders and follow their status. The dealer API under `/dealer/…` (docs/decisions/040-dealer-api.md): read the inquiries addressed to your dealership, quote or decline them, confirm, backorder, cancel, ship and deliver order lines, decide returns, follow it all live. Every request carries an API key created in the portal on its *API keys* page (`/settings/api-keys`) (`Authorization: Bearer tp_…`); it acts for that workshop or dealer only, and a workshop’s key opens only the workshop API, a dealer’s key only `/dealer/…`. Every answer is the envelope `{code, data, message}`; refusals add `error` (a stable message id) and `message` (translated: send `Accept-Language: de` or `en`).',
      },
      servers: [{ url: new URL(deps.config.publicUrl).origin }],
      security: [{ apiKey: [] }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key `tp_…` from the portal’s *API keys* page (`/settings/api-keys`): a workshop’s or a dealer’s.',
          },
        },
        schemas: { ErrorEnvelope: documentedJsonSchema(errorEnvelopeSchema) as DocumentSchema },
        responses: Object.fromEntries(
          Object.entries(API_ERROR_RESPONSES).map(([status, description]) => [
            `Error${status}`,
            {
              description,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
            },
          ]),
        ),
      },
    },
    defaultValidationErrorResponse: false,
  });
}

/**
 * The DMS API (issue 15, ADR 031), mounted at the top level: /api/v1 (API key, JSON, no cookies,
 * no CORS: it is called server to server), its OpenAPI 3.1 document at /api/openapi.json and the
 * interactive reference at /api/docs.
 */
export function createDmsApi(deps: ServerDeps) {
  const app = new Hono();
  const publicOrigin = new URL(deps.config.publicUrl).origin;
  app.use(`${API_V1_BASE}/*`, limitBody, refuseNulInQuery, sameOriginJsonOnly([publicOrigin]));
  app.route('/', createApiV1App(deps));

  let document: Promise<unknown> | null = null;
  app.get('/api/openapi.json', async (c) => {
    document ??= apiV1Document(deps);
    return c.json(await document);
  });

  let scalarBundle: Buffer | null = null;
  app.get('/api/docs/standalone.js', (c) => {
    scalarBundle ??= readScalarBundle();
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(scalarBundle));
  });
  app.get('/api/docs', async (c, next) => {
    const nonce = crypto.randomUUID().replaceAll('-', '');
    // The reference page's own policy (the global one is kept for every other response): its
    // bundle and the inline start script by nonce, its injected styles, the document from here.
    c.header(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].join('; '),
    );
    return Scalar({
      url: '/api/openapi.json',
      cdn: '/api/docs/standalone.js',
      nonce,
      pageTitle: 'Teileportal API',
      withDefaultFonts: false,
      hideClientButton: true,
      // Scalar's hosted extras (AI chat, MCP, the developer toolbar) call Scalar's cloud, which the
      // page's policy does not reach: left out rather than shown as buttons that fail.
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
    })(c, next);
  });
  app.all('/api/*', (c) => c.json(refusalBody(c, 404, 'notFound'), 404));
  return app;
}
