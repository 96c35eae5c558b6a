import { type CustomerDecision, type DealerCustomer, declineReasonProblem } from '../common/contracts/customers';
import type { RelationStatus } from '../common/contracts/relations';
import { createReviewQueueMachine } from './review-queue';

/** Waiting after the last keystroke before searching, so typing a name sends one request. */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 300;

/**
 * The dealer's customers on /dealer/customers (ADR 022): the workshops that named this dealer with
 * a customer number, every status at first (issue 24 §8), open requests first, searched by workshop name or customer number, 20 per
 * page; a request is accepted, or declined with a reason the workshop reads (required, by the
 * contract's rule), each after a confirmation.
 */
export const dealerCustomersMachine = createReviewQueueMachine<DealerCustomer, RelationStatus, CustomerDecision>({
  id: 'dealerCustomers',
  initialStatus: '',
  searchDebounceMs: CUSTOMER_SEARCH_DEBOUNCE_MS,
  reasonProblem: (decision, reason) => (decision === 'decline' ? declineReasonProblem(reason) : null),
});

/** Only a request still open can be decided; an active or declined relation has no decision. */
export function customerDecisionsFor(customer: DealerCustomer): readonly CustomerDecision[] {
  return customer.status === 'requested' ? ['accept', 'decline'] : [];
}
