import * as v from 'valibot';
import { inquirySummarySchema, orderSummarySchema, pageOf } from './trading';

/*
 * The shapes of the DMS API (/api/v1, issue 15, docs/decisions/031-dms-api.md) that the SPA's
 * contracts do not already have. Requests reuse the SPA's schemas (inquiryCreateSchema,
 * orderPlacementSchema, the list queries), so every rule is the same for both.
 */

/** A dealer the workshop may send inquiries to: one of its active relations (`relation_id` goes into `recipient_relation_ids`). */
export const dmsDealerSchema = v.object({
  relation_id: v.number(),
  part_dealer_id: v.number(),
  dealer_name: v.string(),
  city: v.nullable(v.string()),
  customer_number: v.string(),
});
export type DmsDealer = v.InferOutput<typeof dmsDealerSchema>;
export const dmsDealerListSchema = v.object({ items: v.array(dmsDealerSchema) });

export const dmsInquiryPageSchema = pageOf(inquirySummarySchema);
export const dmsOrderPageSchema = pageOf(orderSummarySchema);
export const dmsPlacedOrdersSchema = v.object({ orders: v.array(orderSummarySchema) });
