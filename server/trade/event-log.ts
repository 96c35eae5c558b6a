import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { TradeEventKind } from '../../common/contracts/trade-events';
import type { TradeEvent } from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import { tradeEvents, users } from '../db/schema';
import { enqueueWebhookDeliveries } from '../webhooks/enqueue';

/** The NOTIFY channel every process listens on for new trade events (payload: the new ids). */
export const TRADE_EVENT_CHANNEL = 'trade_events';

/**
 * The NOTIFY channel that names the organisations (workshop and dealers, comma-separated) whose
 * trade changed in a committed transaction: what keeps figures per organisation forgets them
 * without reading the events first (ADR 049).
 */
export const TRADE_ORGANISATIONS_CHANNEL = 'trade_organisations';

/**
 * The advisory-lock key that serialises appends to the log: ids are taken while it is held and it
 * is released at commit, so ids commit in order and a reader resuming "after id N" misses nothing.
 */
const TRADE_EVENT_LOCK = 0x7472_6164; // "trad"

export type TradeEventEntity = (typeof tradeEvents.$inferInsert)['entity'];

export type TradeEventInput = {
  kind: TradeEventKind;
  inquiryId: number;
  orderId?: number | null;
  entity: TradeEventEntity;
  entityId: number;
  before: string | null;
  after: string | null;
  actorUserId: number | null;
  details?: Record<string, string | number | boolean | null>;
  /** Who may read it: the workshop always, and these dealer organisations (none: the workshop only). */
  workshopOrganisationId: number;
  dealerOrganisationIds: readonly number[];
};

/**
 * Appends events to the log inside the caller's transaction and announces them to every process
 * (pg_notify is delivered at commit, so a rolled-back change is never announced). Call it last in
 * the transaction: the lock it takes is held until commit. The webhook deliveries of the events
 * are queued here too. `at` is the command's time (`commandTime`).
 */
export async function appendTradeEvents(tx: Transaction, events: readonly TradeEventInput[], at = new Date()) {
  if (events.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(${TRADE_EVENT_LOCK})`);
  const rows = await tx
    .insert(tradeEvents)
    .values(
      events.map((event) => ({
        kind: event.kind,
        inquiryId: event.inquiryId,
        orderId: event.orderId ?? null,
        entity: event.entity,
        entityId: event.entityId,
        before: event.before,
        after: event.after,
        actorUserId: event.actorUserId,
        details: event.details ?? {},
        workshopOrganisationId: event.workshopOrganisationId,
        dealerOrganisationIds: [...event.dealerOrganisationIds],
        createdAt: at,
      })),
    )
    .returning();
  // The organisations' webhooks (ADR 041) are queued with the events: committed together or not at all.
  await enqueueWebhookDeliveries(
    tx,
    rows.map((row) => row.id),
  );
  const organisationIds = new Set(
    events.flatMap((event) => [event.workshopOrganisationId, ...event.dealerOrganisationIds]),
  );
  await tx.execute(
    sql`select pg_notify(${TRADE_EVENT_CHANNEL}, ${rows.map((row) => row.id).join(',')}),
      pg_notify(${TRADE_ORGANISATIONS_CHANNEL}, ${[...organisationIds].join(',')})`,
  );
  return rows;
}

export type TradeEventRow = typeof tradeEvents.$inferSelect;

/** The organisation a reader acts for: a workshop reads its own events, a dealer those it is listed on. */
export type EventReader = { kind: 'workshop' | 'dealer'; organisationId: number };

export function readableBy(reader: EventReader): SQL {
  return reader.kind === 'workshop'
    ? eq(tradeEvents.workshopOrganisationId, reader.organisationId)
    : sql`${reader.organisationId} = any(${tradeEvents.dealerOrganisationIds})`;
}

/** Whether an event row may go to this reader (the same rule as `readableBy`, for rows in memory). */
export function isReadableBy(
  row: Pick<TradeEventRow, 'workshopOrganisationId' | 'dealerOrganisationIds'>,
  reader: EventReader,
) {
  return reader.kind === 'workshop'
    ? row.workshopOrganisationId === reader.organisationId
    : row.dealerOrganisationIds.includes(reader.organisationId);
}

const eventColumns = {
  row: tradeEvents,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
};

/** Events with the name of who caused them, in log order. */
export async function readTradeEvents(db: Database | Transaction, where: SQL | undefined, limit = 500) {
  const rows = await db
    .select(eventColumns)
    .from(tradeEvents)
    .leftJoin(users, eq(users.id, tradeEvents.actorUserId))
    .where(where)
    .orderBy(asc(tradeEvents.id))
    .limit(limit);
  return rows.map(({ row, actorFirstName, actorLastName }) =>
    toTradeEvent(row, actorFirstName === null ? '' : `${actorFirstName} ${actorLastName ?? ''}`.trim()),
  );
}

/** Who may read an event row, beside the event as a reader receives it (the live hub filters in memory). */
export type TradeEventEntry = {
  readers: Pick<TradeEventRow, 'workshopOrganisationId' | 'dealerOrganisationIds'>;
  event: TradeEvent;
};

/**
 * Events with their readers, in log order: the live hub reads announced rows (or, after its
 * listener dropped, everything after the oldest position of its streams) once for all streams.
 */
export async function readTradeEventEntries(db: Database, where: SQL | undefined, limit = 500) {
  const rows = await db
    .select(eventColumns)
    .from(tradeEvents)
    .leftJoin(users, eq(users.id, tradeEvents.actorUserId))
    .where(where)
    .orderBy(asc(tradeEvents.id))
    .limit(limit);
  return rows.map(
    ({ row, actorFirstName, actorLastName }): TradeEventEntry => ({
      readers: { workshopOrganisationId: row.workshopOrganisationId, dealerOrganisationIds: row.dealerOrganisationIds },
      event: toTradeEvent(row, actorFirstName === null ? '' : `${actorFirstName} ${actorLastName ?? ''}`.trim()),
    }),
  );
}

/** The newest id in the log (0 when empty): where a stream without a resume position starts. */
export async function latestTradeEventId(db: Database) {
  const [row] = await db.select({ id: sql<number | null>`max(${tradeEvents.id})` }).from(tradeEvents);
  return Number(row?.id ?? 0);
}

/** An order's or inquiry's log as a reader may see it: the timeline of its page. */
export function readTimeline(
  db: Database | Transaction,
  reader: EventReader,
  scope: { orderId?: number; inquiryId?: number },
) {
  const scopeWhere = or(
    scope.orderId !== undefined ? eq(tradeEvents.orderId, scope.orderId) : undefined,
    scope.inquiryId !== undefined ? eq(tradeEvents.inquiryId, scope.inquiryId) : undefined,
  );
  return readTradeEvents(db, and(scopeWhere, readableBy(reader)), 2000);
}

export function toTradeEvent(row: TradeEventRow, actor: string): TradeEvent {
  return {
    id: row.id,
    kind: row.kind,
    inquiry_id: row.inquiryId,
    order_id: row.orderId,
    entity: row.entity,
    entity_id: row.entityId,
    before: row.before,
    after: row.after,
    actor,
    details: row.details,
    at: row.createdAt.toISOString(),
  };
}
