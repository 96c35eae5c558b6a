import { messageOnlyEnvelopeSchema } from '../../common/contracts/account';
import type { InsurerCreate } from '../../common/contracts/claims';
import {
  type OrganisationChange,
  type OrganisationInvite,
  type OrganisationQuery,
  organisationDetailEnvelopeSchema,
  organisationEnvelopeSchema,
  organisationListEnvelopeSchema,
} from '../../common/contracts/organisations';
import type { ServiceClient } from './http';

/** The system administrator's calls on the authentication service's /organisations (ADR 022). */
export function createAdminOrganisationsApi(client: ServiceClient) {
  return {
    async listOrganisations(query: OrganisationQuery) {
      const params: Record<string, string | number> = { page: query.page };
      if (query.search.trim()) params.search = query.search.trim();
      if (query.kind) params.kind = query.kind;
      if (query.status) params.status = query.status;
      return (await client(organisationListEnvelopeSchema, '/organisations', { query: params })).data;
    },
    async organisation(id: number) {
      return (await client(organisationDetailEnvelopeSchema, `/organisations/${id}`)).data;
    },
    async changeStatus(id: number, change: OrganisationChange) {
      const body = await client(organisationEnvelopeSchema, `/organisations/${id}/${change}`, {
        method: 'POST',
        body: {},
      });
      return { message: body.message };
    },
    /** Creates an insurer organisation (ADR 030); its first member is then invited like any other. */
    async createInsurer(request: InsurerCreate) {
      const body = await client(organisationEnvelopeSchema, '/organisations', { method: 'POST', body: request });
      return { organisation: body.data, message: body.message };
    },
    async invite(id: number, invite: OrganisationInvite) {
      const body = await client(messageOnlyEnvelopeSchema, `/organisations/${id}/invite`, {
        method: 'POST',
        body: invite,
      });
      return { message: body.message };
    },
  };
}

export type AdminOrganisationsApi = ReturnType<typeof createAdminOrganisationsApi>;
