import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import {
  type DmsDetailsRequest,
  type DmsOption,
  dmsDetailsSchema,
  OTHER_DMS_ID,
  OTHER_DMS_NAME,
} from '../common/contracts/workshop';
import type { MasterDataDraft, SaveDetailsInput, SkipStepInput, WorkshopRef } from './onboarding-wizard-types';
import { failureNotice } from './request-failure';

type DmsField = keyof MasterDataDraft;

export type MasterDataStepEvent =
  | { type: 'dms.select'; value: string }
  | { type: 'dmsAccount.change'; value: string }
  | { type: 'step.next' }
  | { type: 'step.skip' };

type MasterDataContext = WorkshopRef & {
  form: MasterDataDraft;
  errors: Partial<Record<DmsField, MessageId>>;
  dmsOptions: DmsOption[];
};

function dmsRequest(form: MasterDataDraft) {
  const dmsId = form.dmsId === '' ? 0 : Number(form.dmsId);
  return {
    dms_id: dmsId,
    dms_account_id: form.dmsAccountId,
    ...(dmsId === OTHER_DMS_ID ? { additional_dms_name: OTHER_DMS_NAME } : {}),
  };
}

/** docs/product.md §5 step 2 through the shared contract: a DMS first, then its account id; one error at a time. */
function firstDmsError(form: MasterDataDraft): MasterDataContext['errors'] {
  const result = v.safeParse(dmsDetailsSchema, dmsRequest(form));
  if (result.success) return {};
  const errors = fieldErrors<keyof DmsDetailsRequest>(result.issues);
  if (errors.dms_id) return { dmsId: errors.dms_id };
  if (errors.dms_account_id) return { dmsAccountId: errors.dms_account_id };
  return {};
}

function validDmsRequest(form: MasterDataDraft): DmsDetailsRequest {
  return v.parse(dmsDetailsSchema, dmsRequest(form));
}

const saveDraft = {
  type: 'saveDraft',
  params: ({ context }: { context: MasterDataContext }) => ({ leadId: context.leadId, draft: context.form }),
} as const;

/**
 * Wizard step 2 (docs/product.md §2.3, "step 1 of 2"): the workshop's DMS. Saving and skipping are both
 * recorded by the server, so a returning workshop continues at step 3 (ADR 015).
 */
export const onboardingWizardMasterDataMachine = setup({
  types: {
    context: {} as MasterDataContext,
    events: {} as MasterDataStepEvent,
    input: {} as WorkshopRef & { saved: MasterDataDraft | null; draft: MasterDataDraft | null },
  },
  actors: {
    loadDms: fromPromise<DmsOption[], void>(async () => {
      throw new Error('loadDms actor not implemented: provide it with onboardingWizardMasterDataMachine.provide()');
    }),
    saveDetails: fromPromise<{ message: string | undefined }, SaveDetailsInput>(async () => {
      throw new Error('saveDetails actor not implemented: provide it with onboardingWizardMasterDataMachine.provide()');
    }),
    skipStep: fromPromise<void, SkipStepInput>(async () => {
      throw new Error('skipStep actor not implemented: provide it with onboardingWizardMasterDataMachine.provide()');
    }),
  },
  guards: {
    isDmsValid: ({ context }) => Object.keys(firstDmsError(context.form)).length === 0,
  },
  actions: {
    notifyFailure: (_, _params: { message: string }) => {},
    saveDraft: (_, _params: { leadId: number; draft: MasterDataDraft }) => {},
    showDmsError: assign(({ context }) => ({ errors: firstDmsError(context.form) })),
  },
}).createMachine({
  id: 'onboardingWizardMasterData',
  context: ({ input }) => ({
    leadId: input.leadId,
    workshopId: input.workshopId,
    form: input.draft ?? input.saved ?? { dmsId: '', dmsAccountId: '' },
    errors: {},
    dmsOptions: [],
  }),
  initial: 'loadingDms',
  states: {
    loadingDms: {
      tags: ['busy'],
      invoke: {
        id: 'loadDms',
        src: 'loadDms',
        onDone: { target: 'editing', actions: assign({ dmsOptions: ({ event }) => event.output }) },
        // docs/product.md §8: a DMS list error shows the server message; the step stays usable (skip).
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: failureNotice },
        },
      },
    },
    editing: {
      on: {
        'dms.select': {
          actions: [
            assign(({ context, event }) => {
              const { dmsId: _cleared, ...errors } = context.errors;
              return { form: { ...context.form, dmsId: event.value }, errors };
            }),
            saveDraft,
          ],
        },
        'dmsAccount.change': {
          actions: [
            assign(({ context, event }) => {
              const { dmsAccountId: _cleared, ...errors } = context.errors;
              return { form: { ...context.form, dmsAccountId: event.value }, errors };
            }),
            saveDraft,
          ],
        },
        'step.next': [{ guard: 'isDmsValid', target: 'saving' }, { actions: 'showDmsError' }],
        'step.skip': 'skipping',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveDms',
        src: 'saveDetails',
        input: ({ context }) => ({
          leadId: context.leadId,
          workshopId: context.workshopId,
          details: validDmsRequest(context.form),
        }),
        onDone: 'finished',
        // A dropped connection or a refusal: the message is shown, what was typed stays, retry works.
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: failureNotice },
        },
      },
    },
    skipping: {
      tags: ['busy'],
      invoke: {
        id: 'skipMasterData',
        src: 'skipStep',
        input: ({ context }) => ({
          leadId: context.leadId,
          workshopId: context.workshopId,
          step: 'master-data' as const,
        }),
        onDone: 'finished',
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: failureNotice },
        },
      },
    },
    finished: { type: 'final' },
  },
});
