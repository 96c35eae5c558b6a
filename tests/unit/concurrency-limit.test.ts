import { Hono } from 'hono';
import { expect, test } from 'vitest';
import {
  createConcurrencyLimiter,
  createKeyedLimiter,
  type ExpensiveLimits,
  expensiveCapacity,
  limitConcurrency,
  limitSessionConcurrency,
} from '../../server/http/concurrency-limit';
import { ApiRefusal } from '../../server/http/respond';

/*
 * The places of the expensive reads (issue 27: one account floods, the others keep being served),
 * driven by promises the test resolves: no timing.
 */

const limits = (overrides: Partial<ExpensiveLimits> = {}): ExpensiveLimits => ({
  capacity: 10,
  perUser: { running: 2, waiting: 1 },
  perOrganisation: { running: 10, waiting: 10 },
  ...overrides,
});

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('a user gets `running` places at once and `waiting` more in the queue; beyond, null', async () => {
  const limiter = createConcurrencyLimiter(limits());
  const first = await limiter.enter(1, 100);
  const second = await limiter.enter(1, 100);
  const third = limiter.enter(1, 100);
  expect(first).toBeTypeOf('function');
  expect(second).toBeTypeOf('function');
  expect(limiter.usage().ofUser(1)).toEqual({ running: 2, waiting: 1 });
  expect(await limiter.enter(1, 100)).toBeNull();
  // A colleague is not affected by this user's being full.
  const colleague = await limiter.enter(2, 100);
  expect(colleague).toBeTypeOf('function');

  first?.();
  const admitted = await third;
  expect(admitted).toBeTypeOf('function');
  expect(limiter.usage().ofUser(1)).toEqual({ running: 2, waiting: 0 });
  // A place given back twice counts once.
  first?.();
  expect(limiter.usage().ofUser(1)).toEqual({ running: 2, waiting: 0 });
  second?.();
  admitted?.();
  colleague?.();
  expect(limiter.usage()).toMatchObject({ running: 0, waiting: 0, busy: 0 });
});

test('an organisation is bounded over all its users', async () => {
  const limiter = createConcurrencyLimiter(
    limits({ perUser: { running: 5, waiting: 5 }, perOrganisation: { running: 1, waiting: 1 } }),
  );
  const running = await limiter.enter(1, 100);
  const waiting = limiter.enter(2, 100);
  expect(await limiter.enter(3, 100)).toBeNull();
  expect(limiter.usage().ofUser(3)).toEqual({ running: 0, waiting: 0 });
  const elsewhere = await limiter.enter(4, 200);
  expect(elsewhere).toBeTypeOf('function');
  running?.();
  (await waiting)?.();
  elsewhere?.();
  expect(limiter.usage().busy).toBe(0);
});

test('with the capacity taken by one organisation, the next free place goes to the other, not to the queue in front', async () => {
  const limiter = createConcurrencyLimiter(limits({ capacity: 2, perUser: { running: 4, waiting: 8 } }));
  const flooding = [await limiter.enter(1, 100), await limiter.enter(1, 100)];
  const order: string[] = [];
  const queued = (userId: number, organisationId: number, name: string) =>
    limiter.enter(userId, organisationId).then((leave) => {
      order.push(name);
      return leave;
    });
  const floodQueue = [queued(1, 100, 'flood 3'), queued(1, 100, 'flood 4'), queued(1, 100, 'flood 5')];
  const quiet = queued(9, 900, 'quiet');
  expect(limiter.usage()).toMatchObject({ running: 2, waiting: 4 });

  flooding[0]?.();
  await settle();
  // The quiet organisation runs nothing, the flooding one runs one: the quiet one goes first.
  expect(order).toEqual(['quiet']);
  flooding[1]?.();
  await settle();
  expect(order).toEqual(['quiet', 'flood 3']);
  (await quiet)?.();
  await settle();
  expect(order).toEqual(['quiet', 'flood 3', 'flood 4']);
  (await floodQueue[0])?.();
  (await floodQueue[1])?.();
  (await floodQueue[2])?.();
  expect(order).toEqual(['quiet', 'flood 3', 'flood 4', 'flood 5']);
  expect(limiter.usage()).toMatchObject({ running: 0, waiting: 0, busy: 0 });
});

test('a caller that goes away while it waits frees its place in the queue', async () => {
  const limiter = createConcurrencyLimiter(limits({ perUser: { running: 1, waiting: 1 } }));
  const running = await limiter.enter(1, 100);
  const gone = new AbortController();
  const waiting = limiter.enter(1, 100, gone.signal);
  expect(await limiter.enter(1, 100)).toBeNull();
  gone.abort();
  expect(await waiting).toBeNull();
  expect(limiter.usage().ofUser(1)).toEqual({ running: 1, waiting: 0 });
  const next = limiter.enter(1, 100);
  running?.();
  (await next)?.();
  expect(limiter.usage().busy).toBe(0);
});

test('the capacity is half the database pool, at least two', () => {
  expect(expensiveCapacity(1)).toBe(2);
  expect(expensiveCapacity(10)).toBe(5);
});

test('the middleware refuses with 429 tooManyConcurrentRequests and Retry-After, serves the others, and gives every place back', async () => {
  const limiter = createConcurrencyLimiter(
    limits({ perUser: { running: 2, waiting: 0 }, perOrganisation: { running: 10, waiting: 0 } }),
  );
  const finishers: (() => void)[] = [];
  const app = new Hono<{ Variables: { user: { id: number }; organisation: { id: number } } }>();
  app.onError((error, c) =>
    error instanceof ApiRefusal
      ? c.json({ error: error.messageId }, error.status, error.extra.headers)
      : c.json({ error: 'unexpected' }, 500),
  );
  app.get(
    '/expensive',
    async (c, next) => {
      c.set('user', { id: Number(c.req.query('user')) });
      c.set('organisation', { id: Number(c.req.query('organisation')) });
      await next();
    },
    limitConcurrency(limiter),
    async (c) => {
      await new Promise<void>((resolve) => finishers.push(resolve));
      if (c.req.query('fail')) throw new Error('the handler failed');
      return c.json({ ok: true });
    },
  );
  const request = (user: number, organisation: number, fail = false) =>
    app.request(`/expensive?user=${user}&organisation=${organisation}${fail ? '&fail=1' : ''}`);
  const untilRunning = async (count: number) => {
    while (finishers.length < count) await settle();
  };

  const answers = [request(1, 1), request(1, 1, true)];
  await untilRunning(2);
  const refused = await request(1, 1);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(await refused.json()).toEqual({ error: 'tooManyConcurrentRequests' });
  const colleague = request(2, 1);
  const stranger = request(3, 2);
  await untilRunning(4);
  for (const finish of finishers.splice(0)) finish();
  expect((await Promise.all([...answers, colleague, stranger])).map((response) => response.status)).toEqual([
    200, 500, 200, 200,
  ]);
  // The failed handler gave its place back too.
  expect(limiter.usage()).toMatchObject({ running: 0, waiting: 0, busy: 0 });
});

test('a session gets `running` places, `waiting` more in order, and a 429 beyond, before its handler runs', async () => {
  const limiter = createKeyedLimiter({ running: 1, waiting: 1 });
  const finishers: (() => void)[] = [];
  let handled = 0;
  const app = new Hono();
  app.onError((error, c) =>
    error instanceof ApiRefusal
      ? c.json({ error: error.messageId }, error.status, error.extra.headers)
      : c.json({ error: 'unexpected' }, 500),
  );
  app.use(
    '*',
    limitSessionConcurrency(limiter, (c) => c.req.header('session') ?? null),
  );
  app.get('/read', async (c) => {
    handled += 1;
    await new Promise<void>((resolve) => finishers.push(resolve));
    return c.json({ ok: true });
  });
  const read = (session?: string) => app.request('/read', { headers: session ? { session } : {} });

  const first = read('a');
  const second = read('a');
  while (finishers.length < 1 || limiter.usage('a').waiting < 1) await settle();
  const refused = await read('a');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(await refused.json()).toEqual({ error: 'tooManyConcurrentRequests' });
  expect(handled).toBe(1);
  // Another session and a request without one are not held up.
  const other = read('b');
  const anonymous = read();
  while (finishers.length < 3) await settle();
  for (const finish of finishers.splice(0)) finish();
  while (finishers.length < 1) await settle();
  for (const finish of finishers.splice(0)) finish();
  expect((await Promise.all([first, second, other, anonymous])).map((response) => response.status)).toEqual([
    200, 200, 200, 200,
  ]);
  expect(limiter.busyKeys()).toBe(0);
});

test("a session's request builds its abort signal only when it has to wait, and gives up its place when aborted", async () => {
  const limiter = createKeyedLimiter({ running: 1, waiting: 1 });
  let signalsBuilt = 0;
  const gone = new AbortController();
  const signalOf = (signal: AbortSignal) => () => {
    signalsBuilt += 1;
    return signal;
  };
  const running = await limiter.enter('a', signalOf(new AbortController().signal));
  // A free place costs no signal (ADR 048: an AbortController per session read).
  expect(signalsBuilt).toBe(0);
  const waiting = limiter.enter('a', signalOf(gone.signal));
  expect(signalsBuilt).toBe(1);
  expect(limiter.usage('a')).toEqual({ running: 1, waiting: 1 });
  gone.abort();
  expect(await waiting).toBeNull();
  expect(limiter.usage('a')).toEqual({ running: 1, waiting: 0 });
  // A request whose client is already gone does not queue.
  expect(await limiter.enter('a', signalOf(gone.signal))).toBeNull();
  running?.();
  expect(limiter.busyKeys()).toBe(0);
});
