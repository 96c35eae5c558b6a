import { Hono } from 'hono';
import type { OrganisationKind } from '../../common/contracts/auth';
import { emptyBodySchema } from '../../common/contracts/organisations';
import { webhookEndpointCreateSchema } from '../../common/contracts/webhooks';
import { audit } from '../audit';
import type { ServerDeps } from '../context';
import { clientIp } from '../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../http/respond';
import type { MemberEnv, SessionAccess } from '../http/session-access';
import { resolveWebhookTarget } from './address-guard';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
  readWebhookLog,
  resendWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
  toWebhookEndpoint,
} from './endpoints';

const ENDPOINT = '/webhooks/:endpointId{[0-9]{1,9}}';

/**
 * An organisation's webhook endpoints (issue 25, ADR 041), mounted in the workshop service (for
 * workshops) and the part-dealer service (for dealers): list, register (the secret is in this one
 * answer only), rotate the secret (the new one likewise), disable, enable, delete, the delivery
 * log and "send again". Scoped to the caller's organisation from the session; another
 * organisation's endpoint or delivery id is 404.
 */
export function createWebhookRoutes(
  deps: ServerDeps,
  access: SessionAccess,
  kind: Extract<OrganisationKind, 'workshop' | 'dealer'>,
) {
  const { db } = deps.database;
  const policy = { allowLoopback: deps.config.webhooks.allowLoopback, allowHttp: deps.config.webhooks.allowLoopback };
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember(kind);
  const endpointId = (param: string | undefined) => Number(param);

  routes.get('/webhooks', member, async (c) => {
    const rows = await listWebhookEndpoints(db, c.get('organisation').id);
    return ok(c, { items: rows.map((row) => toWebhookEndpoint(row)) });
  });

  routes.post('/webhooks', member, async (c) => {
    const body = await parseJsonBody(c, webhookEndpointCreateSchema);
    // Refused before anything is stored or sent: only https to public addresses outside development.
    const target = await resolveWebhookTarget(body.url, policy);
    if (!target.ok) {
      throw new ApiRefusal(400, target.reason === 'hostUnknown' ? 'webhookHostUnknown' : 'webhookAddressRefused', {
        field: 'url',
      });
    }
    const user = c.get('user');
    const created = await db.transaction(async (tx) => {
      const registered = await createWebhookEndpoint(tx, {
        organisationId: c.get('organisation').id,
        createdBy: user.id,
        url: body.url,
        description: body.description,
        eventKinds: body.event_kinds,
      });
      await audit(tx, {
        actorUserId: user.id,
        action: 'webhook.created',
        target: `webhook:${registered.row.id}`,
        ip: clientIp(c),
      });
      return registered;
    });
    return ok(c, { endpoint: toWebhookEndpoint(created.row), secret: created.secret }, 'webhookCreated');
  });

  routes.post(`${ENDPOINT}/rotate-secret`, member, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    const rotated = await rotateWebhookSecret(db, c.get('organisation').id, endpointId(c.req.param('endpointId')));
    if (!rotated) throw new ApiRefusal(404, 'notFound');
    await audit(db, {
      actorUserId: c.get('user').id,
      action: 'webhook.secret-rotated',
      target: `webhook:${rotated.row.id}`,
      ip: clientIp(c),
    });
    return ok(c, { endpoint: toWebhookEndpoint(rotated.row), secret: rotated.secret }, 'webhookSecretRotated');
  });

  for (const [path, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    routes.post(`${ENDPOINT}/${path}`, member, async (c) => {
      await parseJsonBody(c, emptyBodySchema);
      const row = await setWebhookEndpointEnabled(
        db,
        c.get('organisation').id,
        endpointId(c.req.param('endpointId')),
        enabled,
      );
      if (!row) throw new ApiRefusal(404, 'notFound');
      return ok(c, toWebhookEndpoint(row), enabled ? 'webhookEnabled' : 'webhookDisabled');
    });
  }

  routes.post(`${ENDPOINT}/delete`, member, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    const row = await deleteWebhookEndpoint(db, c.get('organisation').id, endpointId(c.req.param('endpointId')));
    if (!row) throw new ApiRefusal(404, 'notFound');
    await audit(db, {
      actorUserId: c.get('user').id,
      action: 'webhook.deleted',
      target: `webhook:${row.id}`,
      ip: clientIp(c),
    });
    return ok(c, toWebhookEndpoint(row), 'webhookDeleted');
  });

  routes.get(`${ENDPOINT}/attempts`, member, async (c) => {
    const endpoint = await findWebhookEndpoint(db, c.get('organisation').id, endpointId(c.req.param('endpointId')));
    if (!endpoint) throw new ApiRefusal(404, 'notFound');
    return ok(c, { items: await readWebhookLog(db, endpoint.id) });
  });

  routes.post(`${ENDPOINT}/deliveries/:deliveryId{[0-9]{1,15}}/resend`, member, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    const delivery = await resendWebhookDelivery(
      db,
      c.get('organisation').id,
      endpointId(c.req.param('endpointId')),
      Number(c.req.param('deliveryId')),
    );
    if (!delivery) throw new ApiRefusal(404, 'notFound');
    return ok(c, { id: delivery.id }, 'webhookResent');
  });

  return routes;
}
