import type { AvailabilityClass } from '../contracts/trading';
import { addDays } from './formats';

/*
 * The portal's working days (issue 24 §5): Monday to Friday in Berlin, without Berlin's public
 * holidays. Calendar dates only (YYYY-MM-DD, the portal's days as `portalToday` gives them), so no
 * time zone is involved here.
 */

/** Easter Sunday of a year (Gregorian calendar, the anonymous algorithm) as YYYY-MM-DD. */
function easterSunday(year: number) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** Berlin's public holidays of a year: the nationwide ones and International Women's Day (8 March). */
function berlinHolidays(year: number): ReadonlySet<string> {
  const known = holidaysByYear.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const fixed = ['01-01', '03-08', '05-01', '10-03', '12-25', '12-26'].map((day) => `${year}-${day}`);
  const moving = [-2, 1, 39, 50].map((offset) => addDays(easter, offset));
  const holidays = new Set([...fixed, ...moving]);
  holidaysByYear.set(year, holidays);
  return holidays;
}

/** Whether a calendar date is a working day in Berlin (Monday to Friday, not a public holiday). */
export function isWorkingDay(isoDate: string) {
  const weekday = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !berlinHolidays(Number(isoDate.slice(0, 4))).has(isoDate.slice(0, 10));
}

/** The date itself when it is a working day, else the next working day after it. */
export function workingDayFrom(isoDate: string) {
  let day = isoDate.slice(0, 10);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/** The first working day after a date ("in 24 h" when ordered on that date). */
export function nextWorkingDay(isoDate: string) {
  return workingDayFrom(addDays(isoDate, 1));
}

/**
 * The day an ordered line is promised for, set when the order is placed (issue 24 §5), not when the
 * quote was written: "in the branch today" is the placement day (the next working day when it is
 * none), "central warehouse 24 h" the working day after it; an explicit ETA is kept, unless it has
 * passed by then, when the line is promised for the working day after the placement as well.
 * Never before the placement day, so a fresh order is never overdue.
 */
export function promisedDay(
  quote: { availability: AvailabilityClass | null; eta: string | null },
  placedOn: string,
): string {
  switch (quote.availability) {
    case 'branch_today':
      return workingDayFrom(placedOn);
    case 'ordered_eta':
      return quote.eta !== null && quote.eta >= placedOn ? quote.eta : nextWorkingDay(placedOn);
    default:
      return nextWorkingDay(placedOn);
  }
}

/** Whether a quoted ETA lies before a day (today): such a date is no longer true (issue 24 §5). */
export function isEtaPast(eta: string | null, today: string) {
  return eta !== null && eta < today;
}
