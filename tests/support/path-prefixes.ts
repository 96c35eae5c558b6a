/* Which of a traversal's paths a replay must walk (ADR 038, eighth pass): shared by the path tests on views (tests/model) and through the API (tests/server). */

/** A path's steps as the replays read them (xstate/graph's paths have them). */
export type PathSteps = { steps: readonly { event: unknown }[] };
type PathLike = PathSteps & { state: { value: unknown } };
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
 * The paths a replay needs to render: those that are not the beginning of another path, and for
 * each state (by its value) that only such a beginning ends in, the first path that ends there.
 *
 * A replay whose checks all run at its steps (nothing after the last one) checks a path that begins
 * a longer one in the same states, after the same events, on the same screen when it replays the
 * longer one (the machine, the view and the fake actors are deterministic), so rendering it again
 * on its own checks nothing more (issue 23 §5). What the longer replay does not do is end there:
 * the test setup unmounts the view after each test (and fails on an error logged), so every state
 * some path ended in is still one a replay ends in.
 *
 * Events compare by value (as JSON, so key order counts: a difference keeps both paths); an error
 * or a file in an event only as the same object. The paths must come from one traversal start (one
 * input, one `fromState`): every path begins with an `xstate.init` step that does not carry the
 * input. A test that checks after a path's last step (a count over the whole path, the final
 * screen) must replay every path.
 */
export function withoutPrefixPaths<TPath extends PathLike>(paths: readonly TPath[]): TPath[] {
  const keys = paths.map((path) => path.steps.map((step) => `${eventKey(step.event)}\n`).join(''));
  const beginsNoOther = (index: number) => {
    const key = keys[index] ?? '';
    return keys.every((other, otherIndex) =>
      otherIndex === index ? true : other === key ? otherIndex > index : !other.startsWith(key),
    );
  };
  const kept = new Set(paths.filter((_path, index) => beginsNoOther(index)));
  const endedIn = new Set([...kept].map((path) => JSON.stringify(path.state.value)));
  return paths.filter((path) => {
    if (kept.has(path)) return true;
    const end = JSON.stringify(path.state.value);
    if (endedIn.has(end)) return false;
    endedIn.add(end);
    return true;
  });
}
