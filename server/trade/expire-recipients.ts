import { and, eq, sql } from 'drizzle-orm';
import { inquiryRecipientLifecycleMachine } from '../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleStep } from '../../machines/lifecycle';
import type { Transaction } from '../db/database';
import { type inquiries, inquiryRecipients } from '../db/schema';
import type { TradeEventInput } from './event-log';

/**
 * Every recipient of an inquiry that closes or is cancelled and still waits expires (its
 * machine's `recipient.expire`), updated only from the status it was read in. Returns all the
 * inquiry's recipients and the events of those that expired, for the caller to append.
 */
export async function expireWaitingRecipients(
  tx: Transaction,
  inquiry: Pick<typeof inquiries.$inferSelect, 'id' | 'workshopOrganisationId'>,
  actorUserId: number | null,
) {
  const recipients = await tx.select().from(inquiryRecipients).where(eq(inquiryRecipients.inquiryId, inquiry.id));
  const events: TradeEventInput[] = [];
  for (const recipient of recipients) {
    const expired = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, { type: 'recipient.expire' });
    if (expired === null) continue;
    await tx
      .update(inquiryRecipients)
      .set({ status: expired as typeof recipient.status, version: sql`${inquiryRecipients.version} + 1` })
      .where(and(eq(inquiryRecipients.id, recipient.id), eq(inquiryRecipients.status, recipient.status)));
    events.push({
      kind: 'recipient.expired',
      inquiryId: inquiry.id,
      entity: 'recipient',
      entityId: recipient.id,
      before: recipient.status,
      after: expired,
      actorUserId,
      workshopOrganisationId: inquiry.workshopOrganisationId,
      dealerOrganisationIds: [recipient.dealerOrganisationId],
    });
  }
  return { recipients, events };
}
