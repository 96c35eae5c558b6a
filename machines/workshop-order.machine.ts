import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../common/contracts/message-ids';
import {
  firstProblem,
  type OrderDetail,
  type ReturnReason,
  returnRequestSchema,
  type TradeEvent,
} from '../common/contracts/trading';
import { isStale, liveEventsSource, liveReload } from './blocks/live-reload';
import { loadWithRetry } from './blocks/load-with-retry';
import { createVersionedEditMachine, endedWith, forwardToEdit, type VersionedSubmit } from './blocks/versioned-edit';
import {
  canRequestReturn,
  concernsOrder,
  isLifecycleRefusal,
  type OrderChangeResult,
  orderAfterEdit,
  refusalWithOrder,
  successMessage,
} from './order-detail';

const load = loadWithRetry({ retry: 'order.retry' });
const live = liveReload({ concerns: 'concernsThisOrder' });

/** The return dialog's fields (the reason is '' until one is chosen). */
export type ReturnRequestValues = { reason: ReturnReason | ''; note: string };
/** What a return request is about: the line of the order. */
export type ReturnRequestSubject = { orderId: number; lineId: number };
export type RequestReturnInput = VersionedSubmit<ReturnRequestSubject, ReturnRequestValues>;

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
    liveEvents: liveEventsSource('workshopOrderMachine'),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
  },
  guards: {
    isStale,
    concernsThisOrder: ({ context, event }) =>
      event.type === 'trade.event' && concernsOrder(event.event, context.orderId),
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
  ...live.root,
  initial: 'loading',
  states: {
    loading: {
      description: 'The first load, a retry, or a reload after a live event; an order shown stays shown.',
      ...load.loading,
      ...live.loading,
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
      ...live.ready,
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
            guard: endedWith('done'),
            target: 'ready',
            actions: [
              assign(({ event }) => orderAfterEdit(event.output)),
              { type: 'notifySuccess', params: successMessage },
            ],
          },
          {
            guard: endedWith('refused'),
            target: 'loading',
            actions: assign(({ event }) => orderAfterEdit(event.output)),
          },
          { target: 'ready', actions: assign(({ event }) => orderAfterEdit(event.output)) },
        ],
      },
    },
  },
});
