import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import {
  dealerCustomerNumberField,
  type PartDealerOption,
  type SupplierDetailsRequest,
  supplierDetailsSchema,
} from '../common/contracts/workshop';
import type { SaveDetailsInput, SkipStepInput, WorkshopRef } from './onboarding-wizard-master-data.machine';
import { failureNotice } from './request-failure';

export type SupplierRow = { partSupplier: string; customerNo: string };
/** Step 3 as chosen and typed, kept across a reload: tiles with their numbers and extra suppliers. */
export type SuppliersDraft = {
  /** Selected suppliers: dealer id → customer number as typed. */
  selected: Record<number, string>;
  additionalRows: SupplierRow[];
  /** Extra suppliers added from the panel; they show as tiles of their own. */
  additionalTiles: SupplierRow[];
  addMoreOpen: boolean;
};

export type SuppliersStepEvent =
  | { type: 'tile.toggle'; dealerId: number }
  | { type: 'customerNo.change'; dealerId: number; value: string }
  | { type: 'addMore.toggle' }
  | { type: 'row.change'; index: number; field: keyof SupplierRow; value: string }
  | { type: 'row.add' }
  | { type: 'row.remove'; index: number }
  | { type: 'addMore.discard' }
  | { type: 'addMore.apply' }
  | { type: 'step.next' }
  | { type: 'step.skip' };

type SuppliersContext = WorkshopRef &
  SuppliersDraft & {
    firstName: string;
    partDealers: PartDealerOption[];
    tileErrors: Record<number, MessageId>;
    suppliersError: MessageId | null;
  };

const emptyRow = (): SupplierRow => ({ partSupplier: '', customerNo: '' });
const isCompleteRow = (row: SupplierRow) => row.partSupplier.trim() !== '' && row.customerNo.trim() !== '';

/** docs/product.md §5 step 3: each selected supplier needs a customer number of digits (the shared field rule). */
function supplierTileErrors(context: SuppliersContext) {
  const errors: Record<number, MessageId> = {};
  for (const [dealerId, number] of Object.entries(context.selected)) {
    const result = v.safeParse(dealerCustomerNumberField, number);
    if (!result.success) errors[Number(dealerId)] = result.issues[0].message as MessageId;
  }
  return errors;
}

function supplierRequest(context: SuppliersContext) {
  return {
    part_dealer_request: true as const,
    first_name: context.firstName,
    part_dealer_data: Object.entries(context.selected).map(([dealerId, number]) => ({
      part_dealer_id: Number(dealerId),
      part_dealer_customer_number: Number(number.trim()),
    })),
    additional_part_dealer_data: [...context.additionalTiles, ...context.additionalRows]
      .filter(isCompleteRow)
      .map((row) => ({
        part_dealer_name: row.partSupplier.trim(),
        part_dealer_customer_number: row.customerNo.trim(),
      })),
  };
}

/** The contract's "at least one parts supplier" rule, as the server applies it to the same body. */
function missingSupplierError(context: SuppliersContext): MessageId | null {
  const result = v.safeParse(supplierDetailsSchema, supplierRequest(context));
  if (result.success) return null;
  const error = fieldErrors<keyof SupplierDetailsRequest>(result.issues).part_dealer_data;
  return error === 'atLeastPartsSupplier' ? error : null;
}

/** What was typed before a reload, else what the server has saved, else nothing chosen. */
function initialChoices(restored: SuppliersDraft | null): SuppliersDraft {
  const choices = restored ?? { selected: {}, additionalRows: [], additionalTiles: [], addMoreOpen: false };
  // The panel always offers at least one row to type into.
  return { ...choices, additionalRows: choices.additionalRows.length > 0 ? choices.additionalRows : [emptyRow()] };
}

function deselect(context: SuppliersContext, dealerId: number) {
  const { [dealerId]: _number, ...selected } = context.selected;
  const { [dealerId]: _error, ...tileErrors } = context.tileErrors;
  return { selected, tileErrors };
}

const saveDraft = {
  type: 'saveDraft',
  params: ({ context }: { context: SuppliersContext }) => ({
    leadId: context.leadId,
    draft: {
      selected: context.selected,
      additionalRows: context.additionalRows,
      additionalTiles: context.additionalTiles,
      addMoreOpen: context.addMoreOpen,
    },
  }),
} as const;

/**
 * Wizard step 3 (docs/product.md §2.3, "step 2 of 2"): tiles of part dealers with customer numbers, plus
 * suppliers entered by hand. Saving or skipping completes the onboarding on the server.
 */
export const onboardingWizardSuppliersMachine = setup({
  types: {
    context: {} as SuppliersContext,
    events: {} as SuppliersStepEvent,
    input: {} as WorkshopRef & { firstName: string; saved: SuppliersDraft | null; draft: SuppliersDraft | null },
  },
  actors: {
    loadPartDealers: fromPromise<PartDealerOption[], void>(async () => {
      throw new Error(
        'loadPartDealers actor not implemented: provide it with onboardingWizardSuppliersMachine.provide()',
      );
    }),
    saveDetails: fromPromise<{ message: string | undefined }, SaveDetailsInput>(async () => {
      throw new Error('saveDetails actor not implemented: provide it with onboardingWizardSuppliersMachine.provide()');
    }),
    skipStep: fromPromise<void, SkipStepInput>(async () => {
      throw new Error('skipStep actor not implemented: provide it with onboardingWizardSuppliersMachine.provide()');
    }),
  },
  guards: {
    canSave: ({ context }) =>
      Object.keys(supplierTileErrors(context)).length === 0 && v.is(supplierDetailsSchema, supplierRequest(context)),
    canRemoveRow: ({ context }) => context.additionalRows.length > 1,
  },
  actions: {
    notifyFailure: (_, _params: { message: string }) => {},
    saveDraft: (_, _params: { leadId: number; draft: SuppliersDraft }) => {},
    showLoader: () => {},
    hideLoader: () => {},
    showSupplierErrors: assign(({ context }) => ({
      tileErrors: supplierTileErrors(context),
      suppliersError: missingSupplierError(context),
    })),
    toggleTile: assign(({ context, event }) => {
      assertEvent(event, 'tile.toggle');
      if (event.dealerId in context.selected) return { ...deselect(context, event.dealerId), suppliersError: null };
      return { selected: { ...context.selected, [event.dealerId]: '' }, suppliersError: null };
    }),
    changeCustomerNo: assign(({ context, event }) => {
      assertEvent(event, 'customerNo.change');
      // docs/product.md §4: entering a number selects the supplier; blank after trim deselects it.
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
  id: 'onboardingWizardSuppliers',
  context: ({ input }) => ({
    leadId: input.leadId,
    workshopId: input.workshopId,
    firstName: input.firstName,
    ...initialChoices(input.draft ?? input.saved),
    partDealers: [],
    tileErrors: {},
    suppliersError: null,
  }),
  initial: 'loadingDealers',
  states: {
    loadingDealers: {
      tags: ['busy'],
      // docs/product.md §7: the global loader is shown while the part dealers load.
      entry: 'showLoader',
      exit: 'hideLoader',
      invoke: {
        id: 'loadPartDealers',
        src: 'loadPartDealers',
        onDone: { target: 'choosing', actions: assign({ partDealers: ({ event }) => event.output }) },
        onError: { target: 'choosing', actions: { type: 'notifyFailure', params: failureNotice } },
      },
    },
    choosing: {
      on: {
        'tile.toggle': { actions: ['toggleTile', saveDraft] },
        'customerNo.change': { actions: ['changeCustomerNo', saveDraft] },
        'addMore.toggle': {
          actions: [assign({ addMoreOpen: ({ context }) => !context.addMoreOpen }), saveDraft],
        },
        'row.change': { actions: ['changeRow', saveDraft] },
        'row.add': {
          actions: [assign({ additionalRows: ({ context }) => [...context.additionalRows, emptyRow()] }), saveDraft],
        },
        'row.remove': {
          guard: 'canRemoveRow',
          actions: [
            assign({
              additionalRows: ({ context, event }) =>
                context.additionalRows.filter((_, index) => index !== event.index),
            }),
            saveDraft,
          ],
        },
        'addMore.discard': {
          actions: [assign({ additionalRows: () => [emptyRow()], addMoreOpen: false }), saveDraft],
        },
        'addMore.apply': { actions: ['applyRows', saveDraft] },
        'step.next': [{ guard: 'canSave', target: 'saving' }, { actions: 'showSupplierErrors' }],
        'step.skip': 'skipping',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSuppliers',
        src: 'saveDetails',
        input: ({ context }) => ({
          leadId: context.leadId,
          workshopId: context.workshopId,
          details: v.parse(supplierDetailsSchema, supplierRequest(context)),
        }),
        onDone: 'finished',
        // A dropped connection or a refusal: the message is shown, the choices stay, retry works.
        onError: { target: 'choosing', actions: { type: 'notifyFailure', params: failureNotice } },
      },
    },
    skipping: {
      tags: ['busy'],
      invoke: {
        id: 'skipSuppliers',
        src: 'skipStep',
        input: ({ context }) => ({
          leadId: context.leadId,
          workshopId: context.workshopId,
          step: 'suppliers' as const,
        }),
        // docs/product.md §4: skip clears the selected suppliers.
        onDone: { target: 'finished', actions: assign({ selected: {}, tileErrors: {}, suppliersError: null }) },
        onError: { target: 'choosing', actions: { type: 'notifyFailure', params: failureNotice } },
      },
    },
    finished: { type: 'final' },
  },
});
