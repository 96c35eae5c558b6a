import { type EventObject, fromCallback } from 'xstate';
import type { LiveEventSource } from '../../app/live-events';

/** The `liveEvents` actor of the order flows: every trade event of the signed-in member, as `live.event`. */
export function liveEventsActor(source: LiveEventSource) {
  return fromCallback<EventObject>(({ sendBack }) =>
    source.subscribe((event) => sendBack({ type: 'live.event', event })),
  );
}
