/**
 * Memoises an async read for `ttlMs`. Concurrent callers share one load; a failed load is not
 * kept, so the next call tries again (e.g. after the database is back).
 */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let cached: { value: Promise<T>; until: number } | null = null;
  return () => {
    const now = Date.now();
    if (cached && cached.until > now) return cached.value;
    const value = load();
    cached = { value, until: now + ttlMs };
    value.catch(() => {
      if (cached?.value === value) cached = null;
    });
    return value;
  };
}
