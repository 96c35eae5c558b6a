import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assertFuzzed, FUZZ_SEED, fuzzRunsEnded } from '../support/fuzz';

/**
 * Issue 23 §5: a fuzz property whose test timed out went on sending requests, and the next
 * endpoint's baseline counted its audit rows. A property stops when its test's signal aborts.
 */
describe('the fuzz harness (ADR 038)', () => {
  test('no run starts after the test is aborted, and fuzzRunsEnded waits for the one in flight', async () => {
    const controller = new AbortController();
    let started = 0;
    let finished = 0;
    const assertion = assertFuzzed(
      controller.signal,
      fc.asyncProperty(fc.integer(), async () => {
        started += 1;
        if (started === 3) controller.abort(new Error('test timed out'));
        await Promise.resolve();
        finished += 1;
      }),
      1000,
    );
    // The fourth run's hook refuses to start: fast-check reports it as the failure and stops there.
    await expect(assertion).rejects.toThrow(/Property failed after 4 tests/);
    await fuzzRunsEnded();
    expect({ started, finished }).toEqual({ started: 3, finished: 3 });
  });

  test('the same FUZZ_SEED draws the same values', async () => {
    const drawn: number[][] = [[], []];
    for (const values of drawn) {
      await assertFuzzed(
        new AbortController().signal,
        fc.asyncProperty(fc.integer(), async (value) => {
          values.push(value);
        }),
        20,
      );
    }
    expect(drawn[0]).toEqual(drawn[1]);
    expect(Number.isSafeInteger(FUZZ_SEED)).toBe(true);
  });
});
