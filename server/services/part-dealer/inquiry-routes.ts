import { and, count, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import {
  type DealerInboxItem,
  dealerInboxQuerySchema,
  normalisePartNumber,
  quoteAnswerSchema,
  TRADE_PAGE_SIZE,
  versionedReasonSchema,
} from '../../../common/contracts/trading';
import { portalToday } from '../../../common/format/formats';
import { inquiryLifecycleMachine } from '../../../machines/inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from '../../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleAllows, lifecycleStep } from '../../../machines/lifecycle';
import type { ServerDeps } from '../../context';
import type { Transaction } from '../../db/database';
import { inquiries, inquiryLines, inquiryRecipients, organisations, quoteLines } from '../../db/schema';
import { ApiRefusal, ok, parseJsonBody, parseQuery, refusalBody } from '../../http/respond';
import { appendTradeEvents, type TradeEventInput } from '../../trade/event-log';
import { dealerInquiry, inquiryCounts } from '../../trade/inquiry-detail';
import { vehicleView } from '../../trade/order-summaries';
import { inquiryLineSimilarity, inquiryMatches, likePattern, searchTerms } from '../../trade/part-search';
import { queueTradeMail } from '../../trade/trade-mail';
import type { MemberEnv, SessionAccess } from '../auth/session-access';

/** Recipient statuses still waiting for this dealer's answer. */
const UNANSWERED = ['sent', 'seen'] as const;

type InquiryRow = typeof inquiries.$inferSelect;
type RecipientRow = typeof inquiryRecipients.$inferSelect;

/** A write whose version was stale: the route answers 409 with the current state. */
const STALE = { stale: true } as const;

/**
 * The inquiries a dealer received (issue 13, ADR 023), mounted under /svc/part-dealer: the inbox,
 * one inquiry with this dealer's own answer, marking it seen, answering with a quote, declining.
 * Every statement is scoped by `inquiry_recipients.dealer_organisation_id` = the caller's
 * organisation: an inquiry it did not receive is 404, and another dealer's quote is never read.
 */
export function createDealerInquiryRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember('dealer');

  const scopeOf = (c: Context<MemberEnv>) => ({
    inquiryId: Number(c.req.param('id')),
    dealerOrganisationId: c.get('organisation').id,
  });

  /**
   * The inquiry (locked for the rest of the transaction, which serialises answers, the workshop's
   * cancel and the closing sweeper) and this dealer's recipient row; 404 when it is not one.
   */
  async function lockedRecipient(tx: Transaction, scope: ReturnType<typeof scopeOf>) {
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
  function assertTakesAnswers(inquiry: InquiryRow) {
    if (inquiry.closesAt.getTime() <= Date.now()) throw new ApiRefusal(409, 'inquiryClosed');
    if (!lifecycleAllows(inquiryLifecycleMachine, inquiry.status, { type: 'quote.received' })) {
      throw new ApiRefusal(409, 'inquiryClosed');
    }
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
    const rows = await appendTradeEvents(tx, events);
    const allAnsweredRow = rows.find((row) => row.kind === 'inquiry.allAnswered');
    if (allAnsweredRow) {
      await queueTradeMail(tx, {
        organisationId: inquiry.workshopOrganisationId,
        eventId: allAnsweredRow.id,
        kind: 'inquiry.allAnswered',
      });
    }
  }

  /** Answers a stale write with 409 and the dealer's current view of the inquiry. */
  async function staleAnswer(c: Context<MemberEnv>, scope: ReturnType<typeof scopeOf>) {
    const current = await dealerInquiry(db, scope);
    if (!current) throw new ApiRefusal(404, 'notFound');
    return c.json({ ...refusalBody(c, 409, 'answerChanged'), data: current }, 409);
  }

  routes.get('/inquiries', member, async (c) => {
    const { page, status, q } = parseQuery(c, dealerInboxQuerySchema);
    const organisationId = c.get('organisation').id;
    const terms = q ? searchTerms(q) : null;
    const where = and(
      eq(inquiryRecipients.dealerOrganisationId, organisationId),
      // A part number, description or vehicle of the inquiry, or the workshop's name.
      terms === null
        ? undefined
        : or(inquiryMatches(terms, organisationId), ilike(organisations.name, likePattern(terms.text))),
      status === 'open'
        ? and(
            inArray(inquiryRecipients.status, [...UNANSWERED]),
            inArray(inquiries.status, ['sent', 'quoted']),
            // Past its closing time it takes no answer, even before the sweeper closed it.
            gt(inquiries.closesAt, new Date()),
          )
        : status
          ? eq(inquiryRecipients.status, status)
          : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          recipient: inquiryRecipients,
          inquiry: inquiries,
          workshopName: organisations.name,
        })
        .from(inquiryRecipients)
        .innerJoin(inquiries, eq(inquiries.id, inquiryRecipients.inquiryId))
        .innerJoin(organisations, eq(organisations.id, inquiries.workshopOrganisationId))
        .where(where)
        // The recipient row is created with its inquiry: its own time walks the dealer's index.
        // Searching a part number: the closest match first.
        .orderBy(
          ...(terms !== null && terms.part !== '' ? [inquiryLineSimilarity(terms)] : []),
          desc(inquiryRecipients.createdAt),
          desc(inquiryRecipients.id),
        )
        .limit(TRADE_PAGE_SIZE)
        .offset((page - 1) * TRADE_PAGE_SIZE),
      // Only the open filter and a search read the inquiry; other counts stay on the dealer's own index.
      status === 'open' || terms !== null
        ? db
            .select({ total: count() })
            .from(inquiryRecipients)
            .innerJoin(inquiries, eq(inquiries.id, inquiryRecipients.inquiryId))
            .innerJoin(organisations, eq(organisations.id, inquiries.workshopOrganisationId))
            .where(where)
        : db.select({ total: count() }).from(inquiryRecipients).where(where),
    ]);
    const counts = await inquiryCounts(
      db,
      rows.map((row) => row.inquiry.id),
    );
    const items = rows.map(
      ({ recipient, inquiry, workshopName }): DealerInboxItem => ({
        id: inquiry.id,
        workshop_name: workshopName,
        customer_number: recipient.customerNumber,
        vehicle: vehicleView(inquiry),
        line_count: counts.get(inquiry.id)?.lines ?? 0,
        status: recipient.status,
        inquiry_status: inquiry.status,
        created_at: inquiry.createdAt.toISOString(),
        closes_at: inquiry.closesAt.toISOString(),
      }),
    );
    return ok(c, { items, total: counted?.total ?? 0, page, page_size: TRADE_PAGE_SIZE });
  });

  routes.get('/inquiries/:id{[0-9]{1,9}}', member, async (c) => {
    const found = await dealerInquiry(db, scopeOf(c));
    if (!found) throw new ApiRefusal(404, 'notFound');
    return ok(c, found);
  });

  // Opening an inquiry the first time tells the workshop it was seen; later calls change nothing.
  routes.post('/inquiries/:id{[0-9]{1,9}}/seen', member, async (c) => {
    const scope = scopeOf(c);
    const user = c.get('user');
    const seen = await db.transaction(async (tx) => {
      const { inquiry, recipient } = await lockedRecipient(tx, scope);
      const next = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, { type: 'recipient.open' });
      if (next !== null) {
        const [updated] = await tx
          .update(inquiryRecipients)
          .set({ status: next as RecipientRow['status'], seenAt: new Date() })
          .where(and(eq(inquiryRecipients.id, recipient.id), eq(inquiryRecipients.status, recipient.status)))
          .returning({ id: inquiryRecipients.id });
        if (updated) {
          await appendTradeEvents(tx, [
            {
              kind: 'recipient.seen',
              inquiryId: inquiry.id,
              entity: 'recipient',
              entityId: recipient.id,
              before: recipient.status,
              after: next,
              actorUserId: user.id,
              workshopOrganisationId: inquiry.workshopOrganisationId,
              dealerOrganisationIds: [recipient.dealerOrganisationId],
            },
          ]);
        }
      }
      return dealerInquiry(tx, scope);
    });
    return ok(c, seen);
  });

  routes.put('/inquiries/:id{[0-9]{1,9}}/answer', member, async (c) => {
    const answer = await parseJsonBody(c, quoteAnswerSchema);
    if (answer.valid_until < portalToday()) throw new ApiRefusal(400, 'validUntilPast', { field: 'valid_until' });
    const scope = scopeOf(c);
    const user = c.get('user');
    const outcome = await db.transaction(async (tx) => {
      const { inquiry, recipient } = await lockedRecipient(tx, scope);
      if (recipient.version !== answer.version) return STALE;
      assertTakesAnswers(inquiry);
      const inquiryNext = lifecycleStep(inquiryLifecycleMachine, inquiry.status, { type: 'quote.received' });
      if (inquiryNext === null) throw new ApiRefusal(409, 'inquiryClosed');
      const recipientNext = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, {
        type: 'recipient.answer',
      });
      if (recipientNext === null) throw new ApiRefusal(409, 'actionNotAllowed');
      // Exactly one entry per line of this inquiry: an offer or a declined line, nothing else.
      const lineIds = new Set(
        (await tx.select({ id: inquiryLines.id }).from(inquiryLines).where(eq(inquiryLines.inquiryId, inquiry.id))).map(
          (line) => line.id,
        ),
      );
      const answered = answer.lines.map((line) => line.inquiry_line_id);
      if (answered.length !== lineIds.size || answered.some((id) => !lineIds.has(id))) {
        throw new ApiRefusal(400, 'answerIncomplete', { field: 'lines' });
      }
      const now = new Date();
      const [updated] = await tx
        .update(inquiryRecipients)
        .set({
          status: recipientNext as RecipientRow['status'],
          version: sql`${inquiryRecipients.version} + 1`,
          answeredAt: now,
          firstAnsweredAt: recipient.firstAnsweredAt ?? now,
          answeredBy: user.id,
          declineReason: null,
          validUntil: answer.valid_until,
          freightCents: answer.freight_cents,
          freeFreightFromCents: answer.free_freight_from_cents,
          seenAt: recipient.seenAt ?? now,
        })
        .where(and(eq(inquiryRecipients.id, recipient.id), eq(inquiryRecipients.version, answer.version)))
        .returning({ id: inquiryRecipients.id });
      if (!updated) return STALE;
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
          actorUserId: user.id,
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
          actorUserId: user.id,
          workshopOrganisationId: inquiry.workshopOrganisationId,
          dealerOrganisationIds: [],
        });
      }
      await appendAnswerEvents(tx, inquiry, recipient, events);
      return { stale: false, inquiry: await dealerInquiry(tx, scope) } as const;
    });
    if (outcome.stale) return staleAnswer(c, scope);
    return ok(c, outcome.inquiry, 'answerSaved');
  });

  routes.post('/inquiries/:id{[0-9]{1,9}}/decline', member, async (c) => {
    const { version, reason } = await parseJsonBody(c, versionedReasonSchema);
    const scope = scopeOf(c);
    const user = c.get('user');
    const outcome = await db.transaction(async (tx) => {
      const { inquiry, recipient } = await lockedRecipient(tx, scope);
      if (recipient.version !== version) return STALE;
      assertTakesAnswers(inquiry);
      const next = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, { type: 'recipient.decline' });
      if (next === null) throw new ApiRefusal(409, 'actionNotAllowed');
      const now = new Date();
      const [updated] = await tx
        .update(inquiryRecipients)
        .set({
          status: next as RecipientRow['status'],
          version: sql`${inquiryRecipients.version} + 1`,
          answeredAt: now,
          firstAnsweredAt: recipient.firstAnsweredAt ?? now,
          answeredBy: user.id,
          declineReason: reason,
          seenAt: recipient.seenAt ?? now,
        })
        .where(and(eq(inquiryRecipients.id, recipient.id), eq(inquiryRecipients.version, version)))
        .returning({ id: inquiryRecipients.id });
      if (!updated) return STALE;
      // A withdrawn quote can no longer be ordered from.
      await tx.delete(quoteLines).where(eq(quoteLines.recipientId, recipient.id));
      await tx
        .update(inquiries)
        .set({ version: sql`${inquiries.version} + 1`, updatedAt: now })
        .where(eq(inquiries.id, inquiry.id));
      await appendAnswerEvents(tx, inquiry, recipient, [
        {
          kind: 'recipient.declined',
          inquiryId: inquiry.id,
          entity: 'recipient',
          entityId: recipient.id,
          before: recipient.status,
          after: next,
          actorUserId: user.id,
          details: { reason },
          workshopOrganisationId: inquiry.workshopOrganisationId,
          dealerOrganisationIds: [recipient.dealerOrganisationId],
        },
      ]);
      return { stale: false, inquiry: await dealerInquiry(tx, scope) } as const;
    });
    if (outcome.stale) return staleAnswer(c, scope);
    return ok(c, outcome.inquiry, 'inquiryDeclined');
  });

  return routes;
}
