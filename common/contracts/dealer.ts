import * as v from 'valibot';
import { pageQueryParam } from './admin-users';
import { envelopeSchema } from './envelope';
import { emailField, phoneField, requiredText } from './fields';
import { captchaAnswerField } from './workshop';

/** Spec §3 option lists. */
export const STEERER_OPTIONS = ['Innovation_Group', 'Riparo', 'Eurogarant', 'none', 'other'] as const;
export const DELIVERY_AREA_OPTIONS = ['regional', 'deutschlandweit', 'other'] as const;
/** Spec §3: the localized labels are the values, so both languages' labels are accepted. */
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

/** Spec §5: optional http(s) prefix, a host with a dot, optional path. */
export const WEBSITE_PATTERN = /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(:\d{2,5})?(\/[^\s]*)?$/i;
/** Spec §5 (dealer): 4 to 6 digits only. */
export const DEALER_POSTCODE_PATTERN = /^\d{4,6}$/;

const allCountries: readonly string[] = [...COUNTRY_LABELS.de, ...COUNTRY_LABELS.en];

/** The dealer onboarding submission (spec §3), as sent; helper fields never leave the browser. */
export const dealerOnboardingSchema = v.object({
  first_name: requiredText('firstNameRequired', 80),
  last_name: requiredText('lastNameRequired', 80),
  company_name: requiredText('companyNameRequired'),
  street: requiredText('addressRequired'),
  city: requiredText('cityRequired', 80),
  tax_id: requiredText('taxIdRequired', 40),
  email: emailField,
  contact_number: phoneField,
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
  delivery_area: requiredText('deliveryAreaRequired', 500),
  website: v.optional(
    v.pipe(
      v.string('websiteInvalid'),
      v.trim(),
      v.check((value) => value === '' || WEBSITE_PATTERN.test(value), 'websiteInvalid'),
    ),
    '',
  ),
  steerer: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'fieldTooLong')), ''),
  brands_served: v.pipe(
    v.array(
      v.pipe(v.string(), v.trim(), v.nonEmpty('brandsRequired'), v.maxLength(60, 'fieldTooLong')),
      'brandsRequired',
    ),
    v.minLength(1, 'brandsRequired'),
    v.maxLength(60, 'fieldTooLong'),
  ),
  recaptcha: captchaAnswerField,
  // `status` (spec §3: initial UNVERIFIED) is not read: the server always stores UNVERIFIED.
});
export type DealerOnboardingRequest = v.InferOutput<typeof dealerOnboardingSchema>;

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
  status: v.picklist(['UNVERIFIED', 'VERIFIED', 'REJECTED']),
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
  status: v.optional(v.picklist(['', 'UNVERIFIED', 'VERIFIED', 'REJECTED']), ''),
});
