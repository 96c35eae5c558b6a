import type { OrderLineAction, OrderStatus } from './trading';

/**
 * Every kind of the trade event log (ADR 023, 035): what the commands in server/trade write and
 * what the timeline, the delay statement, the mails and the dashboards read. Each reader keeps
 * its texts in a `Record<TradeEventKind, …>`, so a kind added here does not compile until every
 * reader says how it tells it. The wire keeps `kind` a string: a screen that meets a kind it does
 * not know yet (a newer server) says so plainly (`isTradeEventKind`).
 */
export const TRADE_EVENT_KINDS = [
  'inquiry.sent',
  'inquiry.quoted',
  'inquiry.allAnswered',
  'inquiry.closed',
  'inquiry.cancelled',
  'inquiry.ordered',
  'recipient.seen',
  'recipient.answered',
  'recipient.declined',
  'recipient.expired',
  'order.placed',
  'order.confirmed',
  'order.shipped',
  'order.delivered',
  'order.cancelled',
  'line.confirmed',
  'line.backorder',
  'line.cancelled',
  'line.shipped',
  'line.delivered',
  'line.returned',
  'return.requested',
  'return.accepted',
  'return.refused',
] as const;
export type TradeEventKind = (typeof TRADE_EVENT_KINDS)[number];

export function isTradeEventKind(value: unknown): value is TradeEventKind {
  return (TRADE_EVENT_KINDS as readonly unknown[]).includes(value);
}

/** The log's kind for what a dealer's line action did (the order-changes command and the demo seed). */
export const LINE_ACTION_EVENT_KIND = {
  confirm: 'line.confirmed',
  backorder: 'line.backorder',
  cancel: 'line.cancelled',
  ship: 'line.shipped',
  deliver: 'line.delivered',
} as const satisfies Record<OrderLineAction, TradeEventKind>;

/** The log's kind for an order reaching a status (the order follows its lines). */
export function orderStatusEventKind(status: OrderStatus) {
  return `order.${status}` as const satisfies TradeEventKind;
}

/**
 * The mails the log sends (issue 13): a dealer hears of a new inquiry; the workshop of a complete
 * set of quotes or a closed inquiry, of a backorder and of a cancelled line; a dealer of a new order.
 */
export const TRADE_MAIL_KINDS = [
  'inquiry.received',
  'inquiry.allAnswered',
  'inquiry.closed',
  'line.backorder',
  'line.cancelled',
  'order.placed',
] as const;
export type TradeMailKind = (typeof TRADE_MAIL_KINDS)[number];

/**
 * The mail a kind of event is told in, or null when it is told only on screens (live and on the
 * timelines). Who receives it (the workshop, the dealers listed on the event) is the writing
 * command's choice; this says what the mail is.
 */
export const TRADE_MAIL_OF_EVENT: Record<TradeEventKind, TradeMailKind | null> = {
  'inquiry.sent': 'inquiry.received',
  'inquiry.quoted': null,
  'inquiry.allAnswered': 'inquiry.allAnswered',
  'inquiry.closed': 'inquiry.closed',
  'inquiry.cancelled': null,
  'inquiry.ordered': null,
  'recipient.seen': null,
  'recipient.answered': null,
  'recipient.declined': null,
  'recipient.expired': null,
  'order.placed': 'order.placed',
  'order.confirmed': null,
  'order.shipped': null,
  'order.delivered': null,
  'order.cancelled': null,
  'line.confirmed': null,
  'line.backorder': 'line.backorder',
  'line.cancelled': 'line.cancelled',
  'line.shipped': null,
  'line.delivered': null,
  'line.returned': null,
  'return.requested': null,
  'return.accepted': null,
  'return.refused': null,
};
