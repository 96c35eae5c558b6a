import * as v from 'valibot';
import { checkHsnTsn, normaliseRegistrationField, type RegistrationFieldStatus } from '../vehicle/hsn-tsn';
import { checkVin, normaliseVin } from '../vehicle/vin';
import { pageQueryParam } from './admin-users';
import { envelopeSchema } from './envelope';
import { MAX_RECORD_ID, plainText, recordIdField } from './fields';
import type { MessageId } from './message-ids';

/*
 * The trade loop (issue 13, docs/decisions/023-trade-loop.md): a workshop's inquiry to 1–n of its
 * active dealers, the dealers' quotes, orders split per dealer, returns, and the event log that
 * every screen and every live update is read from. One contract for the SPA and the server.
 */

// ── Statuses (each one is a state of a lifecycle machine in machines/) ──────────────────────────

export const INQUIRY_STATUSES = ['draft', 'sent', 'quoted', 'closed', 'ordered', 'cancelled'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const RECIPIENT_STATUSES = ['sent', 'seen', 'answered', 'declined', 'expired'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const ORDER_STATUSES = ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_LINE_STATUSES = [
  'placed',
  'confirmed',
  'backorder',
  'cancelled',
  'shipped',
  'delivered',
  'returned',
] as const;
export type OrderLineStatus = (typeof ORDER_LINE_STATUSES)[number];

/** A line in these states is still on its way: only they have an expected delivery worth showing. */
export const LINE_STATUSES_AWAITING_DELIVERY: readonly OrderLineStatus[] = [
  'placed',
  'confirmed',
  'backorder',
  'shipped',
];

export const RETURN_STATUSES = ['requested', 'accepted', 'refused'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Where a quoted part is: in the branch today, at the central warehouse (24 h), ordered (an ETA date), none. */
export const AVAILABILITY_CLASSES = ['branch_today', 'central_24h', 'ordered_eta', 'not_available'] as const;
export type AvailabilityClass = (typeof AVAILABILITY_CLASSES)[number];

export const RETURN_REASONS = ['does_not_fit', 'damaged', 'wrong_part', 'no_longer_needed'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const CURRENCY = 'EUR';

/** How the ordered parts reach the workshop (issue 24 §9): the dealer delivers them, or the workshop picks them up. */
export const ORDER_HANDOVERS = ['delivery', 'pickup'] as const;
export type OrderHandover = (typeof ORDER_HANDOVERS)[number];

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────

export const INQUIRY_MAX_LINES = 100;
export const LINE_MAX_QUANTITY = 9999;
export const PART_NUMBER_MAX_LENGTH = 40;
export const LINE_TEXT_MAX_LENGTH = 200;
export const REASON_MAX_LENGTH = 500;
/** The workshop's own reference of an inquiry: job number, number plate or customer (issue 24 §9). */
export const WORKSHOP_REFERENCE_MAX_LENGTH = 80;
/** The workshop's note to the dealer on one order (issue 24 §9). */
export const ORDER_NOTE_MAX_LENGTH = 500;
/** Default closing time of a new inquiry: two hours (issue 13). */
export const DEFAULT_CLOSING_MINUTES = 120;
export const MIN_CLOSING_MINUTES = 15;
export const MAX_CLOSING_MINUTES = 14 * 24 * 60;
/** The largest amount in cents a price field takes: 10 million euros. */
export const MAX_CENTS = 1_000_000_000;

// ── Field rules ─────────────────────────────────────────────────────────────────────────────────

const optionalText = (max: number) =>
  v.optional(v.pipe(v.string('invalidRequest'), v.trim(), plainText(), v.maxLength(max, 'fieldTooLong')), '');

/**
 * ISO 3779's alphabet and length only. The rule the contract applies is `checkVin`
 * (common/vehicle/vin.ts, ADR 027): it also tells what is wrong and where.
 */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** German registration document fields 2.1 (HSN, 4 digits) and 2.2 (TSN, 3 letters or digits). */
export const HSN_PATTERN = /^\d{4}$/;
export const TSN_PATTERN = /^[A-Z0-9]{3}$/;
/** What a VIN field takes before it is checked: 17 characters and the spaces or dashes typed between. */
export const VIN_INPUT_MAX_LENGTH = 40;

/** A registration field as typed (spaces, lower case), normalised, then checked on its own. */
const registrationField = (status: (value: string) => RegistrationFieldStatus) =>
  v.pipe(
    v.optional(v.pipe(v.string('invalidRequest'), v.maxLength(20, 'hsnTsnInvalid')), ''),
    v.transform(normaliseRegistrationField),
    v.check((value) => status(value) === 'empty' || status(value) === 'valid', 'hsnTsnInvalid'),
  );

/**
 * The vehicle of an inquiry. A VIN is stored normalised (upper case, no spaces or dashes) and
 * refused unless `checkVin` finds it valid; a check digit that does not match is accepted, as it
 * is only mandatory in North America (ADR 027).
 */
export const vehicleSchema = v.pipe(
  v.object({
    vin: v.pipe(
      v.optional(v.pipe(v.string('invalidRequest'), v.maxLength(VIN_INPUT_MAX_LENGTH, 'vinInvalid')), ''),
      v.transform(normaliseVin),
      v.check((vin) => vin === '' || checkVin(vin).status === 'valid', 'vinInvalid'),
    ),
    hsn: registrationField((hsn) => checkHsnTsn(hsn, '').hsnStatus),
    tsn: registrationField((tsn) => checkHsnTsn('', tsn).tsnStatus),
    description: optionalText(LINE_TEXT_MAX_LENGTH),
  }),
  v.check((vehicle) => (vehicle.hsn === '') === (vehicle.tsn === ''), 'hsnTsnInvalid'),
  v.check((vehicle) => vehicle.vin !== '' || vehicle.hsn !== '' || vehicle.description !== '', 'vehicleRequired'),
);
export type Vehicle = v.InferOutput<typeof vehicleSchema>;

/**
 * The workshop's own reference of an inquiry ("Auftrag 4711, HH-AB 123, Kd. Müller"): optional,
 * trimmed, at most 80 characters. Private to the workshop: no dealer read, mail or export carries it.
 */
export const workshopReferenceField = optionalText(WORKSHOP_REFERENCE_MAX_LENGTH);

/**
 * A part number as matched and searched: compatibility-normalised (a full-width "１" is a "1"),
 * upper case, letters and digits only, so "1K0 615 301 AA", "1K0615301AA" and "1k0-615-301-aa"
 * are one part, and so are the dots, slashes, underscores and odd dashes printed by catalogues and
 * DMS exports. The number as written is kept for display. Migration 0014 states the same rule in SQL.
 */
export function normalisePartNumber(partNumber: string) {
  return partNumber
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

export const inquiryLineInputSchema = v.pipe(
  v.object({
    part_number: optionalText(PART_NUMBER_MAX_LENGTH),
    description: optionalText(LINE_TEXT_MAX_LENGTH),
    quantity: v.pipe(
      v.number('quantityInvalid'),
      v.integer('quantityInvalid'),
      v.minValue(1, 'quantityInvalid'),
      v.maxValue(LINE_MAX_QUANTITY, 'quantityInvalid'),
    ),
    note: optionalText(LINE_TEXT_MAX_LENGTH),
  }),
  v.check((line) => line.part_number !== '' || line.description !== '', 'lineNeedsPartOrDescription'),
);
export type InquiryLineInput = v.InferInput<typeof inquiryLineInputSchema>;

/** `POST /svc/workshop/inquiries`: the vehicle, the lines, the active relations it goes to, the closing time. */
export const inquiryCreateSchema = v.object({
  vehicle: vehicleSchema,
  lines: v.pipe(
    v.array(inquiryLineInputSchema, 'linesRequired'),
    v.minLength(1, 'linesRequired'),
    v.maxLength(INQUIRY_MAX_LINES, 'tooManyLines'),
  ),
  /** Ids of the workshop's supplier relations (`GET /svc/workshop/suppliers`), each active. */
  recipient_relation_ids: v.pipe(
    v.array(recordIdField, 'recipientsRequired'),
    v.minLength(1, 'recipientsRequired'),
    v.maxLength(50, 'invalidRequest'),
    v.check((ids) => new Set(ids).size === ids.length, 'invalidRequest'),
  ),
  closes_in_minutes: v.pipe(
    v.number('closingTimeInvalid'),
    v.integer('closingTimeInvalid'),
    v.minValue(MIN_CLOSING_MINUTES, 'closingTimeInvalid'),
    v.maxValue(MAX_CLOSING_MINUTES, 'closingTimeInvalid'),
  ),
  /** The workshop's own reference (job number, number plate, customer); never sent to a dealer. */
  workshop_reference: workshopReferenceField,
});
export type InquiryCreate = v.InferInput<typeof inquiryCreateSchema>;

/** Every write on an existing inquiry or order carries the version it read (stale: 409 with the current one). */
export const versionField = v.pipe(
  v.number('invalidRequest'),
  v.integer('invalidRequest'),
  v.minValue(0, 'invalidRequest'),
  // Compared with an integer column: a larger number would be a database error (500) on PostgreSQL.
  v.maxValue(MAX_RECORD_ID, 'invalidRequest'),
);

const centsField = v.pipe(
  v.number('priceInvalid'),
  v.integer('priceInvalid'),
  v.minValue(0, 'priceInvalid'),
  v.maxValue(MAX_CENTS, 'priceInvalid'),
);

/** Years a date in the trade loop may fall in (a date column takes more, but nothing real lies outside). */
export const DATE_MIN_YEAR = 2000;
export const DATE_MAX_YEAR = 2199;

/** Whether `text` is YYYY-MM-DD, exists on the calendar and lies within the years above. */
export function isCalendarDate(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const year = Number(text.slice(0, 4));
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text);
}

/** An ISO date (YYYY-MM-DD) that exists on the calendar. */
export const isoDateField = v.pipe(v.string('dateInvalid'), v.check(isCalendarDate, 'dateInvalid'));

const requiredReason = v.pipe(
  v.string('reasonRequired'),
  v.trim(),
  plainText(),
  v.nonEmpty('reasonRequired'),
  v.maxLength(REASON_MAX_LENGTH, 'fieldTooLong'),
);

export const quoteLineOfferSchema = v.pipe(
  v.object({
    inquiry_line_id: recordIdField,
    offered: v.literal(true),
    net_price_cents: centsField,
    deposit_cents: v.optional(centsField, 0),
    availability: v.picklist(AVAILABILITY_CLASSES, 'availabilityRequired'),
    eta: v.optional(v.nullable(isoDateField), null),
    alternative_part_number: optionalText(PART_NUMBER_MAX_LENGTH),
    alternative_brand: optionalText(60),
    fits_vehicle: v.optional(v.boolean('invalidRequest'), false),
    note: optionalText(LINE_TEXT_MAX_LENGTH),
  }),
  v.check((line) => line.availability !== 'ordered_eta' || line.eta !== null, 'etaRequired'),
);

export const quoteLineDeclineSchema = v.object({
  inquiry_line_id: recordIdField,
  offered: v.literal(false),
  decline_reason: requiredReason,
});

export const quoteLineInputSchema = v.variant('offered', [quoteLineOfferSchema, quoteLineDeclineSchema]);
export type QuoteLineInput = v.InferInput<typeof quoteLineInputSchema>;

/** `PUT /svc/part-dealer/inquiries/:id/answer`: one entry per inquiry line (offer or decline), the freight rule. */
export const quoteAnswerSchema = v.object({
  version: versionField,
  valid_until: isoDateField,
  freight_cents: v.optional(centsField, 0),
  /** Order value (net, cents) from which freight is free; null: freight always applies. */
  free_freight_from_cents: v.optional(v.nullable(centsField), null),
  lines: v.pipe(
    v.array(quoteLineInputSchema, 'invalidRequest'),
    v.minLength(1, 'invalidRequest'),
    v.maxLength(INQUIRY_MAX_LINES, 'invalidRequest'),
    v.check((lines) => new Set(lines.map((line) => line.inquiry_line_id)).size === lines.length, 'invalidRequest'),
  ),
});
export type QuoteAnswer = v.InferInput<typeof quoteAnswerSchema>;

/** `POST …/inquiries/:id/decline` (dealer: the whole inquiry) and `POST …/inquiries/:id/cancel` (workshop). */
export const versionedReasonSchema = v.object({ version: versionField, reason: requiredReason });
export const versionOnlySchema = v.object({ version: versionField });

/** The workshop's note to the dealer on one order: optional, trimmed, at most 500 characters. */
export const orderNoteField = optionalText(ORDER_NOTE_MAX_LENGTH);

/** Delivery or pickup and a note for the order placed with one dealer (recipient); delivery and no note by default. */
export const orderHandoverSchema = v.object({
  recipient_id: recordIdField,
  handover: v.optional(v.picklist(ORDER_HANDOVERS, 'invalidRequest'), 'delivery'),
  note: orderNoteField,
});
export type OrderHandoverInput = v.InferInput<typeof orderHandoverSchema>;

/**
 * `POST /svc/workshop/inquiries/:id/orders`: per inquiry line at most one chosen dealer (recipient),
 * and per chosen dealer optionally delivery or pickup and a note (a dealer left out: delivery, no note).
 */
export const orderPlacementSchema = v.pipe(
  v.object({
    version: versionField,
    choices: v.pipe(
      v.array(v.object({ inquiry_line_id: recordIdField, recipient_id: recordIdField }), 'orderNothingChosen'),
      v.minLength(1, 'orderNothingChosen'),
      v.maxLength(INQUIRY_MAX_LINES, 'invalidRequest'),
      v.check(
        (choices) => new Set(choices.map((choice) => choice.inquiry_line_id)).size === choices.length,
        'invalidRequest',
      ),
    ),
    orders: v.optional(
      v.pipe(
        v.array(orderHandoverSchema, 'invalidRequest'),
        v.maxLength(INQUIRY_MAX_LINES, 'invalidRequest'),
        v.check(
          (orders) => new Set(orders.map((order) => order.recipient_id)).size === orders.length,
          'invalidRequest',
        ),
      ),
      [],
    ),
  }),
  // Delivery or a note for a dealer nothing is ordered from would be silently lost: refused instead.
  v.forward(
    v.check(
      (placement) =>
        placement.orders.every((order) =>
          placement.choices.some((choice) => choice.recipient_id === order.recipient_id),
        ),
      'invalidRequest',
    ),
    ['orders'],
  ),
);
export type OrderPlacement = v.InferInput<typeof orderPlacementSchema>;

/** The dealer's actions on one order line; each is an event of the order-line lifecycle machine. */
export const ORDER_LINE_ACTIONS = ['confirm', 'backorder', 'cancel', 'ship', 'deliver'] as const;
export type OrderLineAction = (typeof ORDER_LINE_ACTIONS)[number];

export const orderLineActionSchema = v.pipe(
  v.object({
    version: versionField,
    action: v.picklist(ORDER_LINE_ACTIONS, 'invalidRequest'),
    /** The order's lines the action applies to, all or none (one line, or several at once). */
    line_ids: v.pipe(
      v.array(recordIdField, 'invalidRequest'),
      v.minLength(1, 'orderNothingChosen'),
      v.maxLength(INQUIRY_MAX_LINES, 'invalidRequest'),
      v.check((ids) => new Set(ids).size === ids.length, 'invalidRequest'),
    ),
    eta: v.optional(v.nullable(isoDateField), null),
    reason: v.optional(
      v.pipe(v.string('invalidRequest'), v.trim(), plainText(), v.maxLength(REASON_MAX_LENGTH, 'fieldTooLong')),
      '',
    ),
    tracking_reference: optionalText(80),
  }),
  // Forwarded to their field, so the refusal names it (a path-less issue would be a bare invalidRequest).
  v.forward(
    v.check((body) => body.action !== 'backorder' || body.eta !== null, 'etaRequired'),
    ['eta'],
  ),
  v.forward(
    v.check((body) => body.action !== 'cancel' || body.reason !== '', 'reasonRequired'),
    ['reason'],
  ),
);
export type OrderLineActionInput = v.InferInput<typeof orderLineActionSchema>;

/** `POST /svc/workshop/orders/:id/lines/:lineId/return`. */
export const returnRequestSchema = v.object({
  version: versionField,
  reason: v.picklist(RETURN_REASONS, 'returnReasonRequired'),
  note: optionalText(REASON_MAX_LENGTH),
});
export type ReturnRequestInput = v.InferInput<typeof returnRequestSchema>;

/** `POST /svc/part-dealer/orders/:id/returns/:returnId/{accept|refuse}`: refusing needs a reason. */
export const returnDecisionSchema = v.object({
  version: versionField,
  reason: v.optional(
    v.pipe(v.string('invalidRequest'), v.trim(), plainText(), v.maxLength(REASON_MAX_LENGTH, 'fieldTooLong')),
    '',
  ),
});

// ── Query strings ───────────────────────────────────────────────────────────────────────────────

/** The longest search text a list takes (a part number with its description fits). */
export const SEARCH_TEXT_MAX_LENGTH = 60;
/**
 * A list's search text (`q`, an order list's `vehicle`): trimmed, at most 60 characters, no
 * control characters (nothing a person types into a search field; a tampered URL is refused).
 */
export const searchTextParam = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(SEARCH_TEXT_MAX_LENGTH),
    v.check((text) => !/\p{Cc}/u.test(text)),
  ),
  '',
);
const optionalDateParam = v.optional(v.union([v.literal(''), v.pipe(v.string(), v.check(isCalendarDate))]), '');
const idParam = v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,9}$/))]), '');

export const inquiryListQuerySchema = v.object({
  page: pageQueryParam,
  /** A part number (any spelling, or one character off), a line description, the vehicle or the workshop's own reference. */
  q: searchTextParam,
  status: v.optional(v.picklist(['', 'open', ...INQUIRY_STATUSES]), ''),
});
export const dealerInboxQuerySchema = v.object({
  page: pageQueryParam,
  /** As the workshop's `q`; alternatives only from this dealer's own quotes. */
  q: searchTextParam,
  /** `open`: sent or seen and not yet closed. */
  status: v.optional(v.picklist(['', 'open', ...RECIPIENT_STATUSES]), ''),
});
export const orderListQuerySchema = v.object({
  page: pageQueryParam,
  status: v.optional(v.picklist(['', ...ORDER_STATUSES]), ''),
  /** A part_dealers id (the workshop's filter). */
  dealer: idParam,
  /**
   * A part number (any spelling, or one character off) or a line description; a workshop also finds
   * its own reference, a dealer a workshop's name.
   */
  q: searchTextParam,
  vehicle: searchTextParam,
  from: optionalDateParam,
  to: optionalDateParam,
});
export type OrderListQuery = v.InferInput<typeof orderListQuerySchema>;
export const TRADE_PAGE_SIZE = 20;

// ── Responses ───────────────────────────────────────────────────────────────────────────────────

const timestamp = v.string();
const nullableTimestamp = v.nullable(v.string());

export const vehicleViewSchema = v.object({
  vin: v.string(),
  hsn: v.string(),
  tsn: v.string(),
  description: v.string(),
});
export type VehicleView = v.InferOutput<typeof vehicleViewSchema>;

/**
 * Learned fitment of a part for a vehicle type (ADR 028): delivered lines kept, lines returned as
 * not fitting, counted over every workshop's orders; who ordered is never part of it.
 */
export const learnedFitmentSchema = v.object({
  kept: v.number(),
  not_fitting: v.number(),
});
export type LearnedFitment = v.InferOutput<typeof learnedFitmentSchema>;

export const inquiryLineSchema = v.object({
  id: v.number(),
  position: v.number(),
  part_number: v.string(),
  description: v.string(),
  quantity: v.number(),
  note: v.string(),
  /** What earlier orders for this vehicle type tell of this part; null: nothing (or too little to show). */
  fitment: v.nullable(learnedFitmentSchema),
});
export type InquiryLine = v.InferOutput<typeof inquiryLineSchema>;

export const quoteLineSchema = v.object({
  inquiry_line_id: v.number(),
  offered: v.boolean(),
  net_price_cents: v.nullable(v.number()),
  deposit_cents: v.number(),
  currency: v.string(),
  availability: v.nullable(v.picklist(AVAILABILITY_CLASSES)),
  eta: v.nullable(v.string()),
  alternative_part_number: v.string(),
  alternative_brand: v.string(),
  fits_vehicle: v.boolean(),
  note: v.string(),
  decline_reason: v.nullable(v.string()),
});
export type QuoteLine = v.InferOutput<typeof quoteLineSchema>;

export const recipientSchema = v.object({
  id: v.number(),
  part_dealer_id: v.number(),
  dealer_name: v.string(),
  status: v.picklist(RECIPIENT_STATUSES),
  version: v.number(),
  seen_at: nullableTimestamp,
  answered_at: nullableTimestamp,
  decline_reason: v.nullable(v.string()),
  valid_until: v.nullable(v.string()),
  freight_cents: v.number(),
  free_freight_from_cents: v.nullable(v.number()),
  quote_lines: v.array(quoteLineSchema),
});
export type Recipient = v.InferOutput<typeof recipientSchema>;

export const orderSummarySchema = v.object({
  id: v.number(),
  inquiry_id: v.number(),
  part_dealer_id: v.number(),
  dealer_name: v.string(),
  workshop_name: v.string(),
  customer_number: v.string(),
  vehicle: vehicleViewSchema,
  status: v.picklist(ORDER_STATUSES),
  line_count: v.number(),
  total_cents: v.number(),
  currency: v.string(),
  placed_at: timestamp,
  updated_at: timestamp,
  /** Delivered by the dealer or picked up by the workshop (issue 24 §9). */
  handover: v.picklist(ORDER_HANDOVERS),
  /** The workshop's note to the dealer; '' when none. */
  note: v.string(),
  /**
   * The workshop's own reference of the inquiry (null: none). Only the workshop's own reads carry
   * this key; a dealer's or an insurer's read never has it (issue 24 §9).
   */
  workshop_reference: v.optional(v.nullable(v.string())),
  /** Some line waits on a backorder or had its ETA moved (the workshop's attention). */
  has_backorder: v.boolean(),
  open_returns: v.number(),
});
export type OrderSummary = v.InferOutput<typeof orderSummarySchema>;

export const inquiryDetailSchema = v.object({
  id: v.number(),
  status: v.picklist(INQUIRY_STATUSES),
  version: v.number(),
  workshop_name: v.string(),
  vehicle: vehicleViewSchema,
  /** The workshop's own reference (null: none); this is the workshop's read only. */
  workshop_reference: v.nullable(v.string()),
  lines: v.array(inquiryLineSchema),
  recipients: v.array(recipientSchema),
  orders: v.array(orderSummarySchema),
  /** What was ordered from whom (issue 24 §4): per ordered inquiry line its recipient and order; empty before ordering. */
  ordered_lines: v.array(v.object({ inquiry_line_id: v.number(), recipient_id: v.number(), order_id: v.number() })),
  created_at: timestamp,
  closes_at: timestamp,
  cancel_reason: v.nullable(v.string()),
  /** The portal's date when this was read (`portalToday()` on the server): what quotes are valid against. */
  today: v.string(),
});
export type InquiryDetail = v.InferOutput<typeof inquiryDetailSchema>;

export const inquirySummarySchema = v.object({
  id: v.number(),
  status: v.picklist(INQUIRY_STATUSES),
  vehicle: vehicleViewSchema,
  /** The workshop's own reference (null: none); the workshop's list only. */
  workshop_reference: v.nullable(v.string()),
  line_count: v.number(),
  recipient_count: v.number(),
  answered_count: v.number(),
  created_at: timestamp,
  closes_at: timestamp,
});
export type InquirySummary = v.InferOutput<typeof inquirySummarySchema>;

/** What a dealer sees of an inquiry: the workshop's request and its own recipient row only. */
export const dealerInquirySchema = v.object({
  id: v.number(),
  inquiry_status: v.picklist(INQUIRY_STATUSES),
  workshop_name: v.string(),
  customer_number: v.string(),
  vehicle: vehicleViewSchema,
  lines: v.array(inquiryLineSchema),
  created_at: timestamp,
  closes_at: timestamp,
  recipient: recipientSchema,
  /** This dealer's order from the inquiry, if the workshop ordered from it. */
  order_id: v.nullable(v.number()),
});
export type DealerInquiry = v.InferOutput<typeof dealerInquirySchema>;

export const dealerInboxItemSchema = v.object({
  id: v.number(),
  workshop_name: v.string(),
  customer_number: v.string(),
  vehicle: vehicleViewSchema,
  line_count: v.number(),
  status: v.picklist(RECIPIENT_STATUSES),
  inquiry_status: v.picklist(INQUIRY_STATUSES),
  created_at: timestamp,
  closes_at: timestamp,
});
export type DealerInboxItem = v.InferOutput<typeof dealerInboxItemSchema>;

export const etaChangeSchema = v.object({ eta: v.string(), at: timestamp });

export const orderReturnSchema = v.object({
  id: v.number(),
  status: v.picklist(RETURN_STATUSES),
  reason: v.picklist(RETURN_REASONS),
  note: v.string(),
  refusal_reason: v.nullable(v.string()),
  requested_at: timestamp,
  decided_at: nullableTimestamp,
});
export type OrderReturn = v.InferOutput<typeof orderReturnSchema>;

export const orderLineSchema = v.object({
  id: v.number(),
  inquiry_line_id: v.number(),
  /** As the dealer quoted it: its alternative part number if it gave one, else the workshop's. */
  part_number: v.string(),
  brand: v.string(),
  description: v.string(),
  quantity: v.number(),
  net_price_cents: v.number(),
  deposit_cents: v.number(),
  fits_vehicle: v.boolean(),
  status: v.picklist(ORDER_LINE_STATUSES),
  /** The day the line is expected now: the dealer's latest ETA, else the day promised at placement. */
  eta: v.nullable(v.string()),
  /** The day promised at placement, then every ETA the dealer gave this line, oldest first (from the event log). */
  eta_history: v.array(etaChangeSchema),
  cancel_reason: v.nullable(v.string()),
  tracking_reference: v.string(),
  returns: v.array(orderReturnSchema),
});
export type OrderLine = v.InferOutput<typeof orderLineSchema>;

/** One entry of the event log as a person reads it on a timeline or receives it live. */
export const tradeEventSchema = v.object({
  /** The reader organisation's own position of the event (1, 2, 3 …, ADR 045), never the log's id. */
  id: v.number(),
  kind: v.string(),
  inquiry_id: v.number(),
  order_id: v.nullable(v.number()),
  entity: v.picklist(['inquiry', 'recipient', 'order', 'line', 'return']),
  entity_id: v.number(),
  before: v.nullable(v.string()),
  after: v.nullable(v.string()),
  actor: v.string(),
  details: v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()])),
  at: timestamp,
});
export type TradeEvent = v.InferOutput<typeof tradeEventSchema>;

export const orderDetailSchema = v.object({
  ...orderSummarySchema.entries,
  version: v.number(),
  freight_cents: v.number(),
  lines: v.array(orderLineSchema),
  events: v.array(tradeEventSchema),
});
export type OrderDetail = v.InferOutput<typeof orderDetailSchema>;

export const pageOf = <TItem extends v.GenericSchema>(item: TItem) =>
  v.object({ items: v.array(item), total: v.number(), page: v.number(), page_size: v.number() });

export const inquiryDetailEnvelopeSchema = envelopeSchema(inquiryDetailSchema);
export const inquiryListEnvelopeSchema = envelopeSchema(pageOf(inquirySummarySchema));
export const dealerInquiryEnvelopeSchema = envelopeSchema(dealerInquirySchema);
export const dealerInboxEnvelopeSchema = envelopeSchema(pageOf(dealerInboxItemSchema));
export const orderDetailEnvelopeSchema = envelopeSchema(orderDetailSchema);
export const orderListEnvelopeSchema = envelopeSchema(pageOf(orderSummarySchema));
export const placedOrdersEnvelopeSchema = envelopeSchema(v.object({ orders: v.array(orderSummarySchema) }));

// ── Rules both sides compute the same way ───────────────────────────────────────────────────────

/** Why a quote line cannot be ordered: the server's 400 and the reason the matrix offers no choice. */
export type QuoteRefusal = 'choiceNotOffered' | 'quoteExpired';

/**
 * The one rule for ordering from a dealer's quote line on `today` (issue 23 §4): the dealer
 * answered, offered the line with a price and an availability other than "not available"
 * (else `choiceNotOffered`), and its quote is still valid (else `quoteExpired`). Null when the line
 * can be ordered. The inquiry page's machine guard, the matrix's "Order here" and the server's
 * order placement all ask this function.
 */
export function quoteRefusal(
  recipient: { status: RecipientStatus; valid_until: string | null },
  quote: Pick<QuoteLine, 'offered' | 'net_price_cents' | 'availability'> | null,
  today: string,
): QuoteRefusal | null {
  const offered =
    recipient.status === 'answered' &&
    !!quote?.offered &&
    quote.net_price_cents !== null &&
    quote.availability !== null &&
    quote.availability !== 'not_available';
  if (!offered) return 'choiceNotOffered';
  if (recipient.valid_until !== null && recipient.valid_until < today) return 'quoteExpired';
  return null;
}

/** Whether `quoteRefusal` lets the quote line be ordered (narrowing it to one with a price). */
export function isQuoteOrderable(
  recipient: { status: RecipientStatus; valid_until: string | null },
  quote: Pick<QuoteLine, 'offered' | 'net_price_cents' | 'availability'> | null,
  today: string,
): quote is QuoteLine & { net_price_cents: number } {
  return quoteRefusal(recipient, quote, today) === null;
}

/** The freight a dealer charges on an order of `netCents`: free from its threshold on. */
export function freightFor(netCents: number, rule: { freight_cents: number; free_freight_from_cents: number | null }) {
  if (netCents === 0) return 0;
  if (rule.free_freight_from_cents !== null && netCents >= rule.free_freight_from_cents) return 0;
  return rule.freight_cents;
}

/** Whether an order line is charged: a cancelled line never was, a returned one is credited back. */
export function isLineCharged(status: OrderLineStatus) {
  return status !== 'cancelled' && status !== 'returned';
}

/** Net value of chosen quote lines (price × quantity, plus deposit × quantity), and the total with freight. */
export function dealerTotal(
  lines: readonly { net_price_cents: number; deposit_cents: number; quantity: number }[],
  rule: { freight_cents: number; free_freight_from_cents: number | null },
) {
  const net = lines.reduce((sum, line) => sum + line.net_price_cents * line.quantity, 0);
  const deposit = lines.reduce((sum, line) => sum + line.deposit_cents * line.quantity, 0);
  const freight = freightFor(net, rule);
  return { net, deposit, freight, total: net + deposit + freight };
}

/** The first message id a schema reports for a value, or null when it passes. */
export function firstProblem<TSchema extends v.GenericSchema>(schema: TSchema, value: unknown): MessageId | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : ((result.issues[0]?.message as MessageId | undefined) ?? 'invalidRequest');
}
