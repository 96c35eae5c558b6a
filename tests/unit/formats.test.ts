import { expect, test } from 'vitest';
import {
  addDays,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDuration,
  formatInquiryReference,
  formatLanguage,
  formatLineName,
  formatLineTitle,
  formatMoney,
  formatMonth,
  formatOrderReference,
  formatQuantity,
  formatRelativeTime,
  formatShare,
  formatsFor,
  formatVehicle,
  portalDateOf,
  portalToday,
} from '../../common/format/formats';

/* ADR 036: one rule per format and language; each formatter pinned here in German and English. */

test.each([
  ['de', '28.11.2026', '05.03.2026', '26.11.', 'Nov. 2026'],
  ['en', '28 Nov 2026', '5 Mar 2026', '26 Nov', 'Nov 2026'],
] as const)('calendar dates in %s keep their day whatever the zone', (language, late, early, dayMonth, month) => {
  expect(formatDate('2026-11-28', language)).toBe(late);
  expect(formatDate('2026-03-05', language)).toBe(early);
  // The date part of a timestamp is its day: no zone moves it.
  expect(formatDate('2026-11-28T23:30:00Z', language)).toBe(late);
  expect(formatDayMonth('2026-11-26', language)).toBe(dayMonth);
  expect(formatMonth('2026-11', language)).toBe(month);
});

test.each([
  // Winter (CET, UTC+1) and summer (CEST, UTC+2), and the two nights the clocks change.
  ['2026-11-22T18:15:00Z', '22.11.2026, 19:15', '22 Nov 2026, 19:15'],
  ['2026-07-01T10:05:00Z', '01.07.2026, 12:05', '1 Jul 2026, 12:05'],
  ['2026-03-29T00:59:00Z', '29.03.2026, 01:59', '29 Mar 2026, 01:59'],
  ['2026-03-29T01:00:00Z', '29.03.2026, 03:00', '29 Mar 2026, 03:00'],
  ['2026-10-25T00:30:00Z', '25.10.2026, 02:30', '25 Oct 2026, 02:30'],
  ['2026-10-25T01:30:00Z', '25.10.2026, 02:30', '25 Oct 2026, 02:30'],
  ['2026-12-31T23:30:00Z', '01.01.2027, 00:30', '1 Jan 2027, 00:30'],
])('the moment %s in the portal time zone (Berlin: CET, CEST)', (instant, de, en) => {
  expect(formatDateTime(instant, 'de')).toBe(de);
  expect(formatDateTime(instant, 'en')).toBe(en);
});

test('the portal day of a moment follows Berlin, across both clock changes', () => {
  expect(portalDateOf('2026-03-28T22:59:00Z')).toBe('2026-03-28'); // 23:59 CET
  expect(portalDateOf('2026-03-28T23:00:00Z')).toBe('2026-03-29'); // 00:00 CET
  expect(portalDateOf('2026-03-29T21:59:00Z')).toBe('2026-03-29'); // 23:59 CEST
  expect(portalDateOf('2026-03-29T22:00:00Z')).toBe('2026-03-30'); // 00:00 CEST
  expect(portalDateOf('2026-10-24T22:30:00Z')).toBe('2026-10-25'); // 00:30 CEST
  expect(portalDateOf('2026-10-25T22:30:00Z')).toBe('2026-10-25'); // 23:30 CET
  expect(portalToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
});

test('relative time: the largest whole unit, minutes at the least', () => {
  const now = Date.parse('2026-11-22T18:00:00Z');
  expect(formatRelativeTime('2026-11-22T20:00:00Z', now, 'de')).toBe('in 2 Stunden');
  expect(formatRelativeTime('2026-11-22T20:00:00Z', now, 'en')).toBe('in 2 hours');
  expect(formatRelativeTime('2026-11-22T17:57:00Z', now, 'de')).toBe('vor 3 Minuten');
  expect(formatRelativeTime('2026-11-22T17:57:00Z', now, 'en')).toBe('3 minutes ago');
  expect(formatRelativeTime('2026-11-24T18:00:00Z', now, 'en')).toBe('in 2 days');
  expect(formatRelativeTime('2026-11-22T18:00:20Z', now, 'en')).toBe('this minute');
});

test.each([
  [123_456, '1.234,56\u00a0€', '€1,234.56'],
  [5, '0,05\u00a0€', '€0.05'],
  [100_000_000_01, '100.000.000,01\u00a0€', '€100,000,000.01'],
  [-1_990, '-19,90\u00a0€', '-€19.90'],
])('%i cents are money with every cent and the sign kept with the amount', (cents, de, en) => {
  expect(formatMoney(cents, 'de')).toBe(de);
  expect(formatMoney(cents, 'en')).toBe(en);
});

test('quantities, shares and durations', () => {
  expect(formatQuantity(1200, 'de')).toBe('1.200');
  expect(formatQuantity(1200, 'en')).toBe('1,200');
  expect(formatShare(0.125, 'de')).toBe('12,5\u00a0%');
  expect(formatShare(0.125, 'en')).toBe('12.5%');
  expect(formatDuration(45, 'de')).toBe('45 Min.');
  expect(formatDuration(150, 'de')).toBe('2,5 Std.');
  expect(formatDuration(45, 'en')).toBe('45 mins');
  expect(formatDuration(150, 'en')).toBe('2.5 hrs');
});

test('a vehicle in one line, as far as it was given', () => {
  const full = { description: 'VW Golf VII', vin: 'WVWZZZ1KZAW000001', hsn: '0603', tsn: 'BFS' };
  expect(formatVehicle(full, 'de')).toBe('VW Golf VII · FIN WVWZZZ1KZAW000001 · HSN/TSN 0603/BFS');
  expect(formatVehicle(full, 'en')).toBe('VW Golf VII · VIN WVWZZZ1KZAW000001 · HSN/TSN 0603/BFS');
  expect(formatVehicle({ ...full, vin: '', tsn: '' }, 'en')).toBe('VW Golf VII');
  expect(formatVehicle({ ...full, description: '' }, 'de')).toBe('FIN WVWZZZ1KZAW000001 · HSN/TSN 0603/BFS');
});

test('lines and references', () => {
  expect(formatLineName({ part_number: 'OC 90', description: 'Ölfilter' })).toBe('OC 90');
  expect(formatLineName({ part_number: '', description: 'Ölfilter' })).toBe('Ölfilter');
  expect(formatLineTitle({ part_number: 'OC 90', description: 'Ölfilter' })).toBe('OC 90 – Ölfilter');
  expect(formatLineTitle({ part_number: '', description: 'Ölfilter' })).toBe('Ölfilter');
  expect(formatOrderReference(835, 'de')).toBe('Bestellung 835');
  expect(formatOrderReference(835, 'en')).toBe('Order 835');
  expect(formatInquiryReference(12, 'de')).toBe('Anfrage 12');
  expect(formatInquiryReference(12, 'en')).toBe('Inquiry 12');
});

test('a UI locale names its language; the bound formats are built once per language', () => {
  expect(formatLanguage('de-DE')).toBe('de');
  expect(formatLanguage('en')).toBe('en');
  expect(formatLanguage('fr')).toBe('de');
  expect(formatsFor('de')).toBe(formatsFor('de'));
  expect(formatsFor('en').money(123_456)).toBe('€1,234.56');
});
