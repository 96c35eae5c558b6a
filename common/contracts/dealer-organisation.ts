import * as v from 'valibot';
import { USER_STATUSES } from './auth';
import { DEALER_FIELDS, recordOf } from './dealer';
import { envelopeSchema } from './envelope';
import { emailField, phoneField, plainText, requiredText } from './fields';

/**
 * The dealer's own portal (issue 12, ADR 022): its dashboard figures, its company profile and
 * logo, its colleagues. Every route behind it is scoped to the caller's organisation by the server.
 */

/** The dashboard's figures for the caller's organisation. */
export const dealerOverviewSchema = v.object({
  organisation: v.object({ id: v.number(), name: v.string() }),
  customers: v.object({ requested: v.number(), active: v.number(), declined: v.number() }),
  colleagues: v.number(),
  profile: v.object({ has_logo: v.boolean(), has_opening_hours: v.boolean(), complete: v.boolean() }),
});
export type DealerOverview = v.InferOutput<typeof dealerOverviewSchema>;
export const dealerOverviewEnvelopeSchema = envelopeSchema(dealerOverviewSchema);

export const OPENING_HOURS_MAX_LENGTH = 500;

/**
 * THE declaration of the profile a dealer's users edit: the same rules as the dealer registration
 * (docs/product.md §5) for the same fields, plus free-text opening hours. Company name and tax id
 * are not here: only administrators change them.
 */
export const DEALER_PROFILE_FIELDS = {
  contact_email: emailField,
  contact_number: phoneField,
  street: DEALER_FIELDS.street,
  postcode: DEALER_FIELDS.postcode,
  city: DEALER_FIELDS.city,
  country: DEALER_FIELDS.country,
  website: DEALER_FIELDS.website,
  delivery_area: DEALER_FIELDS.delivery_area,
  brands_served: DEALER_FIELDS.brands_served,
  opening_hours: v.optional(
    v.pipe(v.string('fieldTooLong'), v.trim(), plainText(), v.maxLength(OPENING_HOURS_MAX_LENGTH, 'fieldTooLong')),
    '',
  ),
};
export type DealerProfileField = keyof typeof DEALER_PROFILE_FIELDS;
export const DEALER_PROFILE_FIELD_NAMES = Object.keys(DEALER_PROFILE_FIELDS) as DealerProfileField[];

/** The editable part, as the form validates it. */
export const dealerProfileChangesSchema = v.object(DEALER_PROFILE_FIELDS);
export type DealerProfileChanges = v.InferOutput<typeof dealerProfileChangesSchema>;

/**
 * The PUT: the changes and the `updated_at` they were made on; the server refuses a stale one
 * with 409 and the current profile. Anything else in the body (id, organisation_id, name,
 * tax_id) is dropped by `v.object`.
 */
export const dealerProfileUpdateSchema = v.object({
  ...DEALER_PROFILE_FIELDS,
  updated_at: v.pipe(v.string('invalidRequest'), v.isoTimestamp('invalidRequest')),
});
export type DealerProfileUpdate = v.InferOutput<typeof dealerProfileUpdateSchema>;

export const dealerProfileSchema = v.object({
  organisation_id: v.number(),
  name: v.string(),
  tax_id: v.string(),
  contact_email: v.string(),
  contact_number: v.string(),
  street: v.string(),
  postcode: v.string(),
  city: v.string(),
  country: v.string(),
  website: v.string(),
  delivery_area: v.string(),
  brands_served: v.array(v.string()),
  opening_hours: v.string(),
  /** The public address of the logo, or null when none is uploaded. */
  logo_url: v.nullable(v.string()),
  updated_at: v.string(),
});
export type DealerProfile = v.InferOutput<typeof dealerProfileSchema>;
export const dealerProfileEnvelopeSchema = envelopeSchema(dealerProfileSchema);

/** Logos: PNG, JPEG or WebP up to 512 KB, judged by their first bytes on the server. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
/** Base64 of LOGO_MAX_BYTES bytes; a longer string cannot be an allowed logo. */
export const LOGO_BASE64_MAX_LENGTH = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

/**
 * The upload is JSON carrying the file as base64, so it passes the API's one CSRF rule (JSON
 * only) unchanged; the server decodes it and decides the type from the bytes, never from a name
 * or a declared content type.
 */
export const logoUploadSchema = v.object({
  data: v.pipe(
    v.string('logoTypeInvalid'),
    v.maxLength(LOGO_BASE64_MAX_LENGTH, 'logoTooLarge'),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'logoTypeInvalid'),
  ),
});
export type LogoUpload = v.InferOutput<typeof logoUploadSchema>;
export const logoEnvelopeSchema = envelopeSchema(v.object({ logo_url: v.nullable(v.string()) }));

/** The public address of an organisation's logo. */
export function organisationLogoPath(organisationId: number) {
  return `/svc/part-dealer/organisation-logos/${organisationId}`;
}

export const colleagueSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  status: v.picklist(USER_STATUSES),
  is_you: v.boolean(),
});
export type Colleague = v.InferOutput<typeof colleagueSchema>;
export const colleagueListEnvelopeSchema = envelopeSchema(v.object({ items: v.array(colleagueSchema) }));
export const colleagueEnvelopeSchema = envelopeSchema(colleagueSchema);

/** A dealer user invites a colleague; the company is always the caller's organisation. */
export const colleagueInviteSchema = v.object({
  first_name: requiredText('firstNameRequired', 80),
  email: emailField,
});
export type ColleagueInvite = v.InferOutput<typeof colleagueInviteSchema>;
export type ColleagueInviteField = keyof ColleagueInvite;

/** The profile form's inputs: delivery area as the registration's choice plus its "other" text. */
export const DEALER_PROFILE_FORM_FIELDS = [
  'contact_email',
  'contact_number',
  'street',
  'postcode',
  'city',
  'country',
  'website',
  'delivery_area_dropdown',
  'delivery_area_other',
  'opening_hours',
] as const;
export type DealerProfileFormField = (typeof DEALER_PROFILE_FORM_FIELDS)[number];

/**
 * Unsaved edits kept across a reload (sessionStorage), with the organisation and the version they
 * were made on: a draft of another organisation (another user in the same tab) is never shown.
 */
export const dealerProfileDraftSchema = v.object({
  organisation_id: v.number(),
  values: v.object(recordOf(DEALER_PROFILE_FORM_FIELDS, () => v.string())),
  brands: v.array(v.string()),
  base_version: v.string(),
});
export type DealerProfileDraft = v.InferOutput<typeof dealerProfileDraftSchema>;
