import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
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
import { loadWithRetry } from './blocks/load-with-retry';
import { concernsOrder, isLifecycleRefusal, linesAllow, openReturn, refusalWithOrder } from './order-detail';
import { toRequestFailure } from './request-failure';
import type { OrderChangeResult } from './workshop-order.machine';

const load = loadWithRetry({ retry: 'order.retry' });

export type LineActionDraft = {
  action: OrderLineAction;
  lineIds: number[];
  eta: string;
  reason: string;
  trackingReference: string;
  error: MessageId | null;
  failure: string | null;
};

export type ReturnDecisionDraft = {
  returnId: number;
  decision: 'accept' | 'refuse';
  reason: string;
  error: MessageId | null;
  failure: string | null;
};

export type ApplyLineActionInput = { orderId: number; body: OrderLineActionInput };
export type DecideReturnInput = {
  orderId: number;
  returnId: number;
  decision: 'accept' | 'refuse';
  body: { version: number; reason: string };
};

type Context = {
  orderId: number;
  order: OrderDetail | null;
  loadError: string | null;
  stale: boolean;
  /** The lines ticked for one action on all of them. */
  selected: number[];
  action: LineActionDraft | null;
  decision: ReturnDecisionDraft | null;
  notice: MessageId | null;
};

export type DealerOrderEvent =
  | { type: 'order.retry' }
  | { type: 'trade.event'; event: TradeEvent }
  | { type: 'line.toggle'; lineId: number }
  | { type: 'selection.clear' }
  /** Without `lineIds`: the ticked lines. */
  | { type: 'action.open'; action: OrderLineAction; lineIds?: number[] }
  | { type: 'action.change'; field: 'eta' | 'reason' | 'trackingReference'; value: string }
  | { type: 'action.submit' }
  | { type: 'action.cancel' }
  | { type: 'return.decide'; returnId: number; decision: 'accept' | 'refuse' }
  | { type: 'decision.change'; value: string }
  | { type: 'decision.submit' }
  | { type: 'decision.cancel' };

/** The request body of an action draft, as the contract reads it (an empty ETA is no ETA). */
export function actionBody(draft: LineActionDraft, version: number): OrderLineActionInput {
  return {
    version,
    action: draft.action,
    line_ids: draft.lineIds,
    eta: draft.action === 'backorder' && draft.eta !== '' ? draft.eta : null,
    reason: draft.action === 'cancel' ? draft.reason : '',
    tracking_reference: draft.action === 'ship' ? draft.trackingReference : '',
  };
}

/** Refusing a return needs a reason (the contract leaves it optional for both decisions). */
export function decisionProblem(draft: ReturnDecisionDraft, version: number): MessageId | null {
  const body = { version, reason: draft.reason };
  const problem = firstProblem(returnDecisionSchema, body);
  if (problem) return problem;
  return draft.decision === 'refuse' && draft.reason.trim() === '' ? 'reasonRequired' : null;
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
  },
  actors: {
    loadOrder: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('loadOrder actor not implemented: provide it with .provide()');
    }),
    applyLineAction: fromPromise<OrderChangeResult, ApplyLineActionInput>(async () => {
      throw new Error('applyLineAction actor not implemented: provide it with .provide()');
    }),
    decideReturn: fromPromise<OrderChangeResult, DecideReturnInput>(async () => {
      throw new Error('decideReturn actor not implemented: provide it with .provide()');
    }),
    liveEvents: fromCallback<EventObject>(() => {
      throw new Error('liveEvents actor not implemented: provide it with .provide()');
    }),
  },
  actions: {
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    /** A 409 with the current order: it replaces the one on screen, the dialog closes, the notice says why. */
    takeRefusedOrder: assign(({ event }) => {
      const refusal = 'error' in event ? refusalWithOrder(event.error) : null;
      return refusal
        ? { order: refusal.current, notice: refusal.messageId, action: null, decision: null, selected: [] }
        : {};
    }),
  },
  guards: {
    concernsThisOrder: ({ context, event }) =>
      event.type === 'trade.event' && concernsOrder(event.event, context.orderId),
    isStale: ({ context }) => context.stale,
    lineOnOrder: ({ context, event }) => {
      assertEvent(event, 'line.toggle');
      return !!context.order?.lines.some((line) => line.id === event.lineId);
    },
    actionOffered: ({ context, event }) => {
      assertEvent(event, 'action.open');
      return linesAllow(context.order, event.lineIds ?? context.selected, event.action);
    },
    actionValid: ({ context }) =>
      context.action !== null &&
      context.order !== null &&
      firstProblem(orderLineActionSchema, actionBody(context.action, context.order.version)) === null,
    returnOpen: ({ context, event }) => {
      assertEvent(event, 'return.decide');
      return openReturn(context.order, event.returnId) !== null;
    },
    decisionValid: ({ context }) =>
      context.decision !== null &&
      context.order !== null &&
      decisionProblem(context.decision, context.order.version) === null,
    refusedWithOrder: ({ event }) => 'error' in event && refusalWithOrder(event.error) !== null,
    refusedByLifecycle: ({ event }) => 'error' in event && isLifecycleRefusal(event.error),
  },
}).createMachine({
  id: 'dealerOrder',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    loadError: null,
    stale: false,
    selected: [],
    action: null,
    decision: null,
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
      always: { guard: 'isStale', target: 'loading' },
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
        'action.open': {
          guard: 'actionOffered',
          target: 'applyingAction',
          actions: assign({
            action: ({ context, event }) => ({
              action: event.action,
              lineIds: event.lineIds ?? context.selected,
              eta: '',
              reason: '',
              trackingReference: '',
              error: null,
              failure: null,
            }),
            notice: null,
          }),
        },
        'return.decide': {
          guard: 'returnOpen',
          target: 'decidingReturn',
          actions: assign({
            decision: ({ event }) => ({
              returnId: event.returnId,
              decision: event.decision,
              reason: '',
              error: null,
              failure: null,
            }),
            notice: null,
          }),
        },
      },
    },
    applyingAction: {
      initial: 'editing',
      on: { 'action.cancel': { target: 'ready', actions: assign({ action: null }) } },
      states: {
        editing: {
          on: {
            'action.change': {
              actions: assign({
                action: ({ context, event }) =>
                  context.action ? { ...context.action, [event.field]: event.value, error: null } : null,
              }),
            },
            'action.submit': [
              { guard: 'actionValid', target: 'sending' },
              {
                actions: assign({
                  action: ({ context }) =>
                    context.action && context.order
                      ? {
                          ...context.action,
                          error: firstProblem(orderLineActionSchema, actionBody(context.action, context.order.version)),
                        }
                      : context.action,
                }),
              },
            ],
          },
        },
        sending: {
          tags: ['busy'],
          on: { 'action.cancel': {} },
          invoke: {
            id: 'applyLineAction',
            src: 'applyLineAction',
            input: ({ context }) => {
              if (!context.action || !context.order) throw new Error('applying an action without lines');
              return { orderId: context.orderId, body: actionBody(context.action, context.order.version) };
            },
            onDone: {
              target: '#dealerOrder.ready',
              actions: [
                assign({ order: ({ event }) => event.output.order, action: null, selected: [] }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: [
              { guard: 'refusedWithOrder', target: '#dealerOrder.ready', actions: 'takeRefusedOrder' },
              {
                guard: 'refusedByLifecycle',
                target: '#dealerOrder.loading',
                actions: assign({
                  notice: ({ event }) => toRequestFailure(event.error).messageId,
                  action: null,
                  selected: [],
                }),
              },
              {
                target: 'editing',
                actions: assign({
                  action: ({ context, event }) =>
                    context.action ? { ...context.action, failure: toRequestFailure(event.error).message } : null,
                }),
              },
            ],
          },
        },
      },
    },
    decidingReturn: {
      initial: 'editing',
      on: { 'decision.cancel': { target: 'ready', actions: assign({ decision: null }) } },
      states: {
        editing: {
          on: {
            'decision.change': {
              actions: assign({
                decision: ({ context, event }) =>
                  context.decision ? { ...context.decision, reason: event.value, error: null } : null,
              }),
            },
            'decision.submit': [
              { guard: 'decisionValid', target: 'sending' },
              {
                actions: assign({
                  decision: ({ context }) =>
                    context.decision && context.order
                      ? { ...context.decision, error: decisionProblem(context.decision, context.order.version) }
                      : context.decision,
                }),
              },
            ],
          },
        },
        sending: {
          tags: ['busy'],
          on: { 'decision.cancel': {} },
          invoke: {
            id: 'decideReturn',
            src: 'decideReturn',
            input: ({ context }) => {
              if (!context.decision || !context.order) throw new Error('deciding without a return');
              return {
                orderId: context.orderId,
                returnId: context.decision.returnId,
                decision: context.decision.decision,
                body: { version: context.order.version, reason: context.decision.reason.trim() },
              };
            },
            onDone: {
              target: '#dealerOrder.ready',
              actions: [
                assign({ order: ({ event }) => event.output.order, decision: null }),
                { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
              ],
            },
            onError: [
              { guard: 'refusedWithOrder', target: '#dealerOrder.ready', actions: 'takeRefusedOrder' },
              {
                guard: 'refusedByLifecycle',
                target: '#dealerOrder.loading',
                actions: assign({ notice: ({ event }) => toRequestFailure(event.error).messageId, decision: null }),
              },
              {
                target: 'editing',
                actions: assign({
                  decision: ({ context, event }) =>
                    context.decision ? { ...context.decision, failure: toRequestFailure(event.error).message } : null,
                }),
              },
            ],
          },
        },
      },
    },
  },
});
