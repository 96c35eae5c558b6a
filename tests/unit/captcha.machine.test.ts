import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { CAPTCHA_RESET_DELAY_MS } from '../../machines/captcha.machine';
import { startReportingCaptcha } from '../support/captcha-parent';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('solving hands the answer to the form and clears the error', () => {
  const { captcha, reports, answer } = startReportingCaptcha();
  captcha.send({ type: 'captcha.expired' });
  expect(captcha.getSnapshot().context.error).toBe('captchaRequired');
  captcha.send({ type: 'captcha.solved', value: 'answer' });
  expect(captcha.getSnapshot().context.error).toBeNull();
  expect(captcha.getSnapshot().matches('solved')).toBe(true);
  expect(reports).toEqual([{ type: 'captcha.solved', answer: 'answer' }]);
  expect(answer()).toBe('answer');
});

test('expiry takes the answer back and shows the captcha error', () => {
  const { captcha, reports, answer } = startReportingCaptcha();
  captcha.send({ type: 'captcha.solved', value: 'answer' });
  captcha.send({ type: 'captcha.expired' });
  expect(captcha.getSnapshot().context.error).toBe('captchaRequired');
  expect(captcha.getSnapshot().matches('unsolved')).toBe(true);
  expect(reports.at(-1)).toEqual({ type: 'captcha.cleared' });
  expect(answer()).toBeNull();
});

test('a field edit resets the captcha 1000 ms after the last edit', () => {
  const { captcha, answer } = startReportingCaptcha();
  captcha.send({ type: 'captcha.solved', value: 'answer' });
  captcha.send({ type: 'captcha.fieldEdited' });
  vi.advanceTimersByTime(CAPTCHA_RESET_DELAY_MS - 200);
  captcha.send({ type: 'captcha.fieldEdited' });
  vi.advanceTimersByTime(CAPTCHA_RESET_DELAY_MS - 1);
  expect(answer()).toBe('answer');
  vi.advanceTimersByTime(1);
  expect(answer()).toBeNull();
  expect(captcha.getSnapshot().context.resetGeneration).toBe(1);
  expect(captcha.getSnapshot().matches('unsolved')).toBe(true);
});

test('edits before the captcha is solved change nothing and report nothing', () => {
  const { captcha, reports } = startReportingCaptcha();
  captcha.send({ type: 'captcha.fieldEdited' });
  vi.advanceTimersByTime(5000);
  expect(captcha.getSnapshot().context).toMatchObject({ error: null, resetGeneration: 0 });
  expect(reports).toEqual([]);
});

test('an explicit reset (after a successful send) takes the answer back without an error', () => {
  const { captcha, answer } = startReportingCaptcha();
  captcha.send({ type: 'captcha.solved', value: 'answer' });
  captcha.send({ type: 'captcha.reset' });
  expect(captcha.getSnapshot().context).toMatchObject({ error: null, resetGeneration: 1 });
  expect(answer()).toBeNull();
});

test('a widget failure counts as unsolved with the captcha error', () => {
  const { captcha, answer } = startReportingCaptcha();
  captcha.send({ type: 'captcha.failed' });
  expect(captcha.getSnapshot().context.error).toBe('captchaRequired');
  captcha.send({ type: 'captcha.solved', value: 'answer' });
  captcha.send({ type: 'captcha.failed' });
  expect(captcha.getSnapshot().context.error).toBe('captchaRequired');
  expect(answer()).toBeNull();
});
