import * as v from 'valibot';
import { assign, fromPromise, not, setup } from 'xstate';
import type { AppPath } from '../common/app-paths';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import {
  type Invitation,
  type OnboardingResume,
  type ResumeOnboardingRequest,
  resumeOnboardingSchema,
} from '../common/contracts/workshop';
import { onboardingWizardAccountMachine } from './onboarding-wizard-account.machine';
import { onboardingWizardMasterDataMachine } from './onboarding-wizard-master-data.machine';
import { onboardingWizardSuppliersMachine } from './onboarding-wizard-suppliers.machine';
import type { MasterDataDraft, SuppliersDraft, WizardDraft } from './onboarding-wizard-types';
import { failureNotice, isTokenProblem, type RequestFailure, toRequestFailure } from './request-failure';

export type WizardEvent =
  | { type: 'resume.passwordChange'; value: string }
  | { type: 'resume.submit' }
  | { type: 'wizard.close' };

export type WizardContext = {
  token: string | null;
  invitation: Invitation | null;
  /** Why the invitation cannot be opened; the view translates it. */
  invitationError: MessageId | null;
  draft: WizardDraft;
  account: { id: number; name: string; email: string } | null;
  firstName: string;
  workshopId: number | null;
  resumePassword: string;
  resumeError: MessageId | null;
};

/** The params of the refusal guards: which message the server refused the invitation with. */
function refusal({ event }: { event: { error: unknown } }) {
  return { messageId: toRequestFailure(event.error).messageId };
}

/**
 * The storeRefusal params: the server's message id. A refusal without one (no envelope) is told
 * as an unusable link, the one thing the person can act on: request a new invitation.
 */
function refusalMessage({ event }: { event: { error: unknown } }): { messageId: MessageId } {
  return { messageId: toRequestFailure(event.error).messageId ?? 'tokenInvalid' };
}

function resumeOf(context: WizardContext): OnboardingResume | null {
  return context.invitation?.resume ?? null;
}

/** The checked invitation; the step states are only entered after it arrived. */
function invitationOf(context: WizardContext): Invitation {
  if (!context.invitation) throw new Error('the wizard steps start only after the invitation was checked');
  return context.invitation;
}

function workshopOf(context: WizardContext) {
  if (context.workshopId === null) throw new Error('steps 2 and 3 start only once the workshop exists');
  return { leadId: invitationOf(context).lead_id, workshopId: context.workshopId };
}

function savedMasterData(resume: OnboardingResume | null): MasterDataDraft | null {
  if (!resume?.dms) return null;
  return { dmsId: String(resume.dms.dms_id), dmsAccountId: resume.dms.dms_account_id };
}

function savedSuppliers(resume: OnboardingResume | null): SuppliersDraft | null {
  if (!resume || (resume.suppliers.length === 0 && resume.additional_suppliers.length === 0)) return null;
  return {
    selected: Object.fromEntries(resume.suppliers.map((item) => [item.part_dealer_id, item.customer_number])),
    additionalTiles: resume.additional_suppliers.map((item) => ({
      partSupplier: item.name,
      customerNo: item.customer_number,
    })),
    additionalRows: [],
    addMoreOpen: false,
  };
}

function resumeRequest(context: WizardContext) {
  return { token: context.token ?? '', password: context.resumePassword };
}

function resumePasswordError(context: WizardContext): MessageId | null {
  const result = v.safeParse(resumeOnboardingSchema, resumeRequest(context));
  if (result.success) return null;
  return fieldErrors<keyof ResumeOnboardingRequest>(result.issues).password ?? null;
}

/** What the invitation (or a resume) tells about the person and the workshop. */
function fromInvitation(invitation: Invitation): Partial<WizardContext> {
  const resume = invitation.resume;
  if (!resume) return { invitation };
  return {
    invitation,
    firstName: resume.first_name,
    workshopId: resume.workshop_id,
    account: {
      id: resume.user_id,
      name: `${resume.first_name} ${resume.last_name}`.trim(),
      email: invitation.email,
    },
  };
}

/**
 * The workshop onboarding wizard (docs/product.md §2, §4, §5) opened from an invitation link, in both modes:
 * account-creation mode creates the account and leaves for a configured page; plain mode goes
 * on to master data (DMS), part suppliers, and the "verification pending" confirmation. Each
 * step is a child machine that reports back through its output; this machine only orders them.
 * A used invitation reopens at the step the server names (ADR 015): with the onboarding
 * credential at once, on another browser after the account's password.
 */
export const onboardingWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as { token: string | null },
    children: {} as { account: 'accountStep'; masterData: 'masterDataStep'; suppliers: 'suppliersStep' },
  },
  actors: {
    checkInvitation: fromPromise<Invitation, { token: string }>(async () => {
      throw new Error('checkInvitation actor not implemented: provide it with onboardingWizardMachine.provide()');
    }),
    resumeOnboarding: fromPromise<Invitation, ResumeOnboardingRequest>(async () => {
      throw new Error('resumeOnboarding actor not implemented: provide it with onboardingWizardMachine.provide()');
    }),
    readDraft: fromPromise<WizardDraft | null, { leadId: number }>(async () => {
      throw new Error('readDraft actor not implemented: provide it with onboardingWizardMachine.provide()');
    }),
    accountStep: onboardingWizardAccountMachine,
    masterDataStep: onboardingWizardMasterDataMachine,
    suppliersStep: onboardingWizardSuppliersMachine,
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isAccountCreationMode: ({ context }) => context.invitation?.mode === 'account-creation',
    resumesAtMasterData: ({ context }) => resumeOf(context)?.next_step === 'master-data',
    resumesAtSuppliers: ({ context }) => resumeOf(context)?.next_step === 'suppliers',
    isOnboardingComplete: (_, { messageId }: { messageId: MessageId | null }) => messageId === 'onboardingComplete',
    canResumeWithPassword: (_, { messageId }: { messageId: MessageId | null }) =>
      messageId === 'onboardingNeedsPassword',
    isResumePasswordPresent: ({ context }) => resumePasswordError(context) === null,
    isTokenProblem: (_, failure: RequestFailure) => isTokenProblem(failure),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: AppPath }) => {},
    /** Account-creation mode leaves the wizard for the configured page (docs/product.md §4). */
    leaveAfterAccountCreation: () => {},
    clearDraft: (_, _params: { leadId: number }) => {},
    storeRefusal: assign((_, { messageId }: { messageId: MessageId }) => ({ invitationError: messageId })),
    showResumePasswordError: assign(({ context }) => ({ resumeError: resumePasswordError(context) })),
  },
}).createMachine({
  id: 'onboardingWizard',
  context: ({ input }) => ({
    token: input.token,
    invitation: null,
    invitationError: null,
    draft: {},
    account: null,
    firstName: '',
    workshopId: null,
    resumePassword: '',
    resumeError: null,
  }),
  initial: 'checkingInvitation',
  states: {
    checkingInvitation: {
      tags: ['busy', 'loading'],
      always: { guard: not('hasToken'), target: 'invitationRejected' },
      invoke: {
        id: 'checkInvitation',
        src: 'checkInvitation',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'restoringDraft', actions: assign(({ event }) => fromInvitation(event.output)) },
        onError: [
          // This browser finished the onboarding already: the confirmation stays.
          { guard: { type: 'isOnboardingComplete', params: refusal }, target: 'done' },
          {
            guard: { type: 'canResumeWithPassword', params: refusal },
            target: 'passwordOffered',
            actions: { type: 'storeRefusal', params: refusalMessage },
          },
          { target: 'invitationRejected', actions: { type: 'storeRefusal', params: refusalMessage } },
        ],
      },
    },
    invitationRejected: { tags: ['invitationRejected'], type: 'final' },
    passwordOffered: {
      description: 'A used invitation whose onboarding is not finished: its owner may continue with the password.',
      tags: ['invitationRejected', 'passwordOffer'],
      on: {
        'resume.passwordChange': {
          actions: assign({ resumePassword: ({ event }) => event.value, resumeError: null }),
        },
        'resume.submit': [
          { guard: 'isResumePasswordPresent', target: 'resuming' },
          { actions: 'showResumePasswordError' },
        ],
      },
    },
    resuming: {
      tags: ['invitationRejected', 'passwordOffer', 'busy'],
      invoke: {
        id: 'resumeOnboarding',
        src: 'resumeOnboarding',
        input: ({ context }) => resumeRequest(context),
        onDone: {
          target: 'restoringDraft',
          actions: assign(({ event }) => ({ ...fromInvitation(event.output), resumePassword: '' })),
        },
        onError: [
          // The admin verified the account meanwhile, or the browser finished elsewhere: nothing is left to do.
          { guard: { type: 'isOnboardingComplete', params: refusal }, target: 'done' },
          // The invitation was revoked or the account deactivated: no password can open it any more.
          {
            guard: { type: 'isTokenProblem', params: ({ event }) => toRequestFailure(event.error) },
            target: 'invitationRejected',
            actions: { type: 'storeRefusal', params: refusalMessage },
          },
          {
            target: 'passwordOffered',
            actions: [
              assign({ resumeError: ({ event }) => toRequestFailure(event.error).messageId }),
              { type: 'notifyFailure', params: failureNotice },
            ],
          },
        ],
      },
    },
    restoringDraft: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'readDraft',
        src: 'readDraft',
        input: ({ context }) => ({ leadId: invitationOf(context).lead_id }),
        onDone: { target: 'routing', actions: assign({ draft: ({ event }) => event.output ?? {} }) },
        onError: 'routing',
      },
    },
    routing: {
      description: 'A fresh invitation starts at step 1; a resumed one at the step the server names.',
      always: [
        { guard: 'resumesAtSuppliers', target: 'suppliers' },
        { guard: 'resumesAtMasterData', target: 'masterData' },
        { target: 'account' },
      ],
    },
    account: {
      tags: ['step:1'],
      invoke: {
        id: 'account',
        src: 'accountStep',
        input: ({ context }) => ({
          token: context.token ?? '',
          invitation: invitationOf(context),
          draft: context.draft.account ?? null,
        }),
        onDone: [
          {
            guard: 'isAccountCreationMode',
            target: 'leftWizard',
            actions: [
              { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.created.message }) },
              // The wizard ends here in this mode, so the tab's draft would otherwise outlive it.
              { type: 'clearDraft', params: ({ context }) => ({ leadId: invitationOf(context).lead_id }) },
              'leaveAfterAccountCreation',
            ],
          },
          {
            target: 'masterData',
            actions: [
              assign(({ event }) => ({
                firstName: event.output.created.first_name,
                workshopId: event.output.created.workshop?.id ?? null,
                account: {
                  id: event.output.created.user_id,
                  name: `${event.output.created.first_name} ${event.output.lastName}`.trim(),
                  email: event.output.created.email,
                },
              })),
              { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.created.message }) },
            ],
          },
        ],
      },
    },
    leftWizard: {
      type: 'final',
      description: 'Account-creation mode: account created, the browser went to the configured page.',
    },
    masterData: {
      tags: ['step:2'],
      invoke: {
        id: 'masterData',
        src: 'masterDataStep',
        input: ({ context }) => ({
          ...workshopOf(context),
          saved: savedMasterData(resumeOf(context)),
          draft: context.draft.masterData ?? null,
        }),
        onDone: 'suppliers',
      },
    },
    suppliers: {
      tags: ['step:3'],
      invoke: {
        id: 'suppliers',
        src: 'suppliersStep',
        input: ({ context }) => ({
          ...workshopOf(context),
          firstName: context.firstName,
          saved: savedSuppliers(resumeOf(context)),
          draft: context.draft.suppliers ?? null,
        }),
        onDone: {
          target: 'done',
          actions: { type: 'clearDraft', params: ({ context }) => ({ leadId: invitationOf(context).lead_id }) },
        },
      },
    },
    done: {
      tags: ['step:4'],
      on: { 'wizard.close': { target: 'closed', actions: { type: 'navigate', params: { to: '/' } } } },
    },
    closed: { type: 'final' },
  },
});
