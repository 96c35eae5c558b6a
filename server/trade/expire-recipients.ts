import { and, eq, inArray, sql } from 'drizzle-orm';
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
  // One update per status a waiting recipient is in (not one per recipient), each only from that status.
  const expiredTo = new Map<number, string>();
  for (const status of [...new Set(recipients.map((recipient) => recipient.status))]) {
    const expired = lifecycleStep(inquiryRecipientLifecycleMachine, status, { type: 'recipient.expire' });
    if (expired === null) continue;
    const ids = recipients.filter((recipient) => recipient.status === status).map((recipient) => recipient.id);
    const updated = await tx
      .update(inquiryRecipients)
      .set({ status: expired as typeof status, version: sql`${inquiryRecipients.version} + 1` })
      .where(and(inArray(inquiryRecipients.id, ids), eq(inquiryRecipients.status, status)))
      .returning({ id: inquiryRecipients.id });
    for (const row of updated) expiredTo.set(row.id, expired);
  }
  const events: TradeEventInput[] = recipients.flatMap((recipient): TradeEventInput[] => {
    const expired = expiredTo.get(recipient.id);
    if (expired === undefined) return [];
    return [
      {
        kind: 'recipient.expired',
        inquiryId: inquiry.id,
        entity: 'recipient',
        entityId: recipient.id,
        before: recipient.status,
        after: expired,
        actorUserId,
        workshopOrganisationId: inquiry.workshopOrganisationId,
        dealerOrganisationIds: [recipient.dealerOrganisationId],
      },
    ];
  });
  return { recipients, events };
}
