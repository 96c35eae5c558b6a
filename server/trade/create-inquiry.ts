import { and, eq, inArray, isNull } from 'drizzle-orm';
import type * as v from 'valibot';
import { type inquiryCreateSchema, normalisePartNumber } from '../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { lifecycleStep } from '../../machines/lifecycle';
import type { Database } from '../db/database';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  organisations,
  partDealers,
  supplierRelations,
  workshops,
} from '../db/schema';
import { ApiRefusal } from '../http/respond';
import { enforceRateLimits, type RateWindow } from '../rate-limit';
import { appendTradeEvents } from './event-log';
import { commandTime, type TradeActor } from './trade-actor';
import { queueTradeMails } from './trade-mail';

/** Each inquiry mails every recipient dealer's users: a generous ceiling per workshop, not a quota. */
const INQUIRIES_PER_ORGANISATION: RateWindow = { name: 'inquiry-org', limit: 120, windowSeconds: 3600 };

/**
 * A relation that may receive the workshop's inquiries: active, to a dealer organisation that is
 * not deactivated (the query joins supplier_relations, part_dealers and organisations).
 */
export const recipientCondition = and(
  eq(supplierRelations.status, 'active'),
  eq(organisations.kind, 'dealer'),
  isNull(organisations.deactivatedAt),
);

/**
 * Sends a new inquiry of a workshop to its chosen active dealers (ADR 023): the one way an inquiry
 * is created, from the SPA (/svc/workshop/inquiries) and from a DMS (/api/v1/inquiries, ADR 031).
 * The lifecycle machine decides the status; the event log and the dealers' mails are written in
 * the same transaction. A recipient that is not the workshop's own active relation is a 400.
 * Returns the new inquiry's id; the routes answer with `inquiryDetail` read after it (ADR 035).
 */
export async function createInquiry(db: Database, actor: TradeActor, body: v.InferOutput<typeof inquiryCreateSchema>) {
  const now = commandTime(actor);
  await enforceRateLimits(db, [[INQUIRIES_PER_ORGANISATION, String(actor.organisationId)]], now.getTime());
  const sentStatus = lifecycleStep(inquiryLifecycleMachine, 'draft', { type: 'inquiry.send' });
  if (sentStatus !== 'sent') throw new Error(`inquiry.send from draft leads to ${sentStatus}`);
  const created = await db.transaction(async (tx) => {
    // Only the caller's own active relations to dealers whose organisation is active receive it.
    const recipients = await tx
      .select({
        partDealerId: supplierRelations.partDealerId,
        customerNumber: supplierRelations.customerNumber,
        dealerOrganisationId: organisations.id,
      })
      .from(supplierRelations)
      .innerJoin(workshops, eq(workshops.id, supplierRelations.workshopId))
      .innerJoin(partDealers, eq(partDealers.id, supplierRelations.partDealerId))
      .innerJoin(organisations, eq(organisations.id, partDealers.organisationId))
      .where(
        and(
          inArray(supplierRelations.id, body.recipient_relation_ids),
          eq(workshops.organisationId, actor.organisationId),
          recipientCondition,
        ),
      );
    if (recipients.length !== body.recipient_relation_ids.length) {
      throw new ApiRefusal(400, 'recipientNotActive', { field: 'recipient_relation_ids' });
    }
    const [inquiry] = await tx
      .insert(inquiries)
      .values({
        workshopOrganisationId: actor.organisationId,
        createdBy: actor.userId,
        status: sentStatus,
        vin: body.vehicle.vin,
        hsn: body.vehicle.hsn,
        tsn: body.vehicle.tsn,
        vehicleDescription: body.vehicle.description,
        workshopReference: body.workshop_reference === '' ? null : body.workshop_reference,
        closesAt: new Date(now.getTime() + body.closes_in_minutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!inquiry) throw new Error('inquiry insert returned nothing');
    await tx.insert(inquiryLines).values(
      body.lines.map((line, index) => ({
        inquiryId: inquiry.id,
        position: index + 1,
        partNumber: line.part_number,
        partNumberNormalised: normalisePartNumber(line.part_number),
        description: line.description,
        quantity: line.quantity,
        note: line.note,
      })),
    );
    const dealerOrganisationIds = recipients.map((recipient) => recipient.dealerOrganisationId);
    await tx.insert(inquiryRecipients).values(
      recipients.map((recipient) => ({
        inquiryId: inquiry.id,
        partDealerId: recipient.partDealerId,
        dealerOrganisationId: recipient.dealerOrganisationId,
        customerNumber: recipient.customerNumber,
        createdAt: now,
      })),
    );
    const [event] = await appendTradeEvents(
      tx,
      [
        {
          kind: 'inquiry.sent',
          inquiryId: inquiry.id,
          entity: 'inquiry',
          entityId: inquiry.id,
          before: 'draft',
          after: sentStatus,
          actorUserId: actor.userId,
          // Listed to every recipient: nothing about the others (not even how many there are).
          details: { lines: body.lines.length },
          workshopOrganisationId: actor.organisationId,
          dealerOrganisationIds,
        },
      ],
      now,
    );
    if (!event) throw new Error('event append returned nothing');
    await queueTradeMails(
      tx,
      dealerOrganisationIds.map((organisationId) => ({ organisationId, event })),
    );
    return { inquiryId: inquiry.id };
  });
  return created;
}
