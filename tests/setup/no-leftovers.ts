import { afterAll, beforeAll, vi } from 'vitest';

/**
 * The test files of a worker share its process and module cache (`isolate: false` in
 * vite.config.ts: each server file's import of the whole server took 3–4 s of CPU). So a file
 * must leave nothing running for the next one (issue 23 §5): once its own afterAll hooks have
 * stopped its servers, no listening server, socket, timer or immediate may remain beyond what was
 * there before the file began, and the clock must be the real one again. Whatever still winds
 * down gets five seconds.
 */
const WATCHED = ['TCPServerWrap', 'TCPSocketWrap', 'Timeout', 'Immediate'];

function running() {
  const counts: Record<string, number> = {};
  for (const resource of process.getActiveResourcesInfo()) {
    if (WATCHED.includes(resource)) counts[resource] = (counts[resource] ?? 0) + 1;
  }
  return counts;
}

let before: Record<string, number> = {};
beforeAll(() => {
  before = running();
});

// Registered before the file's own hooks, so it runs after them (after-hooks run in reverse).
afterAll(async () => {
  if (vi.isFakeTimers()) {
    vi.useRealTimers();
    throw new Error('this file left fake timers on for the next file in its worker (vi.useRealTimers())');
  }
  const giveUpAt = Date.now() + 5_000;
  for (;;) {
    const now = running();
    const leftovers = Object.entries(now).filter(([resource, count]) => count > (before[resource] ?? 0));
    if (leftovers.length === 0) return;
    if (Date.now() > giveUpAt) {
      throw new Error(
        `this file left ${leftovers.map(([resource, count]) => `${count - (before[resource] ?? 0)} × ${resource}`).join(', ')} running for the next file in its worker: stop every server, socket and timer it started`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 10_000);
