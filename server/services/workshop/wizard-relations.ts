import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import { supplierRelations } from '../../db/schema';

type ChosenSupplier = { part_dealer_id: number; part_dealer_customer_number: string | number };

/**
 * Step 3 of the wizard saves the workshop's suppliers as relations (ADR 022). Saving again keeps
 * what the dealers decided: a dealer left unchanged keeps its status, one dropped is removed, a new
 * one is requested, and a changed customer number is requested again (the dealer confirms numbers).
 */
export async function saveWizardRelations(tx: Transaction, workshopId: number, chosen: readonly ChosenSupplier[]) {
  const numberByDealer = new Map(chosen.map((item) => [item.part_dealer_id, String(item.part_dealer_customer_number)]));
  const dealerIds = [...numberByDealer.keys()];
  await tx
    .delete(supplierRelations)
    .where(
      dealerIds.length > 0
        ? and(eq(supplierRelations.workshopId, workshopId), notInArray(supplierRelations.partDealerId, dealerIds))
        : eq(supplierRelations.workshopId, workshopId),
    );
  if (dealerIds.length === 0) return;
  const numberChanged = sql`${supplierRelations.customerNumber} <> excluded.customer_number`;
  await tx
    .insert(supplierRelations)
    .values(
      dealerIds.map((partDealerId) => ({
        workshopId,
        partDealerId,
        customerNumber: numberByDealer.get(partDealerId) ?? '',
      })),
    )
    .onConflictDoUpdate({
      target: [supplierRelations.workshopId, supplierRelations.partDealerId],
      set: {
        customerNumber: sql`excluded.customer_number`,
        status: sql`CASE WHEN ${numberChanged} THEN 'requested' ELSE ${supplierRelations.status} END`,
        declineReason: sql`CASE WHEN ${numberChanged} THEN NULL ELSE ${supplierRelations.declineReason} END`,
        updatedAt: sql`CASE WHEN ${numberChanged} THEN now() ELSE ${supplierRelations.updatedAt} END`,
      },
    });
}
