import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { forgetWhatTheWriterChanged } from '../../server/http/after-write';
import { createDashboardCache, parseOrganisationIds } from '../../server/trade/dashboard-cache';

/** A database whose trade-organisation notifications and listener outages the test sends by hand. */
function fakeDatabase() {
  const channel: { notify: (payload: string) => void; reconnected: () => void } = {
    notify: () => {},
    reconnected: () => {},
  };
  return {
    channel,
    database: {
      listen: async (_name: string, onNotify: (payload: string) => void, onReconnect?: () => void) => {
        channel.notify = onNotify;
        channel.reconnected = onReconnect ?? (() => {});
        return async () => {};
      },
    },
  };
}

const key = (organisationId: number, from = '2026-01-01') => ({
  kind: 'workshop' as const,
  organisationId,
  from,
  to: '2026-11-27',
  today: '2026-11-27',
});

function counter() {
  let calls = 0;
  return {
    compute: async () => {
      calls += 1;
      return calls;
    },
    calls: () => calls,
  };
}

test('a kept dashboard is answered again until its organisation changes; others stay kept', async () => {
  const { database, channel } = fakeDatabase();
  const cache = await createDashboardCache(database);
  const mine = counter();
  const theirs = counter();
  expect(await cache.read(key(1), mine.compute)).toBe(1);
  expect(await cache.read(key(1), mine.compute)).toBe(1);
  expect(await cache.read(key(2), theirs.compute)).toBe(1);
  channel.notify('1,7');
  expect(await cache.read(key(1), mine.compute)).toBe(2);
  expect(await cache.read(key(2), theirs.compute)).toBe(1);
  expect(theirs.calls()).toBe(1);
});

test('a computation running when its organisation changes is not handed to anyone asking after', async () => {
  const { database, channel } = fakeDatabase();
  const cache = await createDashboardCache(database);
  let finishFirst: (value: string) => void = () => {};
  const first = cache.read(key(1), () => new Promise<string>((resolve) => (finishFirst = resolve)));
  const joined = cache.read(key(1), async () => 'never computed: joins the running one');
  channel.notify('1');
  const after = cache.read(key(1), async () => 'after the change');
  finishFirst('before the change');
  expect(await first).toBe('before the change');
  expect(await joined).toBe('before the change');
  expect(await after).toBe('after the change');
});

test('a failed computation is not kept, and a listener outage forgets everything', async () => {
  const { database, channel } = fakeDatabase();
  const cache = await createDashboardCache(database);
  await expect(cache.read(key(1), async () => Promise.reject(new Error('database down')))).rejects.toThrow();
  expect(await cache.read(key(1), async () => 'recovered')).toBe('recovered');
  await cache.read(key(2), async () => 'kept');
  channel.reconnected();
  expect(cache.size()).toBe(0);
});

test('kept figures grow no older than the maximum age (clock-driven figures move on their own)', async () => {
  const { database } = fakeDatabase();
  let now = 0;
  const cache = await createDashboardCache(database, { maxAgeMs: 1000, now: () => now });
  const figures = counter();
  await cache.read(key(1), figures.compute);
  now = 999;
  expect(await cache.read(key(1), figures.compute)).toBe(1);
  now = 1000;
  expect(await cache.read(key(1), figures.compute)).toBe(2);
});

test('at most maxEntries are kept: the one stored longest ago goes first', async () => {
  const { database } = fakeDatabase();
  const cache = await createDashboardCache(database, { maxEntries: 2 });
  const figures = counter();
  await cache.read(key(1, '2026-01-01'), figures.compute);
  await cache.read(key(1, '2026-02-01'), figures.compute);
  await cache.read(key(1, '2026-03-01'), figures.compute);
  expect(cache.size()).toBe(2);
  expect(await cache.read(key(1, '2026-01-01'), figures.compute)).toBe(4);
});

test('a notification names organisation ids; anything else in it is ignored', () => {
  expect(parseOrganisationIds('3,14,15')).toEqual([3, 14, 15]);
  expect(parseOrganisationIds('')).toEqual([]);
  expect(parseOrganisationIds('3,x,-1,4')).toEqual([3, 4]);
});

test("after a member's write has answered, its own organisation is forgotten; reads and others' figures are kept", async () => {
  const { database } = fakeDatabase();
  const cache = await createDashboardCache(database);
  let listClears = 0;
  let settled = 0;
  const app = new Hono<{ Variables: { organisation: { id: number } } }>();
  app.use(
    '*',
    forgetWhatTheWriterChanged({
      lists: {
        clear: () => {
          listClears += 1;
        },
      },
      dashboards: cache,
      accessChanges: {
        settle: async () => {
          settled += 1;
        },
      },
    }),
  );
  app.use('*', async (c, next) => {
    c.set('organisation', { id: 1 });
    await next();
  });
  app.on(['GET', 'POST'], '/svc/workshop/orders', (c) => c.text('ok'));
  const mine = counter();
  const theirs = counter();
  await cache.read(key(1), mine.compute);
  await cache.read(key(2), theirs.compute);
  await app.request('/svc/workshop/orders');
  expect(await cache.read(key(1), mine.compute)).toBe(1);
  expect({ listClears, settled }).toEqual({ listClears: 0, settled: 0 });
  await app.request('/svc/workshop/orders', { method: 'POST' });
  expect(await cache.read(key(1), mine.compute)).toBe(2);
  expect(await cache.read(key(2), theirs.compute)).toBe(1);
  expect({ listClears, settled }).toEqual({ listClears: 1, settled: 1 });
});
