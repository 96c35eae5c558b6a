import { messageOnlyEnvelopeSchema } from '../../common/contracts/account';
import {
  type CreateWorkshopAccountRequest,
  dmsOptionSchema,
  type InvitationRequest,
  invitationEnvelopeSchema,
  leadEnvelopeSchema,
  leadListEnvelopeSchema,
  optionListEnvelopeSchema,
  partDealerOptionSchema,
  type ResumeOnboardingRequest,
  type SkippableStep,
  type WorkshopDetailsRequest,
  workshopAccountEnvelopeSchema,
} from '../../common/contracts/workshop';
import type { ServiceClient } from './http';

const dmsListSchema = optionListEnvelopeSchema(dmsOptionSchema);
const partDealerListSchema = optionListEnvelopeSchema(partDealerOptionSchema);

/** The workshop service's calls (docs/product.md §7: /lead, /lead/dms, /lead/part-dealers, details PUT; ADR 015: resume, skip). */
export function createWorkshopApi(client: ServiceClient) {
  return {
    async requestInvitation(request: InvitationRequest) {
      const body = await client(messageOnlyEnvelopeSchema, '/lead', { method: 'POST', body: request });
      return { message: body.message };
    },
    async checkInvitation(token: string) {
      return (await client(invitationEnvelopeSchema, '/lead/invitation', { query: { token } })).data;
    },
    async createAccount(request: CreateWorkshopAccountRequest & Record<string, unknown>) {
      const body = await client(workshopAccountEnvelopeSchema, '/lead/account', { method: 'POST', body: request });
      return { ...body.data, message: body.message };
    },
    async saveDetails(leadId: number, workshopId: number, details: WorkshopDetailsRequest) {
      const body = await client(messageOnlyEnvelopeSchema, `/${leadId}/workshop/${workshopId}/details`, {
        method: 'PUT',
        body: details,
      });
      return { message: body.message };
    },
    /** Another browser continues a used invitation with the account's password (ADR 015). */
    async resumeOnboarding(request: ResumeOnboardingRequest) {
      return (await client(invitationEnvelopeSchema, '/lead/resume', { method: 'POST', body: request })).data;
    },
    async skipStep(leadId: number, workshopId: number, step: SkippableStep) {
      await client(messageOnlyEnvelopeSchema, `/${leadId}/workshop/${workshopId}/onboarding/skip`, {
        method: 'POST',
        body: { step },
      });
    },
    async listDms() {
      return (await client(dmsListSchema, '/lead/dms')).data.data;
    },
    async listPartDealers() {
      return (await client(partDealerListSchema, '/lead/part-dealers')).data.data;
    },
    async listLeads(query: { page: number; status: string }) {
      const params: Record<string, string | number> = { page: query.page };
      if (query.status) params.status = query.status;
      return (await client(leadListEnvelopeSchema, '/leads', { query: params })).data;
    },
    async decideLead(leadId: number, decision: 'approve' | 'reject', reason: string) {
      const body = await client(leadEnvelopeSchema, `/leads/${leadId}/${decision}`, {
        method: 'POST',
        body: { reason },
      });
      return { message: body.message };
    },
  };
}

export type WorkshopApi = ReturnType<typeof createWorkshopApi>;
