import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ContactMessage } from '../../common/contracts/contact';
import { CAPTCHA_RESET_DELAY_MS } from '../../machines/captcha.machine';
import { contactFormMachine } from '../../machines/contact-form.machine';
import { apiFailure } from '../support/failures';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function start(
  send: (message: ContactMessage) => Promise<{ message: string | undefined }> = async () => ({ message: 'Danke' }),
) {
  const effects = { send: vi.fn(send), notifyFailure: vi.fn(), notifySuccess: vi.fn() };
  const actor = createActor(
    contactFormMachine.provide({
      actors: { send: fromPromise(({ input }) => effects.send(input)) },
      actions: {
        notifySuccess: (_, { message }) => effects.notifySuccess(message),
        notifyFailure: (_, { message }) => effects.notifyFailure(message),
      },
    }),
  ).start();
  const captcha = () => actor.getSnapshot().context.captcha;
  return { actor, effects, captcha };
}

function fill(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'field.change', field: 'name', value: 'Jana Schulz' });
  actor.send({ type: 'field.change', field: 'email', value: 'jana@schulz-kfz.de' });
  actor.send({ type: 'field.change', field: 'info', value: 'Wann geht es los?' });
}

test('nothing is sent while any error exists; each error shows and clears on edit', () => {
  const { actor, effects } = start();
  actor.send({ type: 'contact.submit' });
  expect(actor.getSnapshot().context.errors).toEqual({
    name: 'nameRequired',
    email: 'emailRequired',
    info: 'informationRequired',
    recaptcha: 'captchaRequired',
  });
  actor.send({ type: 'field.change', field: 'email', value: 'jana@' });
  expect(actor.getSnapshot().context.errors.email).toBeUndefined();
  actor.send({ type: 'contact.submit' });
  expect(actor.getSnapshot().context.errors.email).toBe('emailInvalid');
  expect(effects.send).not.toHaveBeenCalled();
});

test('sending shows progress; success resets the form and the captcha', async () => {
  const { actor, effects, captcha } = start();
  fill(actor);
  vi.advanceTimersByTime(CAPTCHA_RESET_DELAY_MS);
  captcha().send({ type: 'captcha.solved', value: 'answer' });
  actor.send({ type: 'contact.submit' });
  expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  await vi.waitFor(() => expect(effects.notifySuccess).toHaveBeenCalledWith('Danke'));
  expect(effects.send).toHaveBeenCalledWith({
    name: 'Jana Schulz',
    email: 'jana@schulz-kfz.de',
    info: 'Wann geht es los?',
    recaptcha: 'answer',
  });
  expect(actor.getSnapshot().context.values).toEqual({ name: '', email: '', info: '' });
  expect(captcha().getSnapshot().matches('unsolved')).toBe(true);
  expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
});

test('only e-mail edits reset a solved captcha, 1 s after the last edit', () => {
  const { actor, captcha } = start();
  captcha().send({ type: 'captcha.solved', value: 'answer' });
  actor.send({ type: 'field.change', field: 'name', value: 'J' });
  actor.send({ type: 'field.change', field: 'info', value: 'x' });
  vi.advanceTimersByTime(5000);
  expect(actor.getSnapshot().context.captchaAnswer).toBe('answer');
  actor.send({ type: 'field.change', field: 'email', value: 'j' });
  vi.advanceTimersByTime(CAPTCHA_RESET_DELAY_MS);
  expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
});

test('a failure keeps the text, tells the user and asks for the captcha again', async () => {
  const { actor, effects, captcha } = start(async () => {
    throw apiFailure('Zu viele Versuche.');
  });
  fill(actor);
  vi.advanceTimersByTime(CAPTCHA_RESET_DELAY_MS);
  captcha().send({ type: 'captcha.solved', value: 'answer' });
  actor.send({ type: 'contact.submit' });
  await vi.waitFor(() => expect(effects.notifyFailure).toHaveBeenCalledWith('Zu viele Versuche.'));
  expect(actor.getSnapshot().context.values.info).toBe('Wann geht es los?');
  expect(captcha().getSnapshot().matches('unsolved')).toBe(true);
  expect(actor.getSnapshot().context.captchaAnswer).toBeNull();
});
