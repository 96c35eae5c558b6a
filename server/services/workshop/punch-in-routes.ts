import { Hono } from 'hono';
import { punchInRedeemSchema } from '../../../common/contracts/punch-in';
import type { ServerDeps } from '../../context';
import { clientIp } from '../../http/client-ip';
import { ok, parseJsonBody } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { redeemPunchIn } from '../../punch-ins';

/**
 * The DMS punch-in seen from the portal (issue 15, ADR 034), mounted under /svc/workshop: a
 * signed-in user of the key's workshop redeems the link once and gets the inquiry to pre-fill.
 */
export function createPunchInRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember('workshop');

  routes.post('/punch-ins/redeem', member, async (c) => {
    const { token } = await parseJsonBody(c, punchInRedeemSchema);
    const redeemed = await redeemPunchIn(db, {
      token,
      secret: deps.config.sessionSecret,
      organisationId: c.get('organisation').id,
      userId: c.get('user').id,
      ip: clientIp(c),
    });
    return ok(c, redeemed);
  });

  return routes;
}
