import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { AdminUser, UserDecision } from '../../common/contracts/admin-users';
import { USER_ROLE, USER_STATUS } from '../../common/contracts/auth';
import {
  adminUsersMachine,
  SEARCH_DEBOUNCE_MS,
  type UserStatusFilter,
  userDecisionsFor,
} from '../../machines/admin-users.machine';
import { dashboardMachine } from '../../machines/dashboard.machine';
import type { AdminUsersApi } from '../../src/api/admin-users-api';
import { createAdminUsersImplementations } from '../../src/views/admin-users/admin-users-implementations';
import { apiFailure } from '../support/failures';
import { type ReviewQueueFakes, startReviewQueue } from '../support/review-queue';
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
    expect(actor.getSnapshot().context.loadError).toBe('offline');
    actor.send({ type: 'dashboard.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('showingServices')).toBe(true));
  });
});

describe('admin users (the review-queue factory with a search)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const pending: AdminUser = {
    id: 5,
    email: 'jana@schulz.de',
    first_name: 'Jana',
    last_name: 'Schulz',
    company_name: 'Kfz Schulz',
    contact_number: null,
    role: USER_ROLE.user,
    status: USER_STATUS.pendingVerification,
    created_at: '2026-11-22T10:00:00.000Z',
  };
  const start = (fakes: ReviewQueueFakes<AdminUser, UserStatusFilter, UserDecision> = {}) =>
    startReviewQueue(adminUsersMachine, [pending], fakes);

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
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    }
    expect(queries).toHaveLength(2);
    vi.advanceTimersByTime(50);
    await vi.waitFor(() => expect(queries).toHaveLength(3));
    expect(queries.at(-1)).toEqual({ page: 1, search: 'Sch', status: '' });
  });

  test('a filter change while typing loads at once, with what was typed', async () => {
    const { actor, queries } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'search.change', value: 'Schulz' });
    actor.send({ type: 'filter.change', status: '3' });
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(queries.at(-1)).toEqual({ page: 1, search: 'Schulz', status: '3' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(queries).toHaveLength(2);
  });

  test('a filter change while the list is still loading is not lost', async () => {
    const { actor, queries } = start();
    actor.send({ type: 'filter.change', status: '1' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.query.status).toBe('1');
    expect(queries.at(-1)).toEqual({ page: 1, search: '', status: '1' });
  });

  test('an activation waits for confirmation, then saves, notifies and reloads', async () => {
    const { actor, queries, effects } = start({ decide: async () => ({ message: 'Das Konto ist freigeschaltet.' }) });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', item: pending, decision: 'activate' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(true);
    actor.send({ type: 'decision.cancel' });
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(false);
    expect(effects.decide).not.toHaveBeenCalled();
    expect(actor.getSnapshot().hasTag('decidable')).toBe(true);
    actor.send({ type: 'decision.request', item: pending, decision: 'activate' });
    expect(actor.getSnapshot().hasTag('decidable')).toBe(false);
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('deciding')).toBe(true);
    await vi.waitFor(() => expect(queries).toHaveLength(2));
    expect(effects.decide).toHaveBeenCalledWith({ item: pending, decision: 'activate', reason: '' });
    expect(effects.notifySuccess).toHaveBeenCalledWith('Das Konto ist freigeschaltet.');
    expect(effects.notifyFailure).not.toHaveBeenCalled();
  });

  test('a refused status change notifies, closes the dialog and keeps the list (reloaded)', async () => {
    const { actor, queries, effects } = start({
      decide: async () => {
        throw apiFailure('Dafür fehlt Ihnen die Berechtigung.');
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'decision.request', item: { ...pending, status: USER_STATUS.active }, decision: 'deactivate' });
    actor.send({ type: 'decision.confirm' });
    await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Dafür fehlt Ihnen die Berechtigung.'));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().hasTag('dialogOpen')).toBe(false);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(actor.getSnapshot().context.page?.items).toEqual([pending]);
    expect(queries).toHaveLength(2);
    expect(effects.notifySuccess).not.toHaveBeenCalled();
  });

  test('a list that cannot be loaded shows the message and can be retried', async () => {
    let attempts = 0;
    const { actor } = start({
      loadPage: async () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('Der Dienst ist nicht erreichbar.');
        return { items: [pending], total: 1, page: 1, page_size: 20 };
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context.loadError).toBe('Der Dienst ist nicht erreichbar.');
    actor.send({ type: 'list.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });

  test('an active account can be deactivated, any other activated; one’s own account neither', () => {
    expect(userDecisionsFor({ ...pending, status: USER_STATUS.active }, 1)).toEqual(['deactivate']);
    expect(userDecisionsFor({ ...pending, status: USER_STATUS.pendingVerification }, 1)).toEqual(['activate']);
    expect(userDecisionsFor({ ...pending, status: USER_STATUS.deactivated }, 1)).toEqual(['activate']);
    expect(userDecisionsFor({ ...pending, status: USER_STATUS.active }, pending.id)).toEqual([]);
  });

  test('activating sets status 1 on the server, deactivating status 3', async () => {
    const setUserStatus = vi.fn(async () => ({ message: 'ok' }));
    const adminUsersApi = { setUserStatus } as unknown as AdminUsersApi;
    const decide = createAdminUsersImplementations({ adminUsersApi }).actors?.decide;
    if (!decide) throw new Error('the accounts list supplies no decide actor');
    for (const decision of ['activate', 'deactivate'] as const) {
      await toPromise(createActor(decide, { input: { item: pending, decision, reason: '' } }).start());
    }
    expect(setUserStatus.mock.calls).toEqual([
      [pending.id, USER_STATUS.active],
      [pending.id, USER_STATUS.deactivated],
    ]);
  });
});
