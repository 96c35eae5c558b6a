import * as v from 'valibot';
import { isLocalhostOrigin } from './api-keys';
import { envelopeSchema } from './envelope';
import { signedTokenField } from './fields';
import { inquiryCreateSchema, vehicleSchema } from './trading';

/*
 * The DMS punch-in (issue 15, docs/decisions/034-dms-punch-in.md): a DMS posts a pre-filled inquiry
 * with its API key and gets a one-time, short-lived URL; the workshop user opens it, the portal
 * redeems it into the new-inquiry form, and after sending the browser returns to the DMS.
 */

export const RETURN_URL_MAX_LENGTH = 2000;
/** The query parameter the DMS's return URL gets with the id of the inquiry sent from the punch-in. */
export const RETURN_URL_INQUIRY_PARAMETER = 'teileportal_inquiry_id';

/**
 * A return URL a browser may be sent to: https (http only on localhost, as for a registered origin of
 * a DMS under development), no credentials in it. Whether its origin is one of the key's is checked
 * by the server against the key.
 */
export function isReturnUrlShape(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLocalhostOrigin(url.origin));
}

export const returnUrlField = v.pipe(
  v.string('punchInReturnUrlInvalid'),
  v.trim(),
  v.maxLength(RETURN_URL_MAX_LENGTH, 'punchInReturnUrlInvalid'),
  v.check(isReturnUrlShape, 'punchInReturnUrlInvalid'),
);

/** The DMS's return URL with the id of the inquiry sent, as the browser is sent back to it. */
export function returnUrlWithInquiry(returnUrl: string, inquiryId: number) {
  const url = new URL(returnUrl);
  url.searchParams.set(RETURN_URL_INQUIRY_PARAMETER, String(inquiryId));
  return url.toString();
}

/**
 * `POST /api/v1/punch-ins`: the inquiry as the portal's own form sends it (the same vehicle and line
 * rules), the dealers and closing time optional (the person chooses them in the form), and the URL
 * the browser returns to after sending.
 */
export const punchInCreateSchema = v.object(
  {
    vehicle: vehicleSchema,
    lines: inquiryCreateSchema.entries.lines,
    recipient_relation_ids: v.optional(inquiryCreateSchema.entries.recipient_relation_ids),
    closes_in_minutes: v.optional(inquiryCreateSchema.entries.closes_in_minutes),
    return_url: returnUrlField,
  },
  // A missing field is reported with this (translated) message, not valibot's own.
  'invalidRequest',
);
export type PunchInCreate = v.InferInput<typeof punchInCreateSchema>;
export type PunchInCreateParsed = v.InferOutput<typeof punchInCreateSchema>;
/** What the server keeps of a punch-in until it is redeemed (the parsed, normalised inquiry). */
export type PunchInPayload = Omit<PunchInCreateParsed, 'return_url'>;

export const punchInCreatedSchema = v.object({
  /** `<PUBLIC_URL>/inquiries/new?punchin=<token>`: opens once, until `expires_at`. */
  url: v.string(),
  expires_at: v.string(),
});
export type PunchInCreated = v.InferOutput<typeof punchInCreatedSchema>;

/** `POST /svc/workshop/punch-ins/redeem`. */
export const punchInRedeemSchema = v.object({ token: signedTokenField('punchInInvalid') });
export type PunchInRedeem = v.InferInput<typeof punchInRedeemSchema>;

export const punchInLineSchema = v.object({
  part_number: v.string(),
  description: v.string(),
  quantity: v.number(),
  note: v.string(),
});

/** The redeemed punch-in: the inquiry to pre-fill, the DMS (the key's name) and where to return. */
export const punchInRedeemedSchema = v.object({
  vehicle: v.object({ vin: v.string(), hsn: v.string(), tsn: v.string(), description: v.string() }),
  lines: v.array(punchInLineSchema),
  recipient_relation_ids: v.nullable(v.array(v.number())),
  closes_in_minutes: v.nullable(v.number()),
  return_url: v.string(),
  source: v.string(),
});
export type PunchInRedeemed = v.InferOutput<typeof punchInRedeemedSchema>;

export const punchInCreatedEnvelopeSchema = envelopeSchema(punchInCreatedSchema);
export const punchInRedeemedEnvelopeSchema = envelopeSchema(punchInRedeemedSchema);
