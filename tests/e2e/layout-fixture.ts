import { and, eq, inArray } from 'drizzle-orm';
import { USER_STATUS } from '../../common/contracts/auth';
import { issueApiKey } from '../../server/api-keys/keys';
import { openDatabase } from '../../server/db/database';
import {
  claimShares,
  orders,
  organisations,
  tradeEvents,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_WORKSHOP_EMAIL, seedDemo } from '../../server/demo/seed-demo';
import { hashPassword } from '../../server/services/auth/passwords';

/**
 * The data the layout test (tests/e2e/layout-support.ts) looks at, written into DATA_DIR before its
 * own server starts: the demo (full tables, long German part names and company names) plus what the
 * demo has not got — an insurer with a long German name and claims shared with it, and an API key
 * with a long name. Run as `node --import tsx tests/e2e/layout-fixture.ts` with DATA_DIR set.
 */
const LAYOUT_INSURER_EMAIL = 'schaden@versicherung.demo.teileportal.local';
/** The dealer the layout test logs in as (tests/e2e/layout-support.ts). */
const LAYOUT_DEALER_EMAIL = 'haendler1@demo.teileportal.local';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
const database = await openDatabase({ databaseUrl: null, dataDir });
try {
  const { db } = database;
  await seedDemo(db, { inquiryCount: Number(process.env.LAYOUT_INQUIRIES ?? 150) });
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, LAYOUT_INSURER_EMAIL));
  if (!existing) {
    const [insurer] = await db
      .insert(organisations)
      .values({ kind: 'insurer', name: 'Kraftfahrtversicherungsgesellschaft Süddeutschland AG' })
      .returning();
    if (!insurer) throw new Error('insurer insert returned nothing');
    await db.insert(users).values({
      email: LAYOUT_INSURER_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Iris',
      lastName: 'Schadensachbearbeiterin',
      contactNumber: '+49 89 5550300',
      companyName: insurer.name,
      role: 'insurer_user',
      status: USER_STATUS.active,
      organisationId: insurer.id,
    });
    const [workshop] = await db
      .select({ id: users.id, organisationId: users.organisationId })
      .from(users)
      .where(eq(users.email, DEMO_WORKSHOP_EMAIL));
    if (!workshop?.organisationId) throw new Error('the demo workshop is missing');
    const shared = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.workshopOrganisationId, workshop.organisationId),
          inArray(orders.status, ['delivered', 'shipped', 'confirmed']),
        ),
      )
      .orderBy(orders.id)
      .limit(12);
    if (shared.length === 0) throw new Error('the demo has no order to share');
    await db.insert(claimShares).values(
      shared.map((order, index) => ({
        orderId: order.id,
        workshopOrganisationId: workshop.organisationId as number,
        insurerOrganisationId: insurer.id,
        claimNumber: `KFZ-SCHADEN-2026/${String(471_100 + index).padStart(7, '0')}`,
        sharedBy: workshop.id,
      })),
    );
    await db.transaction((tx) =>
      issueApiKey(tx as never, {
        organisationId: workshop.organisationId as number,
        createdBy: workshop.id,
        name: 'Werkstattverwaltungssoftware Hauptstandort Berlin-Charlottenburg',
        allowedOrigins: ['https://werkstattverwaltung.beispiel-autohaus-berger.de'],
      }),
    );
    // A webhook with a long address and a delivery log (ADR 041): one attempt timed out, the next delivered.
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        organisationId: workshop.organisationId,
        url: 'https://warenwirtschaft.beispiel-autohaus-berger.de/schnittstellen/teileportal/webhooks/eingang',
        description: 'Warenwirtschaft Hauptstandort Berlin-Charlottenburg',
        eventKinds: ['inquiry.sent', 'inquiry.allAnswered', 'order.placed', 'line.backorder', 'line.shipped'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .returning();
    const events = await db
      .select({ id: tradeEvents.id, createdAt: tradeEvents.createdAt })
      .from(tradeEvents)
      .where(eq(tradeEvents.workshopOrganisationId, workshop.organisationId))
      .orderBy(tradeEvents.id)
      .limit(3);
    for (const event of events) {
      if (!endpoint) break;
      const [delivery] = await db
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, tradeEventId: event.id, attempts: 2, deliveredAt: event.createdAt })
        .returning();
      if (!delivery) continue;
      await db.insert(webhookAttempts).values([
        {
          deliveryId: delivery.id,
          endpointId: endpoint.id,
          attemptedAt: event.createdAt,
          error: 'timeout',
          durationMs: 10_000,
        },
        {
          deliveryId: delivery.id,
          endpointId: endpoint.id,
          attemptedAt: event.createdAt,
          httpStatus: 204,
          durationMs: 182,
        },
      ]);
    }
    // The dealer's ERP key (ADR 040), with a long name too.
    const [dealer] = await db
      .select({ id: users.id, organisationId: users.organisationId })
      .from(users)
      .where(eq(users.email, LAYOUT_DEALER_EMAIL));
    if (!dealer?.organisationId) throw new Error('the demo dealer is missing');
    await db.transaction((tx) =>
      issueApiKey(tx as never, {
        organisationId: dealer.organisationId as number,
        createdBy: dealer.id,
        name: 'Warenwirtschaftssystem Zentrallager Norddeutschland Hamburg-Billbrook',
        allowedOrigins: [],
      }),
    );
  }
} finally {
  await database.close();
}
