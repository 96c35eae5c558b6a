import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { fieldErrors } from '../common/contracts/fields';
import { isMessageId, type MessageId } from '../common/contracts/message-ids';
import { dealerCustomerNumberField, type PartDealerOption, supplierDetailsSchema } from '../common/contracts/workshop';
import type {
  SaveDetailsInput,
  SkipStepInput,
  SupplierRow,
  SupplierRowErrors,
  SuppliersDraft,
  WorkshopRef,
} from './onboarding-wizard-types';
import { failureNotice } from './request-failure';

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
    /** Problems of the extra suppliers in the panel, by row index. */
    rowErrors: Record<number, SupplierRowErrors>;
    /** A problem of the whole choice: none chosen, too many, or an extra supplier tile the contract refuses. */
    suppliersError: MessageId | null;
  };

type SupplierIssues = Pick<SuppliersContext, 'rowErrors' | 'suppliersError'>;

const emptyRow = (): SupplierRow => ({ partSupplier: '', customerNo: '' });
const isCompleteRow = (row: SupplierRow) => row.partSupplier.trim() !== '' && row.customerNo.trim() !== '';

/** The selected tiles' customer numbers, keyed by dealer id. */
const selectedNumbersSchema = v.record(v.string(), dealerCustomerNumberField);

/** docs/product.md §5 step 3: each selected supplier needs a customer number (the shared field rule). */
function supplierTileErrors(context: SuppliersContext) {
  const result = v.safeParse(selectedNumbersSchema, context.selected);
  const errors: Record<number, MessageId> = {};
  if (result.success) return errors;
  for (const [dealerId, message] of Object.entries(fieldErrors<string>(result.issues))) {
    if (message) errors[Number(dealerId)] = message;
  }
  return errors;
}

/** The extra suppliers the request sends, each with where it is shown: a tile of its own or a panel row. */
function extraSuppliers(context: SuppliersContext) {
  return [
    ...context.additionalTiles.map((row, index) => ({ row, source: 'tile' as const, index })),
    ...context.additionalRows.map((row, index) => ({ row, source: 'row' as const, index })),
  ].filter((extra) => isCompleteRow(extra.row));
}

/** The panel field an issue of the request's extra supplier belongs to. */
function rowFieldOf(key: unknown): keyof SupplierRow | null {
  if (key === 'part_dealer_name') return 'partSupplier';
  if (key === 'part_dealer_customer_number') return 'customerNo';
  return null;
}

function supplierRequest(context: SuppliersContext) {
  return {
    part_dealer_request: true as const,
    first_name: context.firstName,
    part_dealer_data: Object.entries(context.selected).map(([dealerId, number]) => ({
      part_dealer_id: Number(dealerId),
      part_dealer_customer_number: number.trim(),
    })),
    additional_part_dealer_data: extraSuppliers(context).map(({ row }) => ({
      part_dealer_name: row.partSupplier.trim(),
      part_dealer_customer_number: row.customerNo.trim(),
    })),
  };
}

/**
 * Every contract issue of the body the server would get: an extra supplier's field goes to its
 * panel row; what concerns the whole choice ("at least one", at most 50, a refused extra tile)
 * to the step. The tiles' numbers are reported by supplierTileErrors, which checks them as typed.
 */
function supplierIssues(context: SuppliersContext): SupplierIssues {
  const result = v.safeParse(supplierDetailsSchema, supplierRequest(context));
  const issues: SupplierIssues = { rowErrors: {}, suppliersError: null };
  if (result.success) return issues;
  const extras = extraSuppliers(context);
  for (const issue of result.issues) {
    const [list, item, field] = (issue.path ?? []).map((segment) => segment.key);
    // The contract's messages are ids; a rule without its own (a shape the wizard never builds) reads as refused.
    const message = isMessageId(issue.message) ? issue.message : 'invalidRequest';
    const extra = list === 'additional_part_dealer_data' && typeof item === 'number' ? extras[item] : undefined;
    const rowField = rowFieldOf(field);
    if (extra?.source === 'row' && rowField) {
      issues.rowErrors[extra.index] = { [rowField]: message, ...issues.rowErrors[extra.index] };
    } else if (list !== 'part_dealer_data' || item === undefined) {
      issues.suppliersError ??= message;
    }
  }
  return issues;
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
    areRowsValid: ({ context }) => Object.keys(supplierIssues(context).rowErrors).length === 0,
    canRemoveRow: ({ context }) => context.additionalRows.length > 1,
  },
  actions: {
    notifyFailure: (_, _params: { message: string }) => {},
    saveDraft: (_, _params: { leadId: number; draft: SuppliersDraft }) => {},
    showLoader: () => {},
    hideLoader: () => {},
    showSupplierErrors: assign(({ context }) => ({
      tileErrors: supplierTileErrors(context),
      ...supplierIssues(context),
    })),
    showRowErrors: assign(({ context }) => ({ rowErrors: supplierIssues(context).rowErrors })),
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
      const { [event.field]: _error, ...fieldErrorsLeft } = context.rowErrors[event.index] ?? {};
      return {
        additionalRows: context.additionalRows.map((row, index) =>
          index === event.index ? { ...row, [event.field]: event.value } : row,
        ),
        rowErrors: { ...context.rowErrors, [event.index]: fieldErrorsLeft },
        suppliersError: null,
      };
    }),
    applyRows: assign(({ context }) => ({
      additionalTiles: [...context.additionalTiles, ...context.additionalRows.filter(isCompleteRow)],
      additionalRows: [emptyRow()],
      rowErrors: {},
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
    rowErrors: {},
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
            // The rows shift up, so their errors would point at the wrong row.
            assign({
              additionalRows: ({ context, event }) =>
                context.additionalRows.filter((_, index) => index !== event.index),
              rowErrors: {},
            }),
            saveDraft,
          ],
        },
        'addMore.discard': {
          actions: [assign({ additionalRows: () => [emptyRow()], rowErrors: {}, addMoreOpen: false }), saveDraft],
        },
        // Only rows the contract accepts become tiles: a tile cannot be edited any more.
        'addMore.apply': [{ guard: 'areRowsValid', actions: ['applyRows', saveDraft] }, { actions: 'showRowErrors' }],
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
        onDone: {
          target: 'finished',
          actions: assign({ selected: {}, tileErrors: {}, rowErrors: {}, suppliersError: null }),
        },
        onError: { target: 'choosing', actions: { type: 'notifyFailure', params: failureNotice } },
      },
    },
    finished: { type: 'final' },
  },
});
