import { crc32 } from 'node:zlib';
import type { Database } from '../../server/db/database';
import {
  dealerLogos,
  dealerProfiles,
  inquiries,
  organisations,
  partDealers,
  supplierRelations,
  users,
  workshops,
} from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';

/** The password of every member these helpers write (ADR 022 organisations in server tests). */
export const MEMBER_PASSWORD = 'Ersatzteile-Lager-2026';

type MemberRole = 'dealer_user' | 'workshop_user' | 'insurer_user';

/** An active member of an organisation, written straight into the test database. */
export async function insertMember(
  db: Database,
  organisationId: number,
  member: {
    email: string;
    role: MemberRole;
    companyName?: string;
    firstName?: string;
    lastName?: string;
    locale?: 'de' | 'en';
  },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: member.email,
      passwordHash: await hashPassword(MEMBER_PASSWORD),
      firstName: member.firstName ?? 'Dora',
      lastName: member.lastName ?? 'Händler',
      contactNumber: '+49 30 1234567',
      companyName: member.companyName ?? null,
      role: member.role,
      status: 1,
      organisationId,
      locale: member.locale ?? 'de',
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/**
 * A verified dealer organisation as verification leaves it (organisation, profile, a row in the
 * wizard's supplier list) with active dealer users, written straight into the test database.
 */
export async function insertDealerOrganisation(
  db: Database,
  name: string,
  memberEmails: string | readonly string[] = [],
  profile: { city?: string; brands?: string[]; area?: string; deactivated?: boolean; logo?: boolean } = {},
) {
  const emails = typeof memberEmails === 'string' ? [memberEmails] : memberEmails;
  const [organisation] = await db
    .insert(organisations)
    .values({ kind: 'dealer', name, deactivatedAt: profile.deactivated ? new Date() : null })
    .returning();
  if (!organisation) throw new Error('organisation insert returned nothing');
  await db.insert(dealerProfiles).values({
    organisationId: organisation.id,
    contactEmail: emails[0] ?? `info@${organisation.id}.dealer.de`,
    contactNumber: '+49 40 123456',
    street: 'Lagerweg 1',
    postcode: '20095',
    city: profile.city ?? 'Hamburg',
    country: 'Deutschland',
    taxId: 'DE123456789',
    brandsServed: profile.brands ?? ['BMW'],
    deliveryArea: profile.area ?? 'regional',
  });
  if (profile.logo) {
    await db.insert(dealerLogos).values({ organisationId: organisation.id, contentType: 'image/png', bytes: TINY_PNG });
  }
  const [partDealer] = await db.insert(partDealers).values({ name, organisationId: organisation.id }).returning();
  if (!partDealer) throw new Error('part dealer insert returned nothing');
  const members = [];
  for (const [index, email] of emails.entries()) {
    members.push(
      await insertMember(db, organisation.id, {
        email,
        role: 'dealer_user',
        companyName: name,
        firstName: `Händler${index + 1}`,
      }),
    );
  }
  return { organisation, partDealer, members };
}

/** A workshop organisation with its owner (a workshop user in `locale`), as the wizard creates it. */
export async function insertWorkshop(
  db: Database,
  workshop: { name: string; ownerEmail: string; locale?: 'de' | 'en'; firstName?: string },
) {
  const [organisation] = await db.insert(organisations).values({ kind: 'workshop', name: workshop.name }).returning();
  if (!organisation) throw new Error('organisation insert returned nothing');
  const owner = await insertMember(db, organisation.id, {
    email: workshop.ownerEmail,
    role: 'workshop_user',
    companyName: workshop.name,
    firstName: workshop.firstName ?? 'Max',
    lastName: 'Müller',
    locale: workshop.locale,
  });
  const [row] = await db
    .insert(workshops)
    .values({ name: workshop.name, organisationId: organisation.id, ownerUserId: owner.id })
    .returning();
  if (!row) throw new Error('workshop insert returned nothing');
  return { organisation, owner, workshop: row };
}

/** An insurer organisation (ADR 030: an administrator creates it) with active insurer users. */
export async function insertInsurer(
  db: Database,
  name: string,
  memberEmails: readonly string[],
  options: { deactivated?: boolean } = {},
) {
  const [organisation] = await db
    .insert(organisations)
    .values({ kind: 'insurer', name, deactivatedAt: options.deactivated ? new Date() : null })
    .returning();
  if (!organisation) throw new Error('organisation insert returned nothing');
  const members = [];
  for (const email of memberEmails) {
    members.push(await insertMember(db, organisation.id, { email, role: 'insurer_user', companyName: name }));
  }
  return { organisation, members };
}

/** The workshop names the dealer with its customer number there (as the wizard's step 3 saves it). */
export async function insertRelation(
  db: Database,
  workshopId: number,
  partDealerId: number,
  customerNumber = '100',
  extra: Partial<typeof supplierRelations.$inferInsert> = {},
) {
  const [relation] = await db
    .insert(supplierRelations)
    .values({ workshopId, partDealerId, customerNumber, ...extra })
    .returning();
  if (!relation) throw new Error('relation insert returned nothing');
  return relation;
}

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * TINY_PNG with its header changed to declare `width` × `height` pixels: what a crafted file
 * claims before anything decodes it (issue 27 §4: 249 KB declaring 16 000 × 16 000).
 */
export function pngDeclaring(width: number, height: number) {
  const png = Buffer.from(TINY_PNG);
  // IHDR: length (8–11), type (12–15), width (16–19), height (20–23), …, CRC of type and data (29–32).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** An inquiry in status `sent`, closing in a day, written straight into the test database (no lines, no recipients). */
export async function insertSentInquiry(db: Database, workshopOrganisationId: number, createdBy: number) {
  const [row] = await db
    .insert(inquiries)
    .values({ workshopOrganisationId, createdBy, status: 'sent', closesAt: new Date(Date.now() + 86_400_000) })
    .returning();
  if (!row) throw new Error('inquiry insert returned nothing');
  return row;
}
