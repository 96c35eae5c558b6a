import * as v from 'valibot';
import { type Actor, createActor, fromCallback } from 'xstate';
import { USER_ROLE, type UserRole } from '../../common/contracts/auth';
import { type TradeEvent, tradeEventSchema } from '../../common/contracts/trading';
import {
  type LiveConnectionEvent,
  type LiveConnectionInput,
  liveEventsMachine,
  liveStatusOf,
} from '../../machines/live-events.machine';
import { appConfig } from '../config/app-config';
import { inspectionOptions } from './inspection';
import type { LiveEventSource, LiveStatus } from './live-events';

/** The browser's EventSource constructor, injected (tests pass a fake). */
export type EventSourceConstructor = new (url: string, init?: EventSourceInit) => EventSource;

/** Where the browser says whether it is online (`window` in the app). */
export type NetworkSignals = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: { onLine: boolean };
};

/** The stream of the user's service (ADR 024), or null for roles without one (admins, role `user`). */
export function liveEventsUrl(role: UserRole, services = appConfig.services) {
  if (role === USER_ROLE.workshopUser) return `${services.workshop}/events`;
  if (role === USER_ROLE.dealerUser) return `${services.partDealer}/events`;
  return null;
}

const readySchema = v.object({ last_event_id: v.pipe(v.number(), v.integer(), v.minValue(0)) });

function parsed<TSchema extends v.GenericSchema>(schema: TSchema, data: unknown) {
  try {
    const result = v.safeParse(schema, JSON.parse(String(data)));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/**
 * The connection actor: one EventSource per attempt, resuming with `?after=` (a new EventSource
 * cannot send Last-Event-ID). Its own reconnect is switched off by closing it on the first error;
 * the machine decides when to try again. A message that is not a TradeEvent is skipped.
 */
export function eventSourceConnection(url: string, EventSourceImpl: EventSourceConstructor) {
  return fromCallback<LiveConnectionEvent, LiveConnectionInput>(({ input, sendBack }) => {
    const source = new EventSourceImpl(input.lastEventId === null ? url : `${url}?after=${input.lastEventId}`, {
      withCredentials: true,
    });
    let failed = false;
    source.addEventListener('ready', (message) => {
      const ready = parsed(readySchema, (message as MessageEvent).data);
      if (ready) sendBack({ type: 'connection.ready', lastEventId: ready.last_event_id });
    });
    source.addEventListener('reload', (message) => {
      const reload = parsed(readySchema, (message as MessageEvent).data);
      if (reload) sendBack({ type: 'connection.reload', lastEventId: reload.last_event_id });
    });
    // The server ends the stream for lost access: closed here before the browser's own reconnect.
    source.addEventListener('ended', () => {
      failed = true;
      source.close();
      sendBack({ type: 'connection.ended' });
    });
    source.onmessage = (message) => {
      const event = parsed(tradeEventSchema, message.data);
      if (event) sendBack({ type: 'connection.event', event });
    };
    source.onerror = () => {
      if (failed) return;
      failed = true;
      source.close();
      sendBack({ type: 'connection.error' });
    };
    return () => source.close();
  });
}

/**
 * The signed-in member's `LiveEventSource` (src/app/live-events.tsx), driven by the live events
 * machine. `start()` connects (again after `stop()`, resuming where it stopped); `stop()` closes
 * the connection. Listeners stay registered across restarts. `onAccessEnded` is called when the
 * server ended the stream because its access is gone (the app checks the session).
 */
export function createLiveEventSource(options: {
  url: string;
  EventSource: EventSourceConstructor;
  network?: NetworkSignals;
  onAccessEnded?: () => void;
}) {
  const listeners = new Set<(event: TradeEvent) => void>();
  const reloadListeners = new Set<() => void>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let status: LiveStatus = 'connecting';
  let lastEventId: number | null = null;
  let actor: Actor<typeof liveEventsMachine> | null = null;
  let detach = () => {};

  const machine = liveEventsMachine.provide({
    actors: { connection: eventSourceConnection(options.url, options.EventSource) },
    actions: {
      deliver: (_, { event }) => {
        // A copy: a listener that subscribes again while it handles the event must not be called twice.
        for (const listener of [...listeners]) listener(event);
      },
      reload: () => {
        for (const listener of [...reloadListeners]) listener();
      },
      accessEnded: () => options.onAccessEnded?.(),
    },
  });

  function setStatus(next: LiveStatus) {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeReload(listener) {
      reloadListeners.add(listener);
      return () => reloadListeners.delete(listener);
    },
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => status,
    start() {
      if (actor) return;
      const started = createActor(machine, { input: { lastEventId }, ...inspectionOptions() });
      actor = started;
      const subscription = started.subscribe((snapshot) => {
        lastEventId = snapshot.context.lastEventId;
        setStatus(liveStatusOf(snapshot));
      });
      const offline = () => started.send({ type: 'browser.offline' });
      const online = () => started.send({ type: 'browser.online' });
      const { network } = options;
      network?.addEventListener('offline', offline);
      network?.addEventListener('online', online);
      detach = () => {
        network?.removeEventListener('offline', offline);
        network?.removeEventListener('online', online);
        subscription.unsubscribe();
      };
      started.start();
      if (network && !network.navigator.onLine) started.send({ type: 'browser.offline' });
    },
    stop() {
      if (!actor) return;
      detach();
      actor.stop();
      actor = null;
      setStatus('connecting');
    },
  } satisfies LiveEventSource & { start: () => void; stop: () => void };
}

export type StartableLiveEventSource = ReturnType<typeof createLiveEventSource>;
