import { assign, setup } from 'xstate';
import type { MessageId } from '../common/contracts/message-ids';

/** Spec §9: the captcha must be solved again 1000 ms after the last tracked field edit. */
export const CAPTCHA_RESET_DELAY_MS = 1000;

export type CaptchaEvent =
  | { type: 'captcha.solved'; value: string }
  | { type: 'captcha.expired' }
  | { type: 'captcha.failed' }
  | { type: 'captcha.fieldEdited' }
  | { type: 'captcha.reset' };

export type CaptchaContext = {
  value: string | null;
  error: MessageId | null;
  /** Incremented whenever the widget must start over; the view resets the widget on change. */
  resetGeneration: number;
};

/**
 * The captcha of the public forms (spec §4): solving stores the answer, expiry clears it and
 * shows the captcha error, and a tracked field edit clears it 1 s after the last edit.
 */
export const captchaMachine = setup({
  types: { context: {} as CaptchaContext, events: {} as CaptchaEvent },
  delays: { CAPTCHA_RESET_DELAY: CAPTCHA_RESET_DELAY_MS },
  actions: {
    storeAnswer: assign(({ event }) => (event.type === 'captcha.solved' ? { value: event.value, error: null } : {})),
    clearAnswer: assign(({ context }) => ({ value: null, resetGeneration: context.resetGeneration + 1 })),
    showCaptchaError: assign({ value: null, error: 'captchaRequired' as MessageId }),
  },
}).createMachine({
  id: 'captcha',
  context: { value: null, error: null, resetGeneration: 0 },
  initial: 'unsolved',
  states: {
    unsolved: {
      on: {
        'captcha.solved': { target: 'solved', actions: 'storeAnswer' },
        'captcha.expired': { actions: 'showCaptchaError' },
        'captcha.failed': { actions: 'showCaptchaError' },
      },
    },
    solved: {
      initial: 'settled',
      on: {
        'captcha.expired': { target: 'unsolved', actions: 'showCaptchaError' },
        'captcha.failed': { target: 'unsolved', actions: 'showCaptchaError' },
        'captcha.reset': { target: 'unsolved', actions: 'clearAnswer' },
      },
      states: {
        settled: { on: { 'captcha.fieldEdited': 'resetScheduled' } },
        resetScheduled: {
          description: 'Each further edit restarts the 1 s wait, so the reset follows the last edit.',
          after: { CAPTCHA_RESET_DELAY: { target: '#captcha.unsolved', actions: 'clearAnswer' } },
          on: { 'captcha.fieldEdited': { target: 'resetScheduled', reenter: true } },
        },
      },
    },
  },
});
