import * as v from 'valibot';
import {
  type DealerInquiry,
  dealerInboxEnvelopeSchema,
  dealerInboxQuerySchema,
  dealerInquiryEnvelopeSchema,
  type QuoteAnswer,
} from '../../common/contracts/trading';
import type { ServiceClient } from './http';

/**
 * A page of the inbox: `status` '' is every inquiry, `open` those sent or seen and still open; `q`
 * a search text ('' none).
 */
export type DealerInboxQuery = {
  page: number;
  status: v.InferOutput<typeof dealerInboxQuerySchema>['status'];
  q: string;
};
export type DealerInquiryResult = { inquiry: DealerInquiry; message: string | undefined };

/** The dealer's inquiries (ADR 023's endpoint table): /inquiries/… of the part-dealer service. */
export function createDealerInquiriesApi(client: ServiceClient) {
  return {
    async inbox(query: DealerInboxQuery) {
      // Checked against the contract before it leaves, so a tampered URL never becomes a request.
      const parsed = v.parse(dealerInboxQuerySchema, { page: String(query.page), status: query.status, q: query.q });
      const search: Record<string, string | number> = { page: parsed.page };
      if (parsed.status !== '') search.status = parsed.status;
      if (parsed.q !== '') search.q = parsed.q;
      return (await client(dealerInboxEnvelopeSchema, '/inquiries', { query: search })).data;
    },
    async get(id: number) {
      return (await client(dealerInquiryEnvelopeSchema, `/inquiries/${id}`)).data;
    },
    /** Idempotent: an inquiry already seen (or answered) comes back as it is. */
    async markSeen(id: number) {
      return (await client(dealerInquiryEnvelopeSchema, `/inquiries/${id}/seen`, { method: 'POST', body: {} })).data;
    },
    async answer(id: number, answer: QuoteAnswer): Promise<DealerInquiryResult> {
      const body = await client(dealerInquiryEnvelopeSchema, `/inquiries/${id}/answer`, {
        method: 'PUT',
        body: answer,
      });
      return { inquiry: body.data, message: body.message };
    },
    async decline(id: number, decline: { version: number; reason: string }): Promise<DealerInquiryResult> {
      const body = await client(dealerInquiryEnvelopeSchema, `/inquiries/${id}/decline`, {
        method: 'POST',
        body: decline,
      });
      return { inquiry: body.data, message: body.message };
    },
  };
}

export type DealerInquiriesApi = ReturnType<typeof createDealerInquiriesApi>;
