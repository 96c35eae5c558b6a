import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { OrderLineAction } from '../../../common/contracts/trading';
import {
  type ApplyLineActionInput,
  type DecideReturnInput,
  dealerOrderMachine,
} from '../../../machines/dealer-order.machine';
import type { OrderChangeResult } from '../../../machines/workshop-order.machine';
import type { DealerOrdersApi } from '../../api/orders-api';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';
import { notify } from '../notifications/notify';

export type DealerOrderImplementations = Parameters<typeof dealerOrderMachine.provide>[0];

/** The dealer order page's effects: the part-dealer service, the live events, the snackbar. */
export function createDealerOrderImplementations(deps: {
  api: DealerOrdersApi;
  live: LiveEventSource;
}): DealerOrderImplementations {
  return {
    actors: {
      loadOrder: fromPromise(({ input }) => deps.api.get(input.orderId)),
      applyLineAction: fromPromise<OrderChangeResult, ApplyLineActionInput>(({ input }) =>
        deps.api.applyLineAction(input.orderId, input.body),
      ),
      decideReturn: fromPromise<OrderChangeResult, DecideReturnInput>(({ input }) =>
        deps.api.decideReturn(input.orderId, input.returnId, input.decision, input.body),
      ),
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
  return {
    order: useSelector(actor, (snapshot) => snapshot.context.order),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    notice: useSelector(actor, (snapshot) => snapshot.context.notice),
    selected: useSelector(actor, (snapshot) => snapshot.context.selected),
    action: useSelector(actor, (snapshot) => (snapshot.matches('applyingAction') ? snapshot.context.action : null)),
    decision: useSelector(actor, (snapshot) => (snapshot.matches('decidingReturn') ? snapshot.context.decision : null)),
    sending: useSelector(actor, (snapshot) => snapshot.hasTag('busy') && !snapshot.matches('loading')),
    /** Whether the lifecycle offers the action on these lines (default: the ticked ones); re-read every render. */
    canApply: (action: OrderLineAction, lineIds?: number[]) =>
      actor.getSnapshot().can(lineIds ? { type: 'action.open', action, lineIds } : { type: 'action.open', action }),
    canDecide: (returnId: number) => actor.getSnapshot().can({ type: 'return.decide', returnId, decision: 'accept' }),
    retry: () => send({ type: 'order.retry' }),
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
