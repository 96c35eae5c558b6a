import * as v from 'valibot';
import { pageQueryParam } from './admin-users';
import { envelopeSchema } from './envelope';
import { plainText, recordIdField, requiredText } from './fields';
import {
  AVAILABILITY_CLASSES,
  etaChangeSchema,
  ORDER_LINE_STATUSES,
  ORDER_STATUSES,
  pageOf,
  tradeEventSchema,
  vehicleViewSchema,
} from './trading';

/*
 * Insurance claims (issue 15, docs/decisions/030-insurance-claims.md): a workshop tags one of its
 * orders with the insurer's claim number and shares it with one insurer organisation; the insurer
 * reads the shared claims and a delay statement. One contract for the SPA and the server.
 */

/**
 * A claim number as insurers print them on their letters ("SCH-2026/004711", "KH 12.345.678"):
 * 3–30 characters, groups of letters and digits separated by one `-`, `/`, `.` or space. Stored
 * upper-cased, so "sch-1" and "SCH-1" are one claim.
 */
export const CLAIM_NUMBER_PATTERN = /^[A-Z0-9]+(?:[-/. ][A-Z0-9]+)*$/;
export const CLAIM_NUMBER_MIN_LENGTH = 3;
export const CLAIM_NUMBER_MAX_LENGTH = 30;

export const claimNumberField = v.pipe(
  v.string('claimNumberRequired'),
  v.trim(),
  plainText(),
  v.toUpperCase(),
  v.nonEmpty('claimNumberRequired'),
  v.minLength(CLAIM_NUMBER_MIN_LENGTH, 'claimNumberInvalid'),
  v.maxLength(CLAIM_NUMBER_MAX_LENGTH, 'claimNumberInvalid'),
  v.regex(CLAIM_NUMBER_PATTERN, 'claimNumberInvalid'),
);

/** The workshop shares one of its orders with one insurer under the insurer's claim number. */
export const claimShareRequestSchema = v.object({
  claim_number: claimNumberField,
  insurer_organisation_id: v.pipe(v.number('insurerRequired'), recordIdField),
});
export type ClaimShareRequest = v.InferInput<typeof claimShareRequestSchema>;

/** An insurer a workshop may share with: an active insurer organisation. */
export const insurerOptionSchema = v.object({ id: v.number(), name: v.string() });
export type InsurerOption = v.InferOutput<typeof insurerOptionSchema>;
export const insurerOptionsEnvelopeSchema = envelopeSchema(v.object({ items: v.array(insurerOptionSchema) }));

/** What the workshop's order page shows of its share: the current one, or null (never shared or withdrawn). */
export const orderClaimSchema = v.object({
  id: v.number(),
  claim_number: v.string(),
  insurer_organisation_id: v.number(),
  insurer_name: v.string(),
  shared_at: v.string(),
});
export type OrderClaim = v.InferOutput<typeof orderClaimSchema>;
export const orderClaimStateSchema = v.object({ claim: v.nullable(orderClaimSchema) });
export type OrderClaimState = v.InferOutput<typeof orderClaimStateSchema>;
export const orderClaimEnvelopeSchema = envelopeSchema(orderClaimStateSchema);

/**
 * The insurer's list: one row per claim (issue 24 §7). A claim is its claim number: every order
 * shared with the insurer's organisation under that number and not withdrawn, from whichever
 * workshop or dealer. The URL names it by its number (`/claims/SCH-2026%2F004711`).
 */
export const claimSummarySchema = v.object({
  claim_number: v.string(),
  /** The workshops and dealers of its orders, each once, in the order the orders were shared. */
  workshop_names: v.array(v.string()),
  dealer_names: v.array(v.string()),
  /** The vehicles of its orders, each once (one repair is usually one vehicle). */
  vehicles: v.array(vehicleViewSchema),
  /** The statuses of its orders, each once. */
  order_statuses: v.array(v.picklist(ORDER_STATUSES)),
  order_count: v.number(),
  line_count: v.number(),
  /** When its first order was placed, and when an order was last shared under it. */
  placed_at: v.string(),
  shared_at: v.string(),
  /** The largest delay of any line of any of its orders in days (0: on time so far). */
  max_delay_days: v.number(),
});
export type ClaimSummary = v.InferOutput<typeof claimSummarySchema>;
/** `GET /svc/insurer/claims?page=`: pages of the order list's size (`TRADE_PAGE_SIZE`), latest share first. */
export const claimListQuerySchema = v.object({ page: pageQueryParam });
export type ClaimListQuery = v.InferOutput<typeof claimListQuerySchema>;
export const claimPageSchema = pageOf(claimSummarySchema);
export type ClaimPage = v.InferOutput<typeof claimPageSchema>;
export const claimListEnvelopeSchema = envelopeSchema(claimPageSchema);

/** The quote a line was ordered from: OE (the part number asked for) or an equivalent part (an alternative number). */
export const PART_ORIGINS = ['oe', 'equivalent'] as const;
export type PartOrigin = (typeof PART_ORIGINS)[number];

export const claimLineSchema = v.object({
  id: v.number(),
  /** The part number the workshop asked for. */
  requested_part_number: v.string(),
  /** The part delivered: the dealer's alternative number if it quoted one, else the requested one. */
  part_number: v.string(),
  brand: v.string(),
  description: v.string(),
  quantity: v.number(),
  origin: v.picklist(PART_ORIGINS),
  net_price_cents: v.number(),
  availability: v.nullable(v.picklist(AVAILABILITY_CLASSES)),
  status: v.picklist(ORDER_LINE_STATUSES),
  /** The day the dealer promised when the order was placed (from the quote); null when it gave none. */
  promised_on: v.nullable(v.string()),
  eta_history: v.array(etaChangeSchema),
  delivered_on: v.nullable(v.string()),
  /** Days past the promised day: until delivery, or until today while it is still open; null without a promise. */
  delay_days: v.nullable(v.number()),
});
export type ClaimLine = v.InferOutput<typeof claimLineSchema>;

/** One order shared under a claim, with its lines and their history. */
export const claimOrderSchema = v.object({
  order_id: v.number(),
  workshop_name: v.string(),
  dealer_name: v.string(),
  vehicle: vehicleViewSchema,
  order_status: v.picklist(ORDER_STATUSES),
  placed_at: v.string(),
  shared_at: v.string(),
  currency: v.string(),
  total_cents: v.number(),
  lines: v.array(claimLineSchema),
  /** The order's and its lines' events (not returns, not the inquiry). */
  events: v.array(tradeEventSchema),
});
export type ClaimOrder = v.InferOutput<typeof claimOrderSchema>;

export const claimDetailSchema = v.object({
  ...claimSummarySchema.entries,
  /** Its orders, first shared first. */
  orders: v.array(claimOrderSchema),
  /** The value of all its orders. */
  total_cents: v.number(),
  /** Share of the ordered lines (of all its orders) quoted as equivalent parts (0–1; 0 without lines). */
  equivalent_share: v.number(),
  /** The portal's date when this was read: what open delays are counted to. */
  today: v.string(),
});
export type ClaimDetail = v.InferOutput<typeof claimDetailSchema>;
export const claimDetailEnvelopeSchema = envelopeSchema(claimDetailSchema);

/** The administrator creates an insurer organisation (workshops and dealers come from their own flows). */
export const insurerCreateSchema = v.object({ name: requiredText('organisationNameRequired', 120) });
export type InsurerCreate = v.InferOutput<typeof insurerCreateSchema>;

// ── Delay rules (one place for the server's list, detail and PDF) ────────────────────────────────

const DAY_MS = 24 * 3600 * 1000;

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Days of delay of a line: past its promised day until it was delivered, or until `today` while it
 * is still on its way; a cancelled line (never delivered) and a line without a promise have none.
 */
export function delayDays(
  line: { promisedOn: string | null; deliveredOn: string | null; cancelled: boolean },
  today: string,
) {
  if (line.promisedOn === null) return null;
  if (line.deliveredOn === null && line.cancelled) return null;
  return Math.max(0, daysBetween(line.promisedOn, line.deliveredOn ?? today));
}
