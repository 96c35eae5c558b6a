import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import type { MessageId } from './message-ids';
import { isCalendarDate, ORDER_LINE_ACTIONS, ORDER_LINE_STATUSES, orderDetailSchema } from './trading';

/*
 * openTRANS 2.1 (BME) documents a dealer's ERP exchanges with the portal (docs/decisions/042-opentrans.md):
 * the portal writes an ORDER for each placed order; the dealer's system answers with an
 * ORDERRESPONSE (confirm, new delivery date → backorder, quantity 0 → cancel) and a
 * DISPATCHNOTIFICATION (shipped lines). These schemas check the subset the portal reads, after the
 * XML has been parsed into plain values; one contract for the server, the SPA and the tests.
 */

export const OPENTRANS_NAMESPACE = 'http://www.opentrans.org/XMLSchema/2.1';
export const BMECAT_NAMESPACE = 'http://www.bmecat.org/bmecat/2005';
/** UN/ECE Recommendation 20: one piece. Every portal line is counted in pieces. */
export const ORDER_UNIT_PIECE = 'C62';

/** The largest document the portal reads: a 100-line response with generous item data fits many times over. */
export const MAX_OPENTRANS_DOCUMENT_BYTES = 1024 * 1024;
/** Deeper than any element the portal reads (about 8 levels) with room for ERP extensions (UDX). */
export const MAX_OPENTRANS_DEPTH = 40;
/** Items per document: an order has at most 100 lines; a dispatch note may cover several orders. */
export const MAX_OPENTRANS_ITEMS = 1000;
/** The longest tracking reference a line keeps (the dealer screen's field, trading contract). */
export const TRACKING_REFERENCE_MAX_LENGTH = 80;

export const OPENTRANS_DOCUMENT_KINDS = ['ORDERRESPONSE', 'DISPATCHNOTIFICATION'] as const;
export type OpenTransDocumentKind = (typeof OPENTRANS_DOCUMENT_KINDS)[number];

/** An id as ERPs write it: ORDER_ID and LINE_ITEM_ID are free text in openTRANS (dtSTRING, up to 50). */
const documentId = v.pipe(
  v.string('openTransFieldInvalid'),
  v.trim(),
  v.minLength(1, 'openTransFieldInvalid'),
  v.maxLength(50, 'openTransFieldInvalid'),
);

/** A QUANTITY (dtNUMBER): a decimal, read as a whole number of pieces; a fraction is not a piece count. */
const quantity = v.pipe(
  v.string('openTransFieldInvalid'),
  v.trim(),
  v.regex(/^\d{1,9}(\.0+)?$/, 'openTransQuantityInvalid'),
  v.transform(Number),
);

/** A DELIVERY_DATE's date: dtDATETIME may be a date or a date-time; the sender's calendar day counts. */
const deliveryDay = v.nullable(
  v.pipe(
    v.string('openTransFieldInvalid'),
    v.trim(),
    v.transform((text) => text.slice(0, 10)),
    v.check(isCalendarDate, 'openTransDateInvalid'),
  ),
);

const text = (maxLength: number) =>
  v.pipe(v.string('openTransFieldInvalid'), v.trim(), v.maxLength(maxLength, 'openTransFieldInvalid'));

export const orderResponseItemSchema = v.object({
  line_item_id: documentId,
  quantity,
  /** DELIVERY_DATE's end (else start) date; null: the line keeps the requested date. */
  delivery_date: deliveryDay,
  /** The item's REMARKS, joined: a cancelled line's reason. */
  remarks: text(500),
});

export const orderResponseSchema = v.object({
  kind: v.literal('ORDERRESPONSE'),
  order_id: documentId,
  items: v.pipe(
    v.array(orderResponseItemSchema),
    v.minLength(1, 'openTransNoItems'),
    v.maxLength(MAX_OPENTRANS_ITEMS, 'openTransFieldInvalid'),
  ),
});

export const dispatchItemSchema = v.object({
  /** ORDER_REFERENCE/ORDER_ID: the order the shipped line belongs to. */
  order_id: documentId,
  /** ORDER_REFERENCE/LINE_ITEM_ID: the line of that order (the item's own LINE_ITEM_ID is the dispatch note's). */
  line_item_id: documentId,
  quantity,
  /** PARTIAL_DELIVERY_LIST's quantities, in document order; empty when the list is absent. */
  partial_quantities: v.array(quantity),
});

export const dispatchNotificationSchema = v.object({
  kind: v.literal('DISPATCHNOTIFICATION'),
  shipment_id: text(200),
  tracking_url: text(2000),
  items: v.pipe(
    v.array(dispatchItemSchema),
    v.minLength(1, 'openTransNoItems'),
    v.maxLength(MAX_OPENTRANS_ITEMS, 'openTransFieldInvalid'),
  ),
});

export const openTransDocumentSchema = v.variant('kind', [orderResponseSchema, dispatchNotificationSchema]);
export type OpenTransDocument = v.InferOutput<typeof openTransDocumentSchema>;
export type OrderResponseDocument = v.InferOutput<typeof orderResponseSchema>;
export type DispatchNotificationDocument = v.InferOutput<typeof dispatchNotificationSchema>;

// ── The portal's upload and its answers ─────────────────────────────────────────────────────────

/** Base64 grows a file by a third; the body carries the file's bytes so the server reads its declared encoding. */
const MAX_BASE64_LENGTH = Math.ceil(MAX_OPENTRANS_DOCUMENT_BYTES / 3) * 4;

/** `POST /svc/part-dealer/orders/:id/opentrans`: the uploaded file's bytes, base64. */
export const openTransUploadSchema = v.object({
  document_base64: v.pipe(
    v.string('invalidRequest'),
    v.minLength(1, 'openTransUnreadable'),
    v.maxLength(MAX_BASE64_LENGTH, 'openTransTooLarge'),
    v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'openTransUnreadable'),
  ),
});
export type OpenTransUploadInput = v.InferInput<typeof openTransUploadSchema>;

/** One reason a document was refused, with the order and line it names when it names one. */
export const openTransProblemSchema = v.object({
  message_id: v.string(),
  /** The problem in the request's language (the server's catalog, ADR 002). */
  message: v.string(),
  order_id: v.nullable(v.string()),
  line_item_id: v.nullable(v.string()),
});
export type OpenTransProblem = v.InferOutput<typeof openTransProblemSchema>;

/** A problem before translation: what the reader and the mapping find. */
export type OpenTransFinding = { messageId: MessageId; orderId: string | null; lineItemId: string | null };

/** The envelope data of a refused document (422 `openTransRefused`): every problem found, nothing changed. */
export const openTransRefusalDataSchema = v.object({ problems: v.array(openTransProblemSchema) });

/** A document that was applied: which lines changed and to what. */
export const openTransResultSchema = v.object({
  kind: v.picklist(OPENTRANS_DOCUMENT_KINDS),
  changes: v.array(
    v.object({
      order_id: v.number(),
      line_id: v.number(),
      line_item_id: v.string(),
      part_number: v.string(),
      action: v.picklist(ORDER_LINE_ACTIONS),
      status: v.picklist(ORDER_LINE_STATUSES),
    }),
  ),
});
export type OpenTransResult = v.InferOutput<typeof openTransResultSchema>;

/** The order page's answer to an applied upload: the changes and the order as it is now. */
export const openTransUploadAnswerEnvelopeSchema = envelopeSchema(
  v.object({ result: openTransResultSchema, order: orderDetailSchema }),
);
