import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import type { MessageId } from '../../../common/contracts/message-ids';
import {
  type OpenTransDocument,
  type OpenTransFinding,
  type OpenTransResult,
  TRACKING_REFERENCE_MAX_LENGTH,
} from '../../../common/contracts/opentrans';
import { type OrderLineAction, type OrderLineStatus, orderLineActionSchema } from '../../../common/contracts/trading';
import { formatOrderReference } from '../../../common/format/formats';
import { supportedLanguages } from '../../../common/language';
import { lifecycleStep } from '../../../machines/lifecycle';
import { orderLineLifecycleMachine } from '../../../machines/order-line-lifecycle.machine';
import type { Database } from '../../db/database';
import { orderLines, orders } from '../../db/schema';
import { ApiRefusal } from '../../http/respond';
import { changeOrderLines } from '../order-changes';
import type { TradeActor } from '../trade-actor';
import { lineItemIdsOf } from './order-document';
import { readOpenTransDocument } from './read-document';

/*
 * Applies an ORDERRESPONSE or DISPATCHNOTIFICATION of a dealer's ERP to its orders (ADR 042): every
 * item becomes the dealer screen's line action (`changeOrderLines`, ADR 035), all in one
 * transaction. Every item is checked first — the order and line exist and are this dealer's, the
 * quantity fits, the line's lifecycle allows the action — and a document with any problem is
 * refused as a whole with the list of all problems; nothing is written.
 */

export type ApplyOutcome =
  | { applied: true; result: OpenTransResult }
  | { applied: false; findings: OpenTransFinding[] };

type LineRow = typeof orderLines.$inferSelect;
type LineActionBody = v.InferOutput<typeof orderLineActionSchema>;

/** One item of the document, reduced to what the mapping needs. */
type DocumentItem = {
  orderRef: string;
  lineItemId: string;
  /** Decides the action from the line it names, or tells what is wrong with it. */
  decide: (line: LineRow) => { action: OrderLineAction; eta?: string; reason?: string; tracking?: string } | MessageId;
};

type PlannedChange = {
  orderId: number;
  line: LineRow;
  lineItemId: string;
  next: OrderLineStatus;
  body: Omit<LineActionBody, 'version' | 'line_ids'>;
};

const NOT_ALLOWED: Record<OrderLineAction, MessageId> = {
  confirm: 'openTransConfirmNotAllowed',
  backorder: 'openTransBackorderNotAllowed',
  cancel: 'openTransCancelNotAllowed',
  ship: 'openTransShipNotAllowed',
  deliver: 'actionNotAllowed',
};

/**
 * The portal's order id in an ERP's ORDER_ID: the number the ORDER carried ("42"), or the order's
 * reference as the portal shows it ("Bestellung 42", "Order 42"); null when it is neither.
 */
export function orderIdOf(reference: string): number | null {
  const digits = /(\d{1,9})$/.exec(reference.trim())?.[1];
  if (digits === undefined) return null;
  const id = Number(digits);
  const spellings = [String(id), ...supportedLanguages.map((language) => formatOrderReference(id, language))];
  return spellings.some((spelling) => spelling.toLowerCase() === reference.trim().toLowerCase()) ? id : null;
}

/** ORDERRESPONSE: quantity 0 cancels (REMARKS is the reason), a later delivery date is a backorder, else a confirmation. */
function orderResponseItems(document: Extract<OpenTransDocument, { kind: 'ORDERRESPONSE' }>): DocumentItem[] {
  return document.items.map((item) => ({
    orderRef: document.order_id,
    lineItemId: item.line_item_id,
    decide: (line) => {
      if (item.quantity > line.quantity) return 'openTransQuantityAboveOrdered';
      if (item.quantity === 0)
        return item.remarks ? { action: 'cancel', reason: item.remarks } : 'openTransCancelReasonMissing';
      if (item.quantity < line.quantity) return 'openTransPartialQuantity';
      const requested = line.promisedOn;
      if (item.delivery_date !== null && (requested === null || item.delivery_date > requested)) {
        return { action: 'backorder', eta: item.delivery_date };
      }
      return { action: 'confirm' };
    },
  }));
}

/** DISPATCHNOTIFICATION: each item ships its line whole; the tracking URL, else the shipment id, is the reference. */
function dispatchItems(document: Extract<OpenTransDocument, { kind: 'DISPATCHNOTIFICATION' }>): DocumentItem[] {
  const { tracking_url: url, shipment_id: shipmentId } = document;
  const fits = (reference: string) => reference !== '' && reference.length <= TRACKING_REFERENCE_MAX_LENGTH;
  const tracking = fits(url) ? url : fits(shipmentId) ? shipmentId : null;
  return document.items.map((item) => ({
    orderRef: item.order_id,
    lineItemId: item.line_item_id,
    decide: (line) => {
      // A PARTIAL_DELIVERY_LIST splits the item's quantity into deliveries: one delivery is the whole line.
      if (item.partial_quantities.length > 1) return 'openTransPartialQuantity';
      const shipped = item.partial_quantities[0] ?? item.quantity;
      if (shipped > line.quantity) return 'openTransQuantityAboveOrdered';
      if (shipped < line.quantity) return 'openTransPartialQuantity';
      if (tracking === null)
        return url === '' && shipmentId === '' ? 'openTransTrackingMissing' : 'openTransTrackingTooLong';
      return { action: 'ship', tracking };
    },
  }));
}

/**
 * Reads the document and applies it as the given dealer. `onlyOrderId`: the portal's upload on an
 * order page, which may only touch that order. A refusal lists every problem found; a command
 * refused by a concurrent change (its 409) refuses the document too, and nothing stays written.
 */
export async function applyDealerDocument(
  db: Database,
  actor: TradeActor,
  bytes: Uint8Array,
  options: { onlyOrderId?: number } = {},
): Promise<ApplyOutcome> {
  const read = readOpenTransDocument(bytes);
  if (!read.ok) return { applied: false, findings: [{ messageId: read.messageId, orderId: null, lineItemId: null }] };
  const { document } = read;
  const items = document.kind === 'ORDERRESPONSE' ? orderResponseItems(document) : dispatchItems(document);
  try {
    return await db.transaction(async (tx) => {
      const findings: OpenTransFinding[] = [];
      const find = (messageId: MessageId, item: DocumentItem | null, lineItemId = item?.lineItemId ?? null) =>
        findings.push({ messageId, orderId: item?.orderRef ?? null, lineItemId });

      const orderIds = [...new Set(items.map((item) => orderIdOf(item.orderRef)).filter((id) => id !== null))];
      const found =
        orderIds.length === 0
          ? []
          : await tx
              .select({ id: orders.id, version: orders.version })
              .from(orders)
              .where(and(inArray(orders.id, orderIds), eq(orders.dealerOrganisationId, actor.organisationId)));
      const versions = new Map(found.map((order) => [order.id, order.version]));
      const lines =
        found.length === 0
          ? []
          : await tx
              .select()
              .from(orderLines)
              .where(
                inArray(
                  orderLines.orderId,
                  found.map((order) => order.id),
                ),
              );
      const linesByOrder = new Map(
        found.map((order) => [order.id, lineItemIdsOf(lines.filter((line) => line.orderId === order.id))]),
      );

      const planned: PlannedChange[] = [];
      const reportedOrders = new Set<string>();
      const seenLines = new Set<number>();
      for (const item of items) {
        const orderId = orderIdOf(item.orderRef);
        const orderLinesById = orderId === null ? undefined : linesByOrder.get(orderId);
        if (orderId === null || orderLinesById === undefined) {
          // Another dealer's order reads as unknown: its existence is not told (no organisation sees another's data).
          if (!reportedOrders.has(item.orderRef)) find('openTransUnknownOrder', item, null);
          reportedOrders.add(item.orderRef);
          continue;
        }
        if (options.onlyOrderId !== undefined && orderId !== options.onlyOrderId) {
          if (!reportedOrders.has(item.orderRef)) find('openTransOtherOrder', item, null);
          reportedOrders.add(item.orderRef);
          continue;
        }
        const line = orderLinesById.get(item.lineItemId);
        if (!line) {
          find('openTransUnknownLine', item);
          continue;
        }
        if (seenLines.has(line.id)) {
          find('openTransLineTwice', item);
          continue;
        }
        seenLines.add(line.id);
        const decision = item.decide(line);
        if (typeof decision === 'string') {
          find(decision, item);
          continue;
        }
        const next = lifecycleStep(orderLineLifecycleMachine, line.status, { type: `line.${decision.action}` });
        if (next === null) {
          find(NOT_ALLOWED[decision.action], item);
          continue;
        }
        // The screen's own contract checks the action's fields (an ETA's date, a reason's length).
        const body = v.safeParse(orderLineActionSchema, {
          version: 0,
          action: decision.action,
          line_ids: [line.id],
          eta: decision.eta ?? null,
          reason: decision.reason ?? '',
          tracking_reference: decision.tracking ?? '',
        });
        if (!body.success) {
          find('openTransFieldInvalid', item);
          continue;
        }
        const { version: _version, line_ids: _lineIds, ...action } = body.output;
        planned.push({ orderId, line, lineItemId: item.lineItemId, next: next as OrderLineStatus, body: action });
      }
      if (findings.length > 0) return { applied: false, findings };

      // The same action with the same details on one order is one command, as the screen sends it for several lines.
      const groups = new Map<string, PlannedChange[]>();
      for (const change of planned) {
        const key = JSON.stringify([change.orderId, change.body]);
        groups.set(key, [...(groups.get(key) ?? []), change]);
      }
      for (const group of groups.values()) {
        const [first] = group;
        if (!first) continue;
        const version = versions.get(first.orderId) ?? 0;
        await changeOrderLines(tx as unknown as Database, actor, first.orderId, {
          ...first.body,
          version,
          line_ids: group.map((change) => change.line.id),
        });
        versions.set(first.orderId, version + 1);
      }
      const result: OpenTransResult = {
        kind: document.kind,
        changes: planned.map((change) => ({
          order_id: change.orderId,
          line_id: change.line.id,
          line_item_id: change.lineItemId,
          part_number: change.line.partNumber,
          action: change.body.action,
          status: change.next,
        })),
      };
      return { applied: true, result };
    });
  } catch (error) {
    // A colleague's change between the read above and a command (its 409): the whole document rolled back.
    if (error instanceof ApiRefusal && error.status === 409) {
      return {
        applied: false,
        findings: [{ messageId: 'openTransChangedMeanwhile', orderId: null, lineItemId: null }],
      };
    }
    throw error;
  }
}
