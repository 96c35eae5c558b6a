import { afterEach, beforeEach, expect, type MockInstance, test, vi } from 'vitest';

/**
 * src/boot.ts on a prerendered page: the app starts on the visitor's first intent (ADR 017), and a
 * pointer standing where it stood at the first move is not one (Chromium reports a resting pointer
 * when a page appears under it; Firefox reports no movement, so the rule goes by position).
 */
const start = vi.hoisted(() => vi.fn());
vi.mock('../../src/main', () => ({ start }));

async function bootOnPrerenderedPage() {
  const copy = document.createElement('div');
  copy.id = 'prerendered';
  copy.innerHTML = '<main><h1>Teileportal</h1></main>';
  document.body.append(copy);
  // A fresh module each time: the script registers its listeners when it runs.
  vi.resetModules();
  await import('../../src/boot');
  return copy;
}

/**
 * Whether the script took an intent: it removes its listeners at once, before it even asks for the
 * app (whose dynamic import resolves later, after however many turns a busy machine takes).
 */
let removed: MockInstance<typeof window.removeEventListener>;
const intentTaken = () => removed.mock.calls.some(([name]) => name === 'pointerdown');

const pointerMove = (clientX: number, clientY: number) =>
  window.dispatchEvent(new MouseEvent('pointermove', { clientX, clientY, bubbles: true }));

beforeEach(() => {
  removed = vi.spyOn(window, 'removeEventListener');
});

afterEach(async () => {
  // Every test ends with the app asked for: the script has removed its listeners from the window.
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  document.getElementById('prerendered')?.remove();
  removed.mockRestore();
  start.mockClear();
});

test('a pointer resting where it first stood does not start the app; a move elsewhere does', async () => {
  await bootOnPrerenderedPage();
  pointerMove(0, 0);
  pointerMove(0, 0);
  expect(intentTaken()).toBe(false);
  pointerMove(12, 40);
  expect(intentTaken()).toBe(true);
  await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
});

test('a key starts the app at once, and the listeners are gone after', async () => {
  await bootOnPrerenderedPage();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  expect(intentTaken()).toBe(true);
  await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  removed.mockClear();
  pointerMove(1, 1);
  pointerMove(300, 200);
  expect(intentTaken()).toBe(false);
});
