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

/** The recipients with the lowest net price for a line (several on a tie): the unit price alone, freight left aside. */
export function lowestPriceFor(detail: InquiryDetail, lineId: number) {
  const offers = offersFor(detail, lineId);
  const lowest = Math.min(...offers.map((offer) => offer.quote.net_price_cents));
  return offers.filter((offer) => offer.quote.net_price_cents === lowest).map((offer) => offer.recipient.id);
}

/**
 * The recipient a line is ordered from in the cheapest delivered choice (`cheapestChoice`): what
 * the matrix marks "cheapest" (issue 24 §4), freight and deposit included. Empty without an offer.
 */
export function cheapestFor(detail: InquiryDetail, lineId: number) {
  const chosen = cheapestChoice(detail)[String(lineId)];
  return chosen === null || chosen === undefined ? [] : [chosen];
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
 * The choice the matrix starts with: the cheapest delivered choice (`cheapestChoice`). The lines
 * the person chose by hand (`manual`, e.g. before a live quote arrived) keep that choice while it is
 * still on offer; a line left out by hand stays left out.
 */
export function defaultChoices(detail: InquiryDetail, manual: LineChoices = {}): LineChoices {
  const cheapest = cheapestChoice(detail);
  const choices: LineChoices = {};
  for (const line of detail.lines) {
    const key = String(line.id);
    const kept = manual[key];
    const offered = offersFor(detail, line.id).map((offer) => offer.recipient.id);
    if (kept === null) choices[key] = null;
    else if (kept !== undefined && offered.includes(kept)) choices[key] = kept;
    else choices[key] = cheapest[key] ?? null;
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

/** What a choice costs delivered: the sum of its orders' totals (net + deposit + freight) and how many deliveries. */
export function deliveredTotal(detail: InquiryDetail, choices: LineChoices) {
  const orders = plannedOrders(detail, choices);
  return { total: orders.reduce((sum, order) => sum + order.totals.total, 0), deliveries: orders.length };
}

/** Up to this many combinations of offers the cheapest choice is searched exhaustively. */
const EXHAUSTIVE_LIMIT = 4096;

/**
 * The choice that orders every line on offer for the lowest delivered total (issue 24 §4): per
 * dealer net + deposit + freight, where freight falls away from the dealer's free-freight amount
 * (`dealerTotal`, the rule the server's order placement charges). On a tie the fewer deliveries win,
 * then the lower unit prices. Lines without an offer are left out (null). Small inquiries are
 * searched exhaustively; larger ones from every set of dealers, with single lines moved while that
 * lowers the total.
 */
export function cheapestChoice(detail: InquiryDetail): LineChoices {
  const lines = detail.lines.map((line) => ({
    key: String(line.id),
    // The cheaper offer first, so that among equal totals the lower unit prices come first.
    offers: offersFor(detail, line.id)
      .map((offer) => ({
        id: offer.recipient.id,
        cost: (offer.quote.net_price_cents + offer.quote.deposit_cents) * line.quantity,
      }))
      .sort((a, b) => a.cost - b.cost),
  }));
  const empty: LineChoices = Object.fromEntries(lines.map((line) => [line.key, null]));
  const open = lines.filter((line) => line.offers.length > 0);
  if (open.length === 0) return empty;

  let best: { choices: LineChoices; total: number; deliveries: number } | null = null;
  const consider = (choices: LineChoices) => {
    const { total, deliveries } = deliveredTotal(detail, choices);
    if (!best || total < best.total || (total === best.total && deliveries < best.deliveries)) {
      best = { choices, total, deliveries };
    }
  };

  const combinations = open.reduce((product, line) => product * line.offers.length, 1);
  if (combinations <= EXHAUSTIVE_LIMIT) {
    const walk = (index: number, choices: LineChoices) => {
      const line = open[index];
      if (!line) return consider(choices);
      for (const offer of line.offers) walk(index + 1, { ...choices, [line.key]: offer.id });
    };
    walk(0, empty);
  } else {
    const dealers = [...new Set(open.flatMap((line) => line.offers.map((offer) => offer.id)))];
    const subsets = dealers.length <= 12 ? 2 ** dealers.length : 0;
    const starts: number[][] = [dealers];
    for (let mask = 1; mask < subsets; mask++) starts.push(dealers.filter((_, bit) => mask & (1 << bit)));
    for (const allowed of starts) {
      let choices: LineChoices = { ...empty };
      let complete = true;
      for (const line of open) {
        const offer = line.offers.find((candidate) => allowed.includes(candidate.id));
        if (!offer) complete = false;
        else choices[line.key] = offer.id;
      }
      if (!complete) continue;
      let current = deliveredTotal(detail, choices).total;
      for (let improved = true; improved; ) {
        improved = false;
        for (const line of open) {
          for (const offer of line.offers) {
            if (choices[line.key] === offer.id) continue;
            const moved = { ...choices, [line.key]: offer.id };
            const total = deliveredTotal(detail, moved).total;
            if (total < current) {
              choices = moved;
              current = total;
              improved = true;
            }
          }
        }
      }
      consider(choices);
    }
  }
  return (best as { choices: LineChoices } | null)?.choices ?? empty;
}

/** A dealer that quoted every line of the inquiry: everything ordered there, as one delivery. */
export type SingleDealerOption = { recipient: Recipient; choices: LineChoices; total: number };

/** The "everything from one dealer" options (issue 24 §4): every dealer with an orderable offer for every line. */
export function singleDealerOptions(detail: InquiryDetail): SingleDealerOption[] {
  if (detail.lines.length === 0) return [];
  return answeringRecipients(detail).flatMap((recipient) => {
    const covers = detail.lines.every((line) =>
      offersFor(detail, line.id).some((offer) => offer.recipient.id === recipient.id),
    );
    if (!covers) return [];
    const choices: LineChoices = Object.fromEntries(detail.lines.map((line) => [String(line.id), recipient.id]));
    return [{ recipient, choices, total: deliveredTotal(detail, choices).total }];
  });
}
