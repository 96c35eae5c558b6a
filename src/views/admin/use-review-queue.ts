import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type {
  ReviewDecision,
  ReviewPage,
  ReviewQuery,
  ReviewQueueImplementations,
  ReviewQueueMachine,
} from '../../../machines/review-queue';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

/** The two calls a review queue makes; each list binds them to its service's API. */
export type ReviewQueueEffects<TItem extends { id: number }, TStatus extends string, TDecision extends string> = {
  loadPage: (query: ReviewQuery<TStatus>) => Promise<ReviewPage<TItem>>;
  decide: (decision: ReviewDecision<TItem, TDecision>) => Promise<{ message: string | undefined }>;
};

/** A review queue's implementations: the list's API calls, and the snackbar for decisions. */
export function createReviewQueueImplementations<
  TItem extends { id: number },
  TStatus extends string,
  TDecision extends string,
>(effects: ReviewQueueEffects<TItem, TStatus, TDecision>): ReviewQueueImplementations<TItem, TStatus, TDecision> {
  return {
    actors: {
      loadPage: fromPromise<ReviewPage<TItem>, ReviewQuery<TStatus>>(({ input }) => effects.loadPage(input)),
      decide: fromPromise<{ message: string | undefined }, ReviewDecision<TItem, TDecision>>(({ input }) =>
        effects.decide(input),
      ),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

/** The hook facade of the three admin lists (accounts, invitation requests, dealer registrations). */
export function useReviewQueue<TItem extends { id: number }, TStatus extends string, TDecision extends string>(
  machine: ReviewQueueMachine<TItem, TStatus, TDecision>,
  implementations: ReviewQueueImplementations<TItem, TStatus, TDecision>,
) {
  const [provided] = useState(() => machine.provide(implementations));
  const queue = useActorRef(provided, inspectionOptions());
  return {
    query: useSelector(queue, (snapshot) => snapshot.context.query),
    page: useSelector(queue, (snapshot) => snapshot.context.page),
    error: useSelector(queue, (snapshot) => snapshot.context.loadError),
    pending: useSelector(queue, (snapshot) => snapshot.context.pending),
    reasonProblem: useSelector(queue, (snapshot) => snapshot.context.reasonProblem),
    loading: useSelector(queue, (snapshot) => snapshot.hasTag('busy')),
    dialogOpen: useSelector(queue, (snapshot) => snapshot.hasTag('dialogOpen')),
    deciding: useSelector(queue, (snapshot) => snapshot.hasTag('deciding')),
    canDecide: useSelector(queue, (snapshot) => snapshot.hasTag('decidable')),
    search: (value: string) => queue.send({ type: 'search.change', value }),
    filter: (status: TStatus | '') => queue.send({ type: 'filter.change', status }),
    goToPage: (page: number) => queue.send({ type: 'page.change', page }),
    request: (item: TItem, decision: TDecision) => queue.send({ type: 'decision.request', item, decision }),
    changeReason: (value: string) => queue.send({ type: 'reason.change', value }),
    changeChoice: (value: string) => queue.send({ type: 'choice.change', value }),
    cancel: () => queue.send({ type: 'decision.cancel' }),
    confirm: () => queue.send({ type: 'decision.confirm' }),
    retry: () => queue.send({ type: 'list.retry' }),
  };
}

export type ReviewQueue<TItem extends { id: number }, TStatus extends string, TDecision extends string> = ReturnType<
  typeof useReviewQueue<TItem, TStatus, TDecision>
>;
