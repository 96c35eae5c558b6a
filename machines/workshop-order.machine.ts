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
import { createVersionedEditMachine, forwardToEdit, type VersionedSubmit } from './blocks/versioned-edit';
import { canRequestReturn, concernsOrder, isLifecycleRefusal, refusalWithOrder } from './order-detail';

const load = loadWithRetry({ retry: 'order.retry' });

/** The return dialog's fields (the reason is '' until one is chosen). */
export type ReturnRequestValues = { reason: ReturnReason | ''; note: string };
/** What a return request is about: the line of the order. */
export type ReturnRequestSubject = { orderId: number; lineId: number };
export type RequestReturnInput = VersionedSubmit<ReturnRequestSubject, ReturnRequestValues>;
export type OrderChangeResult = { order: OrderDetail; message: string | undefined };

/**
 * The return dialog: a versioned edit of one line (reason and note by the contract's rules); a
 * 409 brings the current order along.
 */
export const returnRequestMachine = createVersionedEditMachine<
  ReturnRequestSubject,
  ReturnRequestValues,
  OrderChangeResult,
  OrderDetail
>({
  id: 'returnRequest',
  problem: (values, version) => firstProblem(returnRequestSchema, { version, ...values }),
  readConflict: refusalWithOrder,
  isRefusal: isLifecycleRefusal,
});

type Context = {
  orderId: number;
  order: OrderDetail | null;
  loadError: string | null;
  /** A live event about this order arrived: it is loaded again as soon as nothing is being edited. */
  stale: boolean;
  /** Why the screen changed under the person (a 409): shown until the next action. */
  notice: MessageId | null;
};

export type WorkshopOrderEvent =
  | { type: 'order.retry' }
  | { type: 'trade.event'; event: TradeEvent }
  /** The live stream could not resume (ADR 045): read everything again. */
  | { type: 'trade.reload' }
  | { type: 'return.open'; lineId: number }
  | { type: 'return.change'; field: 'reason' | 'note'; value: string }
  | { type: 'return.submit' }
  | { type: 'return.cancel' };

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
    children: {} as { returnRequest: 'returnRequest' },
  },
  actors: {
    loadOrder: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('loadOrder actor not implemented: provide it with .provide()');
    }),
    /** The return dialog; its `submit` is bound with `returnRequestMachine.provide()`. */
    returnRequest: returnRequestMachine,
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
  },
}).createMachine({
  id: 'workshopOrder',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    loadError: null,
    stale: false,
    notice: null,
  }),
  invoke: { id: 'liveEvents', src: 'liveEvents' },
  on: {
    'trade.event': { guard: 'concernsThisOrder', actions: assign({ stale: true }) },
    'trade.reload': { actions: assign({ stale: true }) },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The first load, a retry, or a reload after a live event; an order shown stays shown.',
      ...load.loading,
      entry: assign({ stale: false }),
      on: {
        'trade.event': { guard: 'concernsThisOrder', target: 'loading', reenter: true },
        'trade.reload': { target: 'loading', reenter: true },
      },
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
          actions: assign({ notice: null }),
        },
      },
    },
    requestingReturn: {
      description: 'The return dialog (a versioned edit); live events only mark the order stale until it closes.',
      on: {
        ...forwardToEdit('returnRequest', {
          change: 'return.change',
          submit: 'return.submit',
          cancel: 'return.cancel',
        }),
      },
      invoke: {
        id: 'returnRequest',
        src: 'returnRequest',
        input: ({ context, event }) => {
          assertEvent(event, 'return.open');
          if (!context.order) throw new Error('requesting a return without an order');
          return {
            subject: { orderId: context.orderId, lineId: event.lineId },
            values: { reason: '', note: '' },
            version: context.order.version,
          };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.outcome === 'done',
            target: 'ready',
            actions: [
              assign({
                order: ({ context, event }) =>
                  event.output.outcome === 'done' ? event.output.result.order : context.order,
              }),
              {
                type: 'notifySuccess',
                params: ({ event }) => ({
                  message: event.output.outcome === 'done' ? event.output.result.message : undefined,
                }),
              },
            ],
          },
          {
            guard: ({ event }) => event.output.outcome === 'conflict',
            target: 'ready',
            actions: assign(({ event }) =>
              event.output.outcome === 'conflict'
                ? { order: event.output.current, notice: event.output.messageId }
                : {},
            ),
          },
          {
            guard: ({ event }) => event.output.outcome === 'refused',
            target: 'loading',
            actions: assign({
              notice: ({ event }) => (event.output.outcome === 'refused' ? event.output.messageId : null),
            }),
          },
          { target: 'ready' },
        ],
      },
    },
  },
});
