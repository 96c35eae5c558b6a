import type { Database } from '../../server/db/database';
import {
  dealerProfiles,
  organisations,
  partDealers,
  supplierRelations,
  users,
  workshops,
} from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';

export const MEMBER_PASSWORD = 'Ersatzteile-Lager-2026';

/**
 * A verified dealer organisation as verification leaves it (organisation, profile, a row in the
 * wizard's supplier list) with active dealer users, written straight into the test database.
 */
export async function insertDealerOrganisation(db: Database, name: string, userEmails: string[]) {
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  const [organisation] = await db.insert(organisations).values({ kind: 'dealer', name }).returning();
  if (!organisation) throw new Error('no organisation');
  await db.insert(dealerProfiles).values({
    organisationId: organisation.id,
    contactEmail: userEmails[0] ?? 'kontakt@example.de',
    contactNumber: '+49 40 123456',
    street: 'Lagerweg 1',
    postcode: '20095',
    city: 'Hamburg',
    country: 'Deutschland',
    taxId: 'DE123456789',
    brandsServed: ['BMW'],
    deliveryArea: 'regional',
  });
  const [partDealer] = await db.insert(partDealers).values({ name, organisationId: organisation.id }).returning();
  if (!partDealer) throw new Error('no part dealer');
  const members = await db
    .insert(users)
    .values(
      userEmails.map((email, index) => ({
        email,
        passwordHash,
        firstName: `Händler${index + 1}`,
        lastName: 'Nord',
        companyName: name,
        role: 'dealer_user' as const,
        status: 1 as const,
        organisationId: organisation.id,
      })),
    )
    .returning();
  return { organisation, partDealer, members };
}

/** A workshop organisation with its owner (a workshop user in `locale`), as the wizard creates it. */
export async function insertWorkshop(
  db: Database,
  workshop: { name: string; ownerEmail: string; locale?: 'de' | 'en'; firstName?: string },
) {
  const [organisation] = await db.insert(organisations).values({ kind: 'workshop', name: workshop.name }).returning();
  if (!organisation) throw new Error('no organisation');
  const [owner] = await db
    .insert(users)
    .values({
      email: workshop.ownerEmail,
      passwordHash: await hashPassword(MEMBER_PASSWORD),
      firstName: workshop.firstName ?? 'Max',
      lastName: 'Müller',
      contactNumber: '+49 30 1234567',
      companyName: workshop.name,
      role: 'workshop_user',
      status: 1,
      organisationId: organisation.id,
      locale: workshop.locale ?? 'de',
    })
    .returning();
  if (!owner) throw new Error('no owner');
  const [row] = await db
    .insert(workshops)
    .values({ name: workshop.name, organisationId: organisation.id, ownerUserId: owner.id })
    .returning();
  if (!row) throw new Error('no workshop');
  return { organisation, owner, workshop: row };
}

/** The workshop names the dealer with its customer number there (as the wizard's step 3 saves it). */
export async function insertRelation(db: Database, workshopId: number, partDealerId: number, customerNumber: string) {
  const [relation] = await db
    .insert(supplierRelations)
    .values({ workshopId, partDealerId, customerNumber })
    .returning();
  if (!relation) throw new Error('no relation');
  return relation;
}
