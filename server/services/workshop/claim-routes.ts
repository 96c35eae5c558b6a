import { and, asc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { claimShareRequestSchema, type OrderClaimState } from '../../../common/contracts/claims';
import { emptyBodySchema } from '../../../common/contracts/organisations';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import type { Database, Transaction } from '../../db/database';
import { claimShares, orders, organisations } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';

type Reader = Database | Transaction;

/** The insurers a workshop may share with: active insurer organisations. */
const activeInsurers = and(eq(organisations.kind, 'insurer'), isNull(organisations.deactivatedAt));

async function ownOrderOr404(db: Reader, orderId: number, workshopOrganisationId: number) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.workshopOrganisationId, workshopOrganisationId)));
  if (!order) throw new ApiRefusal(404, 'notFound');
  return order;
}

/** The order's current share as its page shows it, or null. */
async function currentClaim(db: Reader, orderId: number): Promise<OrderClaimState> {
  const [row] = await db
    .select({ share: claimShares, insurerName: organisations.name })
    .from(claimShares)
    .innerJoin(organisations, eq(organisations.id, claimShares.insurerOrganisationId))
    .where(and(eq(claimShares.orderId, orderId), isNull(claimShares.withdrawnAt)));
  if (!row) return { claim: null };
  return {
    claim: {
      id: row.share.id,
      claim_number: row.share.claimNumber,
      insurer_organisation_id: row.share.insurerOrganisationId,
      insurer_name: row.insurerName,
      shared_at: row.share.sharedAt.toISOString(),
    },
  };
}

/** Ends the order's current share (if any) and records it; returns the share ended. */
async function withdrawCurrent(tx: Transaction, orderId: number, userId: number, ip: string) {
  const [withdrawn] = await tx
    .update(claimShares)
    .set({ withdrawnAt: new Date(), withdrawnBy: userId })
    .where(and(eq(claimShares.orderId, orderId), isNull(claimShares.withdrawnAt)))
    .returning();
  if (withdrawn) {
    await audit(tx, {
      actorUserId: userId,
      action: 'claim.withdrawn',
      target: `claim:${withdrawn.id}`,
      ip,
      details: { order_id: orderId, insurer_organisation_id: withdrawn.insurerOrganisationId },
    });
  }
  return withdrawn ?? null;
}

/**
 * The workshop's side of insurance claims (issue 15, ADR 030): it tags one of its own orders with
 * a claim number and shares it with one active insurer, or withdraws the share (the insurer's next
 * request finds nothing). Sharing again replaces the current share. Every change is audited.
 */
export function createWorkshopClaimRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireWorkshop = access.requireMember('workshop');

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
    const organisationId = c.get('organisation').id;
    const userId = c.get('user').id;
    const ip = clientIp(c);
    const state = await db.transaction(async (tx) => {
      const order = await ownOrderOr404(tx, Number(c.req.param('id')), organisationId);
      // Serialises two shares of the same order: the second waits and replaces the first.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
      const [insurer] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(and(eq(organisations.id, request.insurer_organisation_id), activeInsurers));
      if (!insurer) throw new ApiRefusal(422, 'insurerNotAvailable', { field: 'insurer_organisation_id' });
      await withdrawCurrent(tx, order.id, userId, ip);
      const [share] = await tx
        .insert(claimShares)
        .values({
          orderId: order.id,
          workshopOrganisationId: organisationId,
          insurerOrganisationId: insurer.id,
          claimNumber: request.claim_number,
          sharedBy: userId,
        })
        .returning();
      if (!share) throw new Error('claim share insert returned nothing');
      await audit(tx, {
        actorUserId: userId,
        action: 'claim.shared',
        target: `claim:${share.id}`,
        ip,
        details: { order_id: order.id, insurer_organisation_id: insurer.id, claim_number: share.claimNumber },
      });
      return currentClaim(tx, order.id);
    });
    return ok(c, state, 'claimShared');
  });

  routes.post('/orders/:id{[0-9]{1,9}}/claim/withdraw', requireWorkshop, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    const organisationId = c.get('organisation').id;
    await db.transaction(async (tx) => {
      const order = await ownOrderOr404(tx, Number(c.req.param('id')), organisationId);
      const withdrawn = await withdrawCurrent(tx, order.id, c.get('user').id, clientIp(c));
      if (!withdrawn) throw new ApiRefusal(409, 'claimNotShared', { data: { claim: null } });
    });
    return ok(c, { claim: null } satisfies OrderClaimState, 'claimWithdrawn');
  });

  return routes;
}
