import { afterEach, expect, test, vi } from 'vitest';
import { cachedFor } from '../../server/cache';

afterEach(() => void vi.useRealTimers());

test('concurrent and repeated reads within the time share one load; after it, a new load', async () => {
  vi.useFakeTimers();
  let loads = 0;
  const read = cachedFor(60_000, async () => ++loads);
  expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
  vi.advanceTimersByTime(59_000);
  expect(await read()).toBe(1);
  vi.advanceTimersByTime(2_000);
  expect(await read()).toBe(2);
});

test('a failed load is not kept: the next read tries again', async () => {
  let attempt = 0;
  const read = cachedFor(60_000, async () => {
    attempt += 1;
    if (attempt === 1) throw new Error('database down');
    return 'list';
  });
  await expect(read()).rejects.toThrow('database down');
  expect(await read()).toBe('list');
});
