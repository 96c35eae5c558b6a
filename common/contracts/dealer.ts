import * as v from 'valibot';
import { pageQueryParam } from './admin-users';
import { envelopeSchema } from './envelope';
import { emailField, phoneField, plainText, recordIdField, requiredText } from './fields';
import { captchaAnswerField } from './workshop';

/** docs/product.md §3 option lists. */
export const STEERER_OPTIONS = ['Innovation_Group', 'Riparo', 'Eurogarant', 'none', 'other'] as const;
export const DELIVERY_AREA_OPTIONS = ['regional', 'deutschlandweit', 'other'] as const;
/** docs/product.md §3: the localized labels are the values, so both languages' labels are accepted. */
export const COUNTRY_LABELS = {
  de: ['Deutschland', 'Österreich', 'Schweiz', 'Niederlande', 'Belgien', 'Frankreich'],
  en: ['Germany', 'Austria', 'Switzerland', 'Netherlands', 'Belgium', 'France'],
} as const;
export const OTHER_BRAND = 'Andere';
export const BRANDS = [
  'Audi',
  'BMW',
  'Mercedes-Benz',
  'Volkswagen',
  'Porsche',
  'Opel',
  'Ford',
  'Renault',
  'Peugeot',
  'Citroën',
  'Fiat',
  'Alfa Romeo',
  'Skoda',
  'SEAT',
  'Hyundai',
  'Kia',
  'Toyota',
  'Honda',
  'Nissan',
  'Mazda',
  'Volvo',
  'Saab',
  'Mini',
  'Smart',
  'Dacia',
  'Suzuki',
  'Mitsubishi',
  'Subaru',
  'Lexus',
  'Infiniti',
  'Acura',
  'Jaguar',
  'Land Rover',
  'Bentley',
  'Rolls-Royce',
  'Aston Martin',
  'McLaren',
  'Ferrari',
  'Lamborghini',
  'Maserati',
  OTHER_BRAND,
] as const;

/** docs/product.md §5: optional http(s) prefix, a host with a dot, optional path. */
export const WEBSITE_PATTERN = /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(:\d{2,5})?(\/[^\s]*)?$/i;
/** docs/product.md §5 (dealer): 4 to 6 digits only. */
export const DEALER_POSTCODE_PATTERN = /^\d{4,6}$/;

const allCountries: readonly string[] = [...COUNTRY_LABELS.de, ...COUNTRY_LABELS.en];

/**
 * THE declaration of the dealer registration (docs/product.md §3): every submitted field with its rule
 * (docs/product.md §5), in the order the review dialog lists them (docs/product.md §2). The form's values, empty form,
 * draft, focus order, payload, review rows and the server's row are all derived from it.
 */
export const DEALER_FIELDS = {
  first_name: requiredText('firstNameRequired', 80),
  last_name: requiredText('lastNameRequired', 80),
  company_name: requiredText('companyNameRequired'),
  email: emailField,
  contact_number: phoneField,
  street: requiredText('addressRequired'),
  city: requiredText('cityRequired', 80),
  postcode: v.optional(
    v.pipe(
      v.string('zipRequired'),
      v.trim(),
      v.nonEmpty('zipRequired'),
      v.regex(DEALER_POSTCODE_PATTERN, 'zipInvalid'),
    ),
    '',
  ),
  country: v.optional(
    v.pipe(
      v.string('countryRequired'),
      v.check((value) => allCountries.includes(value), 'countryRequired'),
    ),
    '',
  ),
  website: v.optional(
    v.pipe(
      v.string('websiteInvalid'),
      v.trim(),
      v.check((value) => value === '' || WEBSITE_PATTERN.test(value), 'websiteInvalid'),
    ),
    '',
  ),
  steerer: v.optional(v.pipe(v.string(), v.trim(), plainText(), v.maxLength(120, 'fieldTooLong')), ''),
  tax_id: requiredText('taxIdRequired', 40),
  delivery_area: requiredText('deliveryAreaRequired', 500),
  brands_served: v.pipe(
    v.array(
      v.pipe(v.string(), v.trim(), plainText(), v.nonEmpty('brandsRequired'), v.maxLength(60, 'fieldTooLong')),
      'brandsRequired',
    ),
    v.minLength(1, 'brandsRequired'),
    v.maxLength(60, 'fieldTooLong'),
    v.transform((brands) => [...new Set(brands)]),
  ),
};
export type DealerField = keyof typeof DEALER_FIELDS;
/** The declared fields in their order (Object.keys keeps the declaration's order of string keys). */
export const DEALER_FIELD_NAMES = Object.keys(DEALER_FIELDS) as DealerField[];

/** What a dealer registers, as the review shows it and the server stores it. */
export const dealerSubmissionSchema = v.object(DEALER_FIELDS);
export type DealerSubmission = v.InferOutput<typeof dealerSubmissionSchema>;

/** The dealer onboarding submission (docs/product.md §3), as sent; helper fields never leave the browser. */
export const dealerOnboardingSchema = v.object({
  ...DEALER_FIELDS,
  recaptcha: captchaAnswerField,
  // `status` (docs/product.md §3: starts UNVERIFIED) is not read: the server always stores UNVERIFIED.
});
export type DealerOnboardingRequest = v.InferOutput<typeof dealerOnboardingSchema>;

/**
 * Fields picked from a list whose "other" option asks for free text: the form holds them as the
 * helper pair `<field>_dropdown` and `<field>_other` (docs/product.md §3), never as the field itself.
 */
export const DEALER_CHOICES = { steerer: STEERER_OPTIONS, delivery_area: DELIVERY_AREA_OPTIONS } as const;
export type DealerChoiceField = keyof typeof DEALER_CHOICES;
/** The one list the form keeps apart from its text values (the brand checkboxes and chips). */
export const DEALER_LIST_FIELD = 'brands_served' satisfies DealerField;
/** The fields submitted as one string each. */
export type DealerStringField = Exclude<DealerField, typeof DEALER_LIST_FIELD>;
export const DEALER_STRING_FIELDS = DEALER_FIELD_NAMES.filter(
  (field): field is DealerStringField => field !== DEALER_LIST_FIELD,
);
export type DealerFormField =
  | Exclude<DealerStringField, DealerChoiceField>
  | `${DealerChoiceField}_dropdown`
  | `${DealerChoiceField}_other`;

export function isDealerChoiceField(field: DealerField): field is DealerChoiceField {
  return field in DEALER_CHOICES;
}

/** The form inputs behind one submitted field: itself, or a choice's select and its "other" text. */
export function dealerFormFieldsOf(field: DealerStringField): DealerFormField[] {
  return isDealerChoiceField(field) ? [`${field}_dropdown`, `${field}_other`] : [field];
}

/** Every input of the form, in the declared order. */
export const DEALER_FORM_FIELDS = DEALER_STRING_FIELDS.flatMap(dealerFormFieldsOf);

/** A record with one entry per key, in the keys' order. */
export function recordOf<TKey extends string, TValue>(keys: readonly TKey[], entryFor: (key: TKey) => TValue) {
  // Object.fromEntries cannot know that every key is present; the keys are exactly the given ones.
  return Object.fromEntries(keys.map((key) => [key, entryFor(key)])) as Record<TKey, TValue>;
}

/** What survives a reload (sessionStorage): every form input and the brands, never the captcha. */
export const dealerDraftSchema = v.object({
  values: v.object(recordOf(DEALER_FORM_FIELDS, () => v.string())),
  brands: v.array(v.string()),
});
export type DealerDraft = v.InferOutput<typeof dealerDraftSchema>;
export type DealerValues = DealerDraft['values'];

export const DEALER_LEAD_STATUSES = ['UNVERIFIED', 'VERIFIED', 'REJECTED'] as const;

export const dealerLeadSchema = v.object({
  id: v.number(),
  company_name: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  contact_number: v.string(),
  city: v.string(),
  country: v.string(),
  brands_served: v.array(v.string()),
  status: v.picklist(DEALER_LEAD_STATUSES),
  review_note: v.nullable(v.string()),
  created_at: v.string(),
});
export type DealerLead = v.InferOutput<typeof dealerLeadSchema>;

export const dealerLeadListEnvelopeSchema = envelopeSchema(
  v.object({ items: v.array(dealerLeadSchema), total: v.number(), page: v.number(), page_size: v.number() }),
);
export const dealerLeadEnvelopeSchema = envelopeSchema(dealerLeadSchema);

export const dealerLeadQuerySchema = v.object({
  page: pageQueryParam,
  status: v.optional(v.picklist(['', ...DEALER_LEAD_STATUSES]), ''),
});

/**
 * The administrator's decision on a dealer registration: a reason for a rejection, and when
 * verifying optionally the listed (reference) dealer this registration is, so the relations
 * workshops already requested with it reach the new organisation (ADR 022).
 */
export const dealerDecisionSchema = v.object({
  reason: v.optional(v.pipe(v.string(), v.trim(), plainText(), v.maxLength(500, 'fieldTooLong')), ''),
  reference_dealer_id: v.optional(v.nullable(recordIdField), null),
});
export type DealerDecisionRequest = v.InferInput<typeof dealerDecisionSchema>;

/** A listed dealer that no organisation stands for yet: one a verification can be linked to. */
export const referenceDealerSchema = v.object({ id: v.number(), name: v.string() });
export type ReferenceDealer = v.InferOutput<typeof referenceDealerSchema>;
export const referenceDealerListEnvelopeSchema = envelopeSchema(v.array(referenceDealerSchema));
