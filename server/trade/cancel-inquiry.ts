import { and, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { versionOnlySchema } from '../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { lifecycleStep } from '../../machines/lifecycle';
import type { Database } from '../db/database';
import { inquiries } from '../db/schema';
import { ApiRefusal, conflictWithCurrent } from '../http/respond';
import { appendTradeEvents, type TradeEventInput } from './event-log';
import { expireWaitingRecipients } from './expire-recipients';
import { inquiryDetail } from './inquiry-detail';
import { commandTime, type TradeActor } from './trade-actor';

/**
 * A workshop cancels one of its inquiries on the version it read (ADR 023 and 035): the inquiry
 * machine decides, every recipient still waiting expires with it, all in one transaction with
 * the events. A stale version is 409 `inquiryChanged` with the current inquiry; another
 * workshop's inquiry is 404. Returns the inquiry's id; the route answers with `inquiryDetail` (ADR 035).
 */
export async function cancelInquiry(
  db: Database,
  actor: TradeActor,
  inquiryId: number,
  { version }: v.InferOutput<typeof versionOnlySchema>,
) {
  const scope = { inquiryId, workshopOrganisationId: actor.organisationId };
  const now = commandTime(actor);
  return db.transaction(async (tx) => {
    const inquiryChanged = async (): Promise<never> => {
      const current = await inquiryDetail(tx, scope);
      if (!current) throw new ApiRefusal(404, 'notFound');
      throw conflictWithCurrent('inquiryChanged', current);
    };
    // The row lock serialises this with dealers' answers and the closing sweeper.
    const [inquiry] = await tx
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.id, inquiryId), eq(inquiries.workshopOrganisationId, actor.organisationId)))
      .for('update');
    if (!inquiry) throw new ApiRefusal(404, 'notFound');
    if (inquiry.version !== version) return inquiryChanged();
    const next = lifecycleStep(inquiryLifecycleMachine, inquiry.status, { type: 'inquiry.cancel' });
    if (next === null) throw new ApiRefusal(409, 'actionNotAllowed');
    const [updated] = await tx
      .update(inquiries)
      .set({ status: next as typeof inquiry.status, version: sql`${inquiries.version} + 1`, updatedAt: now })
      .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.version, version), eq(inquiries.status, inquiry.status)))
      .returning({ id: inquiries.id });
    if (!updated) return inquiryChanged();
    const expiry = await expireWaitingRecipients(tx, inquiry, actor.userId);
    const events: TradeEventInput[] = [
      {
        kind: 'inquiry.cancelled',
        inquiryId: inquiry.id,
        entity: 'inquiry',
        entityId: inquiry.id,
        before: inquiry.status,
        after: next,
        actorUserId: actor.userId,
        workshopOrganisationId: actor.organisationId,
        dealerOrganisationIds: expiry.recipients.map((recipient) => recipient.dealerOrganisationId),
      },
      ...expiry.events,
    ];
    await appendTradeEvents(tx, events, now);
    return { inquiryId: inquiry.id };
  });
}
