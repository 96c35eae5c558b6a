import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../language';

/*
 * The portal's one presentation kit (ADR 036): every date, time, amount, quantity, vehicle, line
 * and reference a screen, a mail or the delay statement shows is written here, one rule per
 * format in each language. This is the only file that names the portal's time zone or builds an
 * `Intl.DateTimeFormat`; the Intl objects are built once per language, on first use.
 */

/** Where the portal's calendar dates (ETA, valid until, "today", list filters) and its clock times are meant. */
export const PORTAL_TIME_ZONE = 'Europe/Berlin';

/** The Intl locale each language formats with: German as in Germany; English as in Europe (day before month, 24 h). */
const INTL_LOCALE: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };

/** A UI locale string ("de", "en", "de-DE") as the language it formats in; German when unknown. */
export function formatLanguage(locale: string): Language {
  const language = locale.slice(0, 2).toLowerCase();
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** An ISO calendar date (YYYY-MM-DD, or the date part of a timestamp) at midnight UTC, so no zone moves its day. */
const calendarDay = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/** Calendar days (YYYY-MM-DD) of instants in the portal's time zone: en-CA writes dates as YYYY-MM-DD. */
let portalDayFormat: Intl.DateTimeFormat | undefined;

/** The calendar date (YYYY-MM-DD) of an instant in the portal's time zone. */
export function portalDateOf(instant: string | Date) {
  portalDayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PORTAL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return portalDayFormat.format(new Date(instant));
}

/** Today's calendar date in the portal's time zone as YYYY-MM-DD (what `date` columns are compared with). */
export function portalToday(now: Date = new Date()) {
  return portalDateOf(now);
}

/** The calendar date `days` after (or before) an ISO calendar date, as YYYY-MM-DD. */
export function addDays(isoDate: string, days: number) {
  const day = calendarDay(isoDate);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

type Intls = {
  date: Intl.DateTimeFormat;
  dayMonth: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  relative: Intl.RelativeTimeFormat;
  money: Intl.NumberFormat;
  count: Intl.NumberFormat;
  share: Intl.NumberFormat;
  minutes: Intl.NumberFormat;
  hours: Intl.NumberFormat;
};

const intlCache: Partial<Record<Language, Intls>> = {};

/** The Intl objects of one language, built on first use and kept (building them is the costly part). */
function intls(language: Language): Intls {
  const cached = intlCache[language];
  if (cached) return cached;
  const locale = INTL_LOCALE[language];
  const de = language === 'de';
  const built: Intls = {
    // de 28.11.2026 · en 28 Nov 2026 (unambiguous for a reader used to either order).
    date: new Intl.DateTimeFormat(
      locale,
      de
        ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }
        : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
    ),
    dayMonth: new Intl.DateTimeFormat(
      locale,
      de ? { day: '2-digit', month: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
    ),
    month: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    // de 28.11.2026, 19:15 · en 28 Nov 2026, 19:15: the date's rule plus the 24-hour clock.
    // Only the date-time carries the zone: the others format calendar days at midnight UTC.
    dateTime: new Intl.DateTimeFormat(locale, {
      timeZone: PORTAL_TIME_ZONE,
      ...(de
        ? { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }
        : { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    }),
    relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    money: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }),
    count: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
    share: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
    minutes: new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', maximumFractionDigits: 0 }),
    hours: new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', maximumFractionDigits: 1 }),
  };
  intlCache[language] = built;
  return built;
}

/** A calendar date (ETA, valid until; YYYY-MM-DD): de "28.11.2026", en "28 Nov 2026". No time zone moves its day. */
export function formatDate(isoDate: string, locale: Language) {
  return intls(locale).date.format(calendarDay(isoDate));
}

/** A calendar date without its year (an earlier ETA beside the current one): de "26.11.", en "26 Nov". */
export function formatDayMonth(isoDate: string, locale: Language) {
  return intls(locale).dayMonth.format(calendarDay(isoDate));
}

/** A month (YYYY-MM): de "Nov. 2026", en "Nov 2026". */
export function formatMonth(yearMonth: string, locale: Language) {
  return intls(locale).month.format(calendarDay(`${yearMonth.slice(0, 7)}-01`));
}

/** A moment (an event, an order placed, a closing time) in the portal's time zone: de "28.11.2026, 19:15", en "28 Nov 2026, 19:15". */
export function formatDateTime(instant: string | Date, locale: Language) {
  return intls(locale).dateTime.format(new Date(instant));
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** A moment as seen from `now` (ms): the largest whole unit, minutes at the least: de "in 2 Stunden", en "3 minutes ago". */
export function formatRelativeTime(instant: string, now: number, locale: Language) {
  const difference = new Date(instant).getTime() - now;
  const relative = intls(locale).relative;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(difference) >= size) return relative.format(Math.round(difference / size), unit);
  }
  return relative.format(Math.round(difference / 60_000), 'minute');
}

/** Integer cents in euros, every cent shown: de "1.234,56 €", en "€1,234.56" (a no-break space keeps a German amount with its sign). */
export function formatMoney(cents: number, locale: Language) {
  return intls(locale).money.format(cents / 100);
}

/** An amount already in euros (a chart axis): the money rule. */
export function formatEuros(euros: number, locale: Language) {
  return intls(locale).money.format(euros);
}

/** A quantity or count, whole, grouped: de "1.200", en "1,200". */
export function formatQuantity(quantity: number, locale: Language) {
  return intls(locale).count.format(quantity);
}

/** A share (0–1) as a percentage with at most one decimal: de "12,5 %", en "12.5%". */
export function formatShare(share: number, locale: Language) {
  return intls(locale).share.format(share);
}

/** A duration in minutes: minutes below two hours, else hours: de "45 Min.", en "2.5 hr". */
export function formatDuration(minutes: number, locale: Language) {
  const { minutes: inMinutes, hours } = intls(locale);
  return minutes < 120 ? inMinutes.format(minutes) : hours.format(minutes / 60);
}

/** What names a vehicle: the workshop's description, a VIN, HSN/TSN, as far as given. */
export type VehicleFacts = { description: string; vin: string; hsn: string; tsn: string };

/** The word before a VIN: German readers know it as FIN (Fahrzeug-Identifizierungsnummer). */
const VIN_LABEL: Record<Language, string> = { de: 'FIN', en: 'VIN' };

/** A vehicle in one line: de "VW Golf VII · FIN WVWZZZ1KZAW000001 · HSN/TSN 0603/BFS", what was given. */
export function formatVehicle(vehicle: VehicleFacts, locale: Language) {
  return [
    vehicle.description,
    vehicle.vin ? `${VIN_LABEL[locale]} ${vehicle.vin}` : '',
    vehicle.hsn && vehicle.tsn ? `HSN/TSN ${vehicle.hsn}/${vehicle.tsn}` : '',
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

/**
 * The name of a requested or ordered line in a sentence, a label or a heading: its part number,
 * or its description when the workshop asked by description only. The same in both languages.
 */
export function formatLineName(line: { part_number: string; description: string }) {
  return line.part_number || line.description;
}

/** A line as a heading (a row of the inquiry, a dealer's answer): "0 986 494 123 – Bremsbelag", whichever was given. */
export function formatLineTitle(line: { part_number: string; description: string }) {
  return [line.part_number, line.description].filter((part) => part !== '').join(' – ');
}

const REFERENCE: Record<Language, { order: string; inquiry: string }> = {
  de: { order: 'Bestellung', inquiry: 'Anfrage' },
  en: { order: 'Order', inquiry: 'Inquiry' },
};

/** An order by its number: de "Bestellung 835", en "Order 835". */
export function formatOrderReference(orderId: number, locale: Language) {
  return `${REFERENCE[locale].order} ${orderId}`;
}

/** An inquiry by its number: de "Anfrage 12", en "Inquiry 12". */
export function formatInquiryReference(inquiryId: number, locale: Language) {
  return `${REFERENCE[locale].inquiry} ${inquiryId}`;
}

/** Every format bound to one language: what a screen's hook hands its components. */
export type Formats = ReturnType<typeof bindFormats>;

function bindFormats(language: Language) {
  return {
    language,
    date: (isoDate: string) => formatDate(isoDate, language),
    dayMonth: (isoDate: string) => formatDayMonth(isoDate, language),
    month: (yearMonth: string) => formatMonth(yearMonth, language),
    dateTime: (instant: string | Date) => formatDateTime(instant, language),
    relativeTime: (instant: string, now: number) => formatRelativeTime(instant, now, language),
    money: (cents: number) => formatMoney(cents, language),
    euros: (euros: number) => formatEuros(euros, language),
    quantity: (quantity: number) => formatQuantity(quantity, language),
    count: (count: number) => formatQuantity(count, language),
    share: (share: number) => formatShare(share, language),
    duration: (minutes: number) => formatDuration(minutes, language),
    vehicle: (vehicle: VehicleFacts) => formatVehicle(vehicle, language),
    lineName: formatLineName,
    lineTitle: formatLineTitle,
    orderReference: (orderId: number) => formatOrderReference(orderId, language),
    inquiryReference: (inquiryId: number) => formatInquiryReference(inquiryId, language),
  };
}

const boundCache: Partial<Record<Language, Formats>> = {};

/** The formats of one language, bound once and kept: stable across renders, so hooks need no memo. */
export function formatsFor(locale: Language): Formats {
  const cached = boundCache[locale];
  if (cached) return cached;
  const bound = bindFormats(locale);
  boundCache[locale] = bound;
  return bound;
}
