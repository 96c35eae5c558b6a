import {
  type ClaimListQuery,
  type ClaimShareRequest,
  claimDetailEnvelopeSchema,
  claimListEnvelopeSchema,
  insurerOptionsEnvelopeSchema,
  orderClaimEnvelopeSchema,
} from '../../common/contracts/claims';
import type { FileClient, ServiceClient } from './http';

/** The workshop's side of claims (ADR 030): an order's share, the insurers to choose from. */
export function createWorkshopClaimsApi(client: ServiceClient) {
  return {
    async insurers() {
      return (await client(insurerOptionsEnvelopeSchema, '/insurers')).data.items;
    },
    async get(orderId: number) {
      return (await client(orderClaimEnvelopeSchema, `/orders/${orderId}/claim`)).data.claim;
    },
    async share(orderId: number, request: ClaimShareRequest) {
      const body = await client(orderClaimEnvelopeSchema, `/orders/${orderId}/claim`, {
        method: 'POST',
        body: request,
      });
      return { claim: body.data.claim, message: body.message };
    },
    async withdraw(orderId: number) {
      const body = await client(orderClaimEnvelopeSchema, `/orders/${orderId}/claim/withdraw`, { method: 'POST' });
      return { claim: body.data.claim, message: body.message };
    },
  };
}

/** The insurer's claims (ADR 030): `/claims…` of the insurer service (/svc/insurer). */
export function createInsurerClaimsApi(client: ServiceClient, files: FileClient) {
  return {
    async list(query: ClaimListQuery) {
      return (await client(claimListEnvelopeSchema, '/claims', { query: { page: query.page } })).data;
    },
    /** A claim by its claim number (or an old link's share id), URL-encoded: numbers hold `/` and spaces. */
    async get(claimNumber: string) {
      return (await client(claimDetailEnvelopeSchema, `/claims/${encodeURIComponent(claimNumber)}`)).data;
    },
    statement(claimNumber: string) {
      return files(`/claims/${encodeURIComponent(claimNumber)}/statement.pdf`, 'claim.pdf');
    },
  };
}

export type WorkshopClaimsApi = ReturnType<typeof createWorkshopClaimsApi>;
export type InsurerClaimsApi = ReturnType<typeof createInsurerClaimsApi>;
