import * as v from 'valibot';
import type { MessageId } from '../common/contracts/message-ids';
import { formatCentsForInput, parseAmount, retypeAmount } from '../common/contracts/money';
import {
  AVAILABILITY_CLASSES,
  type AvailabilityClass,
  type DealerInquiry,
  isoDateField,
  type QuoteAnswer,
  quoteAnswerSchema,
  quoteLineDeclineSchema,
  quoteLineOfferSchema,
} from '../common/contracts/trading';

/**
 * The dealer's answer form as typed (ADR 023): per inquiry line an offer or a declined line, and
 * the quote's validity and freight rule. Amounts stay text until sent, read with the money parser
 * in the language on screen; every other rule is the contract's (`quoteAnswerSchema`).
 */
export type LineAnswerValues = {
  inquiry_line_id: number;
  offered: boolean;
  net_price: string;
  deposit: string;
  availability: AvailabilityClass | '';
  eta: string;
  alternative_part_number: string;
  alternative_brand: string;
  fits_vehicle: boolean;
  note: string;
  decline_reason: string;
};
export type LineTextField = Exclude<keyof LineAnswerValues, 'inquiry_line_id' | 'offered' | 'fits_vehicle'>;
export type LineToggleField = 'offered' | 'fits_vehicle';
export type QuoteField = 'valid_until' | 'freight' | 'free_freight_from';
export type AnswerValues = Record<QuoteField, string> & { lines: LineAnswerValues[] };

/** Where a message shows: `valid_until`, `freight`, `free_freight_from`, or `lines.<line id>.<field>`. */
export type AnswerErrorKey = string;
export type AnswerErrors = Record<AnswerErrorKey, MessageId>;

export const lineErrorKey = (lineId: number, field: LineTextField) => `lines.${lineId}.${field}`;

/** The fields of an offered line in the order the form shows them (the first invalid one gets focus). */
const OFFER_FIELDS: readonly LineTextField[] = [
  'net_price',
  'deposit',
  'availability',
  'eta',
  'alternative_part_number',
  'alternative_brand',
  'note',
];
const QUOTE_FIELDS: readonly QuoteField[] = ['valid_until', 'freight', 'free_freight_from'];

/** The contract's names of an offered line's fields, as the form calls them. */
const OFFER_FIELD_OF: Record<string, LineTextField> = {
  net_price_cents: 'net_price',
  deposit_cents: 'deposit',
  availability: 'availability',
  eta: 'eta',
  alternative_part_number: 'alternative_part_number',
  alternative_brand: 'alternative_brand',
  note: 'note',
};

/** An ISO date `days` after `isoDate` (both calendar dates, no time zone involved). */
export function addDays(isoDate: string, days: number) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How long a new quote is valid by default: today and two more days (issue 13). */
export const DEFAULT_VALIDITY_DAYS = 2;

function emptyLine(inquiryLineId: number): LineAnswerValues {
  return {
    inquiry_line_id: inquiryLineId,
    offered: true,
    net_price: '',
    deposit: '',
    availability: '',
    eta: '',
    alternative_part_number: '',
    alternative_brand: '',
    fits_vehicle: false,
    note: '',
    decline_reason: '',
  };
}

/** The form for an inquiry: its stored answer when there is one, else empty lines valid from today + 2 days. */
export function answerValuesOf(inquiry: DealerInquiry, locale: string, today: string): AnswerValues {
  const { recipient } = inquiry;
  const stored = new Map(recipient.quote_lines.map((line) => [line.inquiry_line_id, line]));
  const money = (cents: number | null) => (cents === null ? '' : formatCentsForInput(cents, locale));
  return {
    valid_until: recipient.valid_until ?? addDays(today, DEFAULT_VALIDITY_DAYS),
    freight: recipient.answered_at && recipient.freight_cents > 0 ? money(recipient.freight_cents) : '',
    free_freight_from: money(recipient.free_freight_from_cents),
    lines: inquiry.lines.map((line) => {
      const quoted = stored.get(line.id);
      if (!quoted) return emptyLine(line.id);
      return {
        inquiry_line_id: line.id,
        offered: quoted.offered,
        net_price: money(quoted.net_price_cents),
        deposit: quoted.deposit_cents > 0 ? money(quoted.deposit_cents) : '',
        availability: quoted.availability ?? '',
        eta: quoted.eta ?? '',
        alternative_part_number: quoted.alternative_part_number,
        alternative_brand: quoted.alternative_brand,
        fits_vehicle: quoted.fits_vehicle,
        note: quoted.note,
        decline_reason: quoted.decline_reason ?? '',
      };
    }),
  };
}

/** A draft's lines fit an inquiry when they are its lines, in its order (else the draft is stale). */
export function valuesFitInquiry(values: AnswerValues, inquiry: DealerInquiry) {
  return (
    values.lines.length === inquiry.lines.length &&
    values.lines.every((line, index) => line.inquiry_line_id === inquiry.lines[index]?.id)
  );
}

/** Every amount rewritten for another language, so a switch keeps what was typed valid. */
export function retypeValues(values: AnswerValues, from: string, to: string): AnswerValues {
  const retype = (text: string) => retypeAmount(text, from, to);
  return {
    ...values,
    freight: retype(values.freight),
    free_freight_from: retype(values.free_freight_from),
    lines: values.lines.map((line) => ({ ...line, net_price: retype(line.net_price), deposit: retype(line.deposit) })),
  };
}

type Built = { answer: QuoteAnswer | null; errors: [AnswerErrorKey, MessageId][] };

function optionalAmount(text: string, locale: string, empty: number | null) {
  if (text.trim() === '') return { value: empty, error: null };
  const parsed = parseAmount(text, locale);
  return parsed.ok ? { value: parsed.cents, error: null } : { value: empty ?? 0, error: parsed.error };
}

function offerOf(line: LineAnswerValues, locale: string, errors: [AnswerErrorKey, MessageId][]) {
  const key = (field: LineTextField) => lineErrorKey(line.inquiry_line_id, field);
  const price = line.net_price.trim() === '' ? null : parseAmount(line.net_price, locale);
  const deposit = optionalAmount(line.deposit, locale, 0);
  const candidate = {
    inquiry_line_id: line.inquiry_line_id,
    offered: true as const,
    net_price_cents: price?.ok ? price.cents : 0,
    deposit_cents: deposit.value ?? 0,
    availability: line.availability,
    // A date typed for "to be ordered" and left behind when the availability changed is not sent.
    eta: line.availability === 'ordered_eta' && line.eta.trim() !== '' ? line.eta.trim() : null,
    alternative_part_number: line.alternative_part_number,
    alternative_brand: line.alternative_brand,
    fits_vehicle: line.fits_vehicle,
    note: line.note,
  };
  const found = new Map<LineTextField, MessageId>();
  if (!price?.ok) found.set('net_price', price ? price.error : 'priceInvalid');
  if (deposit.error) found.set('deposit', deposit.error);
  const result = v.safeParse(quoteLineOfferSchema, candidate);
  if (!result.success) {
    for (const issue of result.issues) {
      const name = issue.path?.[0]?.key;
      // The only rule across fields is "an ordered part needs its ETA": it belongs at the date.
      const field = typeof name === 'string' ? OFFER_FIELD_OF[name] : 'eta';
      if (field && !found.has(field)) found.set(field, issue.message as MessageId);
    }
  }
  for (const field of OFFER_FIELDS) {
    const problem = found.get(field);
    if (problem) errors.push([key(field), problem]);
  }
  return result.success ? result.output : null;
}

function declineOf(line: LineAnswerValues, errors: [AnswerErrorKey, MessageId][]) {
  const result = v.safeParse(quoteLineDeclineSchema, {
    inquiry_line_id: line.inquiry_line_id,
    offered: false,
    decline_reason: line.decline_reason,
  });
  if (result.success) return result.output;
  errors.push([lineErrorKey(line.inquiry_line_id, 'decline_reason'), result.issues[0]?.message as MessageId]);
  return null;
}

/**
 * The answer the form would send with `version`, or the problems in the order the form shows its
 * fields (so the first is the field to focus).
 */
export function buildAnswer(values: AnswerValues, locale: string, version: number): Built {
  const errors: [AnswerErrorKey, MessageId][] = [];
  const lines = values.lines.map((line) => (line.offered ? offerOf(line, locale, errors) : declineOf(line, errors)));
  const validUntil = v.safeParse(isoDateField, values.valid_until.trim());
  const freight = optionalAmount(values.freight, locale, 0);
  const freeFrom = optionalAmount(values.free_freight_from, locale, null);
  const quoteProblems: Partial<Record<QuoteField, MessageId>> = {
    ...(validUntil.success ? {} : { valid_until: validUntil.issues[0]?.message as MessageId }),
    ...(freight.error ? { freight: freight.error } : {}),
    ...(freeFrom.error ? { free_freight_from: freeFrom.error } : {}),
  };
  for (const field of QUOTE_FIELDS) {
    const problem = quoteProblems[field];
    if (problem) errors.push([field, problem]);
  }
  if (errors.length > 0) return { answer: null, errors };
  const result = v.safeParse(quoteAnswerSchema, {
    version,
    valid_until: values.valid_until.trim(),
    freight_cents: freight.value ?? 0,
    free_freight_from_cents: freeFrom.value,
    lines,
  });
  if (!result.success)
    return { answer: null, errors: [['form', (result.issues[0]?.message ?? 'invalidRequest') as MessageId]] };
  return { answer: result.output, errors: [] };
}

/** The form's key for a field the server named (`valid_until`, `lines.2.net_price_cents`), or null. */
export function errorKeyOfServerField(field: string, values: AnswerValues): AnswerErrorKey | null {
  if (field === 'valid_until') return 'valid_until';
  if (field === 'freight_cents') return 'freight';
  if (field === 'free_freight_from_cents') return 'free_freight_from';
  const match = /^lines\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return null;
  const line = values.lines[Number(match[1])];
  const name = match[2] ?? '';
  const lineField = name === 'decline_reason' ? 'decline_reason' : OFFER_FIELD_OF[name];
  return line && lineField ? lineErrorKey(line.inquiry_line_id, lineField) : null;
}

const lineValuesSchema = v.object({
  inquiry_line_id: v.number(),
  offered: v.boolean(),
  net_price: v.string(),
  deposit: v.string(),
  availability: v.picklist(['', ...AVAILABILITY_CLASSES]),
  eta: v.string(),
  alternative_part_number: v.string(),
  alternative_brand: v.string(),
  fits_vehicle: v.boolean(),
  note: v.string(),
  decline_reason: v.string(),
});

/** An unsent answer kept across a reload: the inquiry, the version it was typed on, the language of its amounts. */
export const answerDraftSchema = v.object({
  inquiry_id: v.number(),
  base_version: v.number(),
  locale: v.string(),
  values: v.object({
    valid_until: v.string(),
    freight: v.string(),
    free_freight_from: v.string(),
    lines: v.pipe(v.array(lineValuesSchema), v.maxLength(200)),
  }),
});
export type AnswerDraft = v.InferOutput<typeof answerDraftSchema>;

/** The form's values with the messages that still apply: what each edit below returns. */
export type AnswerEdit = { values: AnswerValues; errors: AnswerErrors };

function withLine(values: AnswerValues, lineId: number, field: keyof LineAnswerValues, value: string | boolean) {
  return {
    ...values,
    lines: values.lines.map((line) => (line.inquiry_line_id === lineId ? { ...line, [field]: value } : line)),
  };
}

/** A line's text field typed in: its message goes. */
export function changeLine(form: AnswerEdit, lineId: number, field: LineTextField, value: string): AnswerEdit {
  const { [lineErrorKey(lineId, field)]: _cleared, ...errors } = form.errors;
  return { values: withLine(form.values, lineId, field, value), errors };
}

/** A line's switch flipped: between offer and decline the fields that count change, so its messages go. */
export function toggleLine(form: AnswerEdit, lineId: number, field: LineToggleField, value: boolean): AnswerEdit {
  const errors =
    field === 'offered'
      ? Object.fromEntries(Object.entries(form.errors).filter(([key]) => !key.startsWith(`lines.${lineId}.`)))
      : form.errors;
  return { values: withLine(form.values, lineId, field, value), errors };
}

/** A quote field typed in: its message goes. */
export function changeQuote(form: AnswerEdit, field: QuoteField, value: string): AnswerEdit {
  const { [field]: _cleared, ...errors } = form.errors;
  return { values: { ...form.values, [field]: value }, errors };
}
