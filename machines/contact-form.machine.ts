import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { type ContactMessage, contactMessageSchema } from '../common/contracts/contact';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { type CaptchaReport, captchaMachine, keepCaptchaAnswer } from './captcha.machine';
import { failureNotice } from './request-failure';

export type ContactField = 'name' | 'email' | 'info';
export type ContactEvent =
  | { type: 'field.change'; field: ContactField; value: string }
  | { type: 'contact.submit' }
  | CaptchaReport;

type ContactContext = {
  values: Record<ContactField, string>;
  errors: Partial<Record<ContactField | 'recaptcha', MessageId>>;
  captcha: ActorRefFrom<typeof captchaMachine>;
  /** The solved captcha's answer, as the captcha reported it; null until solved and once reset. */
  captchaAnswer: string | null;
};

const emptyValues: Record<ContactField, string> = { name: '', email: '', info: '' };

function messageOf(context: ContactContext) {
  return { ...context.values, recaptcha: context.captchaAnswer ?? '' };
}

/**
 * The landing page's contact form (docs/product.md §4.4, §5): errors under each field, cleared on edit; nothing
 * is sent while any error exists; the button shows progress while validating or sending; on
 * success the form resets and the captcha too; only e-mail edits reset a solved captcha.
 */
export const contactFormMachine = setup({
  types: { context: {} as ContactContext, events: {} as ContactEvent },
  actors: {
    captcha: captchaMachine,
    send: fromPromise<{ message: string | undefined }, ContactMessage>(async () => {
      throw new Error('send actor not implemented: provide it with contactFormMachine.provide()');
    }),
  },
  guards: {
    isEmailEdit: ({ event }) => event.type === 'field.change' && event.field === 'email',
    isValid: ({ context }) => v.is(contactMessageSchema, messageOf(context)),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    showErrors: assign(({ context }) => {
      const result = v.safeParse(contactMessageSchema, messageOf(context));
      const errors = result.success ? {} : fieldErrors<ContactField | 'recaptcha'>(result.issues);
      return { errors: errors.recaptcha ? { ...errors, recaptcha: 'captchaRequired' as MessageId } : errors };
    }),
    tellCaptchaAboutEdit: sendTo(({ context }) => context.captcha, { type: 'captcha.fieldEdited' }),
    resetCaptcha: sendTo(({ context }) => context.captcha, { type: 'captcha.reset' }),
  },
}).createMachine({
  id: 'contactForm',
  context: ({ spawn }) => ({
    values: emptyValues,
    errors: {},
    captcha: spawn('captcha', { id: 'captcha' }),
    captchaAnswer: null,
  }),
  on: keepCaptchaAnswer<ContactContext, ContactEvent>(),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': [
          { guard: 'isEmailEdit', actions: ['updateField', 'tellCaptchaAboutEdit'] },
          { actions: 'updateField' },
        ],
        'contact.submit': 'validating',
      },
    },
    validating: {
      tags: ['busy'],
      always: [
        { guard: 'isValid', target: 'sending' },
        { target: 'editing', actions: 'showErrors' },
      ],
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => v.parse(contactMessageSchema, messageOf(context)),
        onDone: {
          target: 'editing',
          actions: [
            assign({ values: emptyValues, errors: {} }),
            'resetCaptcha',
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: ['resetCaptcha', { type: 'notifyFailure', params: failureNotice }],
        },
      },
    },
  },
});
