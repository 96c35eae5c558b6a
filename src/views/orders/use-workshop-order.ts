import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { ReturnReason } from '../../../common/contracts/trading';
import type { OrderChangeResult } from '../../../machines/order-detail';
import {
  type RequestReturnInput,
  returnRequestMachine,
  workshopOrderMachine,
} from '../../../machines/workshop-order.machine';
import type { WorkshopOrdersApi } from '../../api/orders-api';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';
import { notify } from '../notifications/notify';

export type WorkshopOrderImplementations = Parameters<typeof workshopOrderMachine.provide>[0];

/** The workshop order page's effects: the workshop service, the live events, the snackbar. */
export function createWorkshopOrderImplementations(deps: {
  api: WorkshopOrdersApi;
  live: LiveEventSource;
}): WorkshopOrderImplementations {
  return {
    actors: {
      loadOrder: fromPromise(({ input }) => deps.api.get(input.orderId)),
      returnRequest: returnRequestMachine.provide({
        actors: {
          submit: fromPromise<OrderChangeResult, RequestReturnInput>(({ input }) =>
            deps.api.requestReturn(input.subject.orderId, input.subject.lineId, {
              version: input.version,
              reason: input.values.reason as ReturnReason,
              note: input.values.note,
            }),
          ),
        },
      }),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: { notifySuccess: (_, { message }) => notify.success(message) },
  };
}

/** The facade of /orders/$orderId. */
export function useWorkshopOrder(implementations: WorkshopOrderImplementations, orderId: number) {
  const [machine] = useState(() => workshopOrderMachine.provide(implementations));
  const actor = useActorRef(machine, { ...inspectionOptions(), input: { orderId } });
  const send = actor.send;
  // The return dialog is a child actor (a versioned edit) while it is open.
  const dialogActor = useSelector(actor, (snapshot) => snapshot.children.returnRequest);
  const dialog = useSelector(dialogActor, (snapshot) => snapshot);
  return {
    order: useSelector(actor, (snapshot) => snapshot.context.order),
    loading: useSelector(actor, (snapshot) => snapshot.hasTag('busy') && snapshot.matches('loading')),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    notice: useSelector(actor, (snapshot) => snapshot.context.notice),
    draft: dialog
      ? {
          lineId: dialog.context.subject.lineId,
          ...dialog.context.values,
          error: dialog.context.error,
          failure: dialog.context.failure,
        }
      : null,
    sending: dialog?.hasTag('busy') ?? false,
    /** Re-read on every render: the order and the state it depends on are selected above. */
    canRequestReturn: (lineId: number) => actor.getSnapshot().can({ type: 'return.open', lineId }),
    retry: () => send({ type: 'order.retry' }),
    openReturn: (lineId: number) => send({ type: 'return.open', lineId }),
    change: (field: 'reason' | 'note', value: string) => send({ type: 'return.change', field, value }),
    submit: () => send({ type: 'return.submit' }),
    cancel: () => send({ type: 'return.cancel' }),
  };
}
