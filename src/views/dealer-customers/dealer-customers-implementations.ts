import type { CustomerDecision, DealerCustomer } from '../../../common/contracts/customers';
import type { RelationStatus } from '../../../common/contracts/relations';
import type { ReviewQueueImplementations } from '../../../machines/review-queue';
import type { PartDealerApi } from '../../api/part-dealer-api';
import { createReviewQueueImplementations } from '../admin/use-review-queue';

export type DealerCustomersImplementations = ReviewQueueImplementations<
  DealerCustomer,
  RelationStatus,
  CustomerDecision
>;

/** The dealer's customers on the part-dealer service. */
export function createDealerCustomersImplementations(deps: {
  partDealerApi: Pick<PartDealerApi, 'listCustomers' | 'decideCustomer'>;
}): DealerCustomersImplementations {
  return createReviewQueueImplementations({
    loadPage: (query) => deps.partDealerApi.listCustomers(query),
    decide: ({ item, decision, reason }) => deps.partDealerApi.decideCustomer(item.id, decision, reason),
  });
}
