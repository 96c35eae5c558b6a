import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { USER_STATUS } from '../../common/contracts/auth';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import { insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';

/**
 * The people of the cluster run, written straight into its database: workshops with a logged-in
 * owner each, and many one-member dealers, each related to one workshop. Every inquiry of the
 * load run goes to a dealer no inquiry reached before, so each one yields exactly one trade mail
 * (the digest window never merges two) and the expected mail count is known.
 */
export async function seedCluster(databaseUrl: string, counts: { workshops: number; dealersPerWorkshop: number }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const db = drizzle(pool, { schema }) as unknown as Database;
  try {
    const passwordHash = await hashPassword(MEMBER_PASSWORD);
    const workshops: (Awaited<ReturnType<typeof insertWorkshop>> & { relationIds: number[] })[] = [];
    for (let index = 0; index < counts.workshops; index++) {
      const created = await insertWorkshop(db, {
        name: `Cluster-Werkstatt ${index + 1}`,
        ownerEmail: `werkstatt-${index + 1}@cluster.test`,
      });
      workshops.push({ ...created, relationIds: [] });
    }
    const dealerCount = counts.workshops * counts.dealersPerWorkshop;
    const dealerOrganisations = await db
      .insert(schema.organisations)
      .values(
        Array.from({ length: dealerCount }, (_, index) => ({ kind: 'dealer' as const, name: `Teile ${index + 1}` })),
      )
      .returning({ id: schema.organisations.id, name: schema.organisations.name });
    const partDealerRows = await db
      .insert(schema.partDealers)
      .values(dealerOrganisations.map((organisation) => ({ name: organisation.name, organisationId: organisation.id })))
      .returning({ id: schema.partDealers.id, organisationId: schema.partDealers.organisationId });
    await db.insert(schema.users).values(
      dealerOrganisations.map((organisation, index) => ({
        email: `haendler-${index + 1}@cluster.test`,
        passwordHash,
        firstName: 'Hanna',
        lastName: 'Händler',
        companyName: organisation.name,
        role: 'dealer_user' as const,
        status: USER_STATUS.active,
        organisationId: organisation.id,
        locale: 'de' as const,
      })),
    );
    const relations = await db
      .insert(schema.supplierRelations)
      .values(
        partDealerRows.map((partDealer, index) => ({
          workshopId: workshops[index % counts.workshops]?.workshop.id ?? 0,
          partDealerId: partDealer.id,
          customerNumber: `K-${index + 1}`,
          status: 'active' as const,
        })),
      )
      .returning({ id: schema.supplierRelations.id, workshopId: schema.supplierRelations.workshopId });
    for (const relation of relations) {
      workshops.find((entry) => entry.workshop.id === relation.workshopId)?.relationIds.push(relation.id);
    }
    return { workshops };
  } finally {
    await pool.end();
  }
}

export type ClusterFixtures = Awaited<ReturnType<typeof seedCluster>>;
