import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { OrderHandover } from '../../../common/contracts/trading';
import { inquiryPageMachine } from '../../../machines/inquiry-page.machine';
import {
  cheapestChoice,
  deliveredTotal,
  isChoiceAllowed,
  type LineChoices,
  ordersAllowed,
  plannedOrders,
  singleDealerOptions,
} from '../../../machines/inquiry-quotes';
import type { WorkshopInquiriesApi } from '../../api/workshop-inquiries-api';
import { inspectionOptions } from '../../app/inspection';
import { type LiveEventSource, tradeEventsActor } from '../../app/live-events';
import { notify } from '../notifications/notify';

export type InquiryPageImplementations = Parameters<typeof inquiryPageMachine.provide>[0];

/** The page's effects: the workshop service's inquiry calls, the live events, the snackbar. */
export function createInquiryPageImplementations(deps: {
  api: Pick<WorkshopInquiriesApi, 'get' | 'cancel' | 'placeOrders'>;
  live: LiveEventSource;
}): InquiryPageImplementations {
  return {
    actors: {
      loadInquiry: fromPromise(({ input }) => deps.api.get(input.inquiryId)),
      placeOrders: fromPromise(({ input }) => deps.api.placeOrders(input.inquiryId, input.placement)),
      cancelInquiry: fromPromise(({ input }) => deps.api.cancel(input.inquiryId, input.version)),
      liveEvents: tradeEventsActor(deps.live),
    },
    actions: { notifySuccess: (_, { message }) => notify.success(message) },
  };
}

/** The facade of /inquiries/$inquiryId. */
export function useInquiryPage(implementations: InquiryPageImplementations, inquiryId: number) {
  const [machine] = useState(() => inquiryPageMachine.provide(implementations));
  const actor = useActorRef(machine, { input: { inquiryId }, ...inspectionOptions() });
  const send = actor.send;
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail);
  const choices = useSelector(actor, (snapshot) => snapshot.context.choices);
  const same = (a: LineChoices, b: LineChoices) => JSON.stringify(a) === JSON.stringify(b);
  const cheapest = detail ? cheapestChoice(detail) : {};
  return {
    detail,
    choices,
    planned: detail ? plannedOrders(detail, choices) : [],
    /** The choice's delivered total (net + deposit + freight over its orders). */
    delivered: detail ? deliveredTotal(detail, choices) : { total: 0, deliveries: 0 },
    /** The cheapest delivered choice's total, and whether it is the choice now. */
    cheapest: detail ? deliveredTotal(detail, cheapest) : { total: 0, deliveries: 0 },
    isCheapest: same(cheapest, choices),
    /** Everything from one dealer: the dealers that quoted every line, each with its total. */
    singleDealer: (detail ? singleDealerOptions(detail) : []).map((option) => ({
      ...option,
      chosen: same(option.choices, choices),
    })),
    placed: useSelector(actor, (snapshot) => snapshot.context.placed),
    loading: useSelector(actor, (snapshot) => snapshot.matches('loading')),
    loadError: useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null)),
    notice: useSelector(actor, (snapshot) => snapshot.context.notice),
    failure: useSelector(actor, (snapshot) => snapshot.context.failure),
    reviewing: useSelector(
      actor,
      (snapshot) => snapshot.matches({ ready: 'reviewing' }) || snapshot.matches({ ready: 'ordering' }),
    ),
    ordering: useSelector(actor, (snapshot) => snapshot.matches({ ready: 'ordering' })),
    confirmingCancel: useSelector(
      actor,
      (snapshot) => snapshot.matches({ ready: 'confirmingCancel' }) || snapshot.matches({ ready: 'cancelling' }),
    ),
    cancelling: useSelector(actor, (snapshot) => snapshot.matches({ ready: 'cancelling' })),
    canReview: useSelector(actor, (snapshot) => snapshot.can({ type: 'order.review' })),
    canCancel: useSelector(actor, (snapshot) => snapshot.can({ type: 'cancel.request' })),
    /** Whether the lifecycle takes an order at all (the matrix offers a choice only then). */
    ordersAllowed: detail ? ordersAllowed(detail) : false,
    /** Whether a line may be ordered from a dealer (null: left out): the machine guard's own rule. */
    canChoose: (lineId: number, recipientId: number | null) =>
      detail ? isChoiceAllowed(detail, lineId, recipientId) : false,
    retry: () => send({ type: 'inquiry.retry' }),
    choose: (lineId: number, recipientId: number | null) => send({ type: 'choice.set', lineId, recipientId }),
    chooseAllFrom: (recipientId: number) => send({ type: 'choice.allFrom', recipientId }),
    chooseCheapest: () => send({ type: 'choice.cheapest' }),
    review: () => send({ type: 'order.review' }),
    cancelReview: () => send({ type: 'review.cancel' }),
    confirmOrder: () => send({ type: 'order.confirm' }),
    /** Delivery or pickup and the note per dealer (recipient id) as chosen in the review. */
    handovers: useSelector(actor, (snapshot) => snapshot.context.handovers),
    noteErrors: useSelector(actor, (snapshot) => snapshot.context.noteErrors),
    chooseHandover: (recipientId: number, handover: OrderHandover) =>
      send({ type: 'review.handover', recipientId, handover }),
    changeNote: (recipientId: number, note: string) => send({ type: 'review.note', recipientId, note }),
    requestCancel: () => send({ type: 'cancel.request' }),
    dismissCancel: () => send({ type: 'cancel.dismiss' }),
    confirmCancel: () => send({ type: 'cancel.confirm' }),
    dismissNotice: () => send({ type: 'notice.dismiss' }),
  };
}
