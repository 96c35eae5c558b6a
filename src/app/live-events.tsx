import { createContext, type ReactNode, useContext } from 'react';
import { type EventObject, fromCallback } from 'xstate';
import type { TradeEvent } from '../../common/contracts/trading';

/** The state of the signed-in user's live connection, as the shell shows it ("offline"). */
export type LiveStatus = 'connecting' | 'online' | 'offline';

/**
 * The signed-in member's stream of trade events (ADR 023: SSE resumed with Last-Event-ID). Screens
 * do not open connections: their machines invoke a callback actor built on `subscribe`, and
 * reload what an event concerns.
 */
export type LiveEventSource = {
  subscribe: (listener: (event: TradeEvent) => void) => () => void;
  /** Called when the stream could not resume (ADR 045): the screen reads its data again. */
  subscribeReload: (listener: () => void) => () => void;
  subscribeStatus: (listener: (status: LiveStatus) => void) => () => void;
  status: () => LiveStatus;
};

/** Where no stream runs (administrators, role `user`, tests that need none): nothing ever arrives. */
export const silentLiveEventSource: LiveEventSource = {
  subscribe: () => () => {},
  subscribeReload: () => () => {},
  subscribeStatus: () => () => {},
  status: () => 'online',
};

const LiveEventsContext = createContext<LiveEventSource>(silentLiveEventSource);

export function LiveEventsProvider({ source, children }: { source: LiveEventSource; children: ReactNode }) {
  return <LiveEventsContext.Provider value={source}>{children}</LiveEventsContext.Provider>;
}

/** The signed-in member's live event source, for a route to build its flow's implementations with. */
export function useLiveEventSource() {
  return useContext(LiveEventsContext);
}

/**
 * The callback actor every trade screen's machine invokes as `liveEvents`: each live trade event
 * is sent to the machine as `trade.event`, and the stream's "reload" (ADR 045) as `trade.reload`,
 * until the machine stops it (then it unsubscribes).
 */
export function tradeEventsActor<TReceived extends EventObject = EventObject>(source: LiveEventSource) {
  return fromCallback<TReceived>(({ sendBack }) => {
    const unsubscribeEvents = source.subscribe((event) => sendBack({ type: 'trade.event', event }));
    const unsubscribeReload = source.subscribeReload(() => sendBack({ type: 'trade.reload' }));
    return () => {
      unsubscribeEvents();
      unsubscribeReload();
    };
  });
}
