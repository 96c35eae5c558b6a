import * as v from 'valibot';
import { dealerInboxItemSchema, RECIPIENT_STATUSES } from './trading';

/*
 * The shapes of the dealer API (/api/v1/dealer, issue 25, docs/decisions/040-dealer-api.md) that
 * the dealer screens' contracts do not already have. Writes reuse the screens' schemas
 * (quoteAnswerSchema, versionedReasonSchema, orderLineActionSchema, returnDecisionSchema), so an
 * ERP is held to exactly the rules a person at the counter is.
 */

/** Inbox entries per page when the ERP does not say; at most DEALER_INBOX_MAX_LIMIT. */
export const DEALER_INBOX_DEFAULT_LIMIT = 20;
export const DEALER_INBOX_MAX_LIMIT = 100;

/** An instant with its offset (`2026-11-26T08:00:00Z`, `…+01:00`), as an ERP writes it. */
const instantParam = v.optional(
  v.union([
    v.literal(''),
    v.pipe(
      v.string(),
      v.isoTimestamp(),
      v.check((text) => !Number.isNaN(Date.parse(text))),
    ),
  ]),
  '',
);

/** `GET /api/v1/dealer/inquiries`: the inbox, newest arrival first, paged by cursor. */
export const dealerApiInboxQuerySchema = v.object({
  /** `open`: sent or seen and still open for an answer; else one of the recipient statuses. */
  status: v.optional(v.picklist(['', 'open', ...RECIPIENT_STATUSES]), ''),
  /** Only inquiries that arrived at or after this instant. */
  since: instantParam,
  /** Only inquiries that arrived before this instant. */
  until: instantParam,
  /** The `next_cursor` of the previous page; absent for the first page. */
  cursor: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/))]), ''),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(DEALER_INBOX_MAX_LIMIT)),
    String(DEALER_INBOX_DEFAULT_LIMIT),
  ),
});
export type DealerApiInboxQuery = v.InferOutput<typeof dealerApiInboxQuerySchema>;

export const dealerApiInboxPageSchema = v.object({
  items: v.array(dealerInboxItemSchema),
  /** Send it as `cursor` for the next (older) page; null: this was the last page. */
  next_cursor: v.nullable(v.string()),
});
export type DealerApiInboxPage = v.InferOutput<typeof dealerApiInboxPageSchema>;

/** `GET /api/v1/dealer/me`: the dealer a key acts for. */
export const dealerKeyHolderSchema = v.object({
  dealer: v.object({ id: v.number(), name: v.string() }),
  key: v.object({ name: v.string(), prefix: v.string() }),
});
