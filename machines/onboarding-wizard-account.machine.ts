import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import {
  type CreateWorkshopAccountRequest,
  createWorkshopAccountSchema,
  type Invitation,
} from '../common/contracts/workshop';
import type { AccountDraft } from './onboarding-wizard-types';
import { failureNotice, toRequestFailure } from './request-failure';

export type AccountField = 'firstName' | 'lastName' | 'password';
export type CreatedAccount = {
  user_id: number;
  first_name: string;
  email: string;
  workshop: { id: number } | null;
  message: string | undefined;
};
export type AccountStepResult = { created: CreatedAccount; lastName: string };

export type AccountStepEvent =
  | { type: 'account.change'; field: AccountField; value: string }
  | { type: 'account.submit' };

type AccountStepContext = {
  token: string;
  invitation: Invitation;
  form: { firstName: string; lastName: string; password: string };
  errors: Partial<Record<AccountField, MessageId>>;
  result: AccountStepResult | null;
};

function accountRequest(context: AccountStepContext) {
  return {
    token: context.token,
    first_name: context.form.firstName,
    last_name: context.form.lastName,
    password: context.form.password,
  };
}

/** docs/product.md §5 step 1: checked in order, one error at a time (last name is not checked). */
function firstAccountError(context: AccountStepContext): AccountStepContext['errors'] {
  const result = v.safeParse(createWorkshopAccountSchema, accountRequest(context));
  if (result.success) return {};
  const errors = fieldErrors<string>(result.issues);
  if (errors.first_name) return { firstName: errors.first_name };
  if (errors.password) return { password: errors.password };
  return {};
}

/**
 * Wizard step 1 (docs/product.md §2): the account, created from the invitation. Ends with the created
 * account as its output; the parent decides what follows (account-creation mode leaves).
 */
export const onboardingWizardAccountMachine = setup({
  types: {
    context: {} as AccountStepContext,
    events: {} as AccountStepEvent,
    input: {} as { token: string; invitation: Invitation; draft: AccountDraft | null },
    output: {} as AccountStepResult,
  },
  actors: {
    createAccount: fromPromise<CreatedAccount, CreateWorkshopAccountRequest & Record<string, unknown>>(async () => {
      throw new Error('createAccount actor not implemented: provide it with onboardingWizardAccountMachine.provide()');
    }),
  },
  guards: {
    isAccountValid: ({ context }) => Object.keys(firstAccountError(context)).length === 0,
  },
  actions: {
    notifyFailure: (_, _params: { message: string }) => {},
    saveDraft: (_, _params: { leadId: number; draft: AccountDraft }) => {},
    updateAccountField: assign(({ context, event }) => {
      assertEvent(event, 'account.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
    showAccountError: assign(({ context }) => ({ errors: firstAccountError(context) })),
  },
}).createMachine({
  id: 'onboardingWizardAccount',
  context: ({ input }) => ({
    token: input.token,
    invitation: input.invitation,
    form: { firstName: input.draft?.firstName ?? '', lastName: input.draft?.lastName ?? '', password: '' },
    errors: {},
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'account.change': {
          actions: [
            'updateAccountField',
            {
              type: 'saveDraft',
              params: ({ context }) => ({
                leadId: context.invitation.lead_id,
                draft: { firstName: context.form.firstName, lastName: context.form.lastName },
              }),
            },
          ],
        },
        'account.submit': [{ guard: 'isAccountValid', target: 'creating' }, { actions: 'showAccountError' }],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        // The body of docs/product.md §7; the server takes e-mail, company and lead from the invitation only.
        input: ({ context }) => ({
          ...accountRequest(context),
          email: context.invitation.email,
          services: ['WORKSHOP'],
          company_name: context.invitation.workshop_account_name,
          ...(context.invitation.mode === 'account-creation'
            ? { create_workshop_account: true, lead_id: context.invitation.lead_id }
            : { create_workshop: true }),
        }),
        onDone: {
          target: 'created',
          actions: assign(({ context, event }) => ({
            result: { created: event.output, lastName: context.form.lastName },
            form: { ...context.form, password: '' },
          })),
        },
        onError: {
          target: 'editing',
          actions: [
            assign(({ event }) => {
              const failure = toRequestFailure(event.error);
              const field =
                failure.field === 'first_name' ? 'firstName' : failure.field === 'password' ? 'password' : null;
              return field && failure.messageId ? { errors: { [field]: failure.messageId } } : {};
            }),
            { type: 'notifyFailure', params: failureNotice },
          ],
        },
      },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => {
    if (!context.result) throw new Error('the account step ends only after the account was created');
    return context.result;
  },
});
