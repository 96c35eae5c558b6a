import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { TradeEvent } from '../../common/contracts/trading';
import {
  ACCESS_RECHECK_MS,
  type LiveConnectionEvent,
  type LiveConnectionInput,
  liveEventsMachine,
  liveStatusOf,
  retryDelayAfter,
} from '../../machines/live-events.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function tradeEvent(id: number): TradeEvent {
  return {
    id,
    kind: 'quote.received',
    inquiry_id: 1,
    order_id: null,
    entity: 'recipient',
    entity_id: 1,
    before: 'sent',
    after: 'answered',
    actor: 'Dora Händler',
    details: {},
    at: '2026-11-25T08:00:00.000Z',
  };
}

/** A fake connection: records each attempt's input and lets the test report as the server would. */
function start(input: { lastEventId?: number | null } = {}) {
  const attempts: LiveConnectionInput[] = [];
  const closed: number[] = [];
  let report: (event: LiveConnectionEvent) => void = () => {
    throw new Error('no connection open');
  };
  const delivered: number[] = [];
  const calls = { reload: 0, accessEnded: 0 };
  const actor = createActor(
    liveEventsMachine.provide({
      actors: {
        connection: fromCallback<LiveConnectionEvent, LiveConnectionInput>(({ input: attempt, sendBack }) => {
          const index = attempts.push(attempt) - 1;
          report = sendBack;
          return () => closed.push(index);
        }),
      },
      actions: {
        deliver: (_, { event }) => void delivered.push(event.id),
        reload: () => {
          calls.reload += 1;
        },
        accessEnded: () => {
          calls.accessEnded += 1;
        },
      },
    }),
    { input },
  );
  actor.start();
  return {
    actor,
    attempts,
    closed,
    delivered,
    calls,
    report: (event: LiveConnectionEvent) => report(event),
    status: () => liveStatusOf(actor.getSnapshot()),
  };
}

test('connects, goes live on ready and hands each new event on', () => {
  const live = start();
  expect(live.status()).toBe('connecting');
  expect(live.attempts).toEqual([{ lastEventId: null }]);
  live.report({ type: 'connection.ready', lastEventId: 41 });
  expect(live.status()).toBe('online');
  live.report({ type: 'connection.event', event: tradeEvent(42) });
  live.report({ type: 'connection.event', event: tradeEvent(43) });
  expect(live.delivered).toEqual([42, 43]);
  expect(live.actor.getSnapshot().context.lastEventId).toBe(43);
});

test('events at or below the last id are dropped (no duplicates after a resume)', () => {
  const live = start({ lastEventId: 10 });
  live.report({ type: 'connection.ready', lastEventId: 10 });
  for (const id of [9, 10, 11, 11, 12, 11]) live.report({ type: 'connection.event', event: tradeEvent(id) });
  expect(live.delivered).toEqual([11, 12]);
});

test('after an error it waits 1 s, 2 s, 4 s … at most 30 s, and reconnects from the last id', () => {
  const live = start();
  live.report({ type: 'connection.ready', lastEventId: 5 });
  live.report({ type: 'connection.event', event: tradeEvent(7) });
  live.report({ type: 'connection.error' });
  expect(live.closed).toEqual([0]);
  expect(live.status()).toBe('offline');

  const expectedWaits = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];
  for (const [failure, wait] of expectedWaits.entries()) {
    vi.advanceTimersByTime(wait - 1);
    expect(live.attempts).toHaveLength(failure + 1);
    vi.advanceTimersByTime(1);
    expect(live.attempts).toHaveLength(failure + 2);
    // Trying again after a failure still counts as offline for the shell.
    expect(live.status()).toBe('offline');
    live.report({ type: 'connection.error' });
  }
  expect(live.attempts.every((attempt, index) => index === 0 || attempt.lastEventId === 7)).toBe(true);
  expect(retryDelayAfter(100)).toBe(30_000);
});

test('the backoff starts over once a connection succeeded', () => {
  const live = start();
  live.report({ type: 'connection.error' });
  vi.advanceTimersByTime(1000);
  live.report({ type: 'connection.error' });
  vi.advanceTimersByTime(2000);
  expect(live.attempts).toHaveLength(3);
  live.report({ type: 'connection.ready', lastEventId: 0 });
  expect(live.status()).toBe('online');
  live.report({ type: 'connection.error' });
  vi.advanceTimersByTime(1000);
  expect(live.attempts).toHaveLength(4);
});

test('the resume position announced by the server is kept when no event came, and passed on reconnect', () => {
  const live = start();
  live.report({ type: 'connection.ready', lastEventId: 120 });
  live.report({ type: 'connection.error' });
  vi.advanceTimersByTime(1000);
  expect(live.attempts.at(-1)).toEqual({ lastEventId: 120 });
  // A later ready (the server echoes the position) does not move it.
  live.report({ type: 'connection.ready', lastEventId: 120 });
  expect(live.actor.getSnapshot().context.lastEventId).toBe(120);
});

test('browser offline pauses (connection closed, no attempts); online resumes at once', () => {
  const live = start();
  live.report({ type: 'connection.ready', lastEventId: 3 });
  live.actor.send({ type: 'browser.offline' });
  expect(live.closed).toEqual([0]);
  expect(live.status()).toBe('offline');
  vi.advanceTimersByTime(120_000);
  expect(live.attempts).toHaveLength(1);
  live.actor.send({ type: 'browser.online' });
  expect(live.attempts).toEqual([{ lastEventId: null }, { lastEventId: 3 }]);
  expect(live.status()).toBe('connecting');
});

test('browser online while waiting tries again without waiting out the backoff', () => {
  const live = start();
  live.report({ type: 'connection.error' });
  vi.advanceTimersByTime(500);
  live.actor.send({ type: 'browser.online' });
  expect(live.attempts).toHaveLength(2);
});

test('a connection that cannot be opened counts as a failure', () => {
  const attempts: number[] = [];
  const actor = createActor(
    liveEventsMachine.provide({
      actors: {
        connection: fromCallback<LiveConnectionEvent, LiveConnectionInput>(() => {
          attempts.push(1);
          throw new Error('no EventSource here');
        }),
      },
    }),
    { input: {} },
  );
  actor.start();
  expect(liveStatusOf(actor.getSnapshot())).toBe('offline');
  vi.advanceTimersByTime(1000);
  expect(attempts).toHaveLength(2);
  actor.stop();
});

test('reload: the screens are told to read again, and the position starts over from the one the server gave (also backwards)', () => {
  const live = start({ lastEventId: 900 });
  live.report({ type: 'connection.reload', lastEventId: 40 });
  live.report({ type: 'connection.ready', lastEventId: 40 });
  expect(live.calls.reload).toBe(1);
  expect(live.status()).toBe('online');
  expect(live.actor.getSnapshot().context.lastEventId).toBe(40);
  // After a restore the log's ids start below what the client had seen: they are delivered.
  live.report({ type: 'connection.event', event: tradeEvent(41) });
  expect(live.delivered).toEqual([41]);
  live.report({ type: 'connection.error' });
  vi.advanceTimersByTime(1000);
  expect(live.attempts.at(-1)).toEqual({ lastEventId: 41 });
});

test('ended for lost access: no reconnecting, the app checks the session once; only a session that holds gets another attempt, much later', () => {
  const live = start();
  live.report({ type: 'connection.ready', lastEventId: 5 });
  live.report({ type: 'connection.ended' });
  expect(live.closed).toEqual([0]);
  expect(live.calls.accessEnded).toBe(1);
  expect(live.status()).toBe('offline');
  vi.advanceTimersByTime(ACCESS_RECHECK_MS - 1);
  expect(live.attempts).toHaveLength(1);
  expect(live.calls.accessEnded).toBe(1);
  vi.advanceTimersByTime(1);
  expect(live.attempts).toHaveLength(2);
  expect(live.attempts.at(-1)).toEqual({ lastEventId: 5 });
});

test('the load→stream gap: when the tab’s first stream goes live the screens read again; a resumed stream does not make them', () => {
  const fresh = start();
  fresh.report({ type: 'connection.ready', lastEventId: 41 });
  expect(fresh.calls.reload).toBe(1);
  fresh.report({ type: 'connection.error' });
  vi.advanceTimersByTime(1000);
  fresh.report({ type: 'connection.ready', lastEventId: 41 });
  expect(fresh.calls.reload).toBe(1);

  const resumed = start({ lastEventId: 10 });
  resumed.report({ type: 'connection.ready', lastEventId: 10 });
  expect(resumed.calls.reload).toBe(0);
});
