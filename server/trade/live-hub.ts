import { gt, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import { tradeEventReaders, tradeEvents } from '../db/schema';
import {
  type EventReader,
  entryAsReadBy,
  latestPositionOf,
  latestTradeEventId,
  readEventsOf,
  readTradeEventEntries,
  TRADE_EVENT_CHANNEL,
  type TradeEventEntry,
} from './event-log';

/** Rows read per query while catching up; a stream far behind reads page after page. */
const CATCH_UP_PAGE = 500;

/**
 * One event as it goes on the wire to one organisation (`id:` = its position, `data:` = the
 * TradeEvent as it reads it), encoded once for all that organisation's streams.
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

/**
 * How far back a resume may reach before the stream answers "reload" instead of replaying (ADR 045):
 * events of the stream's reader after its position. Positions are dense per reader, so this is a
 * subtraction, never a count.
 */
export type LiveHorizon = number;

/** How many streams one holder (a session, an API key) and one organisation may keep open in a process (ADR 045). */
export type LiveLimits = { perHolder: number; perOrganisation: number };

/** Who a stream is counted against: its session or key, and its organisation. */
export type LiveHolder = { key: string; organisationId: number };

/** A connected stream as the hub sees it: who reads, and where its messages go. */
export type LiveSubscriber = {
  reader: EventReader;
  /** Called once, before any message: the reader's position the stream starts after, and how it starts. */
  start: (position: number, how: LiveStart) => void;
  /** Messages in the reader's order, each at most once, all after the start position. */
  deliver: (messages: readonly LiveMessage[]) => void;
  close: (reason: LiveCloseReason) => void;
};

type Stream = {
  subscriber: LiveSubscriber;
  /** The reader's newest position this stream has been brought up to (what a resume "after" would name). */
  lastPosition: number;
  /** While the stream catches up from the log, live entries wait here (null once it is live). */
  buffered: TradeEventEntry[] | null;
};

const messages = new WeakMap<TradeEventEntry, Map<number, LiveMessage>>();
const encoder = new TextEncoder();

/**
 * The SSE block of an entry for one organisation (null when it may not read it), serialised and
 * encoded once however many of that organisation's streams it goes to.
 */
function messageOf(entry: TradeEventEntry, organisationId: number): LiveMessage | null {
  let ofEntry = messages.get(entry);
  if (ofEntry === undefined) {
    ofEntry = new Map();
    messages.set(entry, ofEntry);
  }
  let message = ofEntry.get(organisationId);
  if (message === undefined) {
    const event = entryAsReadBy(entry, organisationId);
    if (event === null) return null;
    message = { id: event.id, bytes: encoder.encode(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`) };
    ofEntry.set(organisationId, message);
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
  const horizon = options.horizon ?? 500;
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

  /**
   * Hands entries (in log order) to one stream: those its reader may read, after its position
   * (a reader's positions follow the log's order, so each stream sees its own in order).
   */
  function push(stream: Stream, entries: readonly TradeEventEntry[]) {
    if (stream.buffered) {
      stream.buffered.push(...entries);
      return;
    }
    const readable: LiveMessage[] = [];
    for (const entry of entries) {
      const message = messageOf(entry, stream.subscriber.reader.organisationId);
      if (message === null || message.id <= stream.lastPosition) continue;
      stream.lastPosition = message.id;
      readable.push(message);
    }
    if (readable.length > 0) stream.subscriber.deliver(readable);
  }

  function fanOut(entries: readonly TradeEventEntry[]) {
    const last = entries.at(-1);
    if (last && last.logId > latestSeen) latestSeen = last.logId;
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
        from = last.logId;
      }
    });
  }

  /** Lets the live entries buffered while the stream caught up through (each stream drops what it has). */
  function goLive(stream: Stream) {
    const buffered = stream.buffered ?? [];
    stream.buffered = null;
    push(stream, buffered);
  }

  /**
   * Brings a new stream up to date, then lets the live entries buffered meanwhile through. A fresh
   * stream starts at its reader's newest position, read after it was registered, so what commits
   * later reaches it and nothing before does. A resume reads the reader's events after its
   * position, unless more than `horizon` of them follow it, or it is ahead of the reader's newest
   * (forged, another organisation's id, a restored database): then it is clamped to the newest,
   * so it never goes silent, and told to reload.
   */
  async function catchUp(stream: Stream, resume: boolean) {
    const { organisationId } = stream.subscriber.reader;
    try {
      const latest = await latestPositionOf(db, organisationId);
      if (!resume) {
        stream.lastPosition = latest;
        stream.subscriber.start(latest, 'live');
        goLive(stream);
        return;
      }
      // Ahead of the log the client's data may be from before a restore: it reads it again too.
      if (stream.lastPosition > latest || latest - stream.lastPosition > horizon) {
        stream.lastPosition = latest;
        stream.subscriber.start(latest, 'reload');
        goLive(stream);
        return;
      }
      stream.subscriber.start(stream.lastPosition, 'live');
      for (;;) {
        const events = await readEventsOf(
          db,
          organisationId,
          gt(tradeEventReaders.position, stream.lastPosition),
          CATCH_UP_PAGE,
        );
        const buffered = stream.buffered;
        stream.buffered = null;
        // As entries of this reader alone (push goes by the reader's position; the log id is not needed).
        push(
          stream,
          events.map(({ id, ...event }) => ({ logId: 0, positions: new Map([[organisationId, id]]), event })),
        );
        stream.buffered = buffered;
        if (events.length < CATCH_UP_PAGE) break;
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
     * Registers a stream. With `after` (a position of its reader) it first receives what it may
     * read after it (the resume of a reconnect); without, it starts at its reader's newest event
     * (a fresh page loads its data over REST). Returns how to unregister it.
     */
    add(subscriber: LiveSubscriber, after: number | null) {
      // A stream that opens while the process stops (a kept-alive connection) would hold the stop
      // for the whole grace period, receiving nothing: it is sent on to another process at once.
      if (stopped) {
        subscriber.close('shutdown');
        return { remove: () => undefined };
      }
      const stream: Stream = { subscriber, lastPosition: after ?? 0, buffered: [] };
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
