import { messageOnlyEnvelopeSchema } from '../../common/contracts/account';
import { customerEnvelopeSchema, customerListEnvelopeSchema } from '../../common/contracts/customers';
import {
  type DealerOnboardingRequest,
  dealerLeadEnvelopeSchema,
  dealerLeadListEnvelopeSchema,
} from '../../common/contracts/dealer';
import type { InvitedRegistrationRequest } from '../../common/contracts/user-invitation';
import { registeredEnvelopeSchema } from '../../common/contracts/user-invitation';
import type { ServiceClient } from './http';

/** The part-dealer service's calls (docs/product.md §7: /part-dealer/leads/user-register). */
export function createPartDealerApi(client: ServiceClient) {
  return {
    async registerDealer(submission: DealerOnboardingRequest & { status: 'UNVERIFIED' }) {
      const body = await client(messageOnlyEnvelopeSchema, '/part-dealer/leads', { method: 'POST', body: submission });
      return { message: body.message };
    },
    async listDealerLeads(query: { page: number; status: string }) {
      const params: Record<string, string | number> = { page: query.page };
      if (query.status) params.status = query.status;
      return (await client(dealerLeadListEnvelopeSchema, '/part-dealer/leads', { query: params })).data;
    },
    async decideDealerLead(leadId: number, decision: 'verify' | 'reject', reason: string) {
      const body = await client(dealerLeadEnvelopeSchema, `/part-dealer/leads/${leadId}/${decision}`, {
        method: 'POST',
        body: { reason },
      });
      return { message: body.message };
    },
    async registerInvitedUser(request: InvitedRegistrationRequest) {
      const body = await client(registeredEnvelopeSchema, '/part-dealer/leads/user-register', {
        method: 'POST',
        body: request,
      });
      return { message: body.message };
    },
    /** The dealer's customers (its organisation comes from the session). */
    async listCustomers(query: { page: number; status: string; search: string }) {
      const params: Record<string, string | number> = { page: query.page };
      if (query.status) params.status = query.status;
      if (query.search.trim()) params.q = query.search.trim();
      return (await client(customerListEnvelopeSchema, '/customers', { query: params })).data;
    },
    async decideCustomer(relationId: number, decision: 'accept' | 'decline', reason: string) {
      const body = await client(customerEnvelopeSchema, `/customers/${relationId}/${decision}`, {
        method: 'POST',
        body: decision === 'decline' ? { reason } : {},
      });
      return { message: body.message };
    },
  };
}

export type PartDealerApi = ReturnType<typeof createPartDealerApi>;
