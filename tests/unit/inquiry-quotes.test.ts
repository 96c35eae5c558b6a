import { expect, test } from 'vitest';
import { cheapestFor, defaultChoices, isEtaPassed, offersFor, plannedOrders } from '../../machines/inquiry-quotes';
import { quotedInquiry } from '../support/workshop-inquiry-fixtures';

// The fixture: Ostsee Teile's quote is valid until 2026-11-30, Förde Teile's until 2026-11-28.

test('a quote is offered up to and including its valid-until day, on the server’s date', () => {
  const detail = quotedInquiry({ today: '2026-11-28' });
  const line = detail.lines[0];
  if (!line) throw new Error('fixture without lines');
  expect(offersFor(detail, line.id).map((offer) => offer.recipient.dealer_name)).toEqual([
    'Ostsee Teile',
    'Förde Teile',
  ]);
});

test('an expired quote is neither offered, nor preselected as the cheapest, nor ordered', () => {
  const detail = quotedInquiry({ today: '2026-11-29' });
  const line = detail.lines[0];
  if (!line) throw new Error('fixture without lines');
  // Förde Teile was the cheaper one for the disc, but its quote ran out the day before.
  expect(offersFor(detail, line.id).map((offer) => offer.recipient.dealer_name)).toEqual(['Ostsee Teile']);
  const ostsee = detail.recipients.find((recipient) => recipient.dealer_name === 'Ostsee Teile');
  expect(cheapestFor(detail, line.id)).toEqual([ostsee?.id]);
  const choices = defaultChoices(detail);
  expect(choices[String(line.id)]).toBe(ostsee?.id);
  const forde = detail.recipients.find((recipient) => recipient.dealer_name === 'Förde Teile');
  expect(plannedOrders(detail, { [String(line.id)]: forde?.id ?? 0 })).toEqual([]);
});

test('the matrix tells a quote whose ETA has passed on the server’s date (issue 24 §5)', () => {
  const ordered = { eta: '2026-12-03' };
  expect(isEtaPassed(quotedInquiry({ today: '2026-12-03' }), ordered)).toBe(false);
  expect(isEtaPassed(quotedInquiry({ today: '2026-12-04' }), ordered)).toBe(true);
  expect(isEtaPassed(quotedInquiry({ today: '2026-12-04' }), { eta: null })).toBe(false);
});
