import * as v from 'valibot';
import { hasVehicleType, vehicleTypeKey } from '../common/contracts/fitment';
import type { MessageId } from '../common/contracts/message-ids';
import { isReturnUrlShape, type PunchInRedeemed } from '../common/contracts/punch-in';
import type { SupplierRelation } from '../common/contracts/suppliers';
import {
  INQUIRY_MAX_LINES,
  type InquiryCreate,
  inquiryCreateSchema,
  type LearnedFitment,
  normalisePartNumber,
} from '../common/contracts/trading';
import { checkHsnTsn } from '../common/vehicle/hsn-tsn';

/*
 * The new inquiry's form model (issue 13, ADR 023): the draft kept in the browser, the lines and
 * the vehicle as typed, the request body they stand for and the contract's problems keyed by where
 * the form shows them. Pure: the machine (`new-inquiry.machine.ts`) keeps the flow.
 */

/** The closing times the form offers (issue 13): 30 min to 2 days, two hours by default. */
export const CLOSING_TIME_OPTIONS = [30, 60, 120, 240, 480, 1440, 2880] as const;

const draftLineSchema = v.object({
  part_number: v.string(),
  description: v.string(),
  /** As typed: the form keeps the text, the contract checks the number. */
  quantity: v.string(),
  note: v.string(),
});

/**
 * Where an inquiry punched in from a DMS came from (ADR 034): the DMS's name and the URL the
 * browser returns to once it is sent. The link's token is spent once redeemed, so the draft keeps these.
 */
const punchInOriginSchema = v.object({
  /** Checked again when read back: the browser is sent there. */
  return_url: v.pipe(v.string(), v.check(isReturnUrlShape)),
  source: v.string(),
});
export type PunchInOrigin = v.InferOutput<typeof punchInOriginSchema>;

/**
 * What the browser keeps of an inquiry being written (ADR 023: drafts live in the browser), so a
 * reload restores it. `recipients` null: never chosen, so every active dealer is.
 */
export const newInquiryDraftSchema = v.object({
  vehicle: v.object({ vin: v.string(), hsn: v.string(), tsn: v.string(), description: v.string() }),
  lines: v.pipe(v.array(draftLineSchema), v.minLength(1), v.maxLength(INQUIRY_MAX_LINES)),
  recipients: v.nullable(v.array(v.number())),
  closes_in_minutes: v.number(),
  /** The workshop's own reference as typed (issue 24 §9); absent in drafts kept before it existed. */
  workshop_reference: v.optional(v.string()),
  /** Absent or null: written in the portal, not punched in from a DMS. */
  punch_in: v.optional(v.nullable(punchInOriginSchema)),
});
export type NewInquiryDraft = v.InferOutput<typeof newInquiryDraftSchema>;
export type DraftLine = v.InferOutput<typeof draftLineSchema>;
export type VehicleField = keyof NewInquiryDraft['vehicle'];
export type LineField = keyof DraftLine;

/** A line of the form: the draft's line and a key that stays with it when lines above are removed. */
export type FormLine = DraftLine & { key: number };

/**
 * Where a message shows: `vehicle.vin` … `vehicle.description`, `lines.<index>.<field>`,
 * `lines.<index>` (the line as a whole), `lines`, `recipients`, `closing`, `reference`.
 */
export type FieldKey = string;

/** The form's part of the machine's context: what is typed and chosen, and the dealers it may go to. */
export type NewInquiryForm = {
  /** The workshop's active relations: the dealers an inquiry can go to. */
  dealers: SupplierRelation[];
  vehicle: NewInquiryDraft['vehicle'];
  lines: FormLine[];
  /** Relation ids chosen; null until the person changes the choice (then all active dealers). */
  recipients: number[] | null;
  closesInMinutes: number;
  /** The workshop's own reference (job number, number plate, customer) as typed; never sent to a dealer. */
  reference: string;
  /** Learned fitment of the typed part numbers for the vehicle's type, by normalised part number (ADR 028). */
  fitment: Record<string, LearnedFitment>;
  /** The DMS the form was filled from, where the browser returns after sending; null for an inquiry of the portal's own. */
  punchIn: PunchInOrigin | null;
};

/** What the learned-fitment lookup is asked: the vehicle's keys and the distinct part numbers typed. */
export type FitmentQuery = { vin: string; hsn: string; tsn: string; parts: string };

export const emptyLine = (key: number): FormLine => ({
  key,
  part_number: '',
  description: '',
  quantity: '1',
  note: '',
});
export const emptyVehicle = { vin: '', hsn: '', tsn: '', description: '' };

/** Whether the form still holds only the line it starts with, as it started (nothing typed into it). */
export function onlyInitialLine(lines: FormLine[]) {
  const [first] = lines;
  return (
    lines.length === 1 &&
    first !== undefined &&
    first.part_number.trim() === '' &&
    first.description.trim() === '' &&
    first.note.trim() === '' &&
    first.quantity.trim() === '1'
  );
}

/** How many more lines the form takes (the inquiry's limit; an untouched first line is replaced). */
export function lineCapacity(lines: FormLine[]) {
  return onlyInitialLine(lines) ? INQUIRY_MAX_LINES : INQUIRY_MAX_LINES - lines.length;
}

/** The relation ids the inquiry goes to: the person's choice among the active dealers, else all of them. */
export function chosenRecipients(context: Pick<NewInquiryForm, 'dealers' | 'recipients'>) {
  const active = context.dealers.map((dealer) => dealer.id);
  return context.recipients === null ? active : context.recipients.filter((id) => active.includes(id));
}

/** The request body the form stands for (the contract parses and checks it). */
export function inquiryBodyOf(context: NewInquiryForm): InquiryCreate {
  return {
    vehicle: context.vehicle,
    lines: context.lines.map((line) => ({
      part_number: line.part_number,
      description: line.description,
      // An empty or non-numeric quantity is NaN: the contract's number check reports it.
      quantity: line.quantity.trim() === '' ? Number.NaN : Number(line.quantity),
      note: line.note,
    })),
    recipient_relation_ids: chosenRecipients(context),
    closes_in_minutes: context.closesInMinutes,
    workshop_reference: context.reference,
  };
}

/** The contract's problems, keyed by where the form shows them (the first per place). */
export function formErrors(context: NewInquiryForm): Record<FieldKey, MessageId> {
  const result = v.safeParse(inquiryCreateSchema, inquiryBodyOf(context));
  if (result.success) return {};
  const errors: Record<FieldKey, MessageId> = {};
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key));
    const message = issue.message as MessageId;
    let key: string;
    if (path[0] === 'vehicle') {
      // The vehicle's cross checks (HSN without TSN, nothing identifying it) are shown where one types first.
      key = path[1] ? `vehicle.${path[1]}` : message === 'hsnTsnInvalid' ? 'vehicle.hsn' : 'vehicle.vin';
    } else if (path[0] === 'lines') {
      key = path.slice(0, 3).join('.');
    } else if (path[0] === 'recipient_relation_ids') {
      key = 'recipients';
    } else if (path[0] === 'closes_in_minutes') {
      key = 'closing';
    } else if (path[0] === 'workshop_reference') {
      key = 'reference';
    } else {
      key = 'form';
    }
    if (!(key in errors)) errors[key] = message;
  }
  return errors;
}

/** HSN and TSN as typed, checked each on its own and as a pair (the form shows their problems live). */
export function registrationCheck(vehicle: Pick<NewInquiryDraft['vehicle'], 'hsn' | 'tsn'>) {
  return checkHsnTsn(vehicle.hsn, vehicle.tsn);
}

/** The lookup's query for the form as it stands; null when there is no vehicle type or no part number to ask about. */
export function fitmentQueryOf(context: Pick<NewInquiryForm, 'vehicle' | 'lines'>): FitmentQuery | null {
  const parts = [...new Set(context.lines.map((line) => normalisePartNumber(line.part_number)))].filter(Boolean);
  if (parts.length === 0 || !hasVehicleType(vehicleTypeKey(context.vehicle))) return null;
  return { vin: context.vehicle.vin, hsn: context.vehicle.hsn, tsn: context.vehicle.tsn, parts: parts.join(',') };
}

/** What is known of the part typed in a line (null: nothing, or not asked yet). */
export function lineFitment(fitment: NewInquiryForm['fitment'], partNumber: string): LearnedFitment | null {
  return fitment[normalisePartNumber(partNumber)] ?? null;
}

export function draftOf(context: NewInquiryForm): NewInquiryDraft {
  return {
    vehicle: context.vehicle,
    lines: context.lines.map(({ key: _key, ...line }) => line),
    recipients: context.recipients,
    closes_in_minutes: context.closesInMinutes,
    workshop_reference: context.reference,
    ...(context.punchIn ? { punch_in: context.punchIn } : {}),
  };
}

/** The form as a redeemed punch-in fills it: the DMS's vehicle and lines, its dealers and closing time if it named them. */
export function punchInForm(redeemed: PunchInRedeemed, closesInMinutes: number) {
  return {
    vehicle: redeemed.vehicle,
    lines: redeemed.lines.map((line, index) => ({ ...line, quantity: String(line.quantity), key: index })),
    nextKey: redeemed.lines.length,
    recipients: redeemed.recipient_relation_ids,
    closesInMinutes: redeemed.closes_in_minutes ?? closesInMinutes,
    punchIn: { return_url: redeemed.return_url, source: redeemed.source },
  };
}

/** Messages that no longer apply once a field changes (the rest stay until the next send). */
export function withoutErrors(errors: Record<FieldKey, MessageId>, ...keys: string[]) {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));
}
