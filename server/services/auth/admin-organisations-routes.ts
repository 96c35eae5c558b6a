import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { ADMIN_PAGE_SIZE } from '../../../common/contracts/admin-users';
import { insurerCreateSchema } from '../../../common/contracts/claims';
import {
  type AdminOrganisation,
  emptyBodySchema,
  type OrganisationDetail,
  type OrganisationRelation,
  organisationInviteSchema,
  organisationListQuerySchema,
} from '../../../common/contracts/organisations';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import type { Database, Transaction } from '../../db/database';
import { organisations, partDealers, sessions, supplierRelations, users, workshops } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, ok, parseJsonBody, parseQuery } from '../../http/respond';
import type { SessionAccess } from '../../http/session-access';
import { requestLocale } from '../../i18n';
import { inviteIntoOrganisation } from './user-invitations';

type OrganisationRow = typeof organisations.$inferSelect;

function toAdminOrganisation(row: OrganisationRow, memberCount: number): AdminOrganisation {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    status: row.deactivatedAt ? 'deactivated' : 'active',
    member_count: memberCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

async function memberCounts(db: Pick<Database, 'select'>, organisationIds: number[]) {
  if (organisationIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ organisationId: users.organisationId, members: count() })
    .from(users)
    .where(inArray(users.organisationId, organisationIds))
    .groupBy(users.organisationId);
  return new Map(rows.map((row) => [row.organisationId ?? 0, row.members]));
}

async function organisationOr404(db: Pick<Database, 'select'>, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  if (!row) throw new ApiRefusal(404, 'notFound');
  return row;
}

/** A workshop's dealers, or a dealer's workshops, with the workshop's customer number there. */
async function relationsOf(
  db: Pick<Database, 'select'>,
  organisation: OrganisationRow,
): Promise<OrganisationRelation[]> {
  if (organisation.kind !== 'workshop' && organisation.kind !== 'dealer') return [];
  // The same relation rows seen from either end: the organisation's own side filters, the other names.
  const [own, other] =
    organisation.kind === 'workshop'
      ? [workshops.organisationId, { organisationId: partDealers.organisationId, name: partDealers.name }]
      : [partDealers.organisationId, { organisationId: workshops.organisationId, name: workshops.name }];
  return db
    .select({
      id: supplierRelations.id,
      organisation_id: other.organisationId,
      name: other.name,
      customer_number: supplierRelations.customerNumber,
      status: supplierRelations.status,
    })
    .from(supplierRelations)
    .innerJoin(workshops, eq(workshops.id, supplierRelations.workshopId))
    .innerJoin(partDealers, eq(partDealers.id, supplierRelations.partDealerId))
    .where(eq(own, organisation.id))
    .orderBy(asc(other.name), asc(supplierRelations.id));
}

/** Ends every session of the organisation's members: deactivation takes effect at once. */
async function endMemberSessions(tx: Transaction, organisationId: number) {
  const members = tx.select({ id: users.id }).from(users).where(eq(users.organisationId, organisationId));
  await tx.delete(sessions).where(inArray(sessions.userId, members));
}

/**
 * The system administrator's organisations (ADR 022, /users/organisations): workshops, dealers and
 * insurers with their members and relations, read-only, and three actions: deactivate (members
 * lose access with their next request), reactivate, and invite a person as a member.
 */
export function createAdminOrganisationsRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const { requireAdmin } = access;
  const routes = new Hono();

  routes.get('/organisations', requireAdmin, async (c) => {
    const { page, search, kind, status } = parseQuery(c, organisationListQuerySchema);
    const conditions: (SQL | undefined)[] = [
      kind ? eq(organisations.kind, kind) : undefined,
      status === 'active' ? isNull(organisations.deactivatedAt) : undefined,
      status === 'deactivated' ? isNotNull(organisations.deactivatedAt) : undefined,
      search ? ilike(organisations.name, likePattern(search)) : undefined,
    ];
    const where = and(...conditions);
    const total = await db.$count(organisations, where);
    const rows = await db
      .select()
      .from(organisations)
      .where(where)
      .orderBy(asc(organisations.name), asc(organisations.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE);
    const counts = await memberCounts(
      db,
      rows.map((row) => row.id),
    );
    return ok(c, {
      items: rows.map((row) => toAdminOrganisation(row, counts.get(row.id) ?? 0)),
      total,
      page,
      page_size: ADMIN_PAGE_SIZE,
    });
  });

  // Insurers have no registration flow of their own (ADR 030): an administrator creates them, then invites.
  routes.post('/organisations', requireAdmin, async (c) => {
    const { name } = await parseJsonBody(c, insurerCreateSchema);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(organisations).values({ kind: 'insurer', name }).returning();
      if (!row) throw new Error('organisation insert returned nothing');
      await audit(tx, {
        actorUserId: c.get('user').id,
        action: 'organisation.created',
        target: `organisation:${row.id}`,
        ip: clientIp(c),
        details: { kind: row.kind },
      });
      return toAdminOrganisation(row, 0);
    });
    return ok(c, created, 'insurerCreated');
  });

  routes.get('/organisations/:id{[0-9]{1,9}}', requireAdmin, async (c) => {
    const organisation = await organisationOr404(db, Number(c.req.param('id')));
    const members = await db
      .select({
        id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        role: users.role,
        status: users.status,
      })
      .from(users)
      .where(eq(users.organisationId, organisation.id))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    const detail: OrganisationDetail = {
      organisation: toAdminOrganisation(organisation, members.length),
      members,
      relations: await relationsOf(db, organisation),
    };
    return ok(c, detail);
  });

  routes.post('/organisations/:id{[0-9]{1,9}}/:change{deactivate|reactivate}', requireAdmin, async (c) => {
    await parseJsonBody(c, emptyBodySchema);
    const organisationId = Number(c.req.param('id'));
    const deactivate = c.req.param('change') === 'deactivate';
    const changed = await db.transaction(async (tx) => {
      await organisationOr404(tx, organisationId);
      // Conditional, so two administrators deciding at once change it once.
      const [after] = await tx
        .update(organisations)
        .set({ deactivatedAt: deactivate ? new Date() : null })
        .where(
          and(
            eq(organisations.id, organisationId),
            deactivate ? isNull(organisations.deactivatedAt) : isNotNull(organisations.deactivatedAt),
          ),
        )
        .returning();
      if (!after)
        throw new ApiRefusal(409, deactivate ? 'organisationAlreadyDeactivated' : 'organisationAlreadyActive');
      if (deactivate) await endMemberSessions(tx, organisationId);
      await audit(tx, {
        actorUserId: c.get('user').id,
        action: deactivate ? 'organisation.deactivated' : 'organisation.reactivated',
        target: `organisation:${organisationId}`,
        ip: clientIp(c),
      });
      const [members] = await tx.select({ n: count() }).from(users).where(eq(users.organisationId, organisationId));
      return toAdminOrganisation(after, members?.n ?? 0);
    });
    return ok(c, changed, deactivate ? 'organisationDeactivatedDone' : 'organisationReactivated');
  });

  routes.post('/organisations/:id{[0-9]{1,9}}/invite', requireAdmin, async (c) => {
    const invite = await parseJsonBody(c, organisationInviteSchema);
    const organisationId = Number(c.req.param('id'));
    const locale = requestLocale(c);
    await db.transaction(async (tx) => {
      const organisation = await organisationOr404(tx, organisationId);
      if (organisation.deactivatedAt) throw new ApiRefusal(409, 'organisationDeactivated');
      await inviteIntoOrganisation(tx, deps.config, organisation, invite, locale, {
        actorUserId: c.get('user').id,
        action: 'organisation.user_invited',
        ip: clientIp(c),
        details: { email: invite.email },
      });
    });
    return ok(c, { email: invite.email }, 'userInvited');
  });

  return routes;
}
