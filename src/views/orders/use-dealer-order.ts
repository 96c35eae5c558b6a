import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { MessageId } from '../../../common/contracts/message-ids';
import type { OrderDetail, OrderLineAction } from '../../../common/contracts/trading';
import {
  type ApplyLineActionInput,
  actionBody,
  type DecideReturnInput,
  dealerOrderMachine,
  decisionBody,
  type LineActionSubject,
  type LineActionValues,
  lineActionMachine,
  returnDecisionMachine,
} from '../../../machines/dealer-order.machine';
import type { OrderChangeResult } from '../../../machines/order-detail';
import type { DealerOrdersApi } from '../../api/orders-api';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';
import { notify } from '../notifications/notify';

/** The line action dialog as the view shows it: the action, its lines, the fields, what is wrong. */
export type LineActionDraft = LineActionSubject &
  LineActionValues & { error: MessageId | null; failure: string | null };

export type DealerOrderImplementations = Parameters<typeof dealerOrderMachine.provide>[0];

/** The dealer order page's effects: the part-dealer service, the live events, the snackbar. */
export function createDealerOrderImplementations(deps: {
  api: DealerOrdersApi;
  live: LiveEventSource;
}): DealerOrderImplementations {
  return {
    actors: {
      loadOrder: fromPromise(({ input }) => deps.api.get(input.orderId)),
      lineAction: lineActionMachine.provide({
        actors: {
          submit: fromPromise<OrderChangeResult, ApplyLineActionInput>(({ input }) =>
            deps.api.applyLineAction(input.subject.orderId, actionBody(input)),
          ),
        },
      }),
      returnDecision: returnDecisionMachine.provide({
        actors: {
          submit: fromPromise<OrderChangeResult, DecideReturnInput>(({ input }) =>
            deps.api.decideReturn(
              input.subject.orderId,
              input.subject.returnId,
              input.subject.decision,
              decisionBody(input),
            ),
          ),
        },
      }),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: { notifySuccess: (_, { message }) => notify.success(message) },
  };
}

/** The facade of /dealer/orders/$orderId. */
export function useDealerOrder(implementations: DealerOrderImplementations, orderId: number) {
  const [machine] = useState(() => dealerOrderMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { orderId } });
  const send = actor.send;
  // The two dialogs are child actors (versioned edits) while they are open.
  const lineActor = useSelector(actor, (snapshot) => snapshot.children.lineAction);
  const lineDialog = useSelector(lineActor, (snapshot) => snapshot);
  const decisionActor = useSelector(actor, (snapshot) => snapshot.children.returnDecision);
  const decisionDialog = useSelector(decisionActor, (snapshot) => snapshot);
  return {
    order: useSelector(actor, (snapshot) => snapshot.context.order),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    notice: useSelector(actor, (snapshot) => snapshot.context.notice),
    selected: useSelector(actor, (snapshot) => snapshot.context.selected),
    action: lineDialog
      ? ({
          ...lineDialog.context.subject,
          ...lineDialog.context.values,
          error: lineDialog.context.error,
          failure: lineDialog.context.failure,
        } satisfies LineActionDraft)
      : null,
    decision: decisionDialog
      ? {
          returnId: decisionDialog.context.subject.returnId,
          decision: decisionDialog.context.subject.decision,
          ...decisionDialog.context.values,
          error: decisionDialog.context.error,
          failure: decisionDialog.context.failure,
        }
      : null,
    sending: (lineDialog?.hasTag('busy') ?? false) || (decisionDialog?.hasTag('busy') ?? false),
    /** Whether the lifecycle offers the action on these lines (default: the ticked ones); re-read every render. */
    canApply: (action: OrderLineAction, lineIds?: number[]) =>
      actor.getSnapshot().can(lineIds ? { type: 'action.open', action, lineIds } : { type: 'action.open', action }),
    canDecide: (returnId: number) => actor.getSnapshot().can({ type: 'return.decide', returnId, decision: 'accept' }),
    retry: () => send({ type: 'order.retry' }),
    replaceOrder: (order: OrderDetail) => send({ type: 'order.replace', order }),
    toggle: (lineId: number) => send({ type: 'line.toggle', lineId }),
    clearSelection: () => send({ type: 'selection.clear' }),
    openAction: (action: OrderLineAction, lineIds?: number[]) =>
      send(lineIds ? { type: 'action.open', action, lineIds } : { type: 'action.open', action }),
    changeAction: (field: 'eta' | 'reason' | 'trackingReference', value: string) =>
      send({ type: 'action.change', field, value }),
    submitAction: () => send({ type: 'action.submit' }),
    cancelAction: () => send({ type: 'action.cancel' }),
    decide: (returnId: number, decision: 'accept' | 'refuse') => send({ type: 'return.decide', returnId, decision }),
    changeDecision: (value: string) => send({ type: 'decision.change', value }),
    submitDecision: () => send({ type: 'decision.submit' }),
    cancelDecision: () => send({ type: 'decision.cancel' }),
  };
}
