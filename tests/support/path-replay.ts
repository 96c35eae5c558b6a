import { act } from '@testing-library/react';
import { fromPromise } from 'xstate';

/*
 * The path tests' harness (style.md §11): paths come from `getShortestPaths`/`getSimplePaths` on
 * the real machine, whose invoked actors never run there, so a path names their outcomes as
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events. A replay renders the real view with
 * controlled fake actors and turns each such step into resolving or rejecting the request in flight.
 */

/** One event of a path as the replay reads it; `TExtra` adds what a machine's events carry. */
// biome-ignore lint/complexity/noBannedTypes: the empty default adds nothing to the shared fields.
export type Step<TExtra = {}> = { type: string; output?: unknown; error?: Error; value?: string } & TExtra;

type Settle = { resolve: (value: unknown) => void; reject: (error: unknown) => void };
type PathLike = { steps: readonly { event: unknown }[] };

const ACTOR_OUTCOME = /^xstate\.(done|error)\.actor\.(\w+)$/;

/**
 * Fake actors held in flight until the path says how they end: `controlled(name)` is a
 * `fromPromise` actor that records its input under `calls[name]` (`request(name)` is the same as a
 * plain function, for implementations built from API functions); `settle(step)` resolves it with
 * the step's output (or the `output` given, when the answer depends on what was asked) or rejects
 * it with its error.
 */
export function controlledActors() {
  const inFlight: Record<string, Settle | undefined> = {};
  const calls: Record<string, unknown[]> = {};
  const request =
    <TOutput, TInput = unknown>(name: string) =>
    (input: TInput) => {
      calls[name] = [...(calls[name] ?? []), input];
      return new Promise<TOutput>((resolve, reject) => {
        inFlight[name] = { resolve: resolve as (value: unknown) => void, reject };
      });
    };
  const controlled = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(({ input }) => request<TOutput, TInput>(name)(input));
  /** The step is an invoked actor's outcome (`xstate.done.actor.x`, `xstate.error.actor.x`). */
  const isActorOutcome = (step: Step) => ACTOR_OUTCOME.test(step.type);
  async function settle(step: Step, output: unknown = step.output) {
    const [, outcome, actor] = ACTOR_OUTCOME.exec(step.type) ?? [];
    const pending = inFlight[actor ?? ''];
    if (!pending) throw new Error(`no ${actor} request is in flight`);
    // Answered once: a second outcome needs a second request.
    inFlight[actor ?? ''] = undefined;
    await act(async () => (outcome === 'done' ? pending.resolve(output) : pending.reject(step.error)));
  }
  return { controlled, request, calls, isActorOutcome, settle };
}

/**
 * The state of a versioned-edit child (machines/blocks/versioned-edit.ts) as its path traversal
 * tells states apart: where it is, the values, the problem and the failure shown.
 */
export function versionedEditState(snapshot: {
  value: unknown;
  context: { values: unknown; error: unknown; failure: unknown };
}) {
  return JSON.stringify({
    value: snapshot.value,
    values: snapshot.context.values,
    error: snapshot.context.error,
    failure: snapshot.context.failure,
  });
}

/**
 * A step as a test's name reads it: the failure's message id (or, for a plain error, its message),
 * or the value typed, after the event.
 */
export function stepName(step: Step) {
  const type = step.type.replace('xstate.', '');
  if (step.error) return `${type}=${(step.error as { messageId?: string }).messageId ?? step.error.message}`;
  return step.value !== undefined ? `${type}=${step.value}` : type;
}

/** A step of a form's path: the field and the value typed into it (`password=secret`), else as `stepName`. */
export function fieldStepName(step: Step<{ field?: string }>) {
  return step.field !== undefined ? `${step.field}=${step.value}` : stepName(step);
}

/** A path's name: its steps after the start, or "(start)". */
export function pathName(path: PathLike, name: (step: Step) => string = stepName) {
  return (
    path.steps
      .map((step) => step.event as Step)
      .filter((step) => step.type !== 'xstate.init')
      .map(name)
      .join(' → ') || '(start)'
  );
}

/** The rows of a `test.each` over paths: `[name, path]`. */
export function pathCases<TPath extends PathLike>(paths: readonly TPath[], name?: (step: Step) => string) {
  return paths.map((path) => [pathName(path, name), path] as const);
}

/** Identities of the objects in events that are not plain data (errors, files): compared as the same instance only. */
const instanceIds = new WeakMap<object, number>();
let instancesSeen = 0;
function eventKey(event: unknown) {
  return JSON.stringify(event, (_key, value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const prototype = Object.getPrototypeOf(value);
    if (prototype === Object.prototype || prototype === null) return value;
    if (!instanceIds.has(value)) {
      instancesSeen += 1;
      instanceIds.set(value, instancesSeen);
    }
    return `instance ${instanceIds.get(value)}`;
  });
}

/**
 * The paths a replay needs to render: those that are not the beginning of another path. A replay
 * whose checks all run at its steps (nothing after the last one) checks a path that begins a
 * longer one in the same states, after the same events, on the same screen when it replays the
 * longer one (the machine, the view and the fake actors are deterministic), so rendering it again
 * on its own checks nothing more (issue 23 §5). Events compare by value; an error or a file in an
 * event only as the same object. A test that checks after a path's last step (a count over the
 * whole path, the final screen) must replay every path.
 */
export function withoutPrefixPaths<TPath extends PathLike>(paths: readonly TPath[]): TPath[] {
  const keys = paths.map((path) => path.steps.map((step) => `${eventKey(step.event)}\n`).join(''));
  return paths.filter((_path, index) => {
    const key = keys[index] ?? '';
    return keys.every((other, otherIndex) =>
      otherIndex === index ? true : other === key ? otherIndex > index : !other.startsWith(key),
    );
  });
}
