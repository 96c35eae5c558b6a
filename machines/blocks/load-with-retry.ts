import { assign } from 'xstate';
import { toRequestFailure } from '../request-failure';

/** What a machine that loads keeps of a failed load: the server's message (already translated), or null. */
export type LoadFailureContext = { loadError: string | null };

/**
 * An action typed by the part of a machine it reads (its `loadError` and the event), so that every
 * machine whose context has `loadError` can list it. XState types an `assign` by the whole machine
 * (its `self` is the machine's own actor), which no block shared between machines can name.
 */
type LoadFailureAction = (
  args: { context: LoadFailureContext; event: { type: string; error?: unknown } },
  params: unknown,
) => void;

/** Keeps a failed load's message (the API client's, in the order of docs/product.md §8). */
const rememberLoadFailure = assign<LoadFailureContext, { type: string; error?: unknown }, undefined, never, never>({
  loadError: ({ event }) => toRequestFailure(event.error).message,
}) as unknown as LoadFailureAction;

/** Forgets the message once the failure is left (a retry, or the machine moving on). */
const forgetLoadFailure = assign<LoadFailureContext, { type: string }, undefined, never, never>({
  loadError: null,
}) as unknown as LoadFailureAction;

/**
 * One load with a retry (issue 23 §2, ADR 035): `loading` invokes the machine's own named actor
 * (so `machine.provide({ actors: { [src]: … } })` binds the real fetcher, and a test its fake),
 * a failure goes to `failed` with the server's message in `context.loadError`, and the retry
 * event goes back to `loading`. What a loaded answer means stays with the machine: it spreads
 * `load.invoke` into its `loading` state's `invoke` beside its own `input` and `onDone`, so those
 * are typed by `setup` as before.
 *
 * ```ts
 * const load = loadWithRetry({ src: 'loadOrder', retry: 'order.retry' });
 * states: {
 *   loading: { ...load.loading, invoke: { ...load.invoke, input: …, onDone: { target: 'ready', … } } },
 *   failed: load.failed,
 * }
 * ```
 *
 * A machine with a second way out of a failure (an offline wait) lists `load.failure` last in its
 * own `onError`; one that leaves `failed` on further events adds them beside `load.failed.on`.
 */
export function loadWithRetry<const TSrc extends string, const TRetry extends string>(options: {
  /** The named actor in the machine's `setup({ actors })` that loads; also the invoke's id. */
  src: TSrc;
  /** The event that tries again from `failed`. */
  retry: TRetry;
  /** The state a failure goes to; `failed` unless the machine names it otherwise. */
  failedState?: string;
  /** The loading state the retry re-enters; `loading` unless the machine names it otherwise. */
  loadingState?: string;
}) {
  const failedTarget = options.failedState ?? 'failed';
  const loadingTarget = options.loadingState ?? 'loading';
  const failure = { target: failedTarget, actions: rememberLoadFailure };
  return {
    /** The transition a failed load takes: to `failed`, keeping the server's message. */
    failure,
    /** The `loading` state's own part (spread it, then add `invoke`). */
    loading: { tags: ['busy'] as const },
    /** The invoke's shared part: the named actor and the failure; the machine adds `input` and `onDone`. */
    invoke: { id: options.src, src: options.src, onError: failure },
    /** The `failed` state: the retry loads again; leaving it forgets the message. */
    failed: {
      exit: forgetLoadFailure,
      on: { [options.retry]: loadingTarget } as Record<TRetry, string>,
    },
  };
}
