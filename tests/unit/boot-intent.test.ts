import { afterEach, expect, test, vi } from 'vitest';

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

/** Lets the dynamic import of the app resolve, if the script asked for it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const pointerMove = (clientX: number, clientY: number) =>
  window.dispatchEvent(new MouseEvent('pointermove', { clientX, clientY, bubbles: true }));

afterEach(async () => {
  // Every test ends with the app started: the script has removed its listeners from the window.
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  await settle();
  document.getElementById('prerendered')?.remove();
  start.mockClear();
});

test('a pointer resting where it first stood does not start the app; a move elsewhere does', async () => {
  await bootOnPrerenderedPage();
  pointerMove(0, 0);
  pointerMove(0, 0);
  await settle();
  expect(start).not.toHaveBeenCalled();
  pointerMove(12, 40);
  await settle();
  expect(start).toHaveBeenCalledTimes(1);
});

test('a key starts the app at once, and the listeners are gone after', async () => {
  await bootOnPrerenderedPage();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  await settle();
  expect(start).toHaveBeenCalledTimes(1);
  pointerMove(1, 1);
  pointerMove(300, 200);
  await settle();
  expect(start).toHaveBeenCalledTimes(1);
});
