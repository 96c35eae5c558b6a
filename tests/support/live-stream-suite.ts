import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type EventStream, openEventStream } from './sse-client';
import type { ReachableServer, TestServer } from './test-server';

/**
 * The lifecycle every live-stream server test file shares: `start` runs once before the file (it
 * starts and seeds the server); after each test every stream it opened is closed and the hub is
 * empty again, so a failing test leaves no stream to the next; after the file, what a test started
 * beside the server (second processes, proxies, connections: `cleanups`) stops, newest first, and
 * then the server.
 */
export function liveStreamSuite(start: () => Promise<TestServer>) {
  let server: TestServer | undefined;
  const openStreams = new Set<EventStream>();
  const cleanups: (() => Promise<unknown>)[] = [];

  async function untilHubSize(expected: number) {
    await expect.poll(() => server?.liveHub.size(), { timeout: 5000 }).toBe(expected);
  }

  beforeAll(async () => {
    server = await start();
  }, 60_000);

  afterEach(async () => {
    for (const stream of openStreams) stream.close();
    openStreams.clear();
    await untilHubSize(0);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await server?.stop();
  });

  return {
    cleanups,
    untilHubSize,
    /** Opens a stream the suite closes after the test (German unless the headers say otherwise). */
    async open(target: ReachableServer, path: string, headers: Record<string, string>) {
      const stream = await openEventStream(target.url(path), { 'accept-language': 'de', ...headers });
      openStreams.add(stream);
      return stream;
    },
  };
}
