import { expect, test } from 'vitest';
import { isEtaPast, isWorkingDay, nextWorkingDay, promisedDay, workingDayFrom } from '../../common/format/working-days';

test('Monday to Friday are working days, weekends and Berlin holidays are not', () => {
  expect(isWorkingDay('2026-11-26')).toBe(true); // Thursday
  expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
  expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
  expect(isWorkingDay('2026-12-25')).toBe(false); // Christmas Day
  expect(isWorkingDay('2026-12-26')).toBe(false);
  expect(isWorkingDay('2026-03-09')).toBe(true);
  expect(isWorkingDay('2027-03-08')).toBe(false); // Women's Day, a Berlin holiday
  // Easter 2026 is 5 April: Good Friday, Easter Monday, Ascension, Whit Monday.
  for (const day of ['2026-04-03', '2026-04-06', '2026-05-14', '2026-05-25']) expect(isWorkingDay(day)).toBe(false);
  expect(isWorkingDay('2026-04-07')).toBe(true);
  expect(isWorkingDay('2026-10-03')).toBe(false);
});

test('the next working day skips weekends and holidays', () => {
  expect(nextWorkingDay('2026-11-26')).toBe('2026-11-27');
  expect(nextWorkingDay('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
  expect(nextWorkingDay('2026-12-24')).toBe('2026-12-28'); // over Christmas and the weekend
  expect(nextWorkingDay('2026-12-31')).toBe('2027-01-04'); // New Year, then the weekend
  expect(workingDayFrom('2026-11-26')).toBe('2026-11-26');
  expect(workingDayFrom('2026-11-28')).toBe('2026-11-30');
});

test('an availability class becomes a day counted from the placement, not from the quote (issue 24 §5)', () => {
  const placedOn = '2026-11-26';
  // The quote was written on 25.11. with that day as its date: the order promises from the 26th.
  expect(promisedDay({ availability: 'branch_today', eta: '2026-11-25' }, placedOn)).toBe('2026-11-26');
  expect(promisedDay({ availability: 'central_24h', eta: '2026-11-25' }, placedOn)).toBe('2026-11-27');
  expect(promisedDay({ availability: 'central_24h', eta: null }, '2026-11-27')).toBe('2026-11-30');
  expect(promisedDay({ availability: 'branch_today', eta: null }, '2026-11-28')).toBe('2026-11-30');
  // An explicit ETA is kept while it lies ahead; once passed, the next working day is promised.
  expect(promisedDay({ availability: 'ordered_eta', eta: '2026-12-03' }, placedOn)).toBe('2026-12-03');
  expect(promisedDay({ availability: 'ordered_eta', eta: '2026-11-26' }, placedOn)).toBe('2026-11-26');
  expect(promisedDay({ availability: 'ordered_eta', eta: '2026-11-20' }, placedOn)).toBe('2026-11-27');
});

test('an ETA before today has passed; today and later have not', () => {
  expect(isEtaPast('2026-11-25', '2026-11-26')).toBe(true);
  expect(isEtaPast('2026-11-26', '2026-11-26')).toBe(false);
  expect(isEtaPast(null, '2026-11-26')).toBe(false);
});
