import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import {
  HSN_PATTERN,
  INQUIRY_MAX_LINES,
  learnedFitmentSchema,
  normalisePartNumber,
  TSN_PATTERN,
  VIN_PATTERN,
} from './trading';

/*
 * Learned fitment (issue 14, docs/decisions/028-learned-fitment.md): what the portal remembers of
 * delivered order lines per vehicle type × normalised part number. Shared across organisations as
 * counts only, never who ordered, from whom, when or at what price.
 */

/**
 * How many VIN positions make the vehicle type: the WMI (1–3) and the VDS without its last
 * position (4–8). Position 9 is the check digit in North America and a filler in most European
 * VINs, position 10 the model year, 11 the plant, 12–17 the serial number: none of them changes
 * which parts fit a model. "WVWZZZ1KZ8W000001" is the type "WVWZZZ1K" (VW Golf V, type 1K).
 */
export const VIN_TYPE_LENGTH = 8;

/**
 * A fact is shown only once it rests on at least this many distinct orders (kept and returned
 * together): a single order's existence is never revealed to another workshop (ADR 028).
 */
export const FITMENT_MIN_ORDERS = 2;

/** The keys a vehicle is matched by: its VIN's type prefix and its HSN/TSN, each when given and well-formed. */
export type VehicleTypeKey = { vinPrefix: string | null; hsn: string | null; tsn: string | null };

/** The vehicle type of an inquiry's vehicle; both keys null when neither is known (nothing is learned or shown). */
export function vehicleTypeKey(vehicle: { vin: string; hsn: string; tsn: string }): VehicleTypeKey {
  const vin = vehicle.vin.trim().toUpperCase();
  const hsn = vehicle.hsn.trim().toUpperCase();
  const tsn = vehicle.tsn.trim().toUpperCase();
  const hasHsnTsn = HSN_PATTERN.test(hsn) && TSN_PATTERN.test(tsn);
  return {
    vinPrefix: VIN_PATTERN.test(vin) ? vin.slice(0, VIN_TYPE_LENGTH) : null,
    hsn: hasHsnTsn ? hsn : null,
    tsn: hasHsnTsn ? tsn : null,
  };
}

/** Whether a vehicle type key names any type at all. */
export function hasVehicleType(key: VehicleTypeKey) {
  return key.vinPrefix !== null || key.hsn !== null;
}

const optionalUpper = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(max)), '');

/**
 * `GET /svc/workshop/fitment?vin=&hsn=&tsn=&parts=`: the new-inquiry screen asks while lines are
 * typed. `parts` is a comma-separated list of part numbers (normalised on the server; a comma is
 * never part of a normalised number). A VIN or HSN/TSN that is not well-formed simply finds nothing.
 */
export const fitmentLookupQuerySchema = v.object({
  vin: optionalUpper(20),
  hsn: optionalUpper(8),
  tsn: optionalUpper(8),
  parts: v.pipe(
    v.optional(v.pipe(v.string(), v.maxLength(INQUIRY_MAX_LINES * 41)), ''),
    v.check((text) => !text.includes('\u0000')),
    v.transform((text) => [...new Set(text.split(',').map(normalisePartNumber))].filter((part) => part !== '')),
    v.maxLength(INQUIRY_MAX_LINES),
  ),
});
export type FitmentLookupQuery = v.InferInput<typeof fitmentLookupQuerySchema>;

export const fitmentLookupItemSchema = v.object({
  part_number_normalised: v.string(),
  ...learnedFitmentSchema.entries,
});
export type FitmentLookupItem = v.InferOutput<typeof fitmentLookupItemSchema>;

export const fitmentLookupEnvelopeSchema = envelopeSchema(v.object({ items: v.array(fitmentLookupItemSchema) }));
