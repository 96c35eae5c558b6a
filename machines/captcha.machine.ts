import { assertEvent, assign, type EventObject, sendParent, setup } from 'xstate';
import { CAPTCHA_RESET_DELAY_MS } from '../common/captcha';
import type { MessageId } from '../common/contracts/message-ids';

export { CAPTCHA_RESET_DELAY_MS };

export type CaptchaEvent =
  | { type: 'captcha.solved'; value: string }
  | { type: 'captcha.expired' }
  | { type: 'captcha.failed' }
  | { type: 'captcha.fieldEdited' }
  | { type: 'captcha.reset' };

/**
 * What the captcha tells the form that spawned it: the answer when solved, and that it is gone
 * when it expires, fails or is reset. The form keeps the answer in its own context.
 */
export type CaptchaReport = { type: 'captcha.solved'; answer: string } | { type: 'captcha.cleared' };

export type CaptchaContext = {
  error: MessageId | null;
  /** Incremented whenever the widget must start over; the view resets the widget on change. */
  resetGeneration: number;
};

/**
 * The captcha of the public forms (docs/product.md §4): solving hands the answer to the form and clears the
 * error, expiry takes it back and shows the captcha error, and a tracked field edit takes it back
 * 1 s after the last edit. It must be spawned by a form: it reports to its parent.
 */
export const captchaMachine = setup({
  types: { context: {} as CaptchaContext, events: {} as CaptchaEvent },
  delays: { CAPTCHA_RESET_DELAY: CAPTCHA_RESET_DELAY_MS },
  actions: {
    reportAnswer: sendParent(({ event }): CaptchaReport => {
      assertEvent(event, 'captcha.solved');
      return { type: 'captcha.solved', answer: event.value };
    }),
    reportCleared: sendParent({ type: 'captcha.cleared' } satisfies CaptchaReport),
    clearError: assign({ error: null }),
    startOver: assign(({ context }) => ({ resetGeneration: context.resetGeneration + 1 })),
    showCaptchaError: assign({ error: 'captchaRequired' as MessageId }),
  },
}).createMachine({
  id: 'captcha',
  context: { error: null, resetGeneration: 0 },
  initial: 'unsolved',
  states: {
    unsolved: {
      on: {
        'captcha.solved': { target: 'solved', actions: ['clearError', 'reportAnswer'] },
        'captcha.expired': { actions: 'showCaptchaError' },
        'captcha.failed': { actions: 'showCaptchaError' },
      },
    },
    solved: {
      initial: 'settled',
      on: {
        'captcha.expired': { target: 'unsolved', actions: ['showCaptchaError', 'reportCleared'] },
        'captcha.failed': { target: 'unsolved', actions: ['showCaptchaError', 'reportCleared'] },
        'captcha.reset': { target: 'unsolved', actions: ['startOver', 'reportCleared'] },
      },
      states: {
        settled: { on: { 'captcha.fieldEdited': 'resetScheduled' } },
        resetScheduled: {
          description: 'Each further edit restarts the 1 s wait, so the reset follows the last edit.',
          after: { CAPTCHA_RESET_DELAY: { target: '#captcha.unsolved', actions: ['startOver', 'reportCleared'] } },
          on: { 'captcha.fieldEdited': { target: 'resetScheduled', reenter: true } },
        },
      },
    },
  },
});

/**
 * A form's side of its captcha: keep the answer the captcha reported, or null once it is taken
 * back. Spread into the form machine's root `on`, so a report counts in every state.
 */
/**
 * A form's side of its captcha: keep the answer the captcha reported, or null once it is taken
 * back. Spread into the form machine's root `on`, so a report counts in every state.
 */
export function keepCaptchaAnswer<TContext extends { captchaAnswer: string | null }, TEvent extends EventObject>() {
  return {
    'captcha.solved': {
      actions: assign<TContext, Extract<CaptchaReport, { type: 'captcha.solved' }>, undefined, TEvent, never>(
        ({ event }) => ({ captchaAnswer: event.answer }) as Partial<TContext>,
      ),
    },
    'captcha.cleared': {
      actions: assign<TContext, Extract<CaptchaReport, { type: 'captcha.cleared' }>, undefined, TEvent, never>(
        () => ({ captchaAnswer: null }) as Partial<TContext>,
      ),
    },
  };
}
