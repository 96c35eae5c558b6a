import { and, eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { fitmentLookupQuerySchema, vehicleTypeKey } from '../../../common/contracts/fitment';
import { inquiryCreateSchema, inquiryListQuerySchema, versionOnlySchema } from '../../../common/contracts/trading';
import { inquiryLifecycleMachine } from '../../../machines/inquiry-lifecycle.machine';
import { inquiryRecipientLifecycleMachine } from '../../../machines/inquiry-recipient-lifecycle.machine';
import { lifecycleStep } from '../../../machines/lifecycle';
import type { ServerDeps } from '../../context';
import { inquiries, inquiryRecipients } from '../../db/schema';
import { ApiRefusal, ok, parseJsonBody, parseQuery, refusalBody } from '../../http/respond';
import { createInquiry } from '../../trade/create-inquiry';
import { appendTradeEvents, type TradeEventInput } from '../../trade/event-log';
import { inquiryDetail } from '../../trade/inquiry-detail';
import { listInquiries } from '../../trade/inquiry-list';
import { learnedFitment } from '../../trade/learned-fitment';
import type { MemberEnv, SessionAccess } from '../auth/session-access';

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
    const created = await createInquiry(db, {
      organisationId: c.get('organisation').id,
      actorUserId: c.get('user').id,
      body,
    });
    return ok(c, created, 'inquirySent');
  });

  routes.get('/inquiries', member, async (c) => {
    const query = parseQuery(c, inquiryListQuerySchema);
    return ok(c, await listInquiries(db, c.get('organisation').id, query));
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
