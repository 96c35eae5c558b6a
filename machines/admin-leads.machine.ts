import type { DealerLead } from '../common/contracts/dealer';
import type { WorkshopLead } from '../common/contracts/workshop';
import { createReviewQueueMachine } from './review-queue';

export type LeadDecision = 'approve' | 'reject';

/** Workshop invitation requests on /users/leads: approve (sends the invitation) or reject. */
export const adminLeadsMachine = createReviewQueueMachine<WorkshopLead, WorkshopLead['status'], LeadDecision>({
  id: 'adminLeads',
  initialStatus: 'requested',
});

const leadDecisionsByStatus: Record<WorkshopLead['status'], readonly LeadDecision[]> = {
  requested: ['approve', 'reject'],
  // Rejecting an approved request revokes the invitation that was sent.
  approved: ['reject'],
  registered: [],
  verified: [],
  rejected: [],
};

/** The decisions the administrator is offered for a workshop invitation request. */
export function leadDecisionsFor(lead: WorkshopLead): readonly LeadDecision[] {
  return leadDecisionsByStatus[lead.status];
}

export type DealerDecision = 'verify' | 'reject';

/** Part-dealer registrations on /users/dealers: verify or reject (each mailed to the dealer). */
export const adminDealersMachine = createReviewQueueMachine<DealerLead, DealerLead['status'], DealerDecision>({
  id: 'adminDealers',
  initialStatus: 'UNVERIFIED',
});

/** The decisions the administrator is offered for a dealer registration: only unverified ones are open. */
export function dealerDecisionsFor(lead: DealerLead): readonly DealerDecision[] {
  return lead.status === 'UNVERIFIED' ? ['verify', 'reject'] : [];
}
