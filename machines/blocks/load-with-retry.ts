import { assign } from 'xstate';
import { toRequestFailure } from '../request-failure';

/**
 * What a machine that loads keeps of a failed load: the server's message (already translated), or
 * null; under `loadError` unless the machine loads two things (a list and a detail) and names the
 * field of each.
 */
export type LoadFailureContext<TKey extends string = 'loadError'> = Record<TKey, string | null>;

/**
 * An action typed by the part of a machine it reads (its error field and the event), so that every
 * machine whose context has that field can list it. XState types an `assign` by the whole machine
 * (its `self` is the machine's own actor), which no block shared between machines can name.
 */
type LoadFailureAction<TKey extends string> = (
  args: { context: LoadFailureContext<TKey>; event: { type: string; error?: unknown } },
  params: unknown,
) => void;

/** Keeps a failed load's message (the API client's, in the order of docs/product.md §8) under `key`. */
function rememberLoadFailure<TKey extends string>(key: TKey) {
  return assign(({ event }: { event: { error?: unknown } }) => ({
    [key]: toRequestFailure(event.error).message,
  })) as unknown as LoadFailureAction<TKey>;
}

/** Forgets the message once the failure is left (a retry, or the machine moving on). */
function forgetLoadFailure<TKey extends string>(key: TKey) {
  return assign(() => ({ [key]: null })) as unknown as LoadFailureAction<TKey>;
}

/**
 * One load with a retry (issue 23 §2, ADR 035). The machine's `loading` state invokes its own
 * named actor (so `machine.provide({ actors: { loadOrder: … } })` binds the real fetcher, and a
 * test its fake) with its own `input` and `onDone`, typed by `setup` as before; the block gives
 * the rest: the `busy` tag, the failure (to `failed`, the server's message in
 * `context.loadError`) and the `failed` state, whose retry event loads again.
 *
 * ```ts
 * const load = loadWithRetry({ retry: 'order.retry' });
 * states: {
 *   loading: {
 *     ...load.loading,
 *     invoke: { id: 'loadOrder', src: 'loadOrder', input: …, onDone: { target: 'ready', … }, onError: load.failure },
 *   },
 *   failed: load.failed,
 * }
 * ```
 *
 * The invoke names its `src` itself: XState picks the type of `onDone`'s event by the literal's
 * own `src`, which a spread would hide. A machine with a second way out of a failure (an offline
 * wait) lists `load.failure` last in its own `onError`; one that leaves `failed` on further events
 * adds them beside `load.failed.on`.
 */
export function loadWithRetry<const TRetry extends string, const TKey extends string = 'loadError'>(options: {
  /** The event that tries again from `failed`. */
  retry: TRetry;
  /** The context field of the failure's message; `loadError` unless the machine loads two things. */
  errorKey?: TKey;
  /** The tag of the loading state; `busy` unless the machine tells two loads apart. */
  busyTag?: string;
  /** The state a failure goes to; `failed` unless the machine names it otherwise. */
  failedState?: string;
  /** The loading state the retry re-enters; `loading` unless the machine names it otherwise. */
  loadingState?: string;
}) {
  const key = (options.errorKey ?? 'loadError') as TKey;
  return {
    /** The `loading` state's own part (spread it, then add the `invoke`). */
    loading: { tags: [options.busyTag ?? 'busy'] },
    /** The transition a failed load takes (the invoke's `onError`): to `failed`, keeping the server's message. */
    failure: { target: options.failedState ?? 'failed', actions: rememberLoadFailure(key) },
    /** The `failed` state: the retry loads again; leaving it forgets the message. */
    failed: {
      exit: forgetLoadFailure(key),
      on: { [options.retry]: options.loadingState ?? 'loading' } as Record<TRetry, string>,
    },
  };
}
