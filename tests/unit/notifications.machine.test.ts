import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { notificationsMachine, SNACKBAR_AUTO_HIDE_MS, severityOf } from '../../machines/notifications.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test.each([
  [{ error: true, message: 'x' }, 'error'],
  [{ severity: 'error' }, 'error'],
  [{ success: true }, 'success'],
  [{ message: 'Gespeichert' }, 'success'],
  [{}, 'info'],
  [{ severity: 'warning' }, 'info'],
] as const)('severity of %j is %s (product.md §8)', (payload, expected) => {
  expect(severityOf(payload)).toBe(expected);
});

test('a snackbar hides itself after 3000 ms', () => {
  const actor = createActor(notificationsMachine).start();
  actor.send({ type: 'snackbar.show', payload: { message: 'Hallo' } });
  expect(actor.getSnapshot().context.notification).toMatchObject({ message: 'Hallo', severity: 'success' });
  vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 1);
  expect(actor.getSnapshot().context.notification).not.toBeNull();
  vi.advanceTimersByTime(1);
  expect(actor.getSnapshot().context.notification).toBeNull();
});

test('a newer snackbar replaces the shown one and gets its own 3000 ms', () => {
  const actor = createActor(notificationsMachine).start();
  actor.send({ type: 'snackbar.show', payload: { message: 'first' } });
  vi.advanceTimersByTime(2000);
  actor.send({ type: 'snackbar.show', payload: { message: 'second', error: true } });
  vi.advanceTimersByTime(2000);
  expect(actor.getSnapshot().context.notification).toMatchObject({ message: 'second', severity: 'error' });
  vi.advanceTimersByTime(1000);
  expect(actor.getSnapshot().context.notification).toBeNull();
});

test('dismiss closes the snackbar at once', () => {
  const actor = createActor(notificationsMachine).start();
  actor.send({ type: 'snackbar.show', payload: { message: 'x' } });
  actor.send({ type: 'snackbar.dismiss' });
  expect(actor.getSnapshot().context.notification).toBeNull();
});

test('the loader stays while any show has no matching hide, and never goes negative', () => {
  const actor = createActor(notificationsMachine).start();
  actor.send({ type: 'loader.show' });
  actor.send({ type: 'loader.show' });
  actor.send({ type: 'loader.hide' });
  expect(actor.getSnapshot().context.pendingLoaders).toBe(1);
  actor.send({ type: 'loader.hide' });
  actor.send({ type: 'loader.hide' });
  expect(actor.getSnapshot().context.pendingLoaders).toBe(0);
});
