import type { InvitedRegistrationRequest } from '../contracts/user-invitation';
import { registeredEnvelopeSchema } from '../contracts/user-invitation';
import type { ServiceClient } from './http';

/** The part-dealer service's calls (spec §7: /part-dealer/leads/user-register). */
export function createPartDealerApi(client: ServiceClient) {
  return {
    async registerInvitedUser(request: InvitedRegistrationRequest) {
      const body = await client(registeredEnvelopeSchema, '/part-dealer/leads/user-register', {
        method: 'POST',
        body: request,
      });
      return { message: body.message };
    },
  };
}

export type PartDealerApi = ReturnType<typeof createPartDealerApi>;
