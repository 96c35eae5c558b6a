import type { Hono, MiddlewareHandler } from 'hono';
import type { Database } from '../db/database';
import { ApiRefusal, ok } from '../http/respond';
import { requestLocale } from '../i18n';
import { applyDealerDocument } from '../trade/opentrans/apply-document';
import { buildOrderDocument } from '../trade/opentrans/order-document';
import { openTransRefusal } from '../trade/opentrans/refusal';
import type { TradeActor } from '../trade/trade-actor';

/*
 * openTRANS for a dealer's ERP on /api/v1/dealer (ADR 042): the ORDER document of one of its orders,
 * and its ORDERRESPONSE or DISPATCHNOTIFICATION posted as the XML body itself. Thin adapters of
 * server/trade/opentrans; the dealer API key's middleware (issue 25, dealer API) authenticates and
 * puts the acting dealer into the context under `dealerActor`, which is all these routes read.
 */

/** What the dealer API's authentication leaves in the context: the dealer organisation and the key's user. */
export type DealerActorEnv = { Variables: { dealerActor: TradeActor } };

export function registerDealerDocumentRoutes(
  app: Hono<DealerActorEnv>,
  db: Database,
  /** The dealer API's key check (it sets `dealerActor`), run before each route. */
  requireDealerKey: MiddlewareHandler<DealerActorEnv>,
) {
  app.get('/api/v1/dealer/orders/:orderId{[0-9]{1,9}}/opentrans', requireDealerKey, async (c) => {
    const actor = c.get('dealerActor');
    const orderId = Number(c.req.param('orderId'));
    const xml = await buildOrderDocument(db, { kind: 'dealer', organisationId: actor.organisationId }, orderId);
    if (xml === null) throw new ApiRefusal(404, 'notFound');
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return c.body(xml);
  });

  app.post('/api/v1/dealer/documents', requireDealerKey, async (c) => {
    const contentType = c.req.header('content-type') ?? '';
    if (!/^(application|text)\/xml\s*(;|$)/i.test(contentType)) throw new ApiRefusal(415, 'unsupportedContentType');
    // The raw bytes: the document's XML declaration names its encoding (UTF-8 or ISO-8859-1).
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const outcome = await applyDealerDocument(db, c.get('dealerActor'), bytes);
    if (!outcome.applied) throw openTransRefusal(requestLocale(c), outcome.findings);
    return ok(c, outcome.result, 'openTransApplied');
  });
}
