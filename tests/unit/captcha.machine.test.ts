import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import { CAPTCHA_RESET_DELAY_MS, captchaMachine } from '../../machines/captcha.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('solving stores the answer and clears the error', () => {
  const actor = createActor(captchaMachine).start();
  actor.send({ type: 'captcha.expired' });
  expect(actor.getSnapshot().context.error).toBe('captchaRequired');
  actor.send({ type: 'captcha.solved', value: 'answer' });
  expect(actor.getSnapshot().context).toMatchObject({ value: 'answer', error: null });
  expect(actor.getSnapshot().matches('solved')).toBe(true);
});

test('expiry clears the answer and shows the captcha error', () => {
  const actor = createActor(captchaMachine).start();
  actor.send({ type: 'captcha.solved', value: 'answer' });
  actor.send({ type: 'captcha.expired' });
  expect(actor.getSnapshot().context).toMatchObject({ value: null, error: 'captchaRequired' });
  expect(actor.getSnapshot().matches('unsolved')).toBe(true);
});

test('a field edit resets the captcha 1000 ms after the last edit', () => {
  const actor = createActor(captchaMachine).start();
  actor.send({ type: 'captcha.solved', value: 'answer' });
  actor.send({ type: 'captcha.fieldEdited' });
  vi.advanceTimersByTime(CAPTCHA_RESET_DELAY_MS - 200);
  actor.send({ type: 'captcha.fieldEdited' });
  vi.advanceTimersByTime(CAPTCHA_RESET_DELAY_MS - 1);
  expect(actor.getSnapshot().context.value).toBe('answer');
  vi.advanceTimersByTime(1);
  expect(actor.getSnapshot().context.value).toBeNull();
  expect(actor.getSnapshot().context.resetGeneration).toBe(1);
  expect(actor.getSnapshot().matches('unsolved')).toBe(true);
});

test('edits before the captcha is solved change nothing', () => {
  const actor = createActor(captchaMachine).start();
  actor.send({ type: 'captcha.fieldEdited' });
  vi.advanceTimersByTime(5000);
  expect(actor.getSnapshot().context).toMatchObject({ value: null, error: null, resetGeneration: 0 });
});

test('an explicit reset (after a successful send) clears the answer without an error', () => {
  const actor = createActor(captchaMachine).start();
  actor.send({ type: 'captcha.solved', value: 'answer' });
  actor.send({ type: 'captcha.reset' });
  expect(actor.getSnapshot().context).toMatchObject({ value: null, error: null, resetGeneration: 1 });
});

test('a widget failure counts as unsolved with the captcha error', () => {
  const actor = createActor(captchaMachine).start();
  actor.send({ type: 'captcha.failed' });
  expect(actor.getSnapshot().context.error).toBe('captchaRequired');
});
