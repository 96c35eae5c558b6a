import { expect, test } from 'vitest';
import type { InquiryDetail, InquiryLine, Recipient } from '../../common/contracts/trading';
import {
  cheapestChoice,
  cheapestFor,
  defaultChoices,
  deliveredTotal,
  type LineChoices,
  lowestPriceFor,
  offersFor,
  singleDealerOptions,
} from '../../machines/inquiry-quotes';
import { anOffer, aRecipient, quotedInquiry } from '../support/workshop-inquiry-fixtures';

const line = (id: number, quantity: number): InquiryLine => ({
  id,
  position: id,
  part_number: '',
  description: `Teil ${id}`,
  quantity,
  note: '',
  fitment: null,
});

/** A dealer that answered with a price per line (cents; absent: not quoted) and its freight rule. */
const dealer = (
  id: number,
  prices: Record<number, number>,
  freight: { freight_cents: number; free_freight_from_cents: number | null },
): Recipient =>
  aRecipient({
    id,
    part_dealer_id: id + 1000,
    dealer_name: `Händler ${id}`,
    status: 'answered',
    valid_until: '2026-12-31',
    ...freight,
    quote_lines: Object.entries(prices).map(([lineId, cents]) => anOffer(Number(lineId), { net_price_cents: cents })),
  });

const inquiry = (lines: InquiryLine[], recipients: Recipient[]): InquiryDetail =>
  quotedInquiry({ lines, recipients, today: '2026-11-26' });

/** Every combination of offers, the lowest delivered total among them (what the search must find). */
function bruteForceLowest(detail: InquiryDetail) {
  let combinations: LineChoices[] = [{}];
  for (const { id } of detail.lines) {
    const offers = offersFor(detail, id).map((offer) => offer.recipient.id);
    combinations = combinations.flatMap((choices) =>
      offers.length === 0 ? [{ ...choices, [id]: null }] : offers.map((recipient) => ({ ...choices, [id]: recipient })),
    );
  }
  return Math.min(...combinations.map((choices) => deliveredTotal(detail, choices).total));
}

// Issue 24 §4: dealer A 41,20 € free of freight, dealer B 38,90 € + 5,90 € freight, two pieces.
const A = 601;
const B = 602;
const abInquiry = (lines: InquiryLine[], aPrices: Record<number, number>, bPrices: Record<number, number>) =>
  inquiry(lines, [
    dealer(A, aPrices, { freight_cents: 0, free_freight_from_cents: null }),
    dealer(B, bPrices, { freight_cents: 590, free_freight_from_cents: null }),
  ]);

test('the A/B example: the lower unit price with freight loses to the dearer one delivered free', () => {
  const detail = abInquiry([line(1, 2)], { 1: 4_120 }, { 1: 3_890 });
  // The unit price alone would mark B …
  expect(lowestPriceFor(detail, 1)).toEqual([B]);
  // … delivered, A is cheaper: 82,40 € against 83,70 €.
  expect(deliveredTotal(detail, { 1: A }).total).toBe(8_240);
  expect(deliveredTotal(detail, { 1: B }).total).toBe(8_370);
  expect(cheapestChoice(detail)).toEqual({ 1: A });
  expect(cheapestFor(detail, 1)).toEqual([A]);
  expect(defaultChoices(detail)).toEqual({ 1: A });
});

test('the A/B example with a second line only A quoted: no second delivery for a cheaper unit price', () => {
  const detail = abInquiry([line(1, 2), line(2, 1)], { 1: 4_120, 2: 1_200 }, { 1: 3_890 });
  expect(defaultChoices(detail)).toEqual({ 1: A, 2: A });
  expect(deliveredTotal(detail, defaultChoices(detail))).toEqual({ total: 9_440, deliveries: 1 });
  expect(deliveredTotal(detail, { 1: B, 2: A })).toEqual({ total: 9_570, deliveries: 2 });
  // A quoted every line: "everything from one dealer" is offered for A only.
  expect(singleDealerOptions(detail).map((option) => [option.recipient.id, option.total])).toEqual([[A, 9_440]]);
});

test('three dealers with different freight rules: the pre-chosen total is the cheapest delivered total', () => {
  const lines = [line(1, 1), line(2, 1), line(3, 1)];
  const detail = inquiry(lines, [
    // 6,90 € freight, free from 100,00 €.
    dealer(701, { 1: 6_000, 2: 4_500, 3: 1_000 }, { freight_cents: 690, free_freight_from_cents: 10_000 }),
    // The lowest unit prices, 4,90 € freight always; no answer for line 3.
    dealer(702, { 1: 5_500, 2: 4_000 }, { freight_cents: 490, free_freight_from_cents: null }),
    // Always free of freight, the highest prices.
    dealer(703, { 1: 6_400, 2: 4_700, 3: 1_600 }, { freight_cents: 0, free_freight_from_cents: null }),
  ]);
  // The lowest unit price per line would cost 99,90 € + 16,90 € = 116,80 €.
  const byUnitPrice = { 1: 702, 2: 702, 3: 701 };
  expect(deliveredTotal(detail, byUnitPrice).total).toBe(11_680);
  const chosen = defaultChoices(detail);
  // Everything from 701 crosses its free-freight amount: 115,00 € (the rest from 702 and line 3 from
  // the freight-free 703 would be 115,90 €).
  expect(deliveredTotal(detail, { 1: 702, 2: 702, 3: 703 }).total).toBe(11_590);
  expect(chosen).toEqual({ 1: 701, 2: 701, 3: 701 });
  expect(deliveredTotal(detail, chosen).total).toBe(11_500);
  expect(deliveredTotal(detail, chosen).total).toBe(bruteForceLowest(detail));
  expect(singleDealerOptions(detail).map((option) => [option.recipient.id, option.total])).toEqual([
    [701, 11_500],
    [703, 12_700],
  ]);
});

test('a large inquiry (beyond the exhaustive search) still finds the cheapest delivered total', () => {
  // 13 lines from two dealers: 8192 combinations. Dealer 802 is a little cheaper per line but charges
  // 9,90 € freight below 200,00 €; dealer 801 is free of freight from 50,00 €.
  const lines = Array.from({ length: 13 }, (_, index) => line(index + 1, 1));
  const prices = (cents: (id: number) => number) =>
    Object.fromEntries(lines.map(({ id }) => [id, cents(id)])) as Record<number, number>;
  const detail = inquiry(lines, [
    dealer(
      801,
      prices((id) => 1_000 + id * 100),
      { freight_cents: 590, free_freight_from_cents: 5_000 },
    ),
    dealer(
      802,
      prices((id) => 950 + id * 100 - (id % 3) * 40),
      { freight_cents: 990, free_freight_from_cents: 20_000 },
    ),
  ]);
  const chosen = cheapestChoice(detail);
  expect(Object.values(chosen).every((recipient) => recipient !== null)).toBe(true);
  expect(deliveredTotal(detail, chosen).total).toBe(bruteForceLowest(detail));
});

test('a line nobody offers is left out; a line chosen by hand keeps its choice while it is on offer', () => {
  const detail = abInquiry([line(1, 2), line(2, 1)], { 1: 4_120 }, { 1: 3_890 });
  expect(cheapestChoice(detail)).toEqual({ 1: A, 2: null });
  expect(defaultChoices(detail, { 1: B })).toEqual({ 1: B, 2: null });
  expect(singleDealerOptions(detail)).toEqual([]);
});
