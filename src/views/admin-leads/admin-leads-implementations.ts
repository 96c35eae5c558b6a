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
    // The listed dealers without an organisation come with every page: the verify dialog offers them.
    loadPage: async (query) => {
      const [page, referenceDealers] = await Promise.all([
        deps.partDealerApi.listDealerLeads(query),
        deps.partDealerApi.listReferenceDealers(),
      ]);
      return { ...page, choices: referenceDealers.map((dealer) => ({ value: String(dealer.id), label: dealer.name })) };
    },
    decide: ({ item, decision, reason, choice }) =>
      deps.partDealerApi.decideDealerLead(item.id, decision, reason, choice ? Number(choice) : null),
  });
}
