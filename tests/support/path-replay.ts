import { act } from '@testing-library/react';
import { fromPromise } from 'xstate';
import type { PathSteps } from './path-prefixes';

export { withoutPrefixPaths } from './path-prefixes';

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
export function pathName(path: PathSteps, name: (step: Step) => string = stepName) {
  return (
    path.steps
      .map((step) => step.event as Step)
      .filter((step) => step.type !== 'xstate.init')
      .map(name)
      .join(' → ') || '(start)'
  );
}

/** The rows of a `test.each` over paths: `[name, path]`. */
export function pathCases<TPath extends PathSteps>(paths: readonly TPath[], name?: (step: Step) => string) {
  return paths.map((path) => [pathName(path, name), path] as const);
}
