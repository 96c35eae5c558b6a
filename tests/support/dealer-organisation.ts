import type { Database } from '../../server/db/database';
import { dealerProfiles, organisations, partDealers, users, workshops } from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';

export const DEALER_PASSWORD = 'Haendler-Passwort-2026';

/**
 * A verified dealer organisation as verification will create it (organisation, profile, its
 * entry in the supplier list) with one active dealer user, written straight into the database.
 */
export async function insertDealerOrganisation(db: Database, name: string, email: string) {
  const [organisation] = await db.insert(organisations).values({ kind: 'dealer', name }).returning();
  if (!organisation) throw new Error('organisation insert returned nothing');
  await db.insert(dealerProfiles).values({
    organisationId: organisation.id,
    contactEmail: email,
    contactNumber: '+49 89 123456',
    street: 'Industriestraße 5',
    postcode: '80331',
    city: 'München',
    country: 'Deutschland',
    taxId: 'DE123456789',
    brandsServed: ['BMW'],
    deliveryArea: 'deutschlandweit',
  });
  const [partDealer] = await db.insert(partDealers).values({ name, organisationId: organisation.id }).returning();
  const user = await insertMember(db, organisation.id, name, email, 'dealer_user');
  return { organisation, partDealer: partDealer as NonNullable<typeof partDealer>, user };
}

export async function insertMember(
  db: Database,
  organisationId: number,
  companyName: string,
  email: string,
  role: 'dealer_user' | 'workshop_user',
  firstName = 'Dora',
) {
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(DEALER_PASSWORD),
      firstName,
      lastName: 'Händler',
      companyName,
      role,
      status: 1,
      organisationId,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/** A workshop organisation with its workshop and one workshop user. */
export async function insertWorkshopOrganisation(db: Database, name: string, email: string) {
  const [organisation] = await db.insert(organisations).values({ kind: 'workshop', name }).returning();
  if (!organisation) throw new Error('organisation insert returned nothing');
  const user = await insertMember(db, organisation.id, name, email, 'workshop_user', 'Willi');
  const [workshop] = await db
    .insert(workshops)
    .values({ name, organisationId: organisation.id, ownerUserId: user.id })
    .returning();
  if (!workshop) throw new Error('workshop insert returned nothing');
  return { organisation, user, workshop };
}

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
