import { Hono } from 'hono';
import * as v from 'valibot';
import type { Database } from './db/database';
import { dealerProfiles, organisations, partDealers, supplierRelations, users, workshops } from './db/schema';
import { parseJsonBody } from './http/respond';
import { hashPassword } from './services/auth/passwords';
import type { SessionAccess } from './services/auth/session-access';

const fixtureSchema = v.object({
  dealer: v.object({ name: v.string(), email: v.string(), password: v.pipe(v.string(), v.minLength(12)) }),
  workshops: v.array(
    v.object({
      name: v.string(),
      owner_email: v.string(),
      customer_number: v.string(),
      locale: v.picklist(['de', 'en']),
    }),
  ),
});

/**
 * End-to-end fixtures (E2E_FIXTURES=1, development only, behind the administrator's session;
 * never mounted otherwise): a verified dealer organisation with one dealer user, and workshops
 * that requested a relation to it. It stands in for dealer verification creating the
 * organisation and inviting its contact (issue 12, another slice) until that is merged.
 */
export function createDevFixtures(db: Database, access: SessionAccess) {
  const routes = new Hono();
  routes.post('/dealer-customers', access.requireAdmin, async (c) => {
    const fixture = await parseJsonBody(c, fixtureSchema);
    const passwordHash = await hashPassword(fixture.dealer.password);
    const created = await db.transaction(async (tx) => {
      const [dealer] = await tx.insert(organisations).values({ kind: 'dealer', name: fixture.dealer.name }).returning();
      if (!dealer) throw new Error('no dealer organisation');
      await tx.insert(dealerProfiles).values({
        organisationId: dealer.id,
        contactEmail: fixture.dealer.email,
        contactNumber: '+49 40 123456',
        street: 'Lagerweg 1',
        postcode: '20095',
        city: 'Hamburg',
        country: 'Deutschland',
        taxId: 'DE123456789',
        brandsServed: ['BMW'],
        deliveryArea: 'regional',
      });
      const [partDealer] = await tx
        .insert(partDealers)
        .values({ name: fixture.dealer.name, organisationId: dealer.id })
        .returning();
      if (!partDealer) throw new Error('no part dealer');
      await tx.insert(users).values({
        email: fixture.dealer.email,
        passwordHash,
        firstName: 'Dora',
        lastName: 'Händler',
        companyName: fixture.dealer.name,
        role: 'dealer_user',
        status: 1,
        organisationId: dealer.id,
      });
      const relationIds: number[] = [];
      for (const workshop of fixture.workshops) {
        const [organisation] = await tx
          .insert(organisations)
          .values({ kind: 'workshop', name: workshop.name })
          .returning();
        if (!organisation) throw new Error('no workshop organisation');
        const [owner] = await tx
          .insert(users)
          .values({
            email: workshop.owner_email,
            passwordHash,
            firstName: 'Max',
            lastName: 'Müller',
            contactNumber: '+49 30 1234567',
            companyName: workshop.name,
            role: 'workshop_user',
            status: 1,
            organisationId: organisation.id,
            locale: workshop.locale,
          })
          .returning();
        if (!owner) throw new Error('no workshop owner');
        const [row] = await tx
          .insert(workshops)
          .values({ name: workshop.name, organisationId: organisation.id, ownerUserId: owner.id })
          .returning();
        if (!row) throw new Error('no workshop');
        const [relation] = await tx
          .insert(supplierRelations)
          .values({ workshopId: row.id, partDealerId: partDealer.id, customerNumber: workshop.customer_number })
          .returning();
        if (relation) relationIds.push(relation.id);
      }
      return { organisation_id: dealer.id, part_dealer_id: partDealer.id, relation_ids: relationIds };
    });
    return c.json({ code: 200, data: created });
  });
  return routes;
}
