import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import { tradeEvents } from '../db/schema';
import {
  type EventReader,
  isReadableBy,
  latestTradeEventId,
  readableBy,
  readTradeEventEntries,
  TRADE_EVENT_CHANNEL,
  type TradeEventEntry,
} from './event-log';

/** Rows read per query while catching up; a stream far behind reads page after page. */
const CATCH_UP_PAGE = 500;

/**
 * One event as it goes on the wire (`id:` = log id, `data:` = the TradeEvent as JSON), encoded
 * once for all streams (500 streams share the same bytes).
 */
export type LiveMessage = { id: number; bytes: Uint8Array };

/** Why the hub ends a stream: the process is shutting down, or the stream could not catch up. */
export type LiveCloseReason = 'shutdown' | 'failed';

/**
 * How a stream starts: `live` (no resume position, or a resume caught up from the log), or
 * `reload` (the resume lay beyond the horizon, or named a position the log does not hold: the
 * client reads its data again over REST and follows from the position given).
 */
export type LiveStart = 'live' | 'reload';

/** How far back a resume may reach before the stream answers "reload" instead of replaying (ADR 045). */
export type LiveHorizon = {
  /** Events readable by the stream's reader after its position. */
  readable: number;
  /**
   * Events in the whole log after its position: bounds the count above (a reader with few events
   * would otherwise have the whole log scanned) and is never shown to the reader.
   */
  global: number;
};

/** How many streams one holder (a session, an API key) and one organisation may keep open in a process (ADR 045). */
export type LiveLimits = { perHolder: number; perOrganisation: number };

/** Who a stream is counted against: its session or key, and its organisation. */
export type LiveHolder = { key: string; organisationId: number };

/** A connected stream as the hub sees it: who reads, and where its messages go. */
export type LiveSubscriber = {
  reader: EventReader;
  /** Called once, before any message: the log id the stream starts after, and how it starts. */
  start: (position: number, how: LiveStart) => void;
  /** Messages in log order, each at most once, all newer than the start position. */
  deliver: (messages: readonly LiveMessage[]) => void;
  close: (reason: LiveCloseReason) => void;
};

type Stream = {
  subscriber: LiveSubscriber;
  /** The newest log id this stream has been brought up to (what a resume "after" would name). */
  lastId: number;
  /** While the stream catches up from the log, live entries wait here (null once it is live). */
  buffered: TradeEventEntry[] | null;
};

const messages = new WeakMap<TradeEventEntry, LiveMessage>();
const encoder = new TextEncoder();

/** The SSE block of an entry, serialised and encoded once however many streams it goes to. */
function messageOf(entry: TradeEventEntry): LiveMessage {
  let message = messages.get(entry);
  if (message === undefined) {
    const text = `id: ${entry.event.id}\ndata: ${JSON.stringify(entry.event)}\n\n`;
    message = { id: entry.event.id, bytes: encoder.encode(text) };
    messages.set(entry, message);
  }
  return message;
}

function decrement<TKey>(counts: Map<TKey, number>, key: TKey) {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * The process's one listener on the trade event channel and the registry of its connected streams
 * (ADR 023, ADR 024). A notification's rows are read once and handed to every stream allowed to
 * read them; notifications are handled one after another, so every stream sees ids in order. A
 * stream that resumes catches up from the log on its own, buffering live events meanwhile; when
 * the listener connection dropped (notifications lost), every stream catches up from its position.
 */
export function createLiveHub(
  database: DatabaseHandle,
  logger: Logger,
  options: { horizon?: LiveHorizon; limits?: LiveLimits } = {},
) {
  const { db } = database;
  const horizon = options.horizon ?? { readable: 500, global: 20_000 };
  const limits = options.limits ?? { perHolder: 6, perOrganisation: 30 };
  const streams = new Set<Stream>();
  const openPerHolder = new Map<string, number>();
  const openPerOrganisation = new Map<number, number>();
  let pendingIds: number[] = [];
  /**
   * The newest id handed out: every id up to it was announced and fanned out (ids commit and are
   * announced in order), so after a listener outage only what lies beyond it can be missing.
   */
  let latestSeen = 0;
  let queue: Promise<void> = Promise.resolve();
  let stopListening: (() => Promise<void>) | null = null;
  let stopped = false;

  /** Runs hub work strictly in order (notifications and listener catch-ups). */
  function enqueue(task: () => Promise<void>) {
    queue = queue.then(task).catch((error: unknown) => {
      logger.warn({ event: 'live.failed', reason: String(error).split('\n')[0] }, 'live event fan-out failed');
    });
  }

  /** Hands entries (in id order) to one stream: only newer than its position and readable by it. */
  function push(stream: Stream, entries: readonly TradeEventEntry[]) {
    if (stream.buffered) {
      stream.buffered.push(...entries);
      return;
    }
    const readable: LiveMessage[] = [];
    for (const entry of entries) {
      if (entry.event.id <= stream.lastId) continue;
      stream.lastId = entry.event.id;
      if (isReadableBy(entry.readers, stream.subscriber.reader)) readable.push(messageOf(entry));
    }
    if (readable.length > 0) stream.subscriber.deliver(readable);
  }

  function fanOut(entries: readonly TradeEventEntry[]) {
    const last = entries.at(-1);
    if (last && last.event.id > latestSeen) latestSeen = last.event.id;
    for (const stream of streams) push(stream, entries);
  }

  async function flushAnnounced() {
    const ids = pendingIds;
    pendingIds = [];
    for (let start = 0; start < ids.length; start += CATCH_UP_PAGE) {
      const slice = ids.slice(start, start + CATCH_UP_PAGE);
      fanOut(await readTradeEventEntries(db, inArray(tradeEvents.id, slice), slice.length));
    }
  }

  function onNotify(payload: string) {
    const ids = payload
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0 || stopped) return;
    const flushScheduled = pendingIds.length > 0;
    pendingIds.push(...ids);
    // Notifications that arrive while a read runs are read together by the next flush.
    if (!flushScheduled) enqueue(flushAnnounced);
  }

  /**
   * The listener was gone for a while: what committed meanwhile was never announced. Everything up
   * to `latestSeen` reached every stream (streams still catching up hold it in their buffer), so
   * the log after it is read once and fanned out; each stream drops what it already has.
   */
  function onReconnect() {
    enqueue(async () => {
      if (streams.size === 0) {
        latestSeen = Math.max(latestSeen, await latestTradeEventId(db));
        return;
      }
      let from = latestSeen;
      for (;;) {
        const page = await readTradeEventEntries(db, gt(tradeEvents.id, from), CATCH_UP_PAGE);
        fanOut(page);
        const last = page.at(-1);
        if (!last || page.length < CATCH_UP_PAGE) break;
        from = last.event.id;
      }
    });
  }

  /**
   * Whether a resume after `position` (with the log's newest id `latest`) lies within the horizon:
   * at most `horizon.readable` events for this reader, counted within at most `horizon.global`
   * ids, so the count is bounded however few of the events the reader may read.
   */
  async function withinHorizon(reader: EventReader, position: number, latest: number) {
    if (latest - position > horizon.global) return false;
    const [row] = await db.select({ count: sql<number>`count(*)` }).from(
      db
        .select({ id: tradeEvents.id })
        .from(tradeEvents)
        .where(and(gt(tradeEvents.id, position), lte(tradeEvents.id, latest), readableBy(reader)))
        .limit(horizon.readable + 1)
        .as('pending'),
    );
    return Number(row?.count ?? 0) <= horizon.readable;
  }

  /** Lets the live entries buffered while the stream caught up through (each stream drops what it has). */
  function goLive(stream: Stream) {
    const buffered = stream.buffered ?? [];
    stream.buffered = null;
    push(stream, buffered);
  }

  /**
   * Brings a new stream up to date, then lets the live entries buffered meanwhile through. A fresh
   * stream starts at the newest id in the log, read after it was registered, so what commits later
   * reaches it and nothing before does. A resume reads the log after its position, unless that is
   * beyond the horizon or ahead of the log (a forged position, a restored database): then it is
   * clamped to the newest id, so it never goes silent, and told to reload.
   */
  async function catchUp(stream: Stream, resume: boolean) {
    try {
      const latest = await latestTradeEventId(db);
      if (!resume) {
        stream.lastId = latest;
        stream.subscriber.start(latest, 'live');
        goLive(stream);
        return;
      }
      // Ahead of the log the client's data may be from before a restore: it reads it again too.
      if (stream.lastId > latest || !(await withinHorizon(stream.subscriber.reader, stream.lastId, latest))) {
        stream.lastId = latest;
        stream.subscriber.start(latest, 'reload');
        goLive(stream);
        return;
      }
      stream.subscriber.start(stream.lastId, 'live');
      for (;;) {
        const page = await readTradeEventEntries(
          db,
          and(gt(tradeEvents.id, stream.lastId), readableBy(stream.subscriber.reader)),
          CATCH_UP_PAGE,
        );
        const buffered = stream.buffered;
        stream.buffered = null;
        push(stream, page);
        stream.buffered = buffered;
        if (page.length < CATCH_UP_PAGE) break;
      }
      goLive(stream);
    } catch (error) {
      logger.warn({ event: 'live.catchUpFailed', reason: String(error).split('\n')[0] }, 'live catch-up failed');
      streams.delete(stream);
      stream.subscriber.close('failed');
    }
  }

  return {
    /** Starts the process's listener. */
    async start() {
      stopListening = await database.listen(TRADE_EVENT_CHANNEL, onNotify, onReconnect);
      latestSeen = Math.max(latestSeen, await latestTradeEventId(db));
    },

    /**
     * Registers a stream. With `after` it first receives what it may read after that id (the
     * resume of a reconnect); without, it starts at the newest event in the log (a fresh page
     * loads its data over REST). Returns how to unregister it.
     */
    add(subscriber: LiveSubscriber, after: number | null) {
      // A stream that opens while the process stops (a kept-alive connection) would hold the stop
      // for the whole grace period, receiving nothing: it is sent on to another process at once.
      if (stopped) {
        subscriber.close('shutdown');
        return { remove: () => undefined };
      }
      const stream: Stream = { subscriber, lastId: after ?? 0, buffered: [] };
      streams.add(stream);
      void catchUp(stream, after !== null);
      return { remove: () => streams.delete(stream) };
    },

    /**
     * Counts a stream about to open against its holder and organisation: the release (call it once,
     * when the stream ends), or null when either already holds as many as it may.
     */
    reserve(holder: LiveHolder) {
      const byHolder = openPerHolder.get(holder.key) ?? 0;
      const byOrganisation = openPerOrganisation.get(holder.organisationId) ?? 0;
      if (byHolder >= limits.perHolder || byOrganisation >= limits.perOrganisation) return null;
      openPerHolder.set(holder.key, byHolder + 1);
      openPerOrganisation.set(holder.organisationId, byOrganisation + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        decrement(openPerHolder, holder.key);
        decrement(openPerOrganisation, holder.organisationId);
      };
    },

    /** Whether stop() has begun: streams that open from then on are sent on at once. */
    isStopped() {
      return stopped;
    },

    /** How many streams are connected to this process. */
    size() {
      return streams.size;
    },

    /** Stops listening and ends every stream (each is told to reconnect, to another process). */
    async stop() {
      stopped = true;
      await stopListening?.();
      stopListening = null;
      for (const stream of streams) stream.subscriber.close('shutdown');
      streams.clear();
      await queue;
    },
  };
}
