import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { CURRENCY, PORTAL_TIME_ZONE } from '../../../../common/contracts/trading';

/** Figures in the user's language (de: 1.234,56 €; en: €1,234.56), dates and times in Europe/Berlin. */
export function useFigureFormat() {
  const { i18n } = useLingui();
  return useMemo(() => figureFormat(i18n.locale), [i18n.locale]);
}

function figureFormat(locale: string) {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', maximumFractionDigits: 0 });
  const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', maximumFractionDigits: 1 });
  const monthName = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const date = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: PORTAL_TIME_ZONE,
  });
  return {
    locale,
    money: (cents: number) => money.format(cents / 100),
    /** For chart axes, where the value is already in euros. */
    euros: (value: number) => money.format(value),
    count: (value: number) => whole.format(value),
    share: (value: number) => percent.format(value),
    /** A duration in minutes: minutes below two hours, else hours. */
    duration: (value: number) => (value < 120 ? minutes.format(value) : hours.format(value / 60)),
    /** YYYY-MM as "Nov. 2026" / "Nov 2026". */
    month: (yearMonth: string) => monthName.format(new Date(`${yearMonth}-01T00:00:00Z`)),
    /** A calendar date (YYYY-MM-DD) without any time zone moving its day. */
    date: (isoDate: string) => date.format(new Date(`${isoDate}T00:00:00Z`)),
    /** A moment (closing time) in Europe/Berlin. */
    dateTime: (timestamp: string) => dateTime.format(new Date(timestamp)),
  };
}

export type FigureFormat = ReturnType<typeof figureFormat>;
