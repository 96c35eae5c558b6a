import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { fitmentLookupQuerySchema, vehicleTypeKey } from '../../../common/contracts/fitment';
import {
  type InquirySummary,
  inquiryCreateSchema,
  inquiryListQuerySchema,
  normalisePartNumber,
  TRADE_PAGE_SIZE,
  versionOnlySchema,
} from '../../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../../machines/inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from '../../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleStep } from '../../../machines/lifecycle';
import type { ServerDeps } from '../../context';
import {
  inquiries,
  inquiryLines,
  inquiryRecipients,
  organisations,
  partDealers,
  supplierRelations,
  workshops,
} from '../../db/schema';
import { ApiRefusal, ok, parseJsonBody, parseQuery, refusalBody } from '../../http/respond';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';
import { appendTradeEvents, type TradeEventInput } from '../../trade/event-log';
import { inquiryCounts, inquiryDetail } from '../../trade/inquiry-detail';
import { learnedFitment } from '../../trade/learned-fitment';
import { vehicleView } from '../../trade/order-summaries';
import { inquiryLineSimilarity, inquiryMatches, searchTerms } from '../../trade/part-search';
import { queueTradeMail } from '../../trade/trade-mail';
import type { MemberEnv, SessionAccess } from '../auth/session-access';

/** Each inquiry mails every recipient dealer's users: a generous ceiling per workshop, not a quota. */
const INQUIRIES_PER_ORGANISATION: RateWindow = { name: 'inquiry-org', limit: 120, windowSeconds: 3600 };

/** Statuses the list's `open` filter stands for: the dealers may still answer. */
const OPEN_INQUIRY_STATUSES = ['sent', 'quoted'] as const;

/**
 * The workshop's inquiries (issue 13, ADR 023), mounted under /svc/workshop: send one inquiry to
 * several active dealers, list and read them, cancel one. The lifecycle machines decide every
 * status change; every change is appended to the trade event log in its transaction. Every
 * statement is scoped to the caller's workshop organisation: another workshop's inquiry is 404.
 */
export function createInquiryRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const member = access.requireMember('workshop');

  const inquiryId = (c: Context<MemberEnv>) => Number(c.req.param('id'));

  routes.post('/inquiries', member, async (c) => {
    const body = await parseJsonBody(c, inquiryCreateSchema);
    const organisation = c.get('organisation');
    const user = c.get('user');
    await enforceRateLimits(db, [[INQUIRIES_PER_ORGANISATION, String(organisation.id)]]);
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
            eq(workshops.organisationId, organisation.id),
            eq(supplierRelations.status, 'active'),
            eq(organisations.kind, 'dealer'),
            isNull(organisations.deactivatedAt),
          ),
        );
      if (recipients.length !== body.recipient_relation_ids.length) {
        throw new ApiRefusal(400, 'recipientNotActive', { field: 'recipient_relation_ids' });
      }
      const [inquiry] = await tx
        .insert(inquiries)
        .values({
          workshopOrganisationId: organisation.id,
          createdBy: user.id,
          status: sentStatus,
          vin: body.vehicle.vin,
          hsn: body.vehicle.hsn,
          tsn: body.vehicle.tsn,
          vehicleDescription: body.vehicle.description,
          closesAt: new Date(Date.now() + body.closes_in_minutes * 60_000),
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
        })),
      );
      const [event] = await appendTradeEvents(tx, [
        {
          kind: 'inquiry.sent',
          inquiryId: inquiry.id,
          entity: 'inquiry',
          entityId: inquiry.id,
          before: 'draft',
          after: sentStatus,
          actorUserId: user.id,
          // Listed to every recipient: nothing about the others (not even how many there are).
          details: { lines: body.lines.length },
          workshopOrganisationId: organisation.id,
          dealerOrganisationIds,
        },
      ]);
      if (!event) throw new Error('event append returned nothing');
      for (const dealerOrganisationId of dealerOrganisationIds) {
        await queueTradeMail(tx, { organisationId: dealerOrganisationId, eventId: event.id, kind: 'inquiry.received' });
      }
      return inquiryDetail(tx, { inquiryId: inquiry.id, workshopOrganisationId: organisation.id });
    });
    return ok(c, created, 'inquirySent');
  });

  routes.get('/inquiries', member, async (c) => {
    const { page, status, q } = parseQuery(c, inquiryListQuerySchema);
    const organisationId = c.get('organisation').id;
    const terms = q ? searchTerms(q) : null;
    const where = and(
      eq(inquiries.workshopOrganisationId, organisationId),
      terms === null ? undefined : inquiryMatches(terms, null),
      status === 'open'
        ? inArray(inquiries.status, [...OPEN_INQUIRY_STATUSES])
        : status
          ? eq(inquiries.status, status)
          : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(inquiries)
        .where(where)
        // Searching a part number: the closest match first.
        .orderBy(
          ...(terms !== null && terms.part !== '' ? [inquiryLineSimilarity(terms)] : []),
          desc(inquiries.createdAt),
          desc(inquiries.id),
        )
        .limit(TRADE_PAGE_SIZE)
        .offset((page - 1) * TRADE_PAGE_SIZE),
      db.select({ total: count() }).from(inquiries).where(where),
    ]);
    const counts = await inquiryCounts(
      db,
      rows.map((inquiry) => inquiry.id),
    );
    const items = rows.map(
      (inquiry): InquirySummary => ({
        id: inquiry.id,
        status: inquiry.status,
        vehicle: vehicleView(inquiry),
        line_count: counts.get(inquiry.id)?.lines ?? 0,
        recipient_count: counts.get(inquiry.id)?.recipients ?? 0,
        answered_count: counts.get(inquiry.id)?.answered ?? 0,
        created_at: inquiry.createdAt.toISOString(),
        closes_at: inquiry.closesAt.toISOString(),
      }),
    );
    return ok(c, { items, total: counted?.total ?? 0, page, page_size: TRADE_PAGE_SIZE });
  });

  /**
   * Learned fitment while a new inquiry is typed (ADR 028): per part number, what earlier orders
   * of every workshop for this vehicle type tell, as counts only.
   */
  routes.get('/fitment', member, async (c) => {
    const query = parseQuery(c, fitmentLookupQuerySchema);
    const facts = await learnedFitment(db, vehicleTypeKey(query), query.parts);
    const items = [...facts].map(([part, fact]) => ({ part_number_normalised: part, ...fact }));
    return ok(c, { items });
  });

  routes.get('/inquiries/:id{[0-9]{1,9}}', member, async (c) => {
    const detail = await inquiryDetail(db, {
      inquiryId: inquiryId(c),
      workshopOrganisationId: c.get('organisation').id,
    });
    if (!detail) throw new ApiRefusal(404, 'notFound');
    return ok(c, detail);
  });

  routes.post('/inquiries/:id{[0-9]{1,9}}/cancel', member, async (c) => {
    const { version } = await parseJsonBody(c, versionOnlySchema);
    const organisation = c.get('organisation');
    const user = c.get('user');
    const scope = { inquiryId: inquiryId(c), workshopOrganisationId: organisation.id };
    const outcome = await db.transaction(async (tx) => {
      // The row lock serialises this with dealers' answers and the closing sweeper.
      const [inquiry] = await tx
        .select()
        .from(inquiries)
        .where(and(eq(inquiries.id, scope.inquiryId), eq(inquiries.workshopOrganisationId, organisation.id)))
        .for('update');
      if (!inquiry) throw new ApiRefusal(404, 'notFound');
      if (inquiry.version !== version) return { stale: true } as const;
      const next = lifecycleStep(inquiryLifecycleMachine, inquiry.status, { type: 'inquiry.cancel' });
      if (next === null) throw new ApiRefusal(409, 'actionNotAllowed');
      const [updated] = await tx
        .update(inquiries)
        .set({ status: next as typeof inquiry.status, version: sql`${inquiries.version} + 1`, updatedAt: new Date() })
        .where(and(eq(inquiries.id, inquiry.id), eq(inquiries.version, version), eq(inquiries.status, inquiry.status)))
        .returning({ id: inquiries.id });
      if (!updated) return { stale: true } as const;
      const recipients = await tx.select().from(inquiryRecipients).where(eq(inquiryRecipients.inquiryId, inquiry.id));
      const events: TradeEventInput[] = [
        {
          kind: 'inquiry.cancelled',
          inquiryId: inquiry.id,
          entity: 'inquiry',
          entityId: inquiry.id,
          before: inquiry.status,
          after: next,
          actorUserId: user.id,
          workshopOrganisationId: organisation.id,
          dealerOrganisationIds: recipients.map((recipient) => recipient.dealerOrganisationId),
        },
      ];
      for (const recipient of recipients) {
        const expired = lifecycleStep(inquiryRecipientLifecycleMachine, recipient.status, { type: 'recipient.expire' });
        if (expired === null) continue;
        await tx
          .update(inquiryRecipients)
          .set({ status: expired as typeof recipient.status, version: sql`${inquiryRecipients.version} + 1` })
          .where(eq(inquiryRecipients.id, recipient.id));
        events.push({
          kind: 'recipient.expired',
          inquiryId: inquiry.id,
          entity: 'recipient',
          entityId: recipient.id,
          before: recipient.status,
          after: expired,
          actorUserId: user.id,
          workshopOrganisationId: organisation.id,
          dealerOrganisationIds: [recipient.dealerOrganisationId],
        });
      }
      await appendTradeEvents(tx, events);
      return { stale: false, detail: await inquiryDetail(tx, scope) } as const;
    });
    if (outcome.stale) {
      const current = await inquiryDetail(db, scope);
      if (!current) throw new ApiRefusal(404, 'notFound');
      return c.json({ ...refusalBody(c, 409, 'inquiryChanged'), data: current }, 409);
    }
    return ok(c, outcome.detail, 'inquiryCancelled');
  });

  return routes;
}
