import type { MessageId } from './message-ids';
import { MAX_CENTS } from './trading';

/**
 * Amounts as people type them, in the two languages of the portal. Money is integer cents
 * (ADR 023); the typed text is read digit by digit, never through a float, so "0,10" is 10 cents
 * and not 9.999…. Anything not plainly an amount is refused rather than guessed: "12.50" in
 * German is neither 12,50 nor 1.250, so it is `priceInvalid`, not a silent 1250 euros.
 */
export type MoneyLocale = 'de' | 'en';

export type ParsedAmount = { ok: true; cents: number } | { ok: false; error: MessageId };

const INVALID: ParsedAmount = { ok: false, error: 'priceInvalid' };

/** Separators per language: decimal mark and thousands grouping. */
const SEPARATORS: Record<MoneyLocale, { decimal: string; group: string }> = {
  de: { decimal: ',', group: '.' },
  en: { decimal: '.', group: ',' },
};

/** "de-DE", "de" → de; everything else reads as English. */
export function moneyLocaleOf(locale: string): MoneyLocale {
  return locale.toLowerCase().startsWith('de') ? 'de' : 'en';
}

function patternFor(locale: MoneyLocale) {
  const { decimal, group } = SEPARATORS[locale];
  const d = `\\${decimal}`;
  const g = `\\${group}`;
  // Either plain digits, or digits grouped by three with the group mark; then up to two decimals.
  return new RegExp(`^(?:(?<plain>[0-9]+)|(?<grouped>[0-9]{1,3}(?:${g}[0-9]{3})+))(?:${d}(?<fraction>[0-9]{1,2}))?$`);
}

const PATTERNS: Record<MoneyLocale, RegExp> = { de: patternFor('de'), en: patternFor('en') };

/**
 * A typed amount in euros as integer cents: de "12", "12,5", "12,50", "1.234,56"; en "12.50",
 * "1,234.56". Refused with `priceInvalid`: empty text, a sign, letters or currency symbols, more
 * than two decimals, misplaced group marks, the other language's decimal mark, more than
 * `MAX_CENTS`. Spaces around the amount are ignored.
 */
export function parseAmount(text: string, locale: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 20) return INVALID;
  const match = PATTERNS[moneyLocaleOf(locale)].exec(trimmed);
  if (!match?.groups) return INVALID;
  const whole = (match.groups.plain ?? match.groups.grouped ?? '').replace(/[^0-9]/g, '');
  const fraction = (match.groups.fraction ?? '').padEnd(2, '0');
  // Leading zeros are harmless ("007" is 7), but a number this long is beyond any price.
  const significant = whole.replace(/^0+(?=[0-9])/, '');
  if (significant.length > 10) return INVALID;
  const cents = Number(significant) * 100 + Number(fraction);
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return INVALID;
  return { ok: true, cents };
}

/** Cents as an input field holds them: two decimals with the language's mark, no grouping ("1234,56"). */
export function formatCentsForInput(cents: number, locale: string) {
  const { decimal } = SEPARATORS[moneyLocaleOf(locale)];
  const whole = Math.trunc(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}${decimal}${fraction}`;
}

/**
 * An amount typed in one language, rewritten for another (a language switch must not turn a
 * valid "12,50" into an invalid one); text that is no amount stays as typed.
 */
export function retypeAmount(text: string, from: string, to: string) {
  if (moneyLocaleOf(from) === moneyLocaleOf(to)) return text;
  const parsed = parseAmount(text, from);
  return parsed.ok ? formatCentsForInput(parsed.cents, to) : text;
}
