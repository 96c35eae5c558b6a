import { type Context, Hono } from 'hono';
import { orderLineActionSchema, orderListQuerySchema, returnDecisionSchema } from '../../../common/contracts/trading';
import type { ServerDeps } from '../../context';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import type { EventReader } from '../../trade/event-log';
import { changeOrderLines, decideReturn } from '../../trade/order-changes';
import { readOrderDetail } from '../../trade/order-detail';
import { listOrders } from '../../trade/order-list';
import type { TradeActor } from '../../trade/trade-actor';

/**
 * The dealer's side of orders (ADR 023): its order list and page, and the adapters of its
 * commands in server/trade/order-changes.ts (ADR 035): line actions and decisions on returns. Scoped to
 * the orders placed with the caller's dealer organisation; others answer 404. The lifecycle
 * machines decide every status change; a refused event stores nothing (409 `actionNotAllowed`).
 */
export function createDealerOrderRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireDealer = access.requireMember('dealer');
  const readerOf = (organisationId: number): EventReader => ({ kind: 'dealer', organisationId });
  const actorOf = (c: Context<MemberEnv>): TradeActor => ({
    organisationId: c.get('organisation').id,
    userId: c.get('user').id,
  });

  /** The dealer's order after a command (ADR 035: commands write, routes read back). */
  const readBack = async (c: Context<MemberEnv>, orderId: number) => {
    const detail = await readOrderDetail(db, readerOf(c.get('organisation').id), orderId);
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return detail;
  };

  routes.get('/orders', requireDealer, async (c) => {
    const query = parseQuery(c, orderListQuerySchema);
    return ok(c, await listOrders(db, readerOf(c.get('organisation').id), query));
  });

  routes.get('/orders/:id{[0-9]{1,9}}', requireDealer, async (c) => {
    const detail = await readOrderDetail(db, readerOf(c.get('organisation').id), Number(c.req.param('id')));
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail);
  });

  routes.post('/orders/:id{[0-9]{1,9}}/lines', requireDealer, async (c) => {
    const body = await parseJsonBody(c, orderLineActionSchema);
    const { orderId } = await changeOrderLines(db, actorOf(c), Number(c.req.param('id')), body);
    return ok(c, await readBack(c, orderId), 'orderLineUpdated');
  });

  routes.post(
    '/orders/:id{[0-9]{1,9}}/returns/:returnId{[0-9]{1,9}}/:decision{accept|refuse}',
    requireDealer,
    async (c) => {
      const body = await parseJsonBody(c, returnDecisionSchema);
      const target = {
        orderId: Number(c.req.param('id')),
        returnId: Number(c.req.param('returnId')),
        accepted: c.req.param('decision') === 'accept',
      };
      await decideReturn(db, actorOf(c), target, body);
      return ok(c, await readBack(c, target.orderId), target.accepted ? 'returnAccepted' : 'returnRefused');
    },
  );

  return routes;
}
