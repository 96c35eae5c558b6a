import { expect, test } from 'vitest';
import type { AccessChange, AccessChanges } from '../../server/http/access-changes';
import { createSessionCache } from '../../server/http/session-cache';
import { startListCache } from '../../server/trade/list-cache';

/** Access changes announced by hand, as the database's listener would. */
function announcer() {
  const listeners = new Set<(change: AccessChange) => void>();
  const changes: AccessChanges = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settle: async () => {},
    stop: async () => {},
  };
  const announce = (change: AccessChange) => {
    for (const listener of listeners) listener(change);
  };
  return { changes, announce };
}

function deferred<TValue>() {
  let resolve: (value: TValue) => void = () => {};
  const promise = new Promise<TValue>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

test('a session read that began before an access change does not keep what it read', async () => {
  const { changes, announce } = announcer();
  const cache = createSessionCache(changes);
  const user = { id: 7, organisation: { id: 3, kind: 'workshop' as const, name: 'W' } };
  const expiresAt = new Date(Date.now() + 3600_000);
  let loads = 0;
  const slow = deferred<{ user: never; expiresAt: Date }>();
  const reading = cache.read('hash', () => {
    loads += 1;
    return slow.promise;
  });
  announce({ kind: 'user', id: 7 });
  slow.resolve({ user: user as never, expiresAt });
  await reading;
  await cache.read('hash', async () => {
    loads += 1;
    return { user: user as never, expiresAt };
  });
  expect(loads).toBe(2);
  // Now held: the next read asks nothing, until a change names the user's organisation.
  await cache.read('hash', async () => {
    loads += 1;
    return null;
  });
  expect(loads).toBe(2);
  announce({ kind: 'organisation', id: 3 });
  expect(await cache.read('hash', async () => null)).toBeNull();
});

test('a session past its expiry is read again, and the oldest goes beyond the limit', async () => {
  const { changes } = announcer();
  const cache = createSessionCache(changes, 2);
  const user = { id: 1, organisation: null } as never;
  await cache.read('expired', async () => ({ user, expiresAt: new Date(Date.now() - 1) }));
  expect(await cache.read('expired', async () => null)).toBeNull();
  for (const hash of ['a', 'b', 'c']) {
    await cache.read(hash, async () => ({ user, expiresAt: new Date(Date.now() + 60_000) }));
  }
  expect(cache.size()).toBe(2);
  expect(await cache.read('a', async () => null)).toBeNull();
});

test('a list page read that began before a trade event does not keep what it read', async () => {
  const { changes } = announcer();
  let notify: (payload: string) => void = () => {};
  const lists = await startListCache(
    {
      listen: async (_channel, onNotify) => {
        notify = onNotify;
        return async () => {};
      },
    },
    changes,
  );
  const slow = deferred<string>();
  const reading = lists.read('workshopInquiries', 1, () => slow.promise);
  notify('41');
  slow.resolve('before the event');
  expect(await reading).toBe('before the event');
  expect(await lists.read('workshopInquiries', 1, async () => 'after the event')).toBe('after the event');
  expect(await lists.read('workshopInquiries', 1, async () => 'not asked')).toBe('after the event');
  notify('42');
  expect(await lists.read('workshopInquiries', 1, async () => 'after the second')).toBe('after the second');
});
