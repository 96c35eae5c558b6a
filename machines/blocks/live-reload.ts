import { assign, type EventObject, fromCallback } from 'xstate';

/** What a screen kept current by live events keeps: whether a live event made what it shows old. */
export type LiveReloadContext = { stale: boolean };

/** An action typed by the field it touches (see load-with-retry.ts: no shared block can name a machine's own actor). */
type StaleAction = (args: { context: LiveReloadContext; event: EventObject }, params: unknown) => void;

const markStale = assign(() => ({ stale: true })) as unknown as StaleAction;
const markFresh = assign(() => ({ stale: false })) as unknown as StaleAction;

/** The guard the block's `ready` part names: list it in `setup({ guards: { isStale, … } })`. */
export function isStale({ context }: { context: LiveReloadContext }) {
  return context.stale;
}

/**
 * The live event source of a screen (`{ type: 'trade.event', event }` for every live trade event,
 * `trade.reload` when the stream could not resume), as a stub that throws until the app or a test
 * binds the real one with `machine.provide({ actors: { liveEvents } })`.
 */
export function liveEventsSource(machineName: string) {
  return fromCallback<EventObject>(() => {
    throw new Error(`liveEvents actor not implemented: provide it with ${machineName}.provide()`);
  });
}

/**
 * One record (an order) shown and kept current by the live trade events (issue 23 §2): a live
 * event about it, or a stream that could not resume, marks it stale wherever the machine is; a
 * load under way reads it again at once; `ready` loads again as soon as it is entered stale, so a
 * dialog open meanwhile (a versioned edit) is never pulled from under the person, and the order is
 * read once it closes. `concerns` names the machine's own guard for "this event is about what I
 * show"; the machine lists the guard `isStale` and its live source, the actor `liveEvents`
 * (`liveEventsSource`).
 *
 * ```ts
 * const live = liveReload({ concerns: 'concernsThisOrder' });
 * createMachine({ ...live.root, states: {
 *   loading: { ...load.loading, ...live.loading, invoke: … },
 *   ready: { ...live.ready, on: … },
 * } })
 * ```
 */
export function liveReload<const TGuard extends string>({ concerns }: { concerns: TGuard }) {
  return {
    /** The machine's own part: the live source, and every live event about the record marks it stale. */
    root: {
      invoke: { id: 'liveEvents', src: 'liveEvents' } as const,
      on: {
        'trade.event': { guard: concerns, actions: markStale },
        'trade.reload': { actions: markStale },
      },
    },
    /** The loading state's part: it reads what made the record stale, and starts again on a new event. */
    loading: {
      entry: markFresh,
      on: {
        'trade.event': { guard: concerns, target: 'loading', reenter: true },
        'trade.reload': { target: 'loading', reenter: true },
      },
    },
    /** The ready state's part: entered stale (a dialog closed after a live event), it loads again. */
    ready: {
      always: { guard: 'isStale', target: 'loading' } as const,
    },
  };
}
