import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { envelopeSchema } from '../../common/contracts/envelope';
import { apiAudienceOf } from '../../server/api-keys/middleware';
import { API_V1_BASE, createApiV1App } from '../../server/api-v1/app';
import { dealerOperations } from '../../server/api-v1/dealer-routes';
import { documentedJsonSchema, openApiPath, XML_DOCUMENT_MEDIA_TYPES } from '../../server/api-v1/operations';
import { apiV1Operations } from '../../server/api-v1/route-groups';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The OpenAPI document (ADR 031) is generated from the routes' own valibot schemas: this fails when
 * a /api/v1 route is missing from /api/openapi.json, or the document's request or response schema
 * is not the JSON Schema of the schema the route parses and answers with.
 */
type Operation = {
  operationId?: string;
  security?: unknown;
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  security: unknown[];
};

let server: TestServer;
let document: Document;
beforeAll(async () => {
  server = await startTestServer();
  const response = await fetch(server.url('/api/openapi.json'));
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
});
afterAll(() => server.stop());

function documented(method: string, path: string) {
  return document.paths[path]?.[method];
}

describe('/api/openapi.json', () => {
  test('is OpenAPI 3.1 with the bearer key as security scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ apiKey: [] }]);
  });

  test('every /api/v1 route of the app is in the document, and nothing else is', () => {
    const app = createApiV1App({ ...server, database: { db: server.db } } as never);
    const routed = app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith(`${API_V1_BASE}/`))
      .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`);
    const inDocument = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(routed.length).toBeGreaterThanOrEqual(apiV1Operations.length);
    expect([...new Set(routed)].sort()).toEqual(inDocument.sort());
  });

  test.each(apiV1Operations.map((operation) => [operation.operationId, operation] as const))(
    '%s: request and response schemas are those of the route',
    (_id, operation) => {
      const entry = documented(operation.method, `${API_V1_BASE}${openApiPath(operation.path)}`);
      expect(entry, `${operation.method} ${operation.path} is missing`).toBeDefined();
      if (!entry) return;
      expect(entry.operationId).toBe(operation.operationId);
      if (operation.xmlDocument === 'request') {
        // An openTRANS document (ADR 042): the XML itself, in exactly the media types the request guard lets through.
        expect(Object.keys(entry.requestBody?.content ?? {}).sort()).toEqual([...XML_DOCUMENT_MEDIA_TYPES].sort());
      } else if (operation.body) {
        expect(entry.requestBody?.content['application/json']?.schema).toEqual(documentedJsonSchema(operation.body));
      } else {
        expect(entry.requestBody).toBeUndefined();
      }
      if (operation.xmlDocument === 'response') {
        expect(Object.keys(entry.responses['200']?.content ?? {})).toEqual(['application/xml']);
      } else if (operation.data) {
        expect(entry.responses['200']?.content?.['application/json']?.schema).toEqual(
          documentedJsonSchema(envelopeSchema(operation.data)),
        );
      } else {
        expect(entry.responses['200']?.content?.['text/event-stream']).toBeDefined();
      }
      const queryNames = (entry.parameters ?? []).filter((parameter) => parameter.in === 'query').map((p) => p.name);
      const expectedQuery = operation.query ? Object.keys(documentedJsonSchema(operation.query).properties ?? {}) : [];
      expect(queryNames.sort()).toEqual(expectedQuery.sort());
      const headerNames = (entry.parameters ?? []).filter((parameter) => parameter.in === 'header').map((p) => p.name);
      expect(headerNames.sort()).toEqual((operation.headers ?? []).map((header) => header.name).sort());
      for (const status of ['401', '429', ...operation.errors.map(String)]) {
        expect(entry.responses[status]?.$ref).toBe(`#/components/responses/Error${status}`);
      }
    },
  );

  test('the writing operations, and only they, document Idempotency-Key with its rule and its 409 and 422', () => {
    const withKey = apiV1Operations
      .filter((operation) => operation.headers?.some((header) => header.name === 'Idempotency-Key'))
      .map((operation) => operation.operationId);
    const writes = apiV1Operations.filter((operation) => operation.method === 'post').map((o) => o.operationId);
    expect(withKey.sort()).toEqual(writes.sort());
    expect(withKey).toEqual(
      expect.arrayContaining([
        'createInquiry',
        'createPunchIn',
        'placeOrders',
        'answerDealerInquiry',
        'declineDealerInquiry',
        'changeDealerOrderLines',
        'acceptDealerReturn',
        'refuseDealerReturn',
        'postDealerDocument',
      ]),
    );
    for (const operation of apiV1Operations.filter((candidate) => withKey.includes(candidate.operationId))) {
      const entry = documented(operation.method, `${API_V1_BASE}${openApiPath(operation.path)}`);
      const header = entry?.parameters?.find((parameter) => parameter.name === 'Idempotency-Key');
      expect(header).toMatchObject({ in: 'header', schema: { type: 'string', minLength: 1, maxLength: 255 } });
      const documentedPattern = new RegExp(String(header?.schema?.pattern));
      expect(documentedPattern.test('9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d')).toBe(true);
      expect(documentedPattern.test('with space')).toBe(false);
      expect(entry?.responses['409']?.$ref).toBe('#/components/responses/Error409');
      expect(entry?.responses['422']?.$ref).toBe('#/components/responses/Error422');
    }
  });

  test("the dealer API's operations, and only they, live under /dealer (the path decides which keys open it)", () => {
    const dealerIds = dealerOperations.map((operation) => operation.operationId);
    for (const operation of apiV1Operations) {
      expect(apiAudienceOf(operation.path), operation.operationId).toBe(
        dealerIds.includes(operation.operationId) ? 'dealer' : 'workshop',
      );
    }
    expect(dealerIds).toEqual(expect.arrayContaining(['listDealerInbox', 'streamDealerEvents']));
  });

  test('the openTRANS operations are documented with their XML: the ORDER answered, the answer documents posted', () => {
    const order = documented('get', `${API_V1_BASE}/dealer/orders/{id}/opentrans`);
    expect(order?.operationId).toBe('readDealerOrderDocument');
    expect(order?.responses['200']?.content?.['application/xml']).toBeDefined();
    expect(order?.responses['404']?.$ref).toBe('#/components/responses/Error404');
    const post = documented('post', `${API_V1_BASE}/dealer/documents`);
    expect(post?.operationId).toBe('postDealerDocument');
    expect(Object.keys(post?.requestBody?.content ?? {}).sort()).toEqual(['application/xml', 'text/xml']);
    expect(post?.requestBody?.content['application/json']).toBeUndefined();
    expect(post?.responses['200']?.content?.['application/json']).toBeDefined();
    for (const status of ['413', '415', '422']) {
      expect(post?.responses[status]?.$ref).toBe(`#/components/responses/Error${status}`);
    }
  });

  test('a changed schema would be noticed: the comparison is not vacuous', () => {
    const [withBody] = apiV1Operations.filter((operation) => operation.body);
    if (!withBody?.body) throw new Error('no operation with a body');
    const entry = documented(withBody.method, `${API_V1_BASE}${openApiPath(withBody.path)}`);
    const altered = v.object({
      ...(withBody.body as v.ObjectSchema<v.ObjectEntries, undefined>).entries,
      extra: v.string(),
    });
    expect(entry?.requestBody?.content['application/json']?.schema).not.toEqual(documentedJsonSchema(altered));
  });
});

describe('/api/docs', () => {
  test('serves the reference page with the locally served Scalar bundle and its own CSP', async () => {
    const page = await fetch(server.url('/api/docs'));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/standalone.js');
    expect(html).toContain('/api/openapi.json');
    expect(html).not.toMatch(/cdn\.jsdelivr|https:\/\/[^"']*scalar/);
    const policy = page.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([0-9a-f]+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(policy).not.toContain('unsafe-eval');

    const bundle = await fetch(server.url('/api/docs/standalone.js'));
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  test('the rest of the site keeps the strict policy', async () => {
    const health = await fetch(server.url('/healthz'));
    expect(health.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(health.headers.get('content-security-policy')).not.toContain('nonce-');
  });
});
