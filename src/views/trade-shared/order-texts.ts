import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  OrderHandover,
  OrderLineAction,
  OrderLineStatus,
  OrderStatus,
  ReturnReason,
  ReturnStatus,
} from '../../../common/contracts/trading';

/** The order statuses as a person reads them (both sides). */
export const orderStatusText: Record<OrderStatus, MessageDescriptor> = {
  placed: msg`Placed`,
  confirmed: msg`Confirmed`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
};

/** Delivery or pickup of an order as a person reads it (both sides, issue 24 §9). */
export const handoverText: Record<OrderHandover, MessageDescriptor> = {
  delivery: msg`Delivery`,
  pickup: msg`Pickup by the workshop`,
};

export const lineStatusText: Record<OrderLineStatus, MessageDescriptor> = {
  placed: msg`Waiting for the dealer`,
  confirmed: msg`Confirmed`,
  backorder: msg`Backorder`,
  cancelled: msg`Cancelled`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  returned: msg`Returned`,
};

export const returnStatusText: Record<ReturnStatus, MessageDescriptor> = {
  requested: msg`Return requested`,
  accepted: msg`Return accepted`,
  refused: msg`Return refused`,
};

export const returnReasonText: Record<ReturnReason, MessageDescriptor> = {
  does_not_fit: msg`Does not fit`,
  damaged: msg`Damaged`,
  wrong_part: msg`Wrong part`,
  no_longer_needed: msg`No longer needed`,
};

/** The dealer's line actions as buttons. */
export const lineActionText: Record<OrderLineAction, MessageDescriptor> = {
  confirm: msg`Confirm`,
  backorder: msg`Backorder`,
  cancel: msg`Cancel line`,
  ship: msg`Ship`,
  deliver: msg`Mark delivered`,
};

/** The title of the action's dialog. */
export const lineActionTitle: Record<OrderLineAction, MessageDescriptor> = {
  confirm: msg`Confirm lines`,
  backorder: msg`Put lines on backorder`,
  cancel: msg`Cancel lines`,
  ship: msg`Ship lines`,
  deliver: msg`Mark lines as delivered`,
};

/** Which badge a status wears: the text says the status, the colour only repeats it. */
export function statusTone(status: OrderStatus | OrderLineStatus | ReturnStatus) {
  if (status === 'backorder' || status === 'cancelled' || status === 'refused' || status === 'requested')
    return 'attention' as const;
  if (status === 'delivered' || status === 'accepted' || status === 'returned' || status === 'confirmed')
    return 'good' as const;
  return 'neutral' as const;
}

export function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && value in orderStatusText;
}
export function isLineStatus(value: string | null): value is OrderLineStatus {
  return value !== null && value in lineStatusText;
}
export function isReturnReason(value: unknown): value is ReturnReason {
  return typeof value === 'string' && value in returnReasonText;
}
