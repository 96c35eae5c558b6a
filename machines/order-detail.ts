import * as v from 'valibot';
import type { MessageId } from '../common/contracts/message-ids';
import {
  type OrderDetail,
  type OrderLine,
  type OrderLineAction,
  orderDetailSchema,
  type TradeEvent,
} from '../common/contracts/trading';
import type { VersionConflict, VersionedEditOutcome } from './blocks/versioned-edit';
import { lifecycleAllows } from './lifecycle';
import { orderLineLifecycleMachine } from './order-line-lifecycle.machine';
import { toRequestFailure } from './request-failure';

/*
 * What the workshop's and the dealer's order screens share: which live events concern the order
 * on screen, what the lifecycles allow per line, and how a refused write is read (ADR 023).
 */

/** A live trade event about the order on screen (its timeline, lines or returns changed). */
export function concernsOrder(event: TradeEvent, orderId: number) {
  return event.order_id === orderId;
}

/** Whether the dealer may apply `action` to the line, by the order-line lifecycle. */
export function lineAllows(line: Pick<OrderLine, 'status'>, action: OrderLineAction) {
  return lifecycleAllows(orderLineLifecycleMachine, line.status, { type: `line.${action}` });
}

/** The lines of `order` with these ids; null when one of them is not on the order. */
export function linesOf(order: OrderDetail, lineIds: readonly number[]) {
  const lines = lineIds.map((id) => order.lines.find((line) => line.id === id));
  return lines.every((line): line is OrderLine => line !== undefined) ? lines : null;
}

/** An action is offered on a set of lines only when every one of them allows it. */
export function linesAllow(order: OrderDetail | null, lineIds: readonly number[], action: OrderLineAction) {
  if (!order || lineIds.length === 0) return false;
  const lines = linesOf(order, lineIds);
  return !!lines?.every((line) => lineAllows(line, action));
}

/** A line has at most one return in progress (the return lifecycle's `requested`). */
export function returnInProgress(line: Pick<OrderLine, 'returns'>) {
  return line.returns.some((entry) => entry.status === 'requested');
}

/** The workshop may ask to return a delivered line that has no return in progress. */
export function canRequestReturn(line: Pick<OrderLine, 'status' | 'returns'>) {
  return lifecycleAllows(orderLineLifecycleMachine, line.status, { type: 'line.return' }) && !returnInProgress(line);
}

/** The return of `order` with this id and the line it belongs to, when it still waits for a decision. */
export function openReturn(order: OrderDetail | null, returnId: number) {
  for (const line of order?.lines ?? []) {
    const entry = line.returns.find((candidate) => candidate.id === returnId);
    if (entry) return entry.status === 'requested' ? { line, entry } : null;
  }
  return null;
}

/**
 * A refused write that carries the current order (409 `orderChanged`: someone changed it first):
 * the screen takes the order from the refusal and says why nothing was saved. The one reader of
 * a 409 on the order screens: their versioned edits (machines/blocks/versioned-edit.ts) call it.
 */
export function refusalWithOrder(error: unknown): VersionConflict<OrderDetail> | null {
  const failure = toRequestFailure(error);
  if (failure.messageId === null) return null;
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : null;
  const parsed = v.safeParse(orderDetailSchema, data);
  return parsed.success ? { current: parsed.output, messageId: failure.messageId } : null;
}

/** A refusal by the lifecycle without the current order (409 `actionNotAllowed`): reload and say so. */
export function isLifecycleRefusal(error: unknown) {
  const { messageId } = toRequestFailure(error);
  return messageId === 'actionNotAllowed' || messageId === 'orderChanged';
}

/** What a versioned write on an order answers: the order as it now is, and the server's word for the notice. */
export type OrderChangeResult = { order: OrderDetail; message: string | undefined };

/**
 * What an order screen takes from a dialog on the order that ended (issue 23 §2: the workshop's
 * return request, the dealer's line actions and return decisions): the answer's order, or the
 * current one from a 409 with the notice why nothing was saved, or (refused without it) the notice
 * before the reload; nothing from a cancel. A dialog is never started by sending, so it never ends unsent.
 */
export function orderAfterEdit(output: VersionedEditOutcome<OrderChangeResult, OrderDetail>): {
  order?: OrderDetail;
  notice?: MessageId | null;
} {
  switch (output.outcome) {
    case 'done':
      return { order: output.result.order };
    case 'conflict':
      return { order: output.current, notice: output.messageId };
    case 'refused':
      return { notice: output.messageId };
    case 'unsent':
    case 'cancelled':
      return {};
  }
}

/** The success notice's text of a dialog that ended (the server's word), for the named `notifySuccess` action. */
export function successMessage({ event }: { event: { output: VersionedEditOutcome<OrderChangeResult, OrderDetail> } }) {
  return { message: event.output.outcome === 'done' ? event.output.result.message : undefined };
}
