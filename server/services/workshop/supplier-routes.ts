import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { RelationStatus } from '../../../common/contracts/relations';
import {
  type AdditionalSupplier,
  additionalCustomerNumberSchema,
  addSupplierRelationSchema,
  relationCustomerNumberSchema,
  SUPPLIER_DIRECTORY_PAGE_SIZE,
  type SupplierDirectoryEntry,
  type SupplierRelation,
  supplierDirectoryQuerySchema,
} from '../../../common/contracts/suppliers';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import {
  dealerLogos,
  dealerProfiles,
  organisations,
  partDealers,
  supplierRelations,
  workshopAdditionalSuppliers,
  workshops,
} from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { type DealerRow, logoUrlOf, offeredDealer, selectDealers } from './offered-dealers';

/** `%text%` for ILIKE, with the pattern's own wildcards taken literally. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function toDirectoryEntry(row: DealerRow, related: boolean): SupplierDirectoryEntry {
  return {
    part_dealer_id: row.id,
    name: row.name,
    logo_url: logoUrlOf(row),
    on_portal: row.organisationId !== null,
    city: row.city,
    brands: row.brands ?? [],
    delivery_area: row.deliveryArea,
    related,
  };
}

/**
 * The workshop's Suppliers screen (ADR 022), mounted under /svc/workshop: its relations to dealers
 * and its free-text suppliers, the directory of dealers it may add, and the changes it may make.
 * Every route is for workshop users only, and every query is scoped to the workshop of the
 * caller's organisation (from the session); an id of another workshop's row is answered with 404.
 */
export function createSupplierRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember('workshop');

  /** The workshop of the caller's organisation (1:1); a workshop organisation always has one. */
  async function ownWorkshopId(c: Context<MemberEnv>) {
    const [workshop] = await db
      .select({ id: workshops.id })
      .from(workshops)
      .where(eq(workshops.organisationId, c.get('organisation').id))
      .limit(1);
    if (!workshop) throw new ApiRefusal(404, 'notFound');
    return workshop.id;
  }

  const actor = (c: Context<MemberEnv>) => ({ actorUserId: c.get('user').id, ip: clientIp(c) });

  routes.get('/suppliers', member, async (c) => {
    const workshopId = await ownWorkshopId(c);
    const relations = await db
      .select({
        id: supplierRelations.id,
        partDealerId: supplierRelations.partDealerId,
        customerNumber: supplierRelations.customerNumber,
        status: supplierRelations.status,
        declineReason: supplierRelations.declineReason,
        name: partDealers.name,
        logoUrl: partDealers.logoUrl,
        organisationId: partDealers.organisationId,
        hasUploadedLogo: sql<boolean>`${dealerLogos.organisationId} IS NOT NULL`,
        city: dealerProfiles.city,
      })
      .from(supplierRelations)
      .innerJoin(partDealers, eq(partDealers.id, supplierRelations.partDealerId))
      .leftJoin(dealerProfiles, eq(dealerProfiles.organisationId, partDealers.organisationId))
      .leftJoin(dealerLogos, eq(dealerLogos.organisationId, partDealers.organisationId))
      .where(eq(supplierRelations.workshopId, workshopId))
      .orderBy(asc(partDealers.name), asc(supplierRelations.id));
    const additional = await db
      .select()
      .from(workshopAdditionalSuppliers)
      .where(eq(workshopAdditionalSuppliers.workshopId, workshopId))
      .orderBy(asc(workshopAdditionalSuppliers.name), asc(workshopAdditionalSuppliers.id));
    return ok(c, {
      relations: relations.map(
        (row): SupplierRelation => ({
          id: row.id,
          part_dealer_id: row.partDealerId,
          dealer_name: row.name,
          logo_url: logoUrlOf(row),
          city: row.city,
          on_portal: row.organisationId !== null,
          customer_number: row.customerNumber,
          status: row.status,
          decline_reason: row.status === 'declined' ? row.declineReason : null,
        }),
      ),
      additional: additional.map(
        (row): AdditionalSupplier => ({ id: row.id, name: row.name, customer_number: row.customerNumber }),
      ),
    });
  });

  routes.get('/supplier-directory', member, async (c) => {
    const query = parseQuery(c, supplierDirectoryQuerySchema);
    const workshopId = await ownWorkshopId(c);
    const conditions: SQL[] = [offeredDealer];
    if (query.q) conditions.push(ilike(partDealers.name, containing(query.q)));
    if (query.city) conditions.push(ilike(dealerProfiles.city, containing(query.city)));
    if (query.area) conditions.push(ilike(dealerProfiles.deliveryArea, containing(query.area)));
    if (query.brand) {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM unnest(${dealerProfiles.brandsServed}) AS brand WHERE brand ILIKE ${containing(query.brand)})`,
      );
    }
    const where = and(...conditions);
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(partDealers)
      .leftJoin(organisations, eq(organisations.id, partDealers.organisationId))
      .leftJoin(dealerProfiles, eq(dealerProfiles.organisationId, partDealers.organisationId))
      .where(where);
    const rows = await selectDealers(db)
      .where(where)
      .orderBy(asc(partDealers.name), asc(partDealers.id))
      .limit(SUPPLIER_DIRECTORY_PAGE_SIZE)
      .offset((query.page - 1) * SUPPLIER_DIRECTORY_PAGE_SIZE);
    const relatedIds = new Set(
      rows.length === 0
        ? []
        : (
            await db
              .select({ partDealerId: supplierRelations.partDealerId })
              .from(supplierRelations)
              .where(
                and(
                  eq(supplierRelations.workshopId, workshopId),
                  inArray(
                    supplierRelations.partDealerId,
                    rows.map((row) => row.id),
                  ),
                ),
              )
          ).map((row) => row.partDealerId),
    );
    return ok(c, {
      items: rows.map((row) => toDirectoryEntry(row, relatedIds.has(row.id))),
      total: counted?.total ?? 0,
      page: query.page,
      page_size: SUPPLIER_DIRECTORY_PAGE_SIZE,
    });
  });

  routes.post('/suppliers', member, async (c) => {
    const body = await parseJsonBody(c, addSupplierRelationSchema);
    const workshopId = await ownWorkshopId(c);
    const [dealer] = await selectDealers(db)
      .where(and(eq(partDealers.id, body.part_dealer_id), offeredDealer))
      .limit(1);
    // A dealer that does not exist and one whose organisation is deactivated look the same.
    if (!dealer) throw new ApiRefusal(404, 'notFound', { field: 'part_dealer_id' });
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(supplierRelations)
        .values({ workshopId, partDealerId: dealer.id, customerNumber: body.customer_number })
        .onConflictDoNothing()
        .returning({ id: supplierRelations.id });
      if (!created) throw new ApiRefusal(409, 'relationExists', { field: 'part_dealer_id' });
      await audit(tx, {
        ...actor(c),
        action: 'relation.requested',
        target: `relation:${created.id}`,
        details: { part_dealer_id: dealer.id, workshop_id: workshopId },
      });
    });
    return ok(c, true, 'relationRequested');
  });

  routes.put('/suppliers/:relationId{[0-9]{1,9}}', member, async (c) => {
    const body = await parseJsonBody(c, relationCustomerNumberSchema);
    const workshopId = await ownWorkshopId(c);
    const relationId = Number(c.req.param('relationId'));
    const before = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ status: supplierRelations.status, customerNumber: supplierRelations.customerNumber })
        .from(supplierRelations)
        .where(and(eq(supplierRelations.id, relationId), eq(supplierRelations.workshopId, workshopId)))
        .limit(1);
      if (!current) throw new ApiRefusal(404, 'notFound');
      // An active relation's number is the one the dealer confirmed; it is not changed here.
      if (current.status === 'active') throw new ApiRefusal(409, 'relationNotRequested');
      // Conditional on the status read: a dealer deciding meanwhile wins, this edit gets 409.
      const [updated] = await tx
        .update(supplierRelations)
        .set({
          customerNumber: body.customer_number,
          status: 'requested',
          declineReason: null,
          decidedBy: null,
          decidedAt: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(supplierRelations.id, relationId),
            eq(supplierRelations.workshopId, workshopId),
            eq(supplierRelations.status, current.status),
          ),
        )
        .returning({ id: supplierRelations.id });
      if (!updated) throw new ApiRefusal(409, 'relationNotRequested');
      await audit(tx, {
        ...actor(c),
        action: current.status === 'declined' ? 'relation.re-requested' : 'relation.customer-number-changed',
        target: `relation:${relationId}`,
        details: { workshop_id: workshopId },
      });
      return current.status as RelationStatus;
    });
    return ok(c, true, before === 'declined' ? 'relationRequested' : 'customerNumberSaved');
  });

  routes.delete('/suppliers/:relationId{[0-9]{1,9}}', member, async (c) => {
    const workshopId = await ownWorkshopId(c);
    const relationId = Number(c.req.param('relationId'));
    await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(supplierRelations)
        .where(and(eq(supplierRelations.id, relationId), eq(supplierRelations.workshopId, workshopId)))
        .returning({ partDealerId: supplierRelations.partDealerId, status: supplierRelations.status });
      if (!removed) throw new ApiRefusal(404, 'notFound');
      await audit(tx, {
        ...actor(c),
        action: 'relation.removed',
        target: `relation:${relationId}`,
        details: { part_dealer_id: removed.partDealerId, workshop_id: workshopId, status: removed.status },
      });
    });
    return ok(c, true, 'relationRemoved');
  });

  routes.put('/additional-suppliers/:supplierId{[0-9]{1,9}}', member, async (c) => {
    const body = await parseJsonBody(c, additionalCustomerNumberSchema);
    const workshopId = await ownWorkshopId(c);
    const supplierId = Number(c.req.param('supplierId'));
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(workshopAdditionalSuppliers)
        .set({ customerNumber: body.customer_number })
        .where(
          and(eq(workshopAdditionalSuppliers.id, supplierId), eq(workshopAdditionalSuppliers.workshopId, workshopId)),
        )
        .returning({ id: workshopAdditionalSuppliers.id });
      if (!updated) throw new ApiRefusal(404, 'notFound');
      await audit(tx, {
        ...actor(c),
        action: 'additional-supplier.customer-number-changed',
        target: `additional-supplier:${supplierId}`,
        details: { workshop_id: workshopId },
      });
    });
    return ok(c, true, 'customerNumberSaved');
  });

  routes.delete('/additional-suppliers/:supplierId{[0-9]{1,9}}', member, async (c) => {
    const workshopId = await ownWorkshopId(c);
    const supplierId = Number(c.req.param('supplierId'));
    await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(workshopAdditionalSuppliers)
        .where(
          and(eq(workshopAdditionalSuppliers.id, supplierId), eq(workshopAdditionalSuppliers.workshopId, workshopId)),
        )
        .returning({ id: workshopAdditionalSuppliers.id });
      if (!removed) throw new ApiRefusal(404, 'notFound');
      await audit(tx, {
        ...actor(c),
        action: 'additional-supplier.removed',
        target: `additional-supplier:${supplierId}`,
        details: { workshop_id: workshopId },
      });
    });
    return ok(c, true, 'relationRemoved');
  });

  return routes;
}
