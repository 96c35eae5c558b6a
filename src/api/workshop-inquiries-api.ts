import * as v from 'valibot';
import { type FitmentLookupQuery, fitmentLookupEnvelopeSchema } from '../../common/contracts/fitment';
import { punchInRedeemedEnvelopeSchema } from '../../common/contracts/punch-in';
import {
  type InquiryCreate,
  inquiryDetailEnvelopeSchema,
  inquiryListEnvelopeSchema,
  inquiryListQuerySchema,
  type OrderPlacement,
  placedOrdersEnvelopeSchema,
} from '../../common/contracts/trading';
import type { ServiceClient } from './http';

/**
 * The query of the workshop's inquiry list: a page, a status filter ('' all, 'open' sent or quoted)
 * and a search text ('' none).
 */
export type InquiryListParams = { page: number; status: string; q: string };

/** The workshop's inquiries (ADR 023's endpoint table): create, list, read, withdraw, order from the quotes. */
export function createWorkshopInquiriesApi(client: ServiceClient) {
  return {
    async create(body: InquiryCreate) {
      const response = await client(inquiryDetailEnvelopeSchema, '/inquiries', { method: 'POST', body });
      return { inquiry: response.data, message: response.message };
    },
    async list(params: InquiryListParams) {
      // Checked against the contract before it leaves, so a tampered URL never becomes a request.
      const parsed = v.parse(inquiryListQuerySchema, { page: String(params.page), status: params.status, q: params.q });
      const query: Record<string, string | number> = { page: parsed.page };
      if (parsed.status) query.status = parsed.status;
      if (parsed.q) query.q = parsed.q;
      return (await client(inquiryListEnvelopeSchema, '/inquiries', { query })).data;
    },
    /** Learned fitment of the parts for the vehicle's type (ADR 028); counts only. */
    async fitment(query: FitmentLookupQuery) {
      return (await client(fitmentLookupEnvelopeSchema, '/fitment', { query })).data.items;
    },
    /** A DMS punch-in link (ADR 034): the inquiry to pre-fill, once, for a user of the link's workshop. */
    async redeemPunchIn(token: string) {
      return (await client(punchInRedeemedEnvelopeSchema, '/punch-ins/redeem', { method: 'POST', body: { token } }))
        .data;
    },
    async get(id: number) {
      return (await client(inquiryDetailEnvelopeSchema, `/inquiries/${id}`)).data;
    },
    async cancel(id: number, version: number) {
      const response = await client(inquiryDetailEnvelopeSchema, `/inquiries/${id}/cancel`, {
        method: 'POST',
        body: { version },
      });
      return { inquiry: response.data, message: response.message };
    },
    async placeOrders(id: number, placement: OrderPlacement) {
      const response = await client(placedOrdersEnvelopeSchema, `/inquiries/${id}/orders`, {
        method: 'POST',
        body: placement,
      });
      return { orders: response.data.orders, message: response.message };
    },
  };
}

export type WorkshopInquiriesApi = ReturnType<typeof createWorkshopInquiriesApi>;
