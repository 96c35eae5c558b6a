import { fromCallback } from 'xstate';
import type { LiveEventSource } from '../../app/live-events';

/**
 * The callback actor a trade screen's machine invokes: every live trade event is sent to the
 * machine as `live.event`, until the machine leaves the state (then it unsubscribes).
 */
export function liveEventsActor(source: LiveEventSource) {
  return fromCallback<{ type: 'none' }>(({ sendBack }) =>
    source.subscribe((event) => sendBack({ type: 'live.event', event })),
  );
}
