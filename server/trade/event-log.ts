import { type AnyColumn, and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TradeEventKind } from '../../common/contracts/trade-events';
import type { TradeEvent } from '../../common/contracts/trading';
import type { Database, Transaction } from '../db/database';
import { tradeEventReaders, tradeEvents, users } from '../db/schema';
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
 * Who may read an event: its workshop and the dealers listed on it. The one audience rule (ADR 045):
 * `appendTradeEvents` gives exactly these organisations a position for the event, and every reader
 * — streams, timelines, API answers, webhooks — reads through those positions.
 */
export function eventAudience(event: Pick<TradeEventInput, 'workshopOrganisationId' | 'dealerOrganisationIds'>) {
  return [...new Set([event.workshopOrganisationId, ...event.dealerOrganisationIds])];
}

/**
 * Gives every reader of the appended events its next positions, in log order (ADR 045). Runs under
 * the log's advisory lock, so the newest position read here is still the newest at the insert and
 * each organisation's positions commit in order: a reader resuming "after position N" misses nothing.
 */
async function assignReaderPositions(
  tx: Transaction,
  appended: readonly { id: number; audience: readonly number[] }[],
) {
  const organisationIds = [...new Set(appended.flatMap((event) => event.audience))];
  // One `max` per organisation, each read from the end of the primary key's index; a `group by`
  // over all of them would read every position the organisations ever had, on every trade write.
  const newest = await tx
    .select({
      organisationId: sql<number>`reader.organisation_id`,
      position: sql<number | null>`(select max(${tradeEventReaders.position}) from ${tradeEventReaders}
        where ${tradeEventReaders.organisationId} = reader.organisation_id)`,
    })
    .from(sql`unnest(${sql.param(organisationIds)}::integer[]) as reader(organisation_id)`);
  const next = new Map(newest.map((row) => [Number(row.organisationId), Number(row.position ?? 0)]));
  const positions = [...appended]
    .sort((a, b) => a.id - b.id)
    .flatMap((event) =>
      event.audience.map((organisationId) => {
        const position = (next.get(organisationId) ?? 0) + 1;
        next.set(organisationId, position);
        return { organisationId, position, eventId: event.id };
      }),
    );
  await tx.insert(tradeEventReaders).values(positions);
}

/**
 * Appends events to the log inside the caller's transaction and announces them to every process
 * (pg_notify is delivered at commit, so a rolled-back change is never announced). Call it last in
 * the transaction: the lock it takes is held until commit. Each reader's positions (ADR 045) and
 * the webhook deliveries of the events are written here too. `at` is the command's time
 * (`commandTime`). The rows returned carry the log ids: internal, never shown to a reader.
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
  await assignReaderPositions(
    tx,
    rows.map((row) => ({ id: row.id, audience: eventAudience(row) })),
  );
  // The organisations' webhooks (ADR 041) are queued with the events: committed together or not at all.
  await enqueueWebhookDeliveries(
    tx,
    rows.map((row) => row.id),
  );
  const organisationIds = new Set(events.flatMap(eventAudience));
  await tx.execute(
    sql`select pg_notify(${TRADE_EVENT_CHANNEL}, ${rows.map((row) => row.id).join(',')}),
      pg_notify(${TRADE_ORGANISATIONS_CHANNEL}, ${[...organisationIds].join(',')})`,
  );
  return rows;
}

export type TradeEventRow = typeof tradeEvents.$inferSelect;

/** The organisation a reader acts for: a workshop reads its own events, a dealer those it is listed on. */
export type EventReader = { kind: 'workshop' | 'dealer'; organisationId: number };

function actorName(firstName: string | null, lastName: string | null) {
  return firstName === null ? '' : `${firstName} ${lastName ?? ''}`.trim();
}

/**
 * The events one organisation may read, in its order, each with its own position as `id`
 * (ADR 045): what its timelines, API answers and stream catch-ups show.
 */
export async function readEventsOf(
  db: Database | Transaction,
  organisationId: number,
  where: SQL | undefined,
  limit = 500,
) {
  const rows = await db
    .select({
      row: tradeEvents,
      position: tradeEventReaders.position,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(tradeEventReaders)
    .innerJoin(tradeEvents, eq(tradeEvents.id, tradeEventReaders.eventId))
    .leftJoin(users, eq(users.id, tradeEvents.actorUserId))
    .where(and(eq(tradeEventReaders.organisationId, organisationId), where))
    .orderBy(asc(tradeEventReaders.position))
    .limit(limit);
  return rows.map(({ row, position, actorFirstName, actorLastName }) =>
    toTradeEvent(row, actorName(actorFirstName, actorLastName), position),
  );
}

/**
 * Joins an event to the position the organisation in `readerOrganisationId` reads it by (ADR 045):
 * what a webhook body, its message id and the endpoint's log show as the event's id.
 */
export function positionReadBy(readerOrganisationId: AnyColumn) {
  return and(eq(tradeEventReaders.eventId, tradeEvents.id), eq(tradeEventReaders.organisationId, readerOrganisationId));
}

/**
 * An event as the live hub holds it for all its streams: the log id (the hub's own order, never
 * sent), each reader's position, and the event without an id (each reader's `id` is its position).
 */
export type TradeEventEntry = {
  logId: number;
  positions: ReadonlyMap<number, number>;
  event: Omit<TradeEvent, 'id'>;
};

/** The event as this organisation reads it (its position as `id`), or null when it may not read it. */
export function entryAsReadBy(entry: TradeEventEntry, organisationId: number): TradeEvent | null {
  const position = entry.positions.get(organisationId);
  return position === undefined ? null : { id: position, ...entry.event };
}

/**
 * Events with every reader's position, in log order: the live hub reads announced rows (or, after
 * its listener dropped, everything after the newest id it had) once for all streams.
 */
export async function readTradeEventEntries(db: Database, where: SQL | undefined, limit = 500) {
  const rows = await db
    .select({ row: tradeEvents, actorFirstName: users.firstName, actorLastName: users.lastName })
    .from(tradeEvents)
    .leftJoin(users, eq(users.id, tradeEvents.actorUserId))
    .where(where)
    .orderBy(asc(tradeEvents.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const readerRows = await db
    .select()
    .from(tradeEventReaders)
    .where(
      inArray(
        tradeEventReaders.eventId,
        rows.map(({ row }) => row.id),
      ),
    );
  const positions = new Map<number, Map<number, number>>();
  for (const reader of readerRows) {
    const ofEvent = positions.get(reader.eventId) ?? new Map<number, number>();
    ofEvent.set(reader.organisationId, reader.position);
    positions.set(reader.eventId, ofEvent);
  }
  return rows.map(({ row, actorFirstName, actorLastName }): TradeEventEntry => {
    const { id: _logId, ...event } = toTradeEvent(row, actorName(actorFirstName, actorLastName), 0);
    return { logId: row.id, positions: positions.get(row.id) ?? new Map(), event };
  });
}

/** The newest id in the log (0 when empty): where the live hub's own bookkeeping starts. */
export async function latestTradeEventId(db: Database) {
  const [row] = await db.select({ id: sql<number | null>`max(${tradeEvents.id})` }).from(tradeEvents);
  return Number(row?.id ?? 0);
}

/** An organisation's newest position (0 before its first event): where its fresh streams start. */
export async function latestPositionOf(db: Database | Transaction, organisationId: number) {
  const [row] = await db
    .select({ position: sql<number | null>`max(${tradeEventReaders.position})` })
    .from(tradeEventReaders)
    .where(eq(tradeEventReaders.organisationId, organisationId));
  return Number(row?.position ?? 0);
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
  return readEventsOf(db, reader.organisationId, scopeWhere, 2000);
}

/** The event as a reader receives it: `id` is that reader's position (ADR 045), never the log id. */
export function toTradeEvent(row: TradeEventRow, actor: string, position: number): TradeEvent {
  return {
    id: position,
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
