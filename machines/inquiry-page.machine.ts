import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../common/contracts/message-ids';
import {
  firstProblem,
  type InquiryDetail,
  type OrderHandover,
  type OrderPlacement,
  type OrderSummary,
  orderNoteField,
  type TradeEvent,
} from '../common/contracts/trading';
import { liveEventsSource } from './blocks/live-reload';
import { loadWithRetry } from './blocks/load-with-retry';
import { inquiryLifecycleMachine } from './inquiry-lifecycle.machine';
import {
  cheapestChoice,
  defaultChoices,
  isChoiceAllowed,
  type LineChoices,
  ordersAllowed,
  placementChoices,
  singleDealerOptions,
} from './inquiry-quotes';
import { lifecycleAllows } from './lifecycle';
import { toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'inquiry.retry' });

export type PlaceOrdersInput = { inquiryId: number; placement: OrderPlacement };
export type PlacedOrders = { orders: OrderSummary[]; message: string | undefined };
export type CancelInput = { inquiryId: number; version: number };
export type CancelledInquiry = { inquiry: InquiryDetail; message: string | undefined };
export type PageFailure = { messageId: MessageId | null; message: string };
/** Delivery or pickup and the note to the dealer of one planned order (issue 24 §9). */
export type HandoverChoice = { handover: OrderHandover; note: string };
/** What an order to a dealer gets when the person changed nothing: delivery, no note. */
export const DEFAULT_HANDOVER: HandoverChoice = { handover: 'delivery', note: '' };

type Context = {
  inquiryId: number;
  detail: InquiryDetail | null;
  loadError: string | null;
  choices: LineChoices;
  /**
   * The lines the person chose by hand: they keep that choice when the inquiry is read again; every
   * other line takes the cheapest delivered choice of the quotes then known (a live quote as after a reload).
   */
  manual: LineChoices;
  /** Delivery or pickup and the note per dealer (recipient id) as chosen in the review; absent: the default. */
  handovers: Record<number, HandoverChoice>;
  /** A note the contract refuses (too long), by recipient id: the review shows it there and does not order. */
  noteErrors: Record<number, MessageId>;
  /** The orders just placed, shown until the reloaded inquiry lists them itself. */
  placed: OrderSummary[];
  /** Why the page was reloaded under the person's eyes (a 409: the quotes changed). */
  notice: MessageId | null;
  failure: PageFailure | null;
  /** A live event arrived while a dialog was open: the inquiry is read again once it closes. */
  stale: boolean;
};

export type InquiryPageEvent =
  | { type: 'inquiry.retry' }
  | { type: 'trade.event'; event: TradeEvent }
  /** The live stream could not resume (ADR 045): read everything again. */
  | { type: 'trade.reload' }
  | { type: 'choice.set'; lineId: number; recipientId: number | null }
  /** Everything from one dealer that quoted every line (one delivery). */
  | { type: 'choice.allFrom'; recipientId: number }
  /** Back to the cheapest delivered choice (what the page starts with). */
  | { type: 'choice.cheapest' }
  | { type: 'order.review' }
  | { type: 'review.cancel' }
  | { type: 'review.handover'; recipientId: number; handover: OrderHandover }
  | { type: 'review.note'; recipientId: number; note: string }
  | { type: 'order.confirm' }
  | { type: 'cancel.request' }
  | { type: 'cancel.dismiss' }
  | { type: 'cancel.confirm' }
  | { type: 'notice.dismiss' };

const failureOf = (error: unknown): PageFailure => {
  const failure = toRequestFailure(error);
  return { messageId: failure.messageId, message: failure.message };
};
/** The notes of the planned orders the contract refuses, by recipient id (empty: every one passes). */
function noteProblems(context: Pick<Context, 'handovers'>, recipientIds: readonly number[]) {
  const problems: Record<number, MessageId> = {};
  for (const recipientId of recipientIds) {
    const problem = firstProblem(orderNoteField, context.handovers[recipientId]?.note ?? '');
    if (problem) problems[recipientId] = problem;
  }
  return problems;
}

/** The recipients the person's choice orders from (one order each). */
const plannedRecipients = (context: Pick<Context, 'detail' | 'choices'>) =>
  context.detail
    ? [...new Set(placementChoices(context.detail, context.choices).map((choice) => choice.recipient_id))]
    : [];

/** The placement's delivery choice and note for every dealer ordered from. */
export function placementHandovers(context: Pick<Context, 'detail' | 'choices' | 'handovers'>) {
  return plannedRecipients(context).map((recipientId) => ({
    recipient_id: recipientId,
    ...(context.handovers[recipientId] ?? DEFAULT_HANDOVER),
  }));
}

const isChanged = (error: unknown) => toRequestFailure(error).messageId === 'inquiryChanged';

/**
 * One inquiry of the workshop (issue 13): the dealers' states, the comparison matrix with a choice
 * per line, ordering (a review dialog, then one order per dealer) and withdrawing the inquiry. Which
 * of those is offered follows the inquiry lifecycle. Every live trade event about this inquiry reads
 * it again; a stale version (409 `inquiryChanged`) does too, and says so.
 */
export const inquiryPageMachine = setup({
  types: {
    context: {} as Context,
    events: {} as InquiryPageEvent,
    input: {} as { inquiryId: number },
  },
  actors: {
    loadInquiry: fromPromise<InquiryDetail, { inquiryId: number }>(async () => {
      throw new Error('loadInquiry actor not implemented: provide it with inquiryPageMachine.provide()');
    }),
    placeOrders: fromPromise<PlacedOrders, PlaceOrdersInput>(async () => {
      throw new Error('placeOrders actor not implemented: provide it with inquiryPageMachine.provide()');
    }),
    cancelInquiry: fromPromise<CancelledInquiry, CancelInput>(async () => {
      throw new Error('cancelInquiry actor not implemented: provide it with inquiryPageMachine.provide()');
    }),
    /** Sends `{ type: 'trade.event', event }` for every live trade event (the app's event source). */
    liveEvents: liveEventsSource('inquiryPageMachine'),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    takeInquiry: assign(({ context }, detail: InquiryDetail) => {
      return { detail, choices: defaultChoices(detail, context.manual), stale: false };
    }),
  },
  guards: {
    concernsThisInquiry: ({ context, event }) => {
      assertEvent(event, 'trade.event');
      return event.event.inquiry_id === context.inquiryId;
    },
    canOrder: ({ context }) =>
      !!context.detail && ordersAllowed(context.detail) && placementChoices(context.detail, context.choices).length > 0,
    canCancel: ({ context }) =>
      !!context.detail && lifecycleAllows(inquiryLifecycleMachine, context.detail.status, { type: 'inquiry.cancel' }),
    /** The one rule of `isChoiceAllowed`: lifecycle, and an orderable (e.g. not expired) quote. */
    canChoose: ({ context, event }) => {
      assertEvent(event, 'choice.set');
      return !!context.detail && isChoiceAllowed(context.detail, event.lineId, event.recipientId);
    },
    /** That dealer quoted every line, each one orderable, and the lifecycle takes an order. */
    canChooseAllFrom: ({ context, event }) => {
      assertEvent(event, 'choice.allFrom');
      return (
        !!context.detail &&
        ordersAllowed(context.detail) &&
        singleDealerOptions(context.detail).some((option) => option.recipient.id === event.recipientId)
      );
    },
    canChooseCheapest: ({ context }) => !!context.detail && ordersAllowed(context.detail),
    isStale: ({ context }) => context.stale,
    areNotesValid: ({ context }) => Object.keys(noteProblems(context, plannedRecipients(context))).length === 0,
    inquiryChanged: ({ event }) => isChanged((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'inquiryPage',
  context: ({ input }) => ({
    inquiryId: input.inquiryId,
    detail: null,
    loadError: null,
    choices: {},
    manual: {},
    handovers: {},
    noteErrors: {},
    placed: [],
    notice: null,
    failure: null,
    stale: false,
  }),
  invoke: { id: 'liveEvents', src: 'liveEvents' },
  on: { 'notice.dismiss': { actions: assign({ notice: null }) } },
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      // Whatever made the page stale is what this load reads.
      entry: assign({ stale: false }),
      invoke: {
        id: 'loadInquiry',
        src: 'loadInquiry',
        input: ({ context }) => ({ inquiryId: context.inquiryId }),
        onDone: [
          // An event arrived during the load, perhaps after the server read: the inquiry is read once more.
          {
            guard: 'isStale',
            target: 'loading',
            reenter: true,
            actions: { type: 'takeInquiry', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'takeInquiry', params: ({ event }) => event.output } },
        ],
        onError: load.failure,
      },
      on: {
        'trade.event': { guard: 'concernsThisInquiry', actions: assign({ stale: true }) },
        'trade.reload': { actions: assign({ stale: true }) },
      },
    },
    failed: {
      ...load.failed,
      on: {
        ...load.failed.on,
        'trade.event': { guard: 'concernsThisInquiry', target: 'loading' },
        'trade.reload': { target: 'loading' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'trade.event': { guard: 'concernsThisInquiry', target: '#inquiryPage.loading' },
            'trade.reload': { target: '#inquiryPage.loading' },
            'choice.set': {
              guard: 'canChoose',
              actions: assign({
                choices: ({ context, event }) => ({ ...context.choices, [String(event.lineId)]: event.recipientId }),
                manual: ({ context, event }) => ({ ...context.manual, [String(event.lineId)]: event.recipientId }),
              }),
            },
            'choice.allFrom': {
              guard: 'canChooseAllFrom',
              actions: assign(({ context, event }) => {
                const option = singleDealerOptions(context.detail as InquiryDetail).find(
                  (candidate) => candidate.recipient.id === event.recipientId,
                );
                const choices = option?.choices ?? context.choices;
                return { choices, manual: choices };
              }),
            },
            'choice.cheapest': {
              guard: 'canChooseCheapest',
              actions: assign(({ context }) => ({
                choices: cheapestChoice(context.detail as InquiryDetail),
                manual: {},
              })),
            },
            'order.review': {
              guard: 'canOrder',
              target: 'reviewing',
              actions: assign({ failure: null, notice: null }),
            },
            'cancel.request': {
              guard: 'canCancel',
              target: 'confirmingCancel',
              actions: assign({ failure: null, notice: null }),
            },
          },
        },
        reviewing: {
          description: 'The review dialog: one order per dealer with its lines and total.',
          on: {
            'trade.event': { guard: 'concernsThisInquiry', actions: assign({ stale: true }) },
            'trade.reload': { actions: assign({ stale: true }) },
            'review.cancel': [
              { guard: 'isStale', target: '#inquiryPage.loading', actions: assign({ failure: null }) },
              { target: 'idle', actions: assign({ failure: null }) },
            ],
            'review.handover': {
              actions: assign(({ context, event }) => ({
                handovers: {
                  ...context.handovers,
                  [event.recipientId]: {
                    ...(context.handovers[event.recipientId] ?? DEFAULT_HANDOVER),
                    handover: event.handover,
                  },
                },
              })),
            },
            'review.note': {
              actions: assign(({ context, event }) => {
                const { [event.recipientId]: _fixed, ...noteErrors } = context.noteErrors;
                return {
                  handovers: {
                    ...context.handovers,
                    [event.recipientId]: {
                      ...(context.handovers[event.recipientId] ?? DEFAULT_HANDOVER),
                      note: event.note,
                    },
                  },
                  noteErrors,
                };
              }),
            },
            'order.confirm': [
              { guard: 'areNotesValid', target: 'ordering', actions: assign({ noteErrors: {} }) },
              {
                actions: assign({
                  noteErrors: ({ context }) => noteProblems(context, plannedRecipients(context)),
                }),
              },
            ],
          },
        },
        ordering: {
          tags: ['busy'],
          on: {
            'trade.event': { guard: 'concernsThisInquiry', actions: assign({ stale: true }) },
            'trade.reload': { actions: assign({ stale: true }) },
          },
          invoke: {
            id: 'placeOrders',
            src: 'placeOrders',
            input: ({ context }) => {
              if (!context.detail) throw new Error('ordering without an inquiry');
              return {
                inquiryId: context.inquiryId,
                placement: {
                  version: context.detail.version,
                  choices: placementChoices(context.detail, context.choices),
                  orders: placementHandovers(context),
                },
              };
            },
            onDone: {
              target: '#inquiryPage.loading',
              actions: [
                assign({ placed: ({ event }) => event.output.orders, handovers: {} }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: [
              {
                guard: 'inquiryChanged',
                target: '#inquiryPage.loading',
                actions: assign({ notice: 'inquiryChanged' as const, failure: null }),
              },
              { target: 'reviewing', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
            ],
          },
        },
        confirmingCancel: {
          on: {
            'trade.event': { guard: 'concernsThisInquiry', actions: assign({ stale: true }) },
            'trade.reload': { actions: assign({ stale: true }) },
            'cancel.dismiss': [
              { guard: 'isStale', target: '#inquiryPage.loading', actions: assign({ failure: null }) },
              { target: 'idle', actions: assign({ failure: null }) },
            ],
            'cancel.confirm': 'cancelling',
          },
        },
        cancelling: {
          tags: ['busy'],
          on: {
            'trade.event': { guard: 'concernsThisInquiry', actions: assign({ stale: true }) },
            'trade.reload': { actions: assign({ stale: true }) },
          },
          invoke: {
            id: 'cancelInquiry',
            src: 'cancelInquiry',
            input: ({ context }) => {
              if (!context.detail) throw new Error('cancelling without an inquiry');
              return { inquiryId: context.inquiryId, version: context.detail.version };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign({ detail: ({ event }) => event.output.inquiry }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: [
              {
                guard: 'inquiryChanged',
                target: '#inquiryPage.loading',
                actions: assign({ notice: 'inquiryChanged' as const, failure: null }),
              },
              { target: 'confirmingCancel', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
            ],
          },
        },
      },
    },
  },
});
