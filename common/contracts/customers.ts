import * as v from 'valibot';
import { pageQueryParam } from './admin-users';
import { envelopeSchema } from './envelope';
import { requiredText } from './fields';
import { isMessageId, type MessageId } from './message-ids';
import { RELATION_STATUSES } from './relations';

/** How long a decline reason may be; the workshop reads it on its suppliers screen and in the mail. */
export const DECLINE_REASON_MAX_LENGTH = 500;

/**
 * `GET /svc/part-dealer/customers`: the dealer's customers, one status (or every status), searched
 * by workshop name or customer number, 20 per page.
 */
export const customerListQuerySchema = v.object({
  page: pageQueryParam,
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  status: v.optional(v.picklist(['', ...RELATION_STATUSES]), ''),
});
export type CustomerListQuery = v.InferInput<typeof customerListQuerySchema>;

/**
 * A workshop that named this dealer with its customer number there (a `workshop_suppliers` row),
 * with what the dealer needs to recognise its customer: the workshop and its owner's contact.
 */
export const dealerCustomerSchema = v.object({
  id: v.number(),
  workshop_name: v.string(),
  contact_name: v.string(),
  contact_email: v.string(),
  contact_number: v.nullable(v.string()),
  customer_number: v.string(),
  status: v.picklist(RELATION_STATUSES),
  decline_reason: v.nullable(v.string()),
  /** When the workshop asked (since when it is a customer, once accepted). */
  requested_at: v.string(),
  decided_at: v.nullable(v.string()),
});
export type DealerCustomer = v.InferOutput<typeof dealerCustomerSchema>;

export const customerListEnvelopeSchema = envelopeSchema(
  v.object({ items: v.array(dealerCustomerSchema), total: v.number(), page: v.number(), page_size: v.number() }),
);

/** `POST …/customers/:id/decline`: the reason the workshop reads, required. */
export const customerDeclineSchema = v.object({
  reason: requiredText('declineReasonRequired', DECLINE_REASON_MAX_LENGTH),
});

/** `POST …/customers/:id/accept` takes no fields; whatever else a body carries is dropped. */
export const customerAcceptSchema = v.object({});

export const customerEnvelopeSchema = envelopeSchema(dealerCustomerSchema);

/** The dealer's two decisions on a requested relation, and the status each one sets. */
export const STATUS_AFTER_CUSTOMER_DECISION = { accept: 'active', decline: 'declined' } as const;
export type CustomerDecision = keyof typeof STATUS_AFTER_CUSTOMER_DECISION;

/** What is wrong with a decline reason by the contract's rule (required, ≤ 500), or null. */
export function declineReasonProblem(reason: string): MessageId | null {
  const result = v.safeParse(customerDeclineSchema, { reason });
  if (result.success) return null;
  const message = result.issues[0]?.message;
  return isMessageId(message) ? message : 'invalidRequest';
}
