import * as React from 'react';

/**
 * React 19 in development records an owner stack for every element it creates: an Error with ten
 * frames and a `console.createTask`, so that a warning can say which component created the element.
 * In the path tests that was the largest single cost (issue 23 §5, `--cpu-prof`: 17 of 155 s of
 * `part-dealer-onboarding.paths` in `jsxDEV` alone; two path files alternating, 76–78 s of test time
 * with the stacks, 57–64 s without). React itself stops recording after 10 000 elements between two
 * renders and answers "unknown owner" from then on; the test DOM holds it at that limit.
 * The warnings themselves still come and still fail the test (tests/setup/dom.ts); only the owner
 * stack inside their text is missing. To see it when a warning's origin is unclear, run the tests with
 * TEST_REACT_OWNER_STACKS=1. tests/unit/react-owner-stacks.test.tsx fails if React stops reading
 * the counter.
 */
export const ownerStacksWanted = process.env.TEST_REACT_OWNER_STACKS === '1';

type ReactInternals = { recentlyCreatedOwnerStacks?: number };
const internals = (React as unknown as Record<string, ReactInternals | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (!internals || !('recentlyCreatedOwnerStacks' in internals)) {
  throw new Error('React changed: it has no owner-stack counter to hold (tests/setup/react-owner-stacks.ts)');
}
/** React's own limit (react-jsx-dev-runtime: `1e4 > recentlyCreatedOwnerStacks++`). */
const REACT_OWNER_STACK_LIMIT = 10_000;
if (!ownerStacksWanted) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => REACT_OWNER_STACK_LIMIT,
    // React resets the counter after each render; it stays at the limit.
    set: () => {},
  });
}
