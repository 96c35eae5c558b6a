import * as v from 'valibot';
import { and, assertEvent, assign, fromPromise, not, setup } from 'xstate';
import type { AppPath } from '../common/app-paths';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import {
  type CreateWorkshopAccountRequest,
  createWorkshopAccountSchema,
  type DmsOption,
  type Invitation,
  OTHER_DMS_ID,
  OTHER_DMS_NAME,
  type PartDealerOption,
  type WorkshopDetailsRequest,
} from '../common/contracts/workshop';
import { toRequestFailure } from './request-failure';

export type AccountField = 'firstName' | 'lastName' | 'password';
export type SupplierRow = { partSupplier: string; customerNo: string };
export type CreatedAccount = {
  user_id: number;
  first_name: string;
  email: string;
  workshop: { id: number } | null;
  message: string | undefined;
};

export type WizardEvent =
  | { type: 'account.change'; field: AccountField; value: string }
  | { type: 'account.submit' }
  | { type: 'dms.select'; value: string }
  | { type: 'dmsAccount.change'; value: string }
  | { type: 'step.next' }
  | { type: 'step.skip' }
  | { type: 'tile.toggle'; dealerId: number }
  | { type: 'customerNo.change'; dealerId: number; value: string }
  | { type: 'addMore.toggle' }
  | { type: 'row.change'; index: number; field: keyof SupplierRow; value: string }
  | { type: 'row.add' }
  | { type: 'row.remove'; index: number }
  | { type: 'addMore.discard' }
  | { type: 'addMore.apply' }
  | { type: 'wizard.close' };

export type WizardContext = {
  token: string | null;
  invitation: Invitation | null;
  invitationError: string | null;
  /** Spec §3 wizard form state. */
  form: {
    email: string;
    firstName: string;
    lastName: string;
    password: string;
    workshopAccountName: string;
    dmsId: string;
    dmsAccountId: string;
    leadId: number | null;
    createdWorkshopId: number | null;
  };
  errors: Partial<Record<AccountField | 'dmsId' | 'dmsAccountId', MessageId>>;
  account: { id: number; name: string; email: string } | null;
  dmsOptions: DmsOption[];
  partDealers: PartDealerOption[];
  /** Selected suppliers: dealer id → customer number as typed. */
  selected: Record<number, string>;
  tileErrors: Record<number, MessageId>;
  additionalRows: SupplierRow[];
  /** Extra suppliers added from the panel; they show as tiles of their own. */
  additionalTiles: SupplierRow[];
  addMoreOpen: boolean;
  suppliersError: MessageId | null;
};

const emptyRow = (): SupplierRow => ({ partSupplier: '', customerNo: '' });
const isCompleteRow = (row: SupplierRow) => row.partSupplier.trim() !== '' && row.customerNo.trim() !== '';

function accountRequest(context: WizardContext) {
  return {
    token: context.token ?? '',
    first_name: context.form.firstName,
    last_name: context.form.lastName,
    password: context.form.password,
  };
}

/** Spec §5 step 1: checked in order, one error at a time (last name is not checked). */
function firstAccountError(context: WizardContext): Partial<WizardContext['errors']> {
  if (context.form.email === '') return {};
  const result = v.safeParse(createWorkshopAccountSchema, accountRequest(context));
  if (result.success) return {};
  const errors = fieldErrors<string>(result.issues);
  if (errors.first_name) return { firstName: errors.first_name };
  if (errors.password) return { password: errors.password };
  return {};
}

/** Spec §5 step 2: a DMS must be chosen, then its customer reference number is required. */
function firstDmsError(context: WizardContext): Partial<WizardContext['errors']> {
  if (context.form.dmsId === '') return { dmsId: 'selectDMSID' };
  if (context.form.dmsAccountId.trim() === '') return { dmsAccountId: 'selectDMSAccId' };
  return {};
}

/** Spec §5 step 3: each selected supplier needs a customer number (digits: it is sent as a number). */
function supplierTileErrors(context: WizardContext) {
  const errors: Record<number, MessageId> = {};
  for (const [dealerId, number] of Object.entries(context.selected)) {
    const trimmed = number.trim();
    if (trimmed === '') errors[Number(dealerId)] = 'customerNoRequired';
    else if (!/^\d{1,15}$/.test(trimmed)) errors[Number(dealerId)] = 'customerNoInvalid';
  }
  return errors;
}

function completeAdditionalSuppliers(context: WizardContext) {
  return [...context.additionalTiles, ...context.additionalRows].filter(isCompleteRow);
}

function hasAnySupplier(context: WizardContext) {
  return Object.keys(context.selected).length > 0 || completeAdditionalSuppliers(context).length > 0;
}

function deselect(context: WizardContext, dealerId: number) {
  const { [dealerId]: _number, ...selected } = context.selected;
  const { [dealerId]: _error, ...tileErrors } = context.tileErrors;
  return { selected, tileErrors };
}

/**
 * The workshop onboarding wizard (spec §2, §4, §5) opened from an invitation link, in both modes:
 * account-creation mode creates the account and leaves for a configured page; plain mode goes
 * on to master data (DMS), part suppliers, and the "verification pending" confirmation.
 */
export const onboardingWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as { token: string | null },
  },
  actors: {
    checkInvitation: fromPromise<Invitation, { token: string }>(async () => {
      throw new Error('checkInvitation actor not implemented: provide it with onboardingWizardMachine.provide()');
    }),
    createAccount: fromPromise<CreatedAccount, CreateWorkshopAccountRequest & Record<string, unknown>>(async () => {
      throw new Error('createAccount actor not implemented: provide it with onboardingWizardMachine.provide()');
    }),
    loadDms: fromPromise<DmsOption[], void>(async () => {
      throw new Error('loadDms actor not implemented: provide it with onboardingWizardMachine.provide()');
    }),
    loadPartDealers: fromPromise<PartDealerOption[], void>(async () => {
      throw new Error('loadPartDealers actor not implemented: provide it with onboardingWizardMachine.provide()');
    }),
    saveDetails: fromPromise<
      { message: string | undefined },
      { leadId: number; workshopId: number; details: WorkshopDetailsRequest }
    >(async () => {
      throw new Error('saveDetails actor not implemented: provide it with onboardingWizardMachine.provide()');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isAccountValid: ({ context }) => Object.keys(firstAccountError(context)).length === 0,
    isAccountCreationMode: ({ context }) => context.invitation?.mode === 'account-creation',
    isDmsValid: ({ context }) => Object.keys(firstDmsError(context)).length === 0,
    areTilesValid: ({ context }) => Object.keys(supplierTileErrors(context)).length === 0,
    hasAnySupplier: ({ context }) => hasAnySupplier(context),
    canRemoveRow: ({ context }) => context.additionalRows.length > 1,
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    navigate: (_, _params: { to: AppPath }) => {},
    /** Account-creation mode leaves the wizard for the configured page (spec §4). */
    leaveAfterAccountCreation: () => {},
    showLoader: () => {},
    hideLoader: () => {},
    updateAccountField: assign(({ context, event }) => {
      assertEvent(event, 'account.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
    showAccountError: assign(({ context }) => ({ errors: firstAccountError(context) })),
    showDmsError: assign(({ context }) => ({ errors: firstDmsError(context) })),
    showSupplierErrors: assign(({ context }) => ({
      tileErrors: supplierTileErrors(context),
      suppliersError: hasAnySupplier(context) ? null : ('atLeastPartsSupplier' as MessageId),
    })),
    toggleTile: assign(({ context, event }) => {
      assertEvent(event, 'tile.toggle');
      if (event.dealerId in context.selected) return { ...deselect(context, event.dealerId), suppliersError: null };
      return { selected: { ...context.selected, [event.dealerId]: '' }, suppliersError: null };
    }),
    changeCustomerNo: assign(({ context, event }) => {
      assertEvent(event, 'customerNo.change');
      // Spec §4: entering a number selects the supplier; blank after trim deselects it.
      if (event.value.trim() === '') return deselect(context, event.dealerId);
      const { [event.dealerId]: _error, ...tileErrors } = context.tileErrors;
      return { selected: { ...context.selected, [event.dealerId]: event.value }, tileErrors, suppliersError: null };
    }),
    changeRow: assign(({ context, event }) => {
      assertEvent(event, 'row.change');
      return {
        additionalRows: context.additionalRows.map((row, index) =>
          index === event.index ? { ...row, [event.field]: event.value } : row,
        ),
        suppliersError: null,
      };
    }),
    applyRows: assign(({ context }) => ({
      additionalTiles: [...context.additionalTiles, ...context.additionalRows.filter(isCompleteRow)],
      additionalRows: [emptyRow()],
      addMoreOpen: false,
      suppliersError: null,
    })),
  },
}).createMachine({
  id: 'onboardingWizard',
  context: ({ input }) => ({
    token: input.token,
    invitation: null,
    invitationError: null,
    form: {
      email: '',
      firstName: '',
      lastName: '',
      password: '',
      workshopAccountName: '',
      dmsId: '',
      dmsAccountId: '',
      leadId: null,
      createdWorkshopId: null,
    },
    errors: {},
    account: null,
    dmsOptions: [],
    partDealers: [],
    selected: {},
    tileErrors: {},
    additionalRows: [emptyRow()],
    additionalTiles: [],
    addMoreOpen: false,
    suppliersError: null,
  }),
  initial: 'checkingInvitation',
  states: {
    checkingInvitation: {
      tags: ['busy'],
      always: { guard: not('hasToken'), target: 'invitationRejected' },
      invoke: {
        id: 'checkInvitation',
        src: 'checkInvitation',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'createAccount',
          actions: assign(({ context, event }) => ({
            invitation: event.output,
            form: {
              ...context.form,
              email: event.output.email,
              workshopAccountName: event.output.workshop_account_name,
              leadId: event.output.lead_id,
            },
          })),
        },
        onError: {
          target: 'invitationRejected',
          actions: assign({ invitationError: ({ event }) => toRequestFailure(event.error).message }),
        },
      },
    },
    invitationRejected: { tags: ['invitationRejected'], type: 'final' },
    createAccount: {
      tags: ['step:1'],
      // A step's messages belong to its fields; the next step starts clean.
      exit: assign({ errors: {} }),
      initial: 'editing',
      states: {
        editing: {
          on: {
            'account.change': { actions: 'updateAccountField' },
            'account.submit': [{ guard: 'isAccountValid', target: 'creating' }, { actions: 'showAccountError' }],
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createAccount',
            src: 'createAccount',
            // Spec §7's body; the server takes e-mail, company and lead from the invitation only.
            input: ({ context }) => ({
              ...accountRequest(context),
              email: context.form.email,
              services: ['WORKSHOP'],
              company_name: context.form.workshopAccountName,
              ...(context.invitation?.mode === 'account-creation'
                ? { create_workshop_account: true, lead_id: context.form.leadId }
                : { create_workshop: true }),
            }),
            onDone: [
              {
                guard: 'isAccountCreationMode',
                target: '#onboardingWizard.leftWizard',
                actions: [
                  { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                  'leaveAfterAccountCreation',
                ],
              },
              {
                target: '#onboardingWizard.masterData',
                actions: [
                  assign(({ context, event }) => ({
                    form: {
                      ...context.form,
                      createdWorkshopId: event.output.workshop?.id ?? null,
                      firstName: event.output.first_name,
                      password: '',
                    },
                    account: {
                      id: event.output.user_id,
                      name: `${event.output.first_name} ${context.form.lastName}`.trim(),
                      email: event.output.email,
                    },
                  })),
                  { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                ],
              },
            ],
            onError: {
              target: 'editing',
              actions: [
                assign(({ event }) => {
                  const failure = toRequestFailure(event.error);
                  const field =
                    failure.field === 'first_name' ? 'firstName' : failure.field === 'password' ? 'password' : null;
                  return field && failure.messageId ? { errors: { [field]: failure.messageId } } : {};
                }),
                { type: 'notifyFailure', params: ({ event }) => ({ message: toRequestFailure(event.error).message }) },
              ],
            },
          },
        },
      },
    },
    leftWizard: {
      type: 'final',
      description: 'Account-creation mode: account created, the browser went to the configured page.',
    },
    masterData: {
      tags: ['step:2'],
      exit: assign({ errors: {} }),
      initial: 'loadingDms',
      states: {
        loadingDms: {
          tags: ['busy'],
          invoke: {
            id: 'loadDms',
            src: 'loadDms',
            onDone: { target: 'editing', actions: assign({ dmsOptions: ({ event }) => event.output }) },
            // Spec §8: a DMS list error shows the server message; the step stays usable (skip).
            onError: {
              target: 'editing',
              actions: {
                type: 'notifyFailure',
                params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
              },
            },
          },
        },
        editing: {
          on: {
            'dms.select': {
              actions: assign(({ context, event }) => {
                const { dmsId: _cleared, ...errors } = context.errors;
                return { form: { ...context.form, dmsId: event.value }, errors };
              }),
            },
            'dmsAccount.change': {
              actions: assign(({ context, event }) => {
                const { dmsAccountId: _cleared, ...errors } = context.errors;
                return { form: { ...context.form, dmsAccountId: event.value }, errors };
              }),
            },
            'step.next': [{ guard: 'isDmsValid', target: 'saving' }, { actions: 'showDmsError' }],
            'step.skip': '#onboardingWizard.suppliers',
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveDms',
            src: 'saveDetails',
            input: ({ context }) => ({
              leadId: context.form.leadId ?? 0,
              workshopId: context.form.createdWorkshopId ?? 0,
              details: {
                token: context.token ?? '',
                dms_id: Number(context.form.dmsId),
                dms_account_id: context.form.dmsAccountId.trim(),
                ...(Number(context.form.dmsId) === OTHER_DMS_ID ? { additional_dms_name: OTHER_DMS_NAME } : {}),
              },
            }),
            onDone: '#onboardingWizard.suppliers',
            onError: {
              target: 'editing',
              actions: {
                type: 'notifyFailure',
                params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
              },
            },
          },
        },
      },
    },
    suppliers: {
      tags: ['step:3'],
      initial: 'loadingDealers',
      states: {
        loadingDealers: {
          tags: ['busy'],
          // Spec §7: the global loader is shown while the part dealers load.
          entry: 'showLoader',
          exit: 'hideLoader',
          invoke: {
            id: 'loadPartDealers',
            src: 'loadPartDealers',
            onDone: { target: 'choosing', actions: assign({ partDealers: ({ event }) => event.output }) },
            onError: {
              target: 'choosing',
              actions: {
                type: 'notifyFailure',
                params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
              },
            },
          },
        },
        choosing: {
          on: {
            'tile.toggle': { actions: 'toggleTile' },
            'customerNo.change': { actions: 'changeCustomerNo' },
            'addMore.toggle': { actions: assign({ addMoreOpen: ({ context }) => !context.addMoreOpen }) },
            'row.change': { actions: 'changeRow' },
            'row.add': {
              actions: assign({ additionalRows: ({ context }) => [...context.additionalRows, emptyRow()] }),
            },
            'row.remove': {
              guard: 'canRemoveRow',
              actions: assign({
                additionalRows: ({ context, event }) =>
                  context.additionalRows.filter((_, index) => index !== event.index),
              }),
            },
            'addMore.discard': { actions: assign({ additionalRows: () => [emptyRow()], addMoreOpen: false }) },
            'addMore.apply': { actions: 'applyRows' },
            'step.next': [
              { guard: and(['areTilesValid', 'hasAnySupplier']), target: 'saving' },
              { actions: 'showSupplierErrors' },
            ],
            // Spec §4: skip clears the selected suppliers.
            'step.skip': {
              target: '#onboardingWizard.done',
              actions: assign({ selected: {}, tileErrors: {}, suppliersError: null }),
            },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveSuppliers',
            src: 'saveDetails',
            input: ({ context }) => ({
              leadId: context.form.leadId ?? 0,
              workshopId: context.form.createdWorkshopId ?? 0,
              details: {
                token: context.token ?? '',
                part_dealer_request: true as const,
                first_name: context.form.firstName,
                part_dealer_data: Object.entries(context.selected).map(([dealerId, number]) => ({
                  part_dealer_id: Number(dealerId),
                  part_dealer_customer_number: Number(number.trim()),
                })),
                additional_part_dealer_data: completeAdditionalSuppliers(context).map((row) => ({
                  part_dealer_name: row.partSupplier.trim(),
                  part_dealer_customer_number: row.customerNo.trim(),
                })),
              },
            }),
            onDone: '#onboardingWizard.done',
            onError: {
              target: 'choosing',
              actions: {
                type: 'notifyFailure',
                params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
              },
            },
          },
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
