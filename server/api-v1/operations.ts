import { toJsonSchema } from '@valibot/to-json-schema';
import type { MiddlewareHandler } from 'hono';
import { type DescribeRouteOptions, describeRoute, resolver } from 'hono-openapi';
import type * as v from 'valibot';
import { envelopeSchema } from '../../common/contracts/envelope';

/** The refusals an operation documents; each names a shared response in the document's components. */
export const API_ERROR_RESPONSES = {
  400: 'Bad input: the message is translated (Accept-Language: de or en), `field` names the first bad field; nothing changed.',
  401: 'No key, a malformed key, or an unknown or revoked key (`apiKeyMissing`, `apiKeyInvalid`).',
  403: "The key's organisation is deactivated (`organisationDeactivated`), or the key is for the other API (`apiKeyWrongApi`: a workshop's key on `/dealer/…`, a dealer's key anywhere else).",
  404: "Unknown id, or one of another organisation (another workshop's, an inquiry not addressed to this dealer, another dealer's order): the same answer, so ids of others can't be probed.",
  409: "The record changed since the version you sent (`inquiryChanged`: the envelope's `data` is the record as it is now), or its state takes no such change (`actionNotAllowed`): read it again. Or a request with the same `Idempotency-Key` is still running (`idempotencyKeyInFlight`): repeat it shortly.",
  413: 'The body is larger than 32 KB (an openTRANS document: 1 MB).',
  415: 'The body is not `application/json` (an openTRANS document: not `application/xml` or `text/xml`).',
  422: 'The `Idempotency-Key` was already used with another method, path or body (`idempotencyKeyReused`): nothing was run. Or an openTRANS document does not fit (`openTransRefused`): `data.problems` lists every problem, translated, with the order and line it names; nothing was changed.',
  429: "The key's rate limit is reached; `Retry-After` says when to try again.",
} as const;
export type ApiErrorStatus = keyof typeof API_ERROR_RESPONSES;

/** Every key-authenticated operation can meet these. */
const COMMON_ERRORS: readonly ApiErrorStatus[] = [401, 403, 429];

/**
 * One `/api/v1` operation: the route and its document are built from the same valibot schemas,
 * so the OpenAPI document cannot drift from what the route parses (tests/server/dms-openapi.test.ts).
 */
export type ApiOperation<
  TBody extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  TQuery extends v.GenericSchema | undefined = v.GenericSchema | undefined,
> = {
  method: 'get' | 'post';
  /** As Hono routes it, relative to /api/v1 (`/inquiries/:id{[0-9]{1,9}}`). */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tags: readonly string[];
  body: TBody;
  query: TQuery;
  /** The envelope's `data` on success; null for an event stream. */
  data: v.GenericSchema | null;
  errors: readonly ApiErrorStatus[];
  /**
   * An openTRANS XML document (ADR 042) instead of JSON: `request` — the body is the document itself
   * (`body` stays undefined: XML has no valibot contract here, the reader checks it); `response` —
   * the success answer is the document, not the envelope (`data` is then ignored).
   */
  xmlDocument?: 'request' | 'response';
  /** Header parameters besides Authorization (Idempotency-Key, Last-Event-ID). */
  headers?: readonly { name: string; description: string; schema?: ParameterSchema }[];
};

export function defineOperation<TBody extends v.GenericSchema | undefined, TQuery extends v.GenericSchema | undefined>(
  operation: ApiOperation<TBody, TQuery>,
) {
  return operation;
}

/** The OpenAPI form of a Hono path: `/inquiries/:id{[0-9]{1,9}}` → `/inquiries/{id}`. */
export function openApiPath(path: string) {
  return path.replace(/:(\w+)(\{[^/]*\})?/g, '{$1}');
}

/** The JSON Schema of a contract as the document shows it: what cannot be expressed (checks, transforms) is left out. */
export function documentedJsonSchema(schema: v.GenericSchema) {
  const { $schema: _dialect, ...jsonSchema } = toJsonSchema(schema, { errorMode: 'ignore' });
  return jsonSchema;
}

type Parameter = Exclude<NonNullable<DescribeRouteOptions['parameters']>[number], { $ref: string }>;
type ParameterSchema = NonNullable<Parameter['schema']>;

function queryParameters(schema: v.GenericSchema): Parameter[] {
  const jsonSchema = documentedJsonSchema(schema);
  const required = new Set(jsonSchema.required ?? []);
  return Object.entries(jsonSchema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    // The converter's JSON Schema and openapi-types' SchemaObject describe the same JSON differently.
    schema: property as ParameterSchema,
  }));
}

function pathParameters(path: string): Parameter[] {
  return [...path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name: name as string,
    in: 'path',
    required: true,
    schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  }));
}

/** The media types an openTRANS document is sent and answered with (request-guard.ts lets exactly these through). */
export const XML_DOCUMENT_MEDIA_TYPES = ['application/xml', 'text/xml'] as const;
const xmlDocumentContent = (description: string) =>
  Object.fromEntries(
    XML_DOCUMENT_MEDIA_TYPES.map((mediaType) => [mediaType, { schema: { type: 'string' as const, description } }]),
  );

function requestBodyOf(operation: ApiOperation): Pick<DescribeRouteOptions, 'requestBody'> {
  if (operation.xmlDocument === 'request') {
    return {
      requestBody: {
        required: true,
        content: xmlDocumentContent('An openTRANS 2.1 document, UTF-8 or ISO-8859-1 as its XML declaration says.'),
      },
    };
  }
  if (!operation.body) return {};
  return { requestBody: { required: true, content: { 'application/json': { schema: resolver(operation.body) } } } };
}

type SuccessResponse = NonNullable<DescribeRouteOptions['responses']>[string];

function successOf(operation: ApiOperation): SuccessResponse {
  if (operation.xmlDocument === 'response') {
    return {
      description: 'Success: the openTRANS 2.1 document itself (`application/xml; charset=utf-8`).',
      content: { 'application/xml': { schema: { type: 'string' as const } } },
    };
  }
  if (operation.data === null) {
    return {
      description: 'A stream of server-sent events (`text/event-stream`).',
      content: { 'text/event-stream': { schema: { type: 'string' as const } } },
    };
  }
  return {
    description: 'Success: the envelope `{code: 200, data, message}`.',
    content: { 'application/json': { schema: resolver(envelopeSchema(operation.data)) } },
  };
}

/** The hono-openapi description of an operation, placed before its handler. */
export function describeOperation(operation: ApiOperation): MiddlewareHandler {
  const errors = [...new Set([...COMMON_ERRORS, ...operation.errors])].sort();
  return describeRoute({
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
    tags: [...operation.tags],
    parameters: [
      ...pathParameters(operation.path),
      ...(operation.query ? queryParameters(operation.query) : []),
      ...(operation.headers ?? []).map(
        (header): Parameter => ({
          name: header.name,
          in: 'header',
          required: false,
          description: header.description,
          schema: header.schema ?? { type: 'string' },
        }),
      ),
    ],
    ...requestBodyOf(operation),
    responses: {
      200: successOf(operation),
      ...Object.fromEntries(errors.map((status) => [status, { $ref: `#/components/responses/Error${status}` }])),
    },
  });
}
