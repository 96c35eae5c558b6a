import { type Context, Hono } from 'hono';
import { openTransUploadSchema } from '../../../common/contracts/opentrans';
import { orderLineActionSchema, orderListQuerySchema, returnDecisionSchema } from '../../../common/contracts/trading';
import type { ServerDeps } from '../../context';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { requestLocale } from '../../i18n';
import type { EventReader } from '../../trade/event-log';
import { answerHeldFirstPage, readListPage } from '../../trade/list-cache';
import { applyDealerDocument } from '../../trade/opentrans/apply-document';
import { buildOrderDocument } from '../../trade/opentrans/order-document';
import { openTransRefusal } from '../../trade/opentrans/refusal';
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

  routes.get(
    '/orders',
    requireDealer,
    answerHeldFirstPage(deps.readCaches.lists, 'dealerOrders', orderListQuerySchema),
    access.expensive,
    async (c) => {
      const query = parseQuery(c, orderListQuerySchema);
      const organisationId = c.get('organisation').id;
      const load = () => listOrders(db, readerOf(organisationId), query);
      return ok(c, await readListPage(deps.readCaches.lists, 'dealerOrders', organisationId, query, load));
    },
  );

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

  // openTRANS (ADR 042): the order as an ORDER document for the dealer's ERP, and its ERP's answer
  // (ORDERRESPONSE, DISPATCHNOTIFICATION) uploaded on the order's page, applied to this order only.
  routes.get('/orders/:id{[0-9]{1,9}}/opentrans', requireDealer, async (c) => {
    const orderId = Number(c.req.param('id'));
    const xml = await buildOrderDocument(db, readerOf(c.get('organisation').id), orderId);
    if (xml === null) throw new ApiRefusal(404, 'notFound');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    c.header('Content-Disposition', `attachment; filename="opentrans-order-${orderId}.xml"`);
    return c.body(xml);
  });

  routes.post('/orders/:id{[0-9]{1,9}}/opentrans', requireDealer, async (c) => {
    const orderId = Number(c.req.param('id'));
    const body = await parseJsonBody(c, openTransUploadSchema);
    const bytes = new Uint8Array(Buffer.from(body.document_base64, 'base64'));
    const outcome = await applyDealerDocument(db, actorOf(c), bytes, { onlyOrderId: orderId });
    if (!outcome.applied) {
      // The page's own order gone or not this dealer's: 404 like every other order route.
      if (!(await readOrderDetail(db, readerOf(c.get('organisation').id), orderId)))
        throw new ApiRefusal(404, 'notFound');
      throw openTransRefusal(requestLocale(c), outcome.findings);
    }
    return ok(c, { result: outcome.result, order: await readBack(c, orderId) }, 'openTransApplied');
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
