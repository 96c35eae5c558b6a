import { assertEvent, assign, fromCallback, type SnapshotFrom, setup } from 'xstate';
import type { TradeEvent } from '../common/contracts/trading';

/** The first wait after a failed connection; it doubles with each further failure. */
export const FIRST_RETRY_MS = 1000;
/** The longest wait between two connection attempts. */
export const MAX_RETRY_MS = 30_000;

/**
 * After the server ended the stream because its access is gone, how long before one more attempt:
 * meanwhile the app checks the session (a 401 sends the person to the login, which ends this
 * machine); only a session that still holds sees a new attempt.
 */
export const ACCESS_RECHECK_MS = 60_000;

/** The wait before the next attempt after `failures` failed ones in a row: 1 s, 2 s, 4 s … 30 s. */
export function retryDelayAfter(failures: number) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

/** What the connection actor is started with: where the stream resumes (null: from now on). */
export type LiveConnectionInput = { lastEventId: number | null };

/** What the connection actor reports. */
export type LiveConnectionEvent =
  | { type: 'connection.ready'; lastEventId: number }
  /** The resume was beyond the horizon or unknown (ADR 045): read everything again, follow from here. */
  | { type: 'connection.reload'; lastEventId: number }
  | { type: 'connection.event'; event: TradeEvent }
  /** The server ended the stream because its access is gone (logout, deactivation, a revoked right). */
  | { type: 'connection.ended' }
  | { type: 'connection.error' };

export type LiveEventsEvent = LiveConnectionEvent | { type: 'browser.offline' } | { type: 'browser.online' };

type LiveEventsContext = {
  /** The newest event id received (or announced by the server as the start): the resume position. */
  lastEventId: number | null;
  /** Failed attempts in a row since the connection was last online. */
  failures: number;
};

/**
 * The signed-in member's live connection (ADR 024, ADR 045). The connection itself (an EventSource
 * in the app) is the invoked callback actor `connection`, started again for every attempt with the
 * position to resume from; events at or below that position are dropped, so a resume never
 * delivers one twice. After a failure (a refusal for too many streams among them) it waits 1 s,
 * 2 s, 4 s … 30 s (reset once online); while the browser reports it is offline, it does not try.
 * When the server says `reload`, every screen is told to read its data again (`reload`) and the
 * position starts over from the one given; so are the screens open when the tab's first stream
 * goes live (they may have loaded before the stream's start position was read). When the server ended the stream for lost access, it
 * does not reconnect but has the app check the session (`accessEnded`).
 */
export const liveEventsMachine = setup({
  types: {
    context: {} as LiveEventsContext,
    events: {} as LiveEventsEvent,
    input: {} as { lastEventId?: number | null },
  },
  actors: {
    connection: fromCallback<LiveConnectionEvent, LiveConnectionInput>(() => {
      throw new Error('connection actor not implemented: provide it with liveEventsMachine.provide()');
    }),
  },
  actions: {
    deliver: (_, _params: { event: TradeEvent }) => {},
    /** Tells every screen that follows live events to read its data again (the app's listeners). */
    reload: () => {},
    /** The stream's access is gone: the app asks the server about the session (a 401 signs out). */
    accessEnded: () => {},
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
  },
  guards: {
    isFirstStart: ({ context }) => context.lastEventId === null,
    isNewEvent: ({ context, event }) => {
      assertEvent(event, 'connection.event');
      return context.lastEventId === null || event.event.id > context.lastEventId;
    },
  },
  delays: {
    retryDelay: ({ context }) => retryDelayAfter(context.failures),
    accessRecheckDelay: ACCESS_RECHECK_MS,
  },
}).createMachine({
  id: 'liveEvents',
  context: ({ input }) => ({ lastEventId: input.lastEventId ?? null, failures: 0 }),
  initial: 'connected',
  on: {
    'browser.offline': { target: '.paused' },
  },
  states: {
    connected: {
      invoke: {
        id: 'connection',
        src: 'connection',
        input: ({ context }) => ({ lastEventId: context.lastEventId }),
        // The connection could not even be opened (no EventSource, a bad URL): treated as a failure.
        onError: {
          target: 'waiting',
          actions: 'countFailure',
        },
      },
      initial: 'connecting',
      states: {
        connecting: {
          tags: ['connecting'],
          on: {
            'connection.ready': [
              {
                // The first stream of this tab starts at the log's newest event, read once it was
                // registered. A screen that loaded before that may have missed an event committed
                // between its read and the registration (the load→stream gap): it reads again.
                guard: 'isFirstStart',
                target: 'online',
                actions: [assign({ lastEventId: ({ event }) => event.lastEventId, failures: 0 }), 'reload'],
              },
              {
                target: 'online',
                actions: assign({
                  lastEventId: ({ context, event }) => context.lastEventId ?? event.lastEventId,
                  failures: 0,
                }),
              },
            ],
          },
        },
        online: { tags: ['live'] },
      },
      on: {
        'connection.reload': {
          // Also backwards: after a database restore the log's newest id may lie below ours.
          actions: [assign({ lastEventId: ({ event }) => event.lastEventId }), 'reload'],
        },
        'connection.ended': { target: 'ended' },
        'connection.event': {
          guard: 'isNewEvent',
          actions: [
            assign({ lastEventId: ({ event }) => event.event.id }),
            { type: 'deliver', params: ({ event }) => ({ event: event.event }) },
          ],
        },
        'connection.error': {
          target: 'waiting',
          actions: 'countFailure',
        },
      },
    },
    waiting: {
      description:
        'The connection failed: the next attempt after the backoff delay, or as soon as the browser is online again.',
      tags: ['offline'],
      after: { retryDelay: { target: 'connected' } },
      on: { 'browser.online': { target: 'connected' } },
    },
    ended: {
      description:
        'The server ended the stream because its access is gone: no reconnecting with a dead session. The app checks the session; if it still holds, one more attempt after a while.',
      tags: ['offline'],
      entry: 'accessEnded',
      after: { accessRecheckDelay: { target: 'connected' } },
    },
    paused: {
      description: 'The browser reports no network: no attempts until it reports one again.',
      tags: ['offline'],
      on: { 'browser.online': { target: 'connected' } },
    },
  },
});

export type LiveEventsSnapshot = SnapshotFrom<typeof liveEventsMachine>;

/**
 * What the shell shows: live, connecting (the first attempt), or offline (waiting, paused, or
 * trying again after a failure: changes appear once the connection is back).
 */
export function liveStatusOf(snapshot: LiveEventsSnapshot): 'online' | 'connecting' | 'offline' {
  if (snapshot.hasTag('live')) return 'online';
  if (snapshot.hasTag('offline') || snapshot.context.failures > 0) return 'offline';
  return 'connecting';
}
