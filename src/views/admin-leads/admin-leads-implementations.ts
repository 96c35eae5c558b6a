import type { DealerLead } from '../../../common/contracts/dealer';
import type { WorkshopLead } from '../../../common/contracts/workshop';
import type { DealerDecision, LeadDecision } from '../../../machines/admin-leads.machine';
import type { ReviewQueueImplementations } from '../../../machines/review-queue';
import type { PartDealerApi } from '../../api/part-dealer-api';
import type { WorkshopApi } from '../../api/workshop-api';
import { createReviewQueueImplementations } from '../admin/use-review-queue';

export type AdminLeadsImplementations = ReviewQueueImplementations<WorkshopLead, WorkshopLead['status'], LeadDecision>;

/** Workshop invitation requests on the workshop service. */
export function createAdminLeadsImplementations(deps: { workshopApi: WorkshopApi }): AdminLeadsImplementations {
  return createReviewQueueImplementations({
    loadPage: (query) => deps.workshopApi.listLeads(query),
    decide: ({ item, decision, reason }) => deps.workshopApi.decideLead(item.id, decision, reason),
  });
}

export type AdminDealersImplementations = ReviewQueueImplementations<DealerLead, DealerLead['status'], DealerDecision>;

/** Part-dealer registrations on the part-dealer service. */
export function createAdminDealersImplementations(deps: { partDealerApi: PartDealerApi }): AdminDealersImplementations {
  return createReviewQueueImplementations({
    loadPage: (query) => deps.partDealerApi.listDealerLeads(query),
    decide: ({ item, decision, reason }) => deps.partDealerApi.decideDealerLead(item.id, decision, reason),
  });
}
