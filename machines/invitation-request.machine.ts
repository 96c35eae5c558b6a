import * as v from 'valibot';
import { type ActorRefFrom, and, assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { AppPath } from '../common/app-paths';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { type InvitationRequest, invitationRequestSchema, type WorkshopLeadMode } from '../common/contracts/workshop';
import { type CaptchaReport, captchaMachine, keepCaptchaAnswer } from './captcha.machine';
import { failureNotice } from './request-failure';

export type InvitationField = 'workshop_primary_email' | 'workshop_account_name';

export type InvitationRequestEvent =
  | { type: 'field.change'; field: InvitationField; value: string }
  | { type: 'request.submit' }
  | { type: 'request.close' }
  | CaptchaReport;

type InvitationRequestContext = {
  mode: WorkshopLeadMode;
  values: Record<InvitationField, string>;
  errors: Partial<Record<InvitationField, MessageId>>;
  captcha: ActorRefFrom<typeof captchaMachine>;
  /** The solved captcha's answer, as the captcha reported it; null until solved and once reset. */
  captchaAnswer: string | null;
};

function formOf(context: InvitationRequestContext) {
  return { ...context.values, recaptcha: context.captchaAnswer ?? '', mode: context.mode };
}

/**
 * Request an invitation (docs/product.md §2.3, §4.4, §5): step 1 e-mail,
 * workshop name and captcha (send disabled until solved; any field edit resets the captcha 1 s
 * after the last edit), step 2 the confirmation with the pilot-phase box and a close button to /.
 */
export const invitationRequestMachine = setup({
  types: {
    context: {} as InvitationRequestContext,
    events: {} as InvitationRequestEvent,
    input: {} as { mode: WorkshopLeadMode },
  },
  actors: {
    captcha: captchaMachine,
    sendRequest: fromPromise<{ message: string | undefined }, InvitationRequest>(async () => {
      throw new Error('sendRequest actor not implemented: provide it with invitationRequestMachine.provide()');
    }),
  },
  guards: {
    isCaptchaSolved: ({ context }) => context.captchaAnswer !== null,
    isFormValid: ({ context }) => v.is(invitationRequestSchema, formOf(context)),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showValidationErrors: assign(({ context }) => {
      const result = v.safeParse(invitationRequestSchema, formOf(context));
      return { errors: result.success ? {} : fieldErrors<InvitationField>(result.issues) };
    }),
    tellCaptchaAboutEdit: sendTo(({ context }) => context.captcha, { type: 'captcha.fieldEdited' }),
    // A captcha answer is single use: once sent, it must be solved again for another try.
    resetCaptcha: sendTo(({ context }) => context.captcha, { type: 'captcha.reset' }),
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: AppPath }) => {},
  },
}).createMachine({
  id: 'invitationRequest',
  context: ({ input, spawn }) => ({
    mode: input.mode,
    values: { workshop_primary_email: '', workshop_account_name: '' },
    errors: {},
    captcha: spawn('captcha', { id: 'captcha' }),
    captchaAnswer: null,
  }),
  on: keepCaptchaAnswer<InvitationRequestContext, InvitationRequestEvent>(),
  initial: 'editing',
  states: {
    editing: {
      tags: ['step:1'],
      on: {
        'field.change': { actions: ['updateField', 'tellCaptchaAboutEdit'] },
        'request.submit': [
          { guard: and(['isCaptchaSolved', 'isFormValid']), target: 'sending' },
          { guard: 'isCaptchaSolved', actions: 'showValidationErrors' },
        ],
      },
    },
    sending: {
      tags: ['step:1', 'busy'],
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => v.parse(invitationRequestSchema, formOf(context)),
        onDone: {
          target: 'sent',
          actions: { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
        },
        onError: {
          target: 'editing',
          actions: ['resetCaptcha', { type: 'notifyFailure', params: failureNotice }],
        },
      },
    },
    sent: {
      tags: ['step:2'],
      description: 'Step 2: "invitation sent / check inbox", the dismissible pilot-phase box, close → /.',
      on: { 'request.close': { target: 'closed', actions: { type: 'navigate', params: { to: '/' } } } },
    },
    closed: { type: 'final' },
  },
});
