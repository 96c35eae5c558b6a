import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { forgotPasswordRequestSchema } from '../common/contracts/account';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { failureNotice } from './request-failure';

export type ForgotPasswordEvent = { type: 'email.change'; value: string } | { type: 'forgot.submit' };

/**
 * Forgot password (docs/product.md §2.2, §4.3, §5): step 1 asks for the e-mail (the button stays disabled while it
 * is empty; an empty submit sets the error), step 2 confirms that a link was sent if an account
 * uses that address. The answer is the same for unknown addresses, so step 2 never reveals one.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as { email: string; error: MessageId | null; sentMessage: string | null },
    events: {} as ForgotPasswordEvent,
  },
  guards: {
    isEmailValid: ({ context }) => v.is(forgotPasswordRequestSchema, { email: context.email }),
  },
  actors: {
    requestResetLink: fromPromise<{ message: string | undefined }, { email: string }>(async () => {
      throw new Error('requestResetLink actor not implemented: provide it with forgotPasswordMachine.provide()');
    }),
  },
  actions: {
    showValidationError: assign(({ context }) => {
      const result = v.safeParse(forgotPasswordRequestSchema, { email: context.email });
      return { error: result.success ? null : (fieldErrors<'email'>(result.issues).email ?? 'emailInvalid') };
    }),
    notifyFailure: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', error: null, sentMessage: null },
  initial: 'enteringEmail',
  states: {
    enteringEmail: {
      tags: ['step:1'],
      on: {
        'email.change': { actions: assign({ email: ({ event }) => event.value, error: null }) },
        // With the button disabled while empty, an empty submit can still come from a script or
        // an assistive technology; it sets the error flag (docs/product.md §5) instead of sending.
        'forgot.submit': [{ guard: 'isEmailValid', target: 'sending' }, { actions: 'showValidationError' }],
      },
    },
    sending: {
      tags: ['step:1', 'busy'],
      invoke: {
        id: 'requestResetLink',
        src: 'requestResetLink',
        input: ({ context }) => v.parse(forgotPasswordRequestSchema, { email: context.email }),
        onDone: { target: 'linkSent', actions: assign({ sentMessage: ({ event }) => event.output.message ?? null }) },
        onError: {
          target: 'enteringEmail',
          actions: { type: 'notifyFailure', params: failureNotice },
        },
      },
    },
    linkSent: { tags: ['step:2'], type: 'final' },
  },
});

/** docs/product.md §5: the send button is disabled while the e-mail is empty (and while sending). */
export function canSendResetLink(snapshot: SnapshotFrom<typeof forgotPasswordMachine>) {
  return snapshot.matches('enteringEmail') && snapshot.context.email.trim() !== '';
}
