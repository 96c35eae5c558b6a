import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { isMessageId, type MessageId } from '../common/contracts/message-ids';
import {
  type AdditionalSupplier,
  type SupplierDirectoryEntry,
  type SupplierDirectoryFilters,
  type SupplierDirectoryPage,
  type SupplierDirectoryQuery,
  type SupplierList,
  type SupplierRelation,
  supplierCustomerNumberFields,
} from '../common/contracts/suppliers';
import { loadWithRetry } from './blocks/load-with-retry';
import { type RequestFailure, toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'list.retry' });

/** Waiting after the last keystroke in a directory filter, so typing a city sends one request. */
export const DIRECTORY_DEBOUNCE_MS = 300;

/** A relation to a dealer, or a free-text supplier that is not on Teileportal. */
export type SupplierKind = 'relation' | 'additional';
export type SupplierRef = { kind: SupplierKind; id: number; name: string };

export type SaveNumberInput = { kind: SupplierKind; id: number; customerNumber: string };
export type AddRelationInput = { partDealerId: number; customerNumber: string };
export type RemoveSupplierInput = { kind: SupplierKind; id: number };
export type ChangeResult = { message: string | undefined };

type NumberDraft = SupplierRef & { value: string; error: MessageId | null; failure: string | null };

type Context = {
  list: SupplierList | null;
  loadError: string | null;
  editing: NumberDraft | null;
  removal: (SupplierRef & { failure: string | null }) | null;
  directory: {
    filters: SupplierDirectoryFilters;
    page: number;
    result: SupplierDirectoryPage | null;
    error: string | null;
  };
  adding: { dealer: SupplierDirectoryEntry; value: string; error: MessageId | null; failure: string | null } | null;
};

export type WorkshopSuppliersEvent =
  | { type: 'list.retry' }
  | { type: 'edit.start'; supplier: SupplierRef; value: string }
  | { type: 'edit.change'; value: string }
  | { type: 'edit.save' }
  | { type: 'edit.cancel' }
  | { type: 'remove.request'; supplier: SupplierRef }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | { type: 'add.open' }
  | { type: 'add.close' }
  | { type: 'directory.filter'; field: keyof SupplierDirectoryFilters; value: string }
  | { type: 'directory.page'; page: number }
  | { type: 'directory.retry' }
  | { type: 'add.choose'; dealer: SupplierDirectoryEntry }
  | { type: 'add.change'; value: string }
  | { type: 'add.back' }
  | { type: 'add.submit' };

const emptyFilters: SupplierDirectoryFilters = { q: '', city: '', brand: '', area: '' };

/** The wizard's rule for the number (as the dealer issues it at a dealer, free text at a supplier not on the portal). */
function numberError(kind: SupplierKind, value: string): MessageId | null {
  const result = v.safeParse(supplierCustomerNumberFields[kind], value);
  if (result.success) return null;
  const message = result.issues[0]?.message;
  return isMessageId(message) ? message : 'invalidRequest';
}

/** A refusal that names the number is shown beside it; anything else is a failure to retry. */
function splitFailure(failure: RequestFailure) {
  const fieldProblem = failure.field === 'customer_number' && failure.messageId ? failure.messageId : null;
  return { error: fieldProblem, failure: fieldProblem ? null : failure.message };
}

/**
 * The workshop's Suppliers screen (ADR 022): its relations to dealers and its free-text suppliers;
 * correcting a customer number (a requested or declined relation, a free-text supplier), removing
 * one after a confirmation, and adding a dealer found in the directory (debounced search, pages).
 * After every change the list is loaded again, so it shows what the server holds.
 */
export const workshopSuppliersMachine = setup({
  types: {
    context: {} as Context,
    events: {} as WorkshopSuppliersEvent,
  },
  delays: { DIRECTORY_DEBOUNCE: DIRECTORY_DEBOUNCE_MS },
  actors: {
    loadSuppliers: fromPromise<SupplierList, void>(async () => {
      throw new Error('loadSuppliers actor not implemented: provide it with .provide()');
    }),
    searchDirectory: fromPromise<SupplierDirectoryPage, SupplierDirectoryQuery>(async () => {
      throw new Error('searchDirectory actor not implemented: provide it with .provide()');
    }),
    saveNumber: fromPromise<ChangeResult, SaveNumberInput>(async () => {
      throw new Error('saveNumber actor not implemented: provide it with .provide()');
    }),
    addRelation: fromPromise<ChangeResult, AddRelationInput>(async () => {
      throw new Error('addRelation actor not implemented: provide it with .provide()');
    }),
    removeSupplier: fromPromise<ChangeResult, RemoveSupplierInput>(async () => {
      throw new Error('removeSupplier actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
  },
  guards: {
    editValid: ({ context }) => !!context.editing && numberError(context.editing.kind, context.editing.value) === null,
    editRefused: ({ context }) => !!context.editing?.failure,
    addValid: ({ context }) => !!context.adding && numberError('relation', context.adding.value) === null,
  },
}).createMachine({
  id: 'workshopSuppliers',
  context: {
    list: null,
    loadError: null,
    editing: null,
    removal: null,
    directory: { filters: emptyFilters, page: 1, result: null, error: null },
    adding: null,
  },
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadSuppliers',
        src: 'loadSuppliers',
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output }) },
        onError: load.failure,
      },
    },
    failed: load.failed,
    ready: {
      on: {
        'edit.start': {
          target: 'editing',
          actions: assign({
            editing: ({ event }) => ({ ...event.supplier, value: event.value, error: null, failure: null }),
          }),
        },
        'remove.request': {
          target: 'confirmingRemoval',
          actions: assign({ removal: ({ event }) => ({ ...event.supplier, failure: null }) }),
        },
        'add.open': {
          target: 'adding',
          actions: assign({
            directory: { filters: emptyFilters, page: 1, result: null, error: null },
            adding: null,
          }),
        },
      },
    },
    editing: {
      initial: 'typing',
      on: {
        'edit.cancel': [
          // A refused save (the dealer decided meanwhile, the relation is gone) means the list is
          // stale: closing the dialog shows what the server holds now.
          { guard: 'editRefused', target: 'loading', actions: assign({ editing: null }) },
          { target: 'ready', actions: assign({ editing: null }) },
        ],
      },
      states: {
        typing: {
          on: {
            'edit.change': {
              actions: assign({
                editing: ({ context, event }) =>
                  context.editing ? { ...context.editing, value: event.value, error: null } : null,
              }),
            },
            'edit.save': [
              { guard: 'editValid', target: 'saving' },
              {
                actions: assign({
                  editing: ({ context }) =>
                    context.editing
                      ? { ...context.editing, error: numberError(context.editing.kind, context.editing.value) }
                      : null,
                }),
              },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveNumber',
            src: 'saveNumber',
            input: ({ context }) => {
              if (!context.editing) throw new Error('saving without a number');
              return { kind: context.editing.kind, id: context.editing.id, customerNumber: context.editing.value };
            },
            onDone: {
              target: '#workshopSuppliers.loading',
              actions: [
                assign({ editing: null }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: {
              target: 'typing',
              actions: assign({
                editing: ({ context, event }) =>
                  context.editing ? { ...context.editing, ...splitFailure(toRequestFailure(event.error)) } : null,
              }),
            },
          },
        },
      },
    },
    confirmingRemoval: {
      initial: 'asking',
      on: { 'remove.cancel': { target: 'ready', actions: assign({ removal: null }) } },
      states: {
        asking: { on: { 'remove.confirm': 'removing' } },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeSupplier',
            src: 'removeSupplier',
            input: ({ context }) => {
              if (!context.removal) throw new Error('removing without a supplier');
              return { kind: context.removal.kind, id: context.removal.id };
            },
            onDone: {
              target: '#workshopSuppliers.loading',
              actions: [
                assign({ removal: null }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            // Kept open with the message: "Remove" again retries, "Cancel" gives up.
            onError: {
              target: 'asking',
              actions: assign({
                removal: ({ context, event }) =>
                  context.removal ? { ...context.removal, failure: toRequestFailure(event.error).message } : null,
              }),
            },
          },
        },
      },
    },
    adding: {
      initial: 'searching',
      on: {
        'add.close': { target: 'ready', actions: assign({ adding: null }) },
        'directory.filter': {
          target: '.debouncing',
          actions: assign({
            directory: ({ context, event }) => ({
              ...context.directory,
              filters: { ...context.directory.filters, [event.field]: event.value },
              page: 1,
            }),
            adding: null,
          }),
        },
        // The results stay on screen while a new search waits or runs, so a dealer shown can be
        // chosen then too (the pending search is dropped); only a dealer shown, and not one
        // already on the list.
        'add.choose': {
          guard: ({ context, event }) =>
            !event.dealer.related &&
            !!context.directory.result?.items.some((item) => item.part_dealer_id === event.dealer.part_dealer_id),
          target: '.enteringNumber',
          actions: assign({
            adding: ({ event }) => ({ dealer: event.dealer, value: '', error: null, failure: null }),
          }),
        },
        'directory.page': {
          target: '.searching',
          actions: assign({
            directory: ({ context, event }) => ({ ...context.directory, page: Math.max(1, event.page) }),
            adding: null,
          }),
        },
      },
      states: {
        debouncing: {
          description: 'Typing in a filter; every keystroke restarts the wait.',
          tags: ['searchBusy'],
          after: { DIRECTORY_DEBOUNCE: 'searching' },
        },
        searching: {
          tags: ['searchBusy'],
          invoke: {
            id: 'searchDirectory',
            src: 'searchDirectory',
            input: ({ context }) => ({ ...context.directory.filters, page: context.directory.page }),
            onDone: {
              target: 'results',
              actions: assign({
                directory: ({ context, event }) => ({ ...context.directory, result: event.output, error: null }),
              }),
            },
            onError: {
              target: 'searchFailed',
              actions: assign({
                // The results of an earlier search are not shown beside the failure.
                directory: ({ context, event }) => ({
                  ...context.directory,
                  result: null,
                  error: toRequestFailure(event.error).message,
                }),
              }),
            },
          },
        },
        searchFailed: { on: { 'directory.retry': 'searching' } },
        results: {},
        enteringNumber: {
          on: {
            // The number's form replaces the results: nothing else is chosen until it is left.
            'add.choose': {},
            // Back to the directory, searched again: the filters may have changed meanwhile.
            'add.back': { target: 'searching', actions: assign({ adding: null }) },
            'add.change': {
              actions: assign({
                adding: ({ context, event }) =>
                  context.adding ? { ...context.adding, value: event.value, error: null } : null,
              }),
            },
            'add.submit': [
              { guard: 'addValid', target: 'submitting' },
              {
                actions: assign({
                  adding: ({ context }) =>
                    context.adding ? { ...context.adding, error: numberError('relation', context.adding.value) } : null,
                }),
              },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          // The request in flight is not dropped by anything else sent meanwhile.
          on: { 'add.choose': {}, 'directory.filter': {}, 'directory.page': {} },
          invoke: {
            id: 'addRelation',
            src: 'addRelation',
            input: ({ context }) => {
              if (!context.adding) throw new Error('adding without a dealer');
              return { partDealerId: context.adding.dealer.part_dealer_id, customerNumber: context.adding.value };
            },
            onDone: {
              target: '#workshopSuppliers.loading',
              actions: [
                assign({ adding: null }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: {
              target: 'enteringNumber',
              actions: assign({
                adding: ({ context, event }) =>
                  context.adding ? { ...context.adding, ...splitFailure(toRequestFailure(event.error)) } : null,
              }),
            },
          },
        },
      },
    },
  },
});

/** What the list offers per relation: a confirmed (active) number is not edited here. */
export function canEditNumber(relation: Pick<SupplierRelation, 'status'>) {
  return relation.status !== 'active';
}

/** The reference of a list row, for the edit and remove events. */
export const relationRef = (relation: SupplierRelation): SupplierRef => ({
  kind: 'relation',
  id: relation.id,
  name: relation.dealer_name,
});
export const additionalRef = (supplier: AdditionalSupplier): SupplierRef => ({
  kind: 'additional',
  id: supplier.id,
  name: supplier.name,
});
