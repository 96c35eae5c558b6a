import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ReviewDecision, ReviewPage, ReviewQuery, ReviewQueueMachine } from '../../machines/review-queue';

type Decide<TItem, TDecision extends string> = (
  decision: ReviewDecision<TItem, TDecision>,
) => Promise<{ message: string | undefined }>;

/** What a test may change of the fake effects. */
export type ReviewQueueFakes<TItem extends { id: number }, TStatus extends string, TDecision extends string> = {
  decide?: Decide<TItem, TDecision>;
  loadPage?: (query: ReviewQuery<TStatus>) => Promise<ReviewPage<TItem>>;
};

/**
 * Starts a review queue (any of the three admin lists) with fake effects: every load answers a
 * page holding `items` (41 in all, so there is paging) unless `loadPage` says otherwise, and
 * every query and decision is recorded.
 */
export function startReviewQueue<TItem extends { id: number }, TStatus extends string, TDecision extends string>(
  machine: ReviewQueueMachine<TItem, TStatus, TDecision>,
  items: TItem[],
  fakes: ReviewQueueFakes<TItem, TStatus, TDecision> = {},
) {
  const queries: ReviewQuery<TStatus>[] = [];
  const effects = {
    notifySuccess: vi.fn(),
    notifyFailure: vi.fn(),
    decide: vi.fn<Decide<TItem, TDecision>>(fakes.decide ?? (async () => ({ message: 'ok' }))),
  };
  const actor = createActor(
    machine.provide({
      actors: {
        loadPage: fromPromise<ReviewPage<TItem>, ReviewQuery<TStatus>>(async ({ input }) => {
          queries.push(input);
          return fakes.loadPage ? fakes.loadPage(input) : { items, total: 41, page: input.page, page_size: 20 };
        }),
        decide: fromPromise<{ message: string | undefined }, ReviewDecision<TItem, TDecision>>(({ input }) =>
          effects.decide(input),
        ),
      },
      actions: {
        notifySuccess: (_, { message }) => effects.notifySuccess(message),
        notifyFailure: (_, { message }) => effects.notifyFailure(message),
      },
    }),
  ).start();
  return { actor, queries, effects };
}
