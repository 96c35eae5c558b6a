import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AdminUser } from '../../common/contracts/admin-users';
import {
  adminUsersMachine,
  SEARCH_DEBOUNCE_MS,
  type UserPage,
  type UserQuery,
} from '../../machines/admin-users.machine';
import { dashboardMachine } from '../../machines/dashboard.machine';
import { apiFailure } from '../support/failures';
import { aUser } from '../support/users';

describe('dashboard', () => {
  test('shows the stored user while loading, then the refreshed one', async () => {
    const fresh = aUser({ first_name: 'Janina', services: [{ name: 'WORKSHOP', url: '/w' }] });
    const actor = createActor(dashboardMachine.provide({ actors: { loadUser: fromPromise(async () => fresh) } }), {
      input: { storedUser: aUser() },
    }).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.user.first_name).toBe('Jana');
    await vi.waitFor(() => expect(actor.getSnapshot().matches('showingServices')).toBe(true));
    expect(actor.getSnapshot().context.user).toEqual(fresh);
  });

  test('a failure can be retried', async () => {
    let attempts = 0;
    const actor = createActor(
      dashboardMachine.provide({
        actors: {
          loadUser: fromPromise(async () => {
            attempts += 1;
            if (attempts === 1) throw apiFailure('offline');
            return aUser();
          }),
        },
      }),
      { input: { storedUser: aUser() } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.error).toBe('offline');
    actor.send({ type: 'dashboard.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('showingServices')).toBe(true));
  });
});

describe('admin users', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const pending: AdminUser = {
    id: 5,
    email: 'jana@schulz.de',
    first_name: 'Jana',
    last_name: 'Schulz',
    company_name: 'Kfz Schulz',
    contact_number: null,
    role: 'user',
    status: 2,
    created_at: '2026-11-22T10:00:00.000Z',
  };

  type SetStatus = (request: { userId: number; status: 1 | 3 }) => Promise<{ message: string | undefined }>;
  function start(setStatus: SetStatus = async () => ({ message: 'ok' })) {
    const queries: UserQuery[] = [];
    const effects = { notifySuccess: vi.fn(), notifyFailure: vi.fn(), setStatus: vi.fn(setStatus) };
    const actor = createActor(
      adminUsersMachine.provide({
        actors: {
          listUsers: fromPromise<UserPage, UserQuery>(async ({ input }) => {
            queries.push(input);
            return { items: [pending], total: 41, page: input.page, page_size: 20 };
          }),
          setUserStatus: fromPromise(({ input }) => effects.setStatus(input)),
        },
        actions: {
          notifySuccess: (_, { message }) => effects.notifySuccess(message),
          notifyFailure: (_, { message }) => effects.notifyFailure(message),
        },
      }),
    ).start();
    return { actor, queries, effects };
  }

  test('loads page 1 at start; filter and page changes reload at once', async () => {
    const { actor, queries } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'page.change', page: 3 });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    actor.send({ type: 'filter.change', status: '2' });
    await vi.waitFor(() => expect(queries).toHaveLength(3));
    expect(queries).toEqual([
      { page: 1, search: '', status: '' },
      { page: 3, search: '', status: '' },
      { page: 1, search: '', status: '2' },
    ]);
  });

  test('typing searches once, 300 ms after the last keystroke, from page 1', async () => {
    const { actor, queries } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'page.change', page: 2 });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    for (const value of ['S', 'Sc', 'Sch']) {
      actor.send({ type: 'search.change', value });
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    }
    expect(queries).toHaveLength(2);
    vi.advanceTimersByTime(50);
    await vi.waitFor(() => expect(queries).toHaveLength(3));
    expect(queries.at(-1)).toEqual({ page: 1, search: 'Sch', status: '' });
  });

  test('a status change waits for confirmation, then saves, notifies and reloads', async () => {
    const { actor, queries, effects } = start(async () => ({ message: 'Das Konto ist freigeschaltet.' }));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'status.request', user: pending, status: 1 });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    actor.send({ type: 'status.cancel' });
    expect(effects.setStatus).not.toHaveBeenCalled();
    actor.send({ type: 'status.request', user: pending, status: 1 });
    actor.send({ type: 'status.confirm' });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(effects.setStatus).toHaveBeenCalledWith({ userId: 5, status: 1 });
    expect(effects.notifySuccess).toHaveBeenCalledWith('Das Konto ist freigeschaltet.');
  });

  test('a refused status change notifies and keeps the list', async () => {
    const { actor, effects } = start(async () => {
      throw apiFailure('Dafür fehlt Ihnen die Berechtigung.');
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'status.request', user: pending, status: 3 });
    actor.send({ type: 'status.confirm' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(effects.notifyFailure).toHaveBeenCalledWith('Dafür fehlt Ihnen die Berechtigung.');
    expect(actor.getSnapshot().context.pending).toBeNull();
  });
});
