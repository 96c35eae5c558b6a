import { Hono } from 'hono';
import * as v from 'valibot';
import type { ApiKeyEnv } from '../api-keys/middleware';
import type { ServerDeps } from '../context';
import { ok } from '../http/respond';
import { type ApiOperation, defineOperation, describeOperation } from './operations';

const keyHolderSchema = v.object({
  workshop: v.object({ id: v.number(), name: v.string() }),
  key: v.object({ name: v.string(), prefix: v.string(), allowed_origins: v.array(v.string()) }),
});

export const readKeyHolder = defineOperation({
  method: 'get',
  path: '/me',
  operationId: 'readKeyHolder',
  summary: 'The workshop this key acts for',
  description: 'Checks a key: answers with its workshop, its name, public prefix and registered origins.',
  tags: ['Key'],
  body: undefined,
  query: undefined,
  data: keyHolderSchema,
  errors: [],
});

export const accountOperations: readonly ApiOperation[] = [readKeyHolder];

export function createAccountApiRoutes(_deps: ServerDeps) {
  const routes = new Hono<ApiKeyEnv>();
  routes.get(readKeyHolder.path, describeOperation(readKeyHolder), (c) => {
    const organisation = c.get('organisation');
    const key = c.get('apiKey');
    return ok(c, {
      workshop: { id: organisation.id, name: organisation.name },
      key: { name: key.name, prefix: `tp_${key.prefix}`, allowed_origins: key.allowedOrigins },
    });
  });
  return routes;
}
