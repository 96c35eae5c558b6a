import { useLingui } from '@lingui/react';
import { CURRENCY } from '../../../common/contracts/trading';

/** Trade times are shown in the portal's time zone whatever the browser's (ADR 023). */
const TIME_ZONE = 'Europe/Berlin';

/** A calendar date (YYYY-MM-DD) as a date at midnight UTC, so no time zone moves its day. */
const calendarDate = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** Money, dates and times of the order screens in the user's language. */
export function useOrderFormat() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayMonth = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  const numericDate = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
  return {
    money: (cents: number) => money.format(cents / 100),
    /** An ETA or another calendar date: 28.11.2026. */
    date: (isoDate: string) => numericDate.format(calendarDate(isoDate)),
    /** A calendar date without its year (earlier ETAs): 26.11. */
    dayMonth: (isoDate: string) => dayMonth.format(calendarDate(isoDate)),
    longDate: (isoDate: string) => date.format(calendarDate(isoDate)),
    /** A moment (an event, an order placed) in Europe/Berlin. */
    dateTime: (timestamp: string) => dateTime.format(new Date(timestamp)),
  };
}
