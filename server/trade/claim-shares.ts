import { and, eq, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { claimShareRequestSchema, OrderClaimState } from '../../common/contracts/claims';
import { audit } from '../audit';
import type { Database, Transaction } from '../db/database';
import { claimShares, orders, organisations } from '../db/schema';
import { ApiRefusal, conflictWithCurrent } from '../http/respond';
import type { TradeActor } from './trade-actor';

/*
 * The workshop's claim shares (issue 15, ADR 030 and 035): it tags one of its own orders with a
 * claim number and shares it with one active insurer, or withdraws the share (the insurer's next
 * request finds nothing). Sharing again replaces the current share. Every change is audited with
 * the caller's address.
 */

type Reader = Database | Transaction;

/** The insurers a workshop may share with: active insurer organisations. */
export const activeInsurers = and(eq(organisations.kind, 'insurer'), isNull(organisations.deactivatedAt));

export async function ownOrderOr404(db: Reader, orderId: number, workshopOrganisationId: number) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.workshopOrganisationId, workshopOrganisationId)));
  if (!order) throw new ApiRefusal(404, 'notFound');
  return order;
}

/** The order's current share as its page shows it, or null. */
export async function currentClaim(db: Reader, orderId: number): Promise<OrderClaimState> {
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

/** Shares one of the workshop's orders under a claim number with an active insurer (else 422); returns the order's share. */
export async function shareClaim(
  db: Database,
  actor: TradeActor,
  orderId: number,
  request: v.InferOutput<typeof claimShareRequestSchema>,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const order = await ownOrderOr404(tx, orderId, actor.organisationId);
    // Serialises two shares of the same order: the second waits and replaces the first.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
    const [insurer] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, request.insurer_organisation_id), activeInsurers));
    if (!insurer) throw new ApiRefusal(422, 'insurerNotAvailable', { field: 'insurer_organisation_id' });
    await withdrawCurrent(tx, order.id, actor.userId, ip);
    const [share] = await tx
      .insert(claimShares)
      .values({
        orderId: order.id,
        workshopOrganisationId: actor.organisationId,
        insurerOrganisationId: insurer.id,
        claimNumber: request.claim_number,
        sharedBy: actor.userId,
      })
      .returning();
    if (!share) throw new Error('claim share insert returned nothing');
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'claim.shared',
      target: `claim:${share.id}`,
      ip,
      details: { order_id: order.id, insurer_organisation_id: insurer.id, claim_number: share.claimNumber },
    });
    return currentClaim(tx, order.id);
  });
}

/** Withdraws the order's current share; none shared is 409 `claimNotShared` with the current state (no claim). */
export async function withdrawClaim(db: Database, actor: TradeActor, orderId: number, ip: string) {
  await db.transaction(async (tx) => {
    const order = await ownOrderOr404(tx, orderId, actor.organisationId);
    const withdrawn = await withdrawCurrent(tx, order.id, actor.userId, ip);
    if (!withdrawn) throw conflictWithCurrent('claimNotShared', { claim: null } satisfies OrderClaimState);
  });
  return { claim: null } satisfies OrderClaimState;
}
