import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Database } from '../../server/db/database';
import { type EventStream, openEventStream } from './sse-client';
import { type ReachableServer, startTestServer, type TestServer } from './test-server';

export type LiveStreamSuite<TFixture> = {
  /** The file's server, started before its first test. */
  server: TestServer;
  /** What the seed wrote; a test may put another in its place and a cleanup the first back. */
  fixture: TFixture;
  /** Run after the file's tests, newest first, before the server stops. */
  cleanups: (() => Promise<unknown>)[];
  /** A stream of `target` (by default the file's server), closed after the test. */
  open: (path: string, headers: Record<string, string>, target?: ReachableServer) => Promise<EventStream>;
  /** Waits until the server's hub holds `expected` streams (a closed stream leaves it soon after). */
  untilHubSize: (expected: number) => Promise<void>;
};

/**
 * The lifecycle every live-stream server test file shares (tests/server/trade-live.test.ts,
 * live-stream-limits.test.ts): one server per file, started with `env` and seeded with `seed`;
 * every stream a test opened (`open`) closed after the test and the hub waited on until it holds
 * none, so a failing test leaves no stream behind for the next; the file's `cleanups` (second
 * processes, proxies, connections) run newest first before the server stops.
 */
export function liveStreamSuite<TFixture>(env: Record<string, string>, seed: (db: Database) => Promise<TFixture>) {
  const openStreams = new Set<EventStream>();
  const suite: LiveStreamSuite<TFixture> = {
    server: undefined as unknown as TestServer,
    fixture: undefined as unknown as TFixture,
    cleanups: [],
    async open(path, headers, target) {
      const stream = await openEventStream((target ?? suite.server).url(path), headers);
      openStreams.add(stream);
      return stream;
    },
    async untilHubSize(expected) {
      await expect.poll(() => suite.server.liveHub.size(), { timeout: 5000 }).toBe(expected);
    },
  };
  beforeAll(async () => {
    suite.server = await startTestServer(env);
    suite.fixture = await seed(suite.server.db);
  }, 60_000);
  afterEach(async () => {
    for (const stream of openStreams) stream.close();
    openStreams.clear();
    await suite.untilHubSize(0);
  });
  afterAll(async () => {
    for (const cleanup of suite.cleanups.reverse()) await cleanup();
    await suite.server?.stop();
  });
  return suite;
}
