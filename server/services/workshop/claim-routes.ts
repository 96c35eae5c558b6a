import { asc } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { claimShareRequestSchema } from '../../../common/contracts/claims';
import { emptyBodySchema } from '../../../common/contracts/organisations';
import type { ServerDeps } from '../../context';
import { organisations } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ok, parseJsonBody } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { activeInsurers, currentClaim, ownOrderOr404, shareClaim, withdrawClaim } from '../../trade/claim-shares';
import type { TradeActor } from '../../trade/trade-actor';

/**
 * The workshop's side of insurance claims (issue 15, ADR 030): the insurers it may share with, an
 * order's current share, and the adapters of the share and withdraw commands in
 * server/trade/claim-shares.ts (ADR 035).
 */
export function createWorkshopClaimRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireWorkshop = access.requireMember('workshop');
  const actorOf = (c: Context<MemberEnv>): TradeActor => ({
    organisationId: c.get('organisation').id,
    userId: c.get('user').id,
  });

  routes.get('/insurers', requireWorkshop, async (c) => {
    const items = await db
      .select({ id: organisations.id, name: organisations.name })
      .from(organisations)
      .where(activeInsurers)
      .orderBy(asc(organisations.name), asc(organisations.id));
    return ok(c, { items });
  });

  routes.get('/orders/:id{[0-9]{1,9}}/claim', requireWorkshop, async (c) => {
    const order = await ownOrderOr404(db, Number(c.req.param('id')), c.get('organisation').id);
    return ok(c, await currentClaim(db, order.id));
  });

  routes.post('/orders/:id{[0-9]{1,9}}/claim', requireWorkshop, async (c) => {
    const request = await parseJsonBody(c, claimShareRequestSchema);
    return ok(c, await shareClaim(db, actorOf(c), Number(c.req.param('id')), request, clientIp(c)), 'claimShared');
  });

  routes.post('/orders/:id{[0-9]{1,9}}/claim/withdraw', requireWorkshop, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    return ok(c, await withdrawClaim(db, actorOf(c), Number(c.req.param('id')), clientIp(c)), 'claimWithdrawn');
  });

  return routes;
}
