import { useEffect, useState } from 'react';

/** Trade times are shown in the portal's home time zone, whatever the browser's (ADR 023). */
export const TRADE_TIME_ZONE = 'Europe/Berlin';

/** The calendar date in Berlin at `now` (YYYY-MM-DD): the day a quote's validity counts from. */
export function berlinToday(now: Date) {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TRADE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** "25.11.2026, 14:30" (de) / "Nov 25, 2026, 2:30 PM" (en), in Berlin time. */
export function absoluteTime(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TRADE_TIME_ZONE }).format(
    new Date(iso),
  );
}

/** A calendar date (YYYY-MM-DD) as the locale writes it, without shifting it through a time zone. */
export function calendarDate(isoDate: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "in 2 hours" / "vor 3 Minuten": the largest whole unit, minutes at the least. */
export function relativeTime(iso: string, now: number, locale: string) {
  const difference = new Date(iso).getTime() - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(difference) >= size || unit === 'minute') return format.format(Math.round(difference / size), unit);
  }
  return '';
}

/** The current time, moving on every `intervalMs`, so "in 5 minutes" does not stand still. */
export function useNow(intervalMs = 60_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
