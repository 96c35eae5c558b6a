import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  normalisePartNumber,
  type quoteAnswerSchema,
  type versionedReasonSchema,
} from '../../common/contracts/trading';
import { portalToday } from '../../common/format/formats';
import { isEtaPast } from '../../common/format/working-days';
import { inquiryLifecycleMachine } from '../../machines/inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from '../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleAllows, lifecycleStep } from '../../machines/lifecycle';
import type { Database, Transaction } from '../db/database';
import { inquiries, inquiryLines, inquiryRecipients, quoteLines } from '../db/schema';
import { ApiRefusal, conflictWithCurrent } from '../http/respond';
import { appendTradeEvents, type TradeEventInput } from './event-log';
import { dealerInquiry } from './inquiry-detail';
import { commandTime, type TradeActor } from './trade-actor';
import { queueTradeMail } from './trade-mail';

/*
 * The dealer's side of an inquiry (issue 13, ADR 023 and 035): marking it seen, answering with a
 * quote, declining. Every command is scoped by `inquiry_recipients.dealer_organisation_id` = the
 * actor's organisation: an inquiry it did not receive is 404, another dealer's quote is never read.
 * Each returns `{ inquiryId }`; the routes answer with `dealerInquiry` read after it (ADR 035).
 */

/** Recipient statuses still waiting for this dealer's answer. */
export const UNANSWERED = ['sent', 'seen'] as const;

type InquiryRow = typeof inquiries.$inferSelect;
type RecipientRow = typeof inquiryRecipients.$inferSelect;
type DealerScope = { inquiryId: number; dealerOrganisationId: number };

const scopeOf = (actor: TradeActor, inquiryId: number): DealerScope => ({
  inquiryId,
  dealerOrganisationId: actor.organisationId,
});

/**
 * The inquiry (locked for the rest of the transaction, which serialises answers, the workshop's
 * cancel and the closing sweeper) and this dealer's recipient row; 404 when it is not one.
 */
async function lockedRecipient(tx: Transaction, scope: DealerScope) {
  const [inquiry] = await tx.select().from(inquiries).where(eq(inquiries.id, scope.inquiryId)).for('update');
  const [recipient] = await tx
    .select()
    .from(inquiryRecipients)
    .where(
      and(
        eq(inquiryRecipients.inquiryId, scope.inquiryId),
        eq(inquiryRecipients.dealerOrganisationId, scope.dealerOrganisationId),
      ),
    );
  if (!inquiry || !recipient) throw new ApiRefusal(404, 'notFound');
  return { inquiry, recipient };
}

/** Whether the inquiry still takes answers: its machine takes `quote.received` and its time has not run out. */
function assertTakesAnswers(inquiry: InquiryRow, now: Date) {
  if (inquiry.closesAt.getTime() <= now.getTime()) throw new ApiRefusal(409, 'inquiryClosed');
  if (!lifecycleAllows(inquiryLifecycleMachine, inquiry.status, { type: 'quote.received' })) {
    throw new ApiRefusal(409, 'inquiryClosed');
  }
}

/** What an answer or a decline sets on the recipient: its next status and version, who and when (the first time kept). */
function answeredBy(recipient: RecipientRow, next: string, actor: TradeActor, now: Date) {
  return {
    status: next as RecipientRow['status'],
    version: sql`${inquiryRecipients.version} + 1`,
    answeredAt: now,
    firstAnsweredAt: recipient.firstAnsweredAt ?? now,
    answeredBy: actor.userId,
    seenAt: recipient.seenAt ?? now,
  };
}

/** A stale version: 409 `answerChanged` with the dealer's current view of the inquiry (ADR 035). */
async function answerChanged(tx: Transaction, scope: DealerScope): Promise<never> {
  const current = await dealerInquiry(tx, scope);
  if (!current) throw new ApiRefusal(404, 'notFound');
  throw conflictWithCurrent('answerChanged', current);
}

/**
 * The events of a dealer's answer or decline; once no recipient is left waiting (and this one
 * was), the workshop also hears that every dealer has answered, live and by mail.
 */
async function appendAnswerEvents(
  tx: Transaction,
  inquiry: InquiryRow,
  recipientBefore: RecipientRow,
  events: TradeEventInput[],
  now: Date,
) {
  const wasWaiting = (UNANSWERED as readonly string[]).includes(recipientBefore.status);
  const [waiting] = await tx
    .select({ total: count() })
    .from(inquiryRecipients)
    .where(and(eq(inquiryRecipients.inquiryId, inquiry.id), inArray(inquiryRecipients.status, [...UNANSWERED])));
  const allAnswered = wasWaiting && (waiting?.total ?? 0) === 0;
  if (allAnswered) {
    events.push({
      kind: 'inquiry.allAnswered',
      inquiryId: inquiry.id,
      entity: 'inquiry',
      entityId: inquiry.id,
      before: null,
      after: null,
      actorUserId: null,
      workshopOrganisationId: inquiry.workshopOrganisationId,
      dealerOrganisationIds: [],
    });
  }
  const rows = await appendTradeEvents(tx, events, now);
  const allAnsweredRow = rows.find((row) => row.kind === 'inquiry.allAnswered');
  if (allAnsweredRow) {
    await queueTradeMail(tx, { organisationId: inquiry.workshopOrganisationId, event: allAnsweredRow });
  }
}

/**
 * Opening an inquiry the first time tells the workshop it was seen; later calls change nothing.
 */
export async function markInquirySeen(db: Database, actor: TradeActor, inquiryId: number) {
  const scope = scopeOf(actor, inquiryId);
  const now = commandTime(actor);
  return db.transaction(async (tx) => {
    const { inquiry, recipient } = await lockedRecipient(tx, scope);
    const next = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, { type: 'recipient.open' });
    if (next !== null) {
      const [updated] = await tx
        .update(inquiryRecipients)
        .set({ status: next as RecipientRow['status'], seenAt: now })
        .where(and(eq(inquiryRecipients.id, recipient.id), eq(inquiryRecipients.status, recipient.status)))
        .returning({ id: inquiryRecipients.id });
      if (updated) {
        await appendTradeEvents(
          tx,
          [
            {
              kind: 'recipient.seen',
              inquiryId: inquiry.id,
              entity: 'recipient',
              entityId: recipient.id,
              before: recipient.status,
              after: next,
              actorUserId: actor.userId,
              workshopOrganisationId: inquiry.workshopOrganisationId,
              dealerOrganisationIds: [recipient.dealerOrganisationId],
            },
          ],
          now,
        );
      }
    }
    return { inquiryId: inquiry.id };
  });
}

/**
 * A dealer's quote (a first answer or a revision) on the version it read: exactly one entry per
 * line of the inquiry, an offer or a declined line. A stale version is 409 `answerChanged` with
 * the current answer; a closed inquiry 409 `inquiryClosed`.
 */
export async function answerInquiry(
  db: Database,
  actor: TradeActor,
  inquiryId: number,
  answer: v.InferOutput<typeof quoteAnswerSchema>,
) {
  const now = commandTime(actor);
  const today = portalToday(now);
  if (answer.valid_until < today) throw new ApiRefusal(400, 'validUntilPast', { field: 'valid_until' });
  // Issue 24 §5: an explicit ETA must not lie in the past when quoting.
  const pastEta = answer.lines.findIndex((line) => line.offered && isEtaPast(line.eta, today));
  if (pastEta >= 0) throw new ApiRefusal(400, 'etaPast', { field: `lines.${pastEta}.eta` });
  const scope = scopeOf(actor, inquiryId);
  return db.transaction(async (tx) => {
    const { inquiry, recipient } = await lockedRecipient(tx, scope);
    if (recipient.version !== answer.version) return answerChanged(tx, scope);
    assertTakesAnswers(inquiry, now);
    const inquiryNext = lifecycleStep(inquiryLifecycleMachine, inquiry.status, { type: 'quote.received' });
    if (inquiryNext === null) throw new ApiRefusal(409, 'inquiryClosed');
    const recipientNext = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, {
      type: 'recipient.answer',
    });
    if (recipientNext === null) throw new ApiRefusal(409, 'actionNotAllowed');
    const lineIds = new Set(
      (await tx.select({ id: inquiryLines.id }).from(inquiryLines).where(eq(inquiryLines.inquiryId, inquiry.id))).map(
        (line) => line.id,
      ),
    );
    const answered = answer.lines.map((line) => line.inquiry_line_id);
    if (answered.length !== lineIds.size || answered.some((id) => !lineIds.has(id))) {
      throw new ApiRefusal(400, 'answerIncomplete', { field: 'lines' });
    }
    const [updated] = await tx
      .update(inquiryRecipients)
      .set({
        ...answeredBy(recipient, recipientNext, actor, now),
        declineReason: null,
        validUntil: answer.valid_until,
        freightCents: answer.freight_cents,
        freeFreightFromCents: answer.free_freight_from_cents,
      })
      .where(and(eq(inquiryRecipients.id, recipient.id), eq(inquiryRecipients.version, answer.version)))
      .returning({ id: inquiryRecipients.id });
    if (!updated) return answerChanged(tx, scope);
    await tx.delete(quoteLines).where(eq(quoteLines.recipientId, recipient.id));
    await tx.insert(quoteLines).values(
      answer.lines.map((line) =>
        line.offered
          ? {
              recipientId: recipient.id,
              inquiryLineId: line.inquiry_line_id,
              offered: true,
              netPriceCents: line.net_price_cents,
              depositCents: line.deposit_cents,
              availability: line.availability,
              eta: line.eta,
              alternativePartNumber: line.alternative_part_number,
              alternativePartNumberNormalised: normalisePartNumber(line.alternative_part_number),
              alternativeBrand: line.alternative_brand,
              fitsVehicle: line.fits_vehicle,
              note: line.note,
            }
          : {
              recipientId: recipient.id,
              inquiryLineId: line.inquiry_line_id,
              offered: false,
              declineReason: line.decline_reason,
            },
      ),
    );
    await tx
      .update(inquiries)
      .set({
        status: inquiryNext as InquiryRow['status'],
        version: sql`${inquiries.version} + 1`,
        updatedAt: now,
      })
      .where(eq(inquiries.id, inquiry.id));
    const offered = answer.lines.filter((line) => line.offered).length;
    const events: TradeEventInput[] = [
      {
        kind: 'recipient.answered',
        inquiryId: inquiry.id,
        entity: 'recipient',
        entityId: recipient.id,
        before: recipient.status,
        after: recipientNext,
        actorUserId: actor.userId,
        details: { offered, declined: answer.lines.length - offered, revised: recipient.status === 'answered' },
        workshopOrganisationId: inquiry.workshopOrganisationId,
        dealerOrganisationIds: [recipient.dealerOrganisationId],
      },
    ];
    if (inquiryNext !== inquiry.status) {
      events.push({
        kind: 'inquiry.quoted',
        inquiryId: inquiry.id,
        entity: 'inquiry',
        entityId: inquiry.id,
        before: inquiry.status,
        after: inquiryNext,
        actorUserId: actor.userId,
        workshopOrganisationId: inquiry.workshopOrganisationId,
        dealerOrganisationIds: [],
      });
    }
    await appendAnswerEvents(tx, inquiry, recipient, events, now);
    return { inquiryId: inquiry.id };
  });
}

/**
 * A dealer declines the whole inquiry (or withdraws its quote) with a reason, on the version it
 * read; a stale version is 409 `answerChanged` with the current answer.
 */
export async function declineInquiry(
  db: Database,
  actor: TradeActor,
  inquiryId: number,
  { version, reason }: v.InferOutput<typeof versionedReasonSchema>,
) {
  const scope = scopeOf(actor, inquiryId);
  const now = commandTime(actor);
  return db.transaction(async (tx) => {
    const { inquiry, recipient } = await lockedRecipient(tx, scope);
    if (recipient.version !== version) return answerChanged(tx, scope);
    assertTakesAnswers(inquiry, now);
    const next = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, { type: 'recipient.decline' });
    if (next === null) throw new ApiRefusal(409, 'actionNotAllowed');
    const [updated] = await tx
      .update(inquiryRecipients)
      .set({
        ...answeredBy(recipient, next, actor, now),
        declineReason: reason,
      })
      .where(and(eq(inquiryRecipients.id, recipient.id), eq(inquiryRecipients.version, version)))
      .returning({ id: inquiryRecipients.id });
    if (!updated) return answerChanged(tx, scope);
    // A withdrawn quote can no longer be ordered from.
    await tx.delete(quoteLines).where(eq(quoteLines.recipientId, recipient.id));
    await tx
      .update(inquiries)
      .set({ version: sql`${inquiries.version} + 1`, updatedAt: now })
      .where(eq(inquiries.id, inquiry.id));
    await appendAnswerEvents(
      tx,
      inquiry,
      recipient,
      [
        {
          kind: 'recipient.declined',
          inquiryId: inquiry.id,
          entity: 'recipient',
          entityId: recipient.id,
          before: recipient.status,
          after: next,
          actorUserId: actor.userId,
          details: { reason },
          workshopOrganisationId: inquiry.workshopOrganisationId,
          dealerOrganisationIds: [recipient.dealerOrganisationId],
        },
      ],
      now,
    );
    return { inquiryId: inquiry.id };
  });
}
