import { Hono } from 'hono';
import { apiKeyCreateSchema, isLocalhostOrigin } from '../../../common/contracts/api-keys';
import { emptyBodySchema } from '../../../common/contracts/organisations';
import { issueApiKey, listApiKeys, revokeApiKey, toApiKeySummary } from '../../api-keys/keys';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';

/**
 * The workshop's API keys for its DMS (issue 15, ADR 031), mounted under /svc/workshop: list,
 * create (the key is in this one answer only), revoke. Scoped to the caller's workshop; another
 * workshop's key id is 404.
 */
export function createApiKeyRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember('workshop');

  routes.get('/api-keys', member, async (c) => {
    const rows = await listApiKeys(db, c.get('organisation').id);
    return ok(c, { items: rows.map(toApiKeySummary) });
  });

  routes.post('/api-keys', member, async (c) => {
    const body = await parseJsonBody(c, apiKeyCreateSchema);
    // A DMS on the developer's own machine may be registered while developing, never in production.
    if (deps.config.isProduction && body.allowed_origins.some(isLocalhostOrigin)) {
      throw new ApiRefusal(400, 'apiKeyOriginInvalid', { field: 'allowed_origins' });
    }
    const user = c.get('user');
    const issued = await db.transaction(async (tx) => {
      const created = await issueApiKey(tx, {
        organisationId: c.get('organisation').id,
        createdBy: user.id,
        name: body.name,
        allowedOrigins: body.allowed_origins,
      });
      await audit(tx, {
        actorUserId: user.id,
        action: 'api-key.created',
        target: `api-key:${created.row.id}`,
        ip: clientIp(c),
        details: { prefix: created.row.prefix },
      });
      return created;
    });
    return ok(c, { key: toApiKeySummary(issued.row), secret: issued.key }, 'apiKeyCreated');
  });

  routes.post('/api-keys/:keyId{[0-9]{1,9}}/revoke', member, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    const user = c.get('user');
    const revoked = await db.transaction(async (tx) => {
      const row = await revokeApiKey(tx, c.get('organisation').id, Number(c.req.param('keyId')));
      if (!row) throw new ApiRefusal(404, 'notFound');
      await audit(tx, {
        actorUserId: user.id,
        action: 'api-key.revoked',
        target: `api-key:${row.id}`,
        ip: clientIp(c),
      });
      return row;
    });
    return ok(c, toApiKeySummary(revoked), 'apiKeyRevoked');
  });

  return routes;
}
