import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { ADMIN_PAGE_SIZE } from '../../../common/contracts/admin-users';
import {
  type CustomerDecision,
  customerAcceptSchema,
  customerDeclineSchema,
  customerListQuerySchema,
  type DealerCustomer,
  STATUS_AFTER_CUSTOMER_DECISION,
} from '../../../common/contracts/customers';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import type { Database, Transaction } from '../../db/database';
import { partDealers, supplierRelations, users, workshops } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';

type Reader = Pick<Database, 'select'> | Pick<Transaction, 'select'>;

/** `%` and `_` typed by the dealer are literal characters, not wildcards. */
function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The part_dealers rows of a dealer organisation (one today), as a subquery every statement is scoped by. */
function dealerIdsOf(reader: Reader, organisationId: number) {
  return reader.select({ id: partDealers.id }).from(partDealers).where(eq(partDealers.organisationId, organisationId));
}

/** The relations of this dealer organisation, with the workshop and its owner (who the dealer knows). */
function customerRows(reader: Reader, organisationId: number, where?: SQL) {
  return reader
    .select({
      relation: supplierRelations,
      workshopName: workshops.name,
      owner: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        contactNumber: users.contactNumber,
        locale: users.locale,
      },
    })
    .from(supplierRelations)
    .innerJoin(workshops, eq(workshops.id, supplierRelations.workshopId))
    .innerJoin(users, eq(users.id, workshops.ownerUserId))
    .where(and(inArray(supplierRelations.partDealerId, dealerIdsOf(reader, organisationId)), where));
}

/** The decline's required reason (400 without it, nothing changed); an accept takes none. */
async function decisionReason(c: Context, decision: CustomerDecision) {
  if (decision === 'decline') return (await parseJsonBody(c, customerDeclineSchema)).reason;
  await parseJsonBody(c, customerAcceptSchema);
  return null;
}

type CustomerRow = Awaited<ReturnType<typeof customerRows>>[number];

function toCustomer({ relation, workshopName, owner }: CustomerRow): DealerCustomer {
  return {
    id: relation.id,
    workshop_name: workshopName,
    contact_name: `${owner.firstName} ${owner.lastName}`.trim(),
    contact_email: owner.email,
    contact_number: owner.contactNumber,
    customer_number: relation.customerNumber,
    status: relation.status,
    decline_reason: relation.declineReason,
    requested_at: relation.createdAt.toISOString(),
    decided_at: relation.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The dealer's customers (ADR 022): the workshops that named this dealer with a customer number,
 * and the dealer's decision on each request. Every statement is scoped to the caller's
 * organisation from the session; a relation of another dealer is not found (404).
 */
export function createCustomerRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireDealer = access.requireMember('dealer');

  routes.get('/customers', requireDealer, async (c) => {
    const { page, q, status } = parseQuery(c, customerListQuerySchema);
    const organisationId = c.get('organisation').id;
    const pattern = likePattern(q);
    const where = and(
      status ? eq(supplierRelations.status, status) : undefined,
      q ? or(ilike(workshops.name, pattern), ilike(supplierRelations.customerNumber, pattern)) : undefined,
    );
    const dealerScope = inArray(supplierRelations.partDealerId, dealerIdsOf(db, organisationId));
    const [rows, [counted]] = await Promise.all([
      customerRows(db, organisationId, where)
        // Open requests first (the dealer's to-do), then the newest.
        .orderBy(
          sql`${supplierRelations.status} = 'requested' desc`,
          desc(supplierRelations.createdAt),
          desc(supplierRelations.id),
        )
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE),
      db
        .select({ total: count() })
        .from(supplierRelations)
        .innerJoin(workshops, eq(workshops.id, supplierRelations.workshopId))
        .where(and(dealerScope, where)),
    ]);
    const total = counted?.total ?? 0;
    return ok(c, { items: rows.map(toCustomer), total, page, page_size: ADMIN_PAGE_SIZE });
  });

  routes.post('/customers/:relationId{[0-9]{1,9}}/:decision{accept|decline}', requireDealer, async (c) => {
    const decision = c.req.param('decision') as CustomerDecision;
    // Whatever else the body carries (a status, another dealer, a customer number) is dropped.
    const reason = await decisionReason(c, decision);
    const relationId = Number(c.req.param('relationId'));
    const organisation = c.get('organisation');
    const user = c.get('user');
    const decided = await db.transaction(async (tx) => {
      // Only a request still open is decided, and only by its own dealer: a second accept (or an
      // accept racing a decline) finds no row and changes nothing.
      const [updated] = await tx
        .update(supplierRelations)
        .set({
          status: STATUS_AFTER_CUSTOMER_DECISION[decision],
          declineReason: reason,
          decidedBy: user.id,
          decidedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(supplierRelations.id, relationId),
            eq(supplierRelations.status, 'requested'),
            inArray(supplierRelations.partDealerId, dealerIdsOf(tx, organisation.id)),
          ),
        )
        .returning({ id: supplierRelations.id });
      const [row] = await customerRows(tx, organisation.id, eq(supplierRelations.id, relationId));
      if (!row) throw new ApiRefusal(404, 'notFound');
      if (!updated) throw new ApiRefusal(409, 'relationNotRequested');
      const { owner, relation, workshopName } = row;
      const mailParams = {
        firstName: owner.firstName,
        workshopName,
        dealerName: organisation.name,
        customerNumber: relation.customerNumber,
        suppliersUrl: `${deps.config.publicUrl}/suppliers`,
      };
      await enqueueMail(
        tx,
        decision === 'accept' ? 'relation-accepted' : 'relation-declined',
        owner.email,
        decision === 'accept'
          ? mailTemplates.relationAccepted(owner.locale, mailParams)
          : mailTemplates.relationDeclined(owner.locale, { ...mailParams, reason: reason ?? '' }),
      );
      await audit(tx, {
        actorUserId: user.id,
        action: decision === 'accept' ? 'relation.accepted' : 'relation.declined',
        target: `relation:${relation.id}`,
        ip: clientIp(c),
        details: { workshopId: relation.workshopId, partDealerId: relation.partDealerId },
      });
      return row;
    });
    return ok(c, toCustomer(decided), decision === 'accept' ? 'relationAccepted' : 'relationDeclined');
  });

  return routes;
}
