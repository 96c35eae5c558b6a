import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../common/contracts/message-ids';
import {
  firstProblem,
  type OrderDetail,
  type OrderLineAction,
  type OrderLineActionInput,
  orderLineActionSchema,
  returnDecisionSchema,
  type TradeEvent,
} from '../common/contracts/trading';
import { isStale, liveEventsSource, liveReload } from './blocks/live-reload';
import { loadWithRetry } from './blocks/load-with-retry';
import {
  createVersionedEditMachine,
  endedWith,
  forwardToEdit,
  type VersionedEditOutcome,
  type VersionedSubmit,
} from './blocks/versioned-edit';
import {
  concernsOrder,
  isLifecycleRefusal,
  linesAllow,
  type OrderChangeResult,
  openReturn,
  orderAfterEdit,
  refusalWithOrder,
  successMessage,
} from './order-detail';

const load = loadWithRetry({ retry: 'order.retry' });
const live = liveReload({ concerns: 'concernsThisOrder' });

/** What a line action is about: the action and the lines it is applied to. */
export type LineActionSubject = { orderId: number; action: OrderLineAction; lineIds: number[] };
/** The line action dialog's fields (each action reads only its own). */
export type LineActionValues = { eta: string; reason: string; trackingReference: string };
/** What a return decision is about: the return and the decision taken. */
export type ReturnDecisionSubject = { orderId: number; returnId: number; decision: 'accept' | 'refuse' };
/** The return decision dialog's field. */
export type ReturnDecisionValues = { reason: string };

export type ApplyLineActionInput = VersionedSubmit<LineActionSubject, LineActionValues>;
export type DecideReturnInput = VersionedSubmit<ReturnDecisionSubject, ReturnDecisionValues>;

type Context = {
  orderId: number;
  order: OrderDetail | null;
  loadError: string | null;
  stale: boolean;
  /** The lines ticked for one action on all of them. */
  selected: number[];
  /** Why the screen changed under the person (a 409): shown until the next action. */
  notice: MessageId | null;
};

export type DealerOrderEvent =
  | { type: 'order.retry' }
  /** The order as another part of the page changed it (an applied openTRANS document, ADR 042). */
  | { type: 'order.replace'; order: OrderDetail }
  | { type: 'trade.event'; event: TradeEvent }
  /** The live stream could not resume (ADR 045): read everything again. */
  | { type: 'trade.reload' }
  | { type: 'line.toggle'; lineId: number }
  | { type: 'selection.clear' }
  /** Without `lineIds`: the ticked lines. */
  | { type: 'action.open'; action: OrderLineAction; lineIds?: number[] }
  | { type: 'action.change'; field: keyof LineActionValues; value: string }
  | { type: 'action.submit' }
  | { type: 'action.cancel' }
  | { type: 'return.decide'; returnId: number; decision: 'accept' | 'refuse' }
  | { type: 'decision.change'; value: string }
  | { type: 'decision.submit' }
  | { type: 'decision.cancel' };

/** The request body of a line action, as the contract reads it (an empty ETA is no ETA). */
export function actionBody({ subject, values, version }: ApplyLineActionInput): OrderLineActionInput {
  return {
    version,
    action: subject.action,
    line_ids: subject.lineIds,
    eta: subject.action === 'backorder' && values.eta !== '' ? values.eta : null,
    reason: subject.action === 'cancel' ? values.reason : '',
    tracking_reference: subject.action === 'ship' ? values.trackingReference : '',
  };
}

/** The request body of a return decision: the version read and the reason, trimmed. */
export function decisionBody({ values, version }: DecideReturnInput): { version: number; reason: string } {
  return { version, reason: values.reason.trim() };
}

/** Refusing a return needs a reason (the contract leaves it optional for both decisions). */
export function decisionProblem(input: DecideReturnInput): MessageId | null {
  const problem = firstProblem(returnDecisionSchema, { version: input.version, reason: input.values.reason });
  if (problem) return problem;
  return input.subject.decision === 'refuse' && input.values.reason.trim() === '' ? 'reasonRequired' : null;
}

/**
 * The line action dialog: a versioned edit of the lines concerned (the contract's rules for the
 * action); a 409 brings the current order along.
 */
export const lineActionMachine = createVersionedEditMachine<
  LineActionSubject,
  LineActionValues,
  OrderChangeResult,
  OrderDetail
>({
  id: 'lineAction',
  problem: (values, version, subject) => firstProblem(orderLineActionSchema, actionBody({ subject, values, version })),
  readConflict: refusalWithOrder,
  isRefusal: isLifecycleRefusal,
});

/** The return decision dialog: a versioned edit of one return; a 409 brings the current order along. */
export const returnDecisionMachine = createVersionedEditMachine<
  ReturnDecisionSubject,
  ReturnDecisionValues,
  OrderChangeResult,
  OrderDetail
>({
  id: 'returnDecision',
  problem: (values, version, subject) => decisionProblem({ subject, values, version }),
  readConflict: refusalWithOrder,
  isRefusal: isLifecycleRefusal,
});

/**
 * What the order screen takes from a dialog that ended (`orderAfterEdit`), and its ticks: a line
 * action clears them whatever the outcome but a cancel; a return decision clears them only when the
 * order was replaced by the 409's.
 */
function afterEdit(
  output: VersionedEditOutcome<OrderChangeResult, OrderDetail>,
  ticks: 'cleared' | 'kept',
): Partial<Context> {
  const clears =
    output.outcome === 'conflict' ||
    (ticks === 'cleared' && (output.outcome === 'done' || output.outcome === 'refused'));
  return { ...orderAfterEdit(output), ...(clears ? { selected: [] } : {}) };
}

/**
 * The dealer's order (issue 13): per line (or on several ticked lines at once) confirm, backorder
 * with an ETA, cancel with a reason, ship with an optional tracking reference, deliver — each
 * offered only where the order-line lifecycle allows it for every line concerned; returns are
 * accepted or refused with a reason. Every write names the version read; a 409 `orderChanged`
 * brings the current order, which replaces the one on screen. Live events reload the order.
 */
export const dealerOrderMachine = setup({
  types: {
    context: {} as Context,
    events: {} as DealerOrderEvent,
    input: {} as { orderId: number },
    children: {} as { lineAction: 'lineAction'; returnDecision: 'returnDecision' },
  },
  actors: {
    loadOrder: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('loadOrder actor not implemented: provide it with .provide()');
    }),
    /** The line action dialog; its `submit` is bound with `lineActionMachine.provide()`. */
    lineAction: lineActionMachine,
    /** The return decision dialog; its `submit` is bound with `returnDecisionMachine.provide()`. */
    returnDecision: returnDecisionMachine,
    liveEvents: liveEventsSource('dealerOrderMachine'),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
  },
  guards: {
    isStale,
    concernsThisOrder: ({ context, event }) =>
      event.type === 'trade.event' && concernsOrder(event.event, context.orderId),
    lineOnOrder: ({ context, event }) => {
      assertEvent(event, 'line.toggle');
      return !!context.order?.lines.some((line) => line.id === event.lineId);
    },
    actionOffered: ({ context, event }) => {
      assertEvent(event, 'action.open');
      return linesAllow(context.order, event.lineIds ?? context.selected, event.action);
    },
    returnOpen: ({ context, event }) => {
      assertEvent(event, 'return.decide');
      return openReturn(context.order, event.returnId) !== null;
    },
  },
}).createMachine({
  id: 'dealerOrder',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    loadError: null,
    stale: false,
    selected: [],
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
        onDone: {
          target: 'ready',
          // Ticks on lines that are gone or changed stay only where the line is still on the order.
          actions: assign({
            order: ({ event }) => event.output,
            selected: ({ context, event }) =>
              context.selected.filter((id) => event.output.lines.some((line) => line.id === id)),
          }),
        },
        onError: load.failure,
      },
    },
    failed: load.failed,
    ready: {
      ...live.ready,
      on: {
        'line.toggle': {
          guard: 'lineOnOrder',
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.lineId)
                ? context.selected.filter((id) => id !== event.lineId)
                : [...context.selected, event.lineId],
          }),
        },
        'selection.clear': { actions: assign({ selected: [] }) },
        'order.replace': {
          actions: assign({
            order: ({ event }) => event.order,
            selected: ({ context, event }) =>
              context.selected.filter((id) => event.order.lines.some((line) => line.id === id)),
          }),
        },
        'action.open': { guard: 'actionOffered', target: 'applyingAction', actions: assign({ notice: null }) },
        'return.decide': { guard: 'returnOpen', target: 'decidingReturn', actions: assign({ notice: null }) },
      },
    },
    applyingAction: {
      description: 'The line action dialog (a versioned edit); live events only mark the order stale until it closes.',
      on: {
        ...forwardToEdit('lineAction', { change: 'action.change', submit: 'action.submit', cancel: 'action.cancel' }),
      },
      invoke: {
        id: 'lineAction',
        src: 'lineAction',
        input: ({ context, event }) => {
          assertEvent(event, 'action.open');
          if (!context.order) throw new Error('applying an action without an order');
          return {
            subject: { orderId: context.orderId, action: event.action, lineIds: event.lineIds ?? context.selected },
            values: { eta: '', reason: '', trackingReference: '' },
            version: context.order.version,
          };
        },
        onDone: [
          {
            guard: endedWith('done'),
            target: 'ready',
            actions: [
              assign(({ event }) => afterEdit(event.output, 'cleared')),
              {
                type: 'notifySuccess',
                params: successMessage,
              },
            ],
          },
          {
            guard: endedWith('refused'),
            target: 'loading',
            actions: assign(({ event }) => afterEdit(event.output, 'cleared')),
          },
          { target: 'ready', actions: assign(({ event }) => afterEdit(event.output, 'cleared')) },
        ],
      },
    },
    decidingReturn: {
      description:
        'The return decision dialog (a versioned edit); live events only mark the order stale until it closes.',
      on: {
        ...forwardToEdit('returnDecision', {
          change: 'decision.change',
          submit: 'decision.submit',
          cancel: 'decision.cancel',
          field: 'reason',
        }),
      },
      invoke: {
        id: 'returnDecision',
        src: 'returnDecision',
        input: ({ context, event }) => {
          assertEvent(event, 'return.decide');
          if (!context.order) throw new Error('deciding a return without an order');
          return {
            subject: { orderId: context.orderId, returnId: event.returnId, decision: event.decision },
            values: { reason: '' },
            version: context.order.version,
          };
        },
        onDone: [
          {
            guard: endedWith('done'),
            target: 'ready',
            actions: [
              assign(({ event }) => afterEdit(event.output, 'kept')),
              {
                type: 'notifySuccess',
                params: successMessage,
              },
            ],
          },
          {
            guard: endedWith('refused'),
            target: 'loading',
            actions: assign(({ event }) => afterEdit(event.output, 'kept')),
          },
          { target: 'ready', actions: assign(({ event }) => afterEdit(event.output, 'kept')) },
        ],
      },
    },
  },
});
