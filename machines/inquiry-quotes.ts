import {
  type AvailabilityClass,
  dealerTotal,
  type InquiryDetail,
  type InquiryLine,
  isQuoteOrderable,
  type QuoteLine,
  type Recipient,
} from '../common/contracts/trading';
import { isEtaPast } from '../common/format/working-days';
import { inquiryLifecycleMachine } from './inquiry-lifecycle.machine';
import { lifecycleAllows } from './lifecycle';

/** Per inquiry line (by id) the recipient chosen to deliver it, or null when the line is left out. */
export type LineChoices = Record<string, number | null>;

/** An offer a line can be ordered from: a quote line with a price and a part that is available. */
export type Offer = { recipient: Recipient; quote: QuoteLine & { net_price_cents: number } };

const AVAILABILITY_RANK: Record<AvailabilityClass, number> = {
  branch_today: 0,
  central_24h: 1,
  ordered_eta: 2,
  not_available: 3,
};

/** The dealers that answered with a quote, in the order the inquiry lists them (the matrix's columns). */
export function answeringRecipients(detail: InquiryDetail) {
  return detail.recipients.filter((recipient) => recipient.status === 'answered');
}

export function quoteFor(recipient: Recipient, lineId: number) {
  return recipient.quote_lines.find((quote) => quote.inquiry_line_id === lineId) ?? null;
}

/** The offers a line can be ordered from. */
export function offersFor(detail: InquiryDetail, lineId: number): Offer[] {
  return answeringRecipients(detail).flatMap((recipient) => {
    const quote = quoteFor(recipient, lineId);
    // The contract's rule, on the server's date: an expired quote is shown but never offered.
    return isQuoteOrderable(recipient, quote, detail.today) ? [{ recipient, quote }] : [];
  });
}

/** Whether the inquiry's lifecycle takes an order at all (the matrix offers choices only then). */
export function ordersAllowed(detail: InquiryDetail) {
  return lifecycleAllows(inquiryLifecycleMachine, detail.status, { type: 'inquiry.order' });
}

/**
 * Whether a line may be set to `recipientId` (null: left out): the lifecycle takes an order and,
 * unless the line is left out, that dealer's quote line passes the contract's `isQuoteOrderable` on
 * the server's date (answered, offered, available, not expired). The page machine's `canChoose`
 * guard and the matrix's "Order here" both use this; the server refuses the rest (issue 23 §4).
 */
export function isChoiceAllowed(detail: InquiryDetail, lineId: number, recipientId: number | null) {
  if (!ordersAllowed(detail)) return false;
  return recipientId === null || offersFor(detail, lineId).some((offer) => offer.recipient.id === recipientId);
}

/**
 * Whether a quote line's ETA has passed on the server's date (issue 24 §5): the matrix says so
 * rather than show a date that is no longer true. An order promises a fresh day (`promisedDay`).
 */
export function isEtaPassed(detail: Pick<InquiryDetail, 'today'>, quote: Pick<QuoteLine, 'eta'>) {
  return isEtaPast(quote.eta, detail.today);
}

/** The recipients with the lowest net price for a line (several on a tie). */
export function cheapestFor(detail: InquiryDetail, lineId: number) {
  const offers = offersFor(detail, lineId);
  const lowest = Math.min(...offers.map((offer) => offer.quote.net_price_cents));
  return offers.filter((offer) => offer.quote.net_price_cents === lowest).map((offer) => offer.recipient.id);
}

/** How soon an offer arrives: the availability class first, then the ETA date (ISO dates sort as text). */
function speedKey(quote: QuoteLine) {
  const rank = quote.availability ? AVAILABILITY_RANK[quote.availability] : AVAILABILITY_RANK.not_available;
  return `${rank}:${quote.availability === 'ordered_eta' ? (quote.eta ?? '9999-12-31') : ''}`;
}

/** The recipients whose offer for a line arrives first (several on a tie). */
export function fastestFor(detail: InquiryDetail, lineId: number) {
  const offers = offersFor(detail, lineId);
  const keys = offers.map((offer) => speedKey(offer.quote));
  const best = [...keys].sort()[0];
  return offers.filter((_, index) => keys[index] === best).map((offer) => offer.recipient.id);
}

/**
 * The choice the matrix starts with: per line the cheapest available offer. A choice the person made
 * that is still on offer (after a reload) is kept.
 */
export function defaultChoices(detail: InquiryDetail, previous: LineChoices = {}): LineChoices {
  const choices: LineChoices = {};
  for (const line of detail.lines) {
    const offered = offersFor(detail, line.id).map((offer) => offer.recipient.id);
    const kept = previous[String(line.id)];
    if (kept === null) choices[String(line.id)] = null;
    else if (kept !== undefined && offered.includes(kept)) choices[String(line.id)] = kept;
    else choices[String(line.id)] = cheapestFor(detail, line.id)[0] ?? null;
  }
  return choices;
}

/** One order as it would be placed: a dealer, the chosen lines with their quotes, and `dealerTotal`. */
export type PlannedOrder = {
  recipient: Recipient;
  lines: { line: InquiryLine; quote: Offer['quote'] }[];
  totals: ReturnType<typeof dealerTotal>;
};

/**
 * The orders the choice splits into (one per dealer), each with its total incl. freight and deposit.
 * The machine's guard (`isChoiceAllowed`) and `defaultChoices` only ever choose offers, so every
 * choice is one of `offersFor`; a choice of something not on offer (a hand-made `choices`) is no
 * order line, and the server would refuse it the same way.
 */
export function plannedOrders(detail: InquiryDetail, choices: LineChoices): PlannedOrder[] {
  return answeringRecipients(detail).flatMap((recipient) => {
    const lines = detail.lines.flatMap((line) => {
      if (choices[String(line.id)] !== recipient.id) return [];
      const offer = offersFor(detail, line.id).find((candidate) => candidate.recipient.id === recipient.id);
      return offer ? [{ line, quote: offer.quote }] : [];
    });
    if (lines.length === 0) return [];
    const totals = dealerTotal(
      lines.map(({ line, quote }) => ({
        net_price_cents: quote.net_price_cents,
        deposit_cents: quote.deposit_cents,
        quantity: line.quantity,
      })),
      recipient,
    );
    return [{ recipient, lines, totals }];
  });
}

/** The placement's choices (lines left out are not sent). */
export function placementChoices(detail: InquiryDetail, choices: LineChoices) {
  return plannedOrders(detail, choices).flatMap((order) =>
    order.lines.map(({ line }) => ({ inquiry_line_id: line.id, recipient_id: order.recipient.id })),
  );
}
