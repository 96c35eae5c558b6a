import { assign, cancel, fromPromise, raise, setup, spawnChild, stopChild } from 'xstate';
import type { FitmentLookupItem } from '../common/contracts/fitment';
import type { MessageId } from '../common/contracts/message-ids';
import { type PunchInRedeemed, returnUrlWithInquiry } from '../common/contracts/punch-in';
import type { SupplierList } from '../common/contracts/suppliers';
import {
  DEFAULT_CLOSING_MINUTES,
  INQUIRY_MAX_LINES,
  type InquiryCreate,
  type InquiryDetail,
} from '../common/contracts/trading';
import { loadWithRetry } from './blocks/load-with-retry';
import {
  chosenRecipients,
  type DraftLine,
  draftOf,
  emptyLine,
  emptyVehicle,
  type FieldKey,
  type FitmentQuery,
  fitmentQueryOf,
  formErrors,
  inquiryBodyOf,
  type LineField,
  lineCapacity,
  type NewInquiryDraft,
  type NewInquiryForm,
  onlyInitialLine,
  type PunchInOrigin,
  punchInForm,
  type VehicleField,
  withoutErrors,
} from './new-inquiry-form';
import { toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'suppliers.retry' });

export type SentInquiry = { inquiry: InquiryDetail; message: string | undefined };
export type SendFailure = { messageId: MessageId | null; message: string };

type Context = NewInquiryForm & {
  nextKey: number;
  errors: Record<FieldKey, MessageId>;
  /** Counts the refused sends, so the view moves the focus to the first invalid field each time. */
  attempts: number;
  loadError: string | null;
  failure: SendFailure | null;
  restoredDraft: NewInquiryDraft | null;
  /** The punch-in link's token to redeem when the form opens (ADR 034); null once asked or without one. */
  punchInToken: string | null;
  /** Why a punch-in link could not be redeemed (used, expired, another workshop's): the form opens without it. */
  punchInFailure: SendFailure | null;
};

export type NewInquiryEvent =
  | { type: 'suppliers.retry' }
  | { type: 'punchIn.dismissFailure' }
  | { type: 'vehicle.change'; field: VehicleField; value: string }
  | { type: 'line.change'; key: number; field: LineField; value: string }
  | { type: 'line.add' }
  | { type: 'line.remove'; key: number }
  /** Lines taken over from an order file (issue 14): they replace the untouched first line, else follow the others. */
  | { type: 'lines.imported'; lines: DraftLine[] }
  | { type: 'recipient.toggle'; relationId: number }
  | { type: 'closing.change'; minutes: number }
  | { type: 'reference.change'; value: string }
  | { type: 'inquiry.send' }
  | { type: 'draft.discard' }
  | { type: 'fitment.lookup' }
  /** The spawned lookup's answer, or its failure (the hints then stay as they were). */
  | { type: 'xstate.done.actor.fitmentLookup'; output: FitmentLookupItem[] }
  | { type: 'xstate.error.actor.fitmentLookup'; error: Error };

/**
 * A new inquiry (issue 13): the workshop's active dealers are loaded; without one there is nothing
 * to send and the screen explains where dealers are added. The form (vehicle, lines, recipients,
 * closing time) is checked with the contract's schemas; every change is kept as a draft in the
 * browser, restored on load and cleared once the inquiry is sent. A refused send keeps the form.
 */
export const newInquiryMachine = setup({
  types: {
    context: {} as Context,
    events: {} as NewInquiryEvent,
    input: {} as { draft: NewInquiryDraft | null; punchInToken?: string | null },
  },
  actors: {
    loadSuppliers: fromPromise<SupplierList, void>(async () => {
      throw new Error('loadSuppliers actor not implemented: provide it with newInquiryMachine.provide()');
    }),
    createInquiry: fromPromise<SentInquiry, InquiryCreate>(async () => {
      throw new Error('createInquiry actor not implemented: provide it with newInquiryMachine.provide()');
    }),
    lookupFitment: fromPromise<FitmentLookupItem[], FitmentQuery>(async () => {
      throw new Error('lookupFitment actor not implemented: provide it with newInquiryMachine.provide()');
    }),
    redeemPunchIn: fromPromise<PunchInRedeemed, { token: string }>(async () => {
      throw new Error('redeemPunchIn actor not implemented: provide it with newInquiryMachine.provide()');
    }),
  },
  delays: {
    /** How long typing pauses before the learned fitment is asked for. */
    fitmentDebounce: 400,
  },
  actions: {
    saveDraft: (_, _draft: NewInquiryDraft) => {},
    clearDraft: () => {},
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    showInquiry: (_, _params: { inquiryId: number }) => {},
    /** Takes the spent punch-in token out of the address, so a reload restores the draft instead of redeeming again. */
    forgetPunchInLink: () => {},
    /** Leaves the portal for the DMS's return URL (the new inquiry's id in its query). */
    returnToDms: (_, _params: { url: string }) => {},
  },
  guards: {
    hasActiveDealer: ({ event }) => {
      const list = (event as { output?: SupplierList }).output;
      return !!list?.relations.some((relation) => relation.status === 'active');
    },
    isComplete: ({ context }) => Object.keys(formErrors(context)).length === 0,
    canRemoveLine: ({ context }) => context.lines.length > 1,
    canAddLine: ({ context }) => context.lines.length < INQUIRY_MAX_LINES,
    canImportLines: ({ context, event }) => {
      const count = (event as { lines?: DraftLine[] }).lines?.length ?? 0;
      return count > 0 && count <= lineCapacity(context.lines);
    },
    hasFitmentQuery: ({ context }) => fitmentQueryOf(context) !== null,
    hasPunchInToken: ({ context }) => context.punchInToken !== null,
    isPunchedIn: ({ context }) => context.punchIn !== null,
  },
}).createMachine({
  id: 'newInquiry',
  context: ({ input }) => ({
    dealers: [],
    vehicle: input.draft?.vehicle ?? emptyVehicle,
    lines: (input.draft?.lines ?? [emptyLine(0)]).map((line, index) => ({ ...line, key: index })),
    nextKey: input.draft?.lines.length ?? 1,
    recipients: input.draft?.recipients ?? null,
    closesInMinutes: input.draft?.closes_in_minutes ?? DEFAULT_CLOSING_MINUTES,
    reference: input.draft?.workshop_reference ?? '',
    errors: {},
    attempts: 0,
    loadError: null,
    failure: null,
    restoredDraft: input.draft,
    fitment: {},
    punchInToken: input.punchInToken ?? null,
    punchIn: input.draft?.punch_in ?? null,
    punchInFailure: null,
  }),
  // Learned fitment is a hint beside the form: an answer lands whenever it comes, a failure changes nothing.
  on: {
    'xstate.done.actor.fitmentLookup': {
      actions: assign({
        fitment: ({ event }) =>
          Object.fromEntries(
            event.output.map(({ part_number_normalised, kept, not_fitting }) => [
              part_number_normalised,
              { kept, not_fitting },
            ]),
          ),
      }),
    },
    // Handled so that it does not fail the form: a hint that cannot be read is simply not shown.
    'xstate.error.actor.fitmentLookup': {},
  },
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'hasPunchInToken', target: 'redeemingPunchIn' }, { target: 'loading' }],
    },
    redeemingPunchIn: {
      description:
        'A DMS link (ADR 034): its inquiry replaces the form, once. A link that cannot be redeemed leaves the form as it would open without it, with the reason.',
      tags: ['busy'],
      invoke: {
        id: 'redeemPunchIn',
        src: 'redeemPunchIn',
        input: ({ context }) => ({ token: context.punchInToken as string }),
        onDone: {
          target: 'loading',
          actions: [
            assign(({ context, event }) => ({
              ...punchInForm(event.output, context.closesInMinutes),
              punchInToken: null,
              restoredDraft: null,
            })),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
            'forgetPunchInLink',
          ],
        },
        onError: {
          target: 'loading',
          actions: [
            assign(({ event }) => {
              const failure = toRequestFailure(event.error);
              return { punchInToken: null, punchInFailure: { messageId: failure.messageId, message: failure.message } };
            }),
            'forgetPunchInLink',
          ],
        },
      },
    },
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadSuppliers',
        src: 'loadSuppliers',
        onDone: [
          {
            guard: 'hasActiveDealer',
            target: 'editing',
            actions: assign({
              dealers: ({ event }) => event.output.relations.filter((relation) => relation.status === 'active'),
            }),
          },
          { target: 'noActiveDealer' },
        ],
        onError: load.failure,
      },
    },
    failed: load.failed,
    noActiveDealer: {
      description: 'No dealer has confirmed the workshop yet: the screen leads to the suppliers instead.',
      type: 'final',
    },
    editing: {
      // A restored draft shows what is known of its parts at once.
      entry: raise({ type: 'fitment.lookup' }),
      on: {
        'fitment.lookup': [
          {
            guard: 'hasFitmentQuery',
            actions: [
              stopChild('fitmentLookup'),
              spawnChild('lookupFitment', {
                id: 'fitmentLookup',
                input: ({ context }) => fitmentQueryOf(context) as FitmentQuery,
              }),
            ],
          },
          { actions: [stopChild('fitmentLookup'), assign({ fitment: {} })] },
        ],
        'vehicle.change': {
          actions: [
            // Asks again once typing pauses: a pending ask is dropped, so a burst of keys makes one request.
            cancel('fitmentDebounce'),
            raise({ type: 'fitment.lookup' }, { id: 'fitmentDebounce', delay: 'fitmentDebounce' }),
            assign(({ context, event }) => ({
              vehicle: { ...context.vehicle, [event.field]: event.value },
              errors: withoutErrors(context.errors, `vehicle.${event.field}`, 'vehicle.vin', 'vehicle.hsn'),
            })),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'line.change': {
          actions: [
            // Asks again once typing pauses: a pending ask is dropped, so a burst of keys makes one request.
            cancel('fitmentDebounce'),
            raise({ type: 'fitment.lookup' }, { id: 'fitmentDebounce', delay: 'fitmentDebounce' }),
            assign(({ context, event }) => {
              const index = context.lines.findIndex((line) => line.key === event.key);
              return {
                lines: context.lines.map((line) =>
                  line.key === event.key ? { ...line, [event.field]: event.value } : line,
                ),
                errors: withoutErrors(context.errors, `lines.${index}.${event.field}`, `lines.${index}`),
              };
            }),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'line.add': {
          guard: 'canAddLine',
          actions: [
            assign(({ context }) => ({
              lines: [...context.lines, emptyLine(context.nextKey)],
              nextKey: context.nextKey + 1,
              errors: withoutErrors(context.errors, 'lines'),
            })),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'lines.imported': {
          guard: 'canImportLines',
          actions: [
            assign(({ context, event }) => {
              const imported = event.lines.map((line, index) => ({ ...line, key: context.nextKey + index }));
              return {
                lines: onlyInitialLine(context.lines) ? imported : [...context.lines, ...imported],
                nextKey: context.nextKey + imported.length,
                errors: Object.fromEntries(Object.entries(context.errors).filter(([key]) => !key.startsWith('lines'))),
              };
            }),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
            // Lines from a file arrive at once: what is known of their parts is asked at once.
            raise({ type: 'fitment.lookup' }),
          ],
        },
        'line.remove': {
          guard: 'canRemoveLine',
          actions: [
            assign(({ context, event }) => ({
              lines: context.lines.filter((line) => line.key !== event.key),
              // Line messages are keyed by position: after a removal they are checked again at the next send.
              errors: Object.fromEntries(Object.entries(context.errors).filter(([key]) => !key.startsWith('lines'))),
            })),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'recipient.toggle': {
          actions: [
            assign(({ context, event }) => {
              const chosen = chosenRecipients(context);
              return {
                recipients: chosen.includes(event.relationId)
                  ? chosen.filter((id) => id !== event.relationId)
                  : [...chosen, event.relationId],
                errors: withoutErrors(context.errors, 'recipients'),
              };
            }),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'closing.change': {
          actions: [
            assign(({ context, event }) => ({
              closesInMinutes: event.minutes,
              errors: withoutErrors(context.errors, 'closing'),
            })),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'reference.change': {
          actions: [
            assign(({ context, event }) => ({
              reference: event.value,
              errors: withoutErrors(context.errors, 'reference'),
            })),
            { type: 'saveDraft', params: ({ context }) => draftOf(context) },
          ],
        },
        'punchIn.dismissFailure': { actions: assign({ punchInFailure: null }) },
        'draft.discard': {
          actions: [
            assign(() => ({
              punchIn: null,
              vehicle: emptyVehicle,
              lines: [emptyLine(0)],
              nextKey: 1,
              recipients: null,
              closesInMinutes: DEFAULT_CLOSING_MINUTES,
              reference: '',
              errors: {},
              failure: null,
              restoredDraft: null,
            })),
            'clearDraft',
          ],
        },
        'inquiry.send': [
          { guard: 'isComplete', target: 'sending', actions: assign({ errors: {}, failure: null }) },
          {
            actions: assign(({ context }) => ({
              errors: formErrors(context),
              attempts: context.attempts + 1,
              failure: null,
            })),
          },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'createInquiry',
        src: 'createInquiry',
        input: ({ context }) => inquiryBodyOf(context),
        onDone: [
          {
            // Punched in from a DMS: back to it, with the new inquiry's id.
            guard: 'isPunchedIn',
            target: 'sent',
            actions: [
              'clearDraft',
              { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              {
                type: 'returnToDms',
                params: ({ context, event }) => ({
                  url: returnUrlWithInquiry((context.punchIn as PunchInOrigin).return_url, event.output.inquiry.id),
                }),
              },
            ],
          },
          {
            target: 'sent',
            actions: [
              'clearDraft',
              { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              { type: 'showInquiry', params: ({ event }) => ({ inquiryId: event.output.inquiry.id }) },
            ],
          },
        ],
        // The form and its draft stay: the person corrects or simply sends again.
        onError: {
          target: 'editing',
          actions: assign({
            failure: ({ event }) => {
              const failure = toRequestFailure(event.error);
              return { messageId: failure.messageId, message: failure.message };
            },
          }),
        },
      },
    },
    sent: { type: 'final' },
  },
});
