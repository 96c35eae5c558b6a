import { Hono } from 'hono';
import { apiKeyCreateSchema, dealerApiKeyCreateSchema, isLocalhostOrigin } from '../../common/contracts/api-keys';
import { emptyBodySchema } from '../../common/contracts/organisations';
import { audit } from '../audit';
import type { ServerDeps } from '../context';
import { clientIp } from '../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../http/respond';
import type { MemberEnv, SessionAccess } from '../http/session-access';
import { type ApiKeyOrganisationKind, issueApiKey, listApiKeys, revokeApiKey, toApiKeySummary } from './keys';

/**
 * An organisation's API keys, mounted under /svc/workshop (the DMS's keys, issue 15, ADR 031) and
 * /svc/part-dealer (the dealer's ERP keys, ADR 040): list, create (the key is in this one answer
 * only), revoke. Every member of the organisation may manage them (ADR 022: members have one
 * role); scoped to the caller's organisation, another organisation's key id is 404. A dealer key
 * has no registered origins: they only serve the workshop's punch-in.
 */
export function createApiKeyRoutes(deps: ServerDeps, access: SessionAccess, kind: ApiKeyOrganisationKind) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember(kind);

  routes.get('/api-keys', member, async (c) => {
    const rows = await listApiKeys(db, c.get('organisation').id);
    return ok(c, { items: rows.map(toApiKeySummary) });
  });

  routes.post('/api-keys', member, async (c) => {
    const body =
      kind === 'workshop'
        ? await parseJsonBody(c, apiKeyCreateSchema)
        : { ...(await parseJsonBody(c, dealerApiKeyCreateSchema)), allowed_origins: [] };
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
