import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import type { MessageId } from '../common/contracts/message-ids';
import {
  firstProblem,
  type OrderDetail,
  type ReturnReason,
  returnRequestSchema,
  type TradeEvent,
} from '../common/contracts/trading';
import { loadWithRetry } from './blocks/load-with-retry';
import { canRequestReturn, concernsOrder, isLifecycleRefusal, refusalWithOrder } from './order-detail';
import { toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'order.retry' });

export type ReturnRequestDraft = {
  lineId: number;
  reason: ReturnReason | '';
  note: string;
  /** What is wrong with the draft by the contract, once sending was tried. */
  error: MessageId | null;
  /** A failure to send (no connection, server error): the dialog stays open to try again. */
  failure: string | null;
};

export type RequestReturnInput = {
  orderId: number;
  lineId: number;
  version: number;
  reason: ReturnReason | '';
  note: string;
};
export type OrderChangeResult = { order: OrderDetail; message: string | undefined };

type Context = {
  orderId: number;
  order: OrderDetail | null;
  loadError: string | null;
  /** A live event about this order arrived: it is loaded again as soon as nothing is being edited. */
  stale: boolean;
  draft: ReturnRequestDraft | null;
  /** Why the screen changed under the person (a 409): shown until the next action. */
  notice: MessageId | null;
};

export type WorkshopOrderEvent =
  | { type: 'order.retry' }
  | { type: 'trade.event'; event: TradeEvent }
  | { type: 'return.open'; lineId: number }
  | { type: 'return.change'; field: 'reason' | 'note'; value: string }
  | { type: 'return.submit' }
  | { type: 'return.cancel' };

const draftBody = (draft: ReturnRequestDraft, version: number) => ({
  version,
  reason: draft.reason,
  note: draft.note,
});

/**
 * The workshop's order (issue 13): loaded, then kept current by the live events about it; per
 * delivered line a return request (reason and note, the contract's rules) sent with the version
 * read. A 409 `orderChanged` brings the current order along: it replaces the one on screen and
 * the person is told why nothing was sent.
 */
export const workshopOrderMachine = setup({
  types: {
    context: {} as Context,
    events: {} as WorkshopOrderEvent,
    input: {} as { orderId: number },
  },
  actors: {
    loadOrder: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('loadOrder actor not implemented: provide it with .provide()');
    }),
    requestReturn: fromPromise<OrderChangeResult, RequestReturnInput>(async () => {
      throw new Error('requestReturn actor not implemented: provide it with .provide()');
    }),
    liveEvents: fromCallback<EventObject>(() => {
      throw new Error('liveEvents actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
  },
  guards: {
    concernsThisOrder: ({ context, event }) =>
      event.type === 'trade.event' && concernsOrder(event.event, context.orderId),
    isStale: ({ context }) => context.stale,
    returnOffered: ({ context, event }) => {
      assertEvent(event, 'return.open');
      const line = context.order?.lines.find((candidate) => candidate.id === event.lineId);
      return line !== undefined && canRequestReturn(line);
    },
    draftValid: ({ context }) =>
      context.draft !== null &&
      context.order !== null &&
      firstProblem(returnRequestSchema, draftBody(context.draft, context.order.version)) === null,
    refusedWithOrder: ({ event }) => 'error' in event && refusalWithOrder(event.error) !== null,
    refusedByLifecycle: ({ event }) => 'error' in event && isLifecycleRefusal(event.error),
  },
}).createMachine({
  id: 'workshopOrder',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    loadError: null,
    stale: false,
    draft: null,
    notice: null,
  }),
  invoke: { id: 'liveEvents', src: 'liveEvents' },
  on: {
    'trade.event': { guard: 'concernsThisOrder', actions: assign({ stale: true }) },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The first load, a retry, or a reload after a live event; an order shown stays shown.',
      ...load.loading,
      entry: assign({ stale: false }),
      on: { 'trade.event': { guard: 'concernsThisOrder', target: 'loading', reenter: true } },
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'ready', actions: assign({ order: ({ event }) => event.output }) },
        onError: load.failure,
      },
    },
    failed: load.failed,
    ready: {
      always: { guard: 'isStale', target: 'loading' },
      on: {
        'return.open': {
          guard: 'returnOffered',
          target: 'requestingReturn',
          actions: assign({
            draft: ({ event }) => ({ lineId: event.lineId, reason: '', note: '', error: null, failure: null }),
            notice: null,
          }),
        },
      },
    },
    requestingReturn: {
      description: 'The return dialog; live events only mark the order stale until it closes.',
      initial: 'editing',
      on: { 'return.cancel': { target: 'ready', actions: assign({ draft: null }) } },
      states: {
        editing: {
          on: {
            'return.change': {
              actions: assign({
                draft: ({ context, event }) =>
                  context.draft ? { ...context.draft, [event.field]: event.value, error: null } : null,
              }),
            },
            'return.submit': [
              { guard: 'draftValid', target: 'sending' },
              {
                actions: assign({
                  draft: ({ context }) =>
                    context.draft && context.order
                      ? {
                          ...context.draft,
                          error: firstProblem(returnRequestSchema, draftBody(context.draft, context.order.version)),
                        }
                      : context.draft,
                }),
              },
            ],
          },
        },
        sending: {
          tags: ['busy'],
          on: { 'return.cancel': {} },
          invoke: {
            id: 'requestReturn',
            src: 'requestReturn',
            input: ({ context }) => {
              if (!context.draft || !context.order) throw new Error('requesting a return without a line');
              return {
                orderId: context.orderId,
                lineId: context.draft.lineId,
                version: context.order.version,
                reason: context.draft.reason,
                note: context.draft.note,
              };
            },
            onDone: {
              target: '#workshopOrder.ready',
              actions: [
                assign({ order: ({ event }) => event.output.order, draft: null }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: [
              {
                guard: 'refusedWithOrder',
                target: '#workshopOrder.ready',
                actions: assign(({ event }) => {
                  const refusal = refusalWithOrder(event.error);
                  return refusal ? { order: refusal.order, notice: refusal.messageId, draft: null } : {};
                }),
              },
              {
                guard: 'refusedByLifecycle',
                target: '#workshopOrder.loading',
                actions: assign({ notice: ({ event }) => toRequestFailure(event.error).messageId, draft: null }),
              },
              {
                target: 'editing',
                actions: assign({
                  draft: ({ context, event }) =>
                    context.draft ? { ...context.draft, failure: toRequestFailure(event.error).message } : null,
                }),
              },
            ],
          },
        },
      },
    },
  },
});
