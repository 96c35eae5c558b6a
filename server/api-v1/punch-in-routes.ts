import { Hono } from 'hono';
import { punchInCreatedSchema, punchInCreateSchema } from '../../common/contracts/punch-in';
import type { ApiKeyEnv } from '../api-keys/middleware';
import type { ServerDeps } from '../context';
import { clientIp } from '../http/client-ip';
import { ok, parseJsonBody } from '../http/respond';
import { createPunchIn } from '../punch-ins';
import { idempotencyKeyHeader, idempotent } from './idempotency';
import { type ApiOperation, defineOperation, describeOperation } from './operations';

export const createPunchInOperation = defineOperation({
  method: 'post',
  path: '/punch-ins',
  operationId: 'createPunchIn',
  summary: 'Open a pre-filled inquiry in the portal',
  description:
    'Stores the inquiry (vehicle and lines, by the same rules as the portal form; dealers and closing time optional) ' +
    'and answers with a one-time URL, valid for 10 minutes (the server setting PUNCH_IN_TTL_SECONDS). Open it in the ' +
    "workshop user's browser: after logging in, the person sees the inquiry filled in, chooses the dealers and sends " +
    'it; the browser then returns to `return_url` with `teileportal_inquiry_id=<id>` added to its query. ' +
    "`return_url` must be on one of the key's registered origins (exact scheme, host and port). " +
    'The URL holds no inquiry data; the inquiry stays on the server until the link is opened.',
  tags: ['Punch-in'],
  body: punchInCreateSchema,
  query: undefined,
  data: punchInCreatedSchema,
  errors: [400, 409, 413, 415, 422],
  headers: [idempotencyKeyHeader],
});

export const punchInOperations: readonly ApiOperation[] = [createPunchInOperation];

export function createPunchInApiRoutes(deps: ServerDeps) {
  const { db } = deps.database;
  const routes = new Hono<ApiKeyEnv>();
  routes.post(createPunchInOperation.path, describeOperation(createPunchInOperation), idempotent(db), async (c) => {
    const body = await parseJsonBody(c, createPunchInOperation.body);
    const created = await createPunchIn(db, {
      key: c.get('apiKey'),
      body,
      secret: deps.config.sessionSecret,
      publicUrl: deps.config.publicUrl,
      ttlSeconds: deps.config.punchInTtlSeconds,
      ip: clientIp(c),
    });
    return ok(c, created);
  });
  return routes;
}
