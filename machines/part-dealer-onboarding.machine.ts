import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { AppPath } from '../common/app-paths';
import { BRANDS, type DealerOnboardingRequest, dealerOnboardingSchema, OTHER_BRAND } from '../common/contracts/dealer';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { captchaMachine } from './captcha.machine';
import { toRequestFailure } from './request-failure';

export type DealerValues = {
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  contact_number: string;
  street: string;
  city: string;
  postcode: string;
  country: string;
  website: string;
  steerer_dropdown: string;
  steerer_other: string;
  delivery_area_dropdown: string;
  delivery_area_other: string;
  tax_id: string;
};
export type DealerField = keyof DealerValues;
/** Where the view moves focus after a failed Next: a field, the brands card or the captcha. */
export type FocusTarget = DealerField | 'brands' | 'recaptcha';
/** What survives a reload (sessionStorage): never the captcha. */
export type DealerDraft = { values: DealerValues; brands: string[] };

export type DealerEvent =
  | { type: 'field.change'; field: DealerField; value: string }
  | { type: 'brand.toggle'; brand: string }
  | { type: 'customBrand.change'; value: string }
  | { type: 'customBrand.add' }
  | { type: 'brand.remove'; brand: string }
  | { type: 'form.next' }
  | { type: 'review.edit' }
  | { type: 'review.confirm' };

type DealerContext = {
  values: DealerValues;
  brands: string[];
  customBrand: string;
  errors: Partial<Record<FocusTarget, MessageId>>;
  focus: { target: FocusTarget; request: number } | null;
  captcha: ActorRefFrom<typeof captchaMachine>;
};

const emptyValues: DealerValues = {
  first_name: '',
  last_name: '',
  company_name: '',
  email: '',
  contact_number: '',
  street: '',
  city: '',
  postcode: '',
  country: '',
  website: '',
  steerer_dropdown: '',
  steerer_other: '',
  delivery_area_dropdown: '',
  delivery_area_other: '',
  tax_id: '',
};

/** Spec §5 order in which the first invalid field receives focus. */
const FOCUS_ORDER: FocusTarget[] = [
  'first_name',
  'last_name',
  'company_name',
  'street',
  'city',
  'tax_id',
  'email',
  'contact_number',
  'postcode',
  'country',
  'delivery_area_dropdown',
  'delivery_area_other',
  'website',
  'brands',
  'recaptcha',
];

const listedBrands: readonly string[] = BRANDS;

/** Spec §3: the submission without the form-only helper fields. */
export function dealerPayload(
  context: Pick<DealerContext, 'values' | 'brands'>,
  recaptcha: string,
): DealerOnboardingRequest & { status: 'UNVERIFIED' } {
  const { values } = context;
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    company_name: values.company_name.trim(),
    email: values.email.trim().toLowerCase(),
    contact_number: values.contact_number.trim(),
    street: values.street.trim(),
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    country: values.country,
    website: values.website.trim(),
    steerer: values.steerer_dropdown === 'other' ? values.steerer_other.trim() : values.steerer_dropdown,
    delivery_area:
      values.delivery_area_dropdown === 'other' ? values.delivery_area_other.trim() : values.delivery_area_dropdown,
    tax_id: values.tax_id.trim(),
    brands_served: context.brands.filter((brand) => brand !== OTHER_BRAND),
    recaptcha,
    status: 'UNVERIFIED',
  };
}

function validationErrors(context: DealerContext) {
  const captchaAnswer = context.captcha.getSnapshot().context.value;
  const result = v.safeParse(dealerOnboardingSchema, dealerPayload(context, captchaAnswer ?? ''));
  const byField = result.success ? {} : fieldErrors<string>(result.issues);
  const errors: Partial<Record<FocusTarget, MessageId>> = {};
  for (const [field, id] of Object.entries(byField)) {
    if (field === 'brands_served') errors.brands = id;
    else if (field === 'delivery_area') {
      if (context.values.delivery_area_dropdown === 'other') errors.delivery_area_other = id;
      else errors.delivery_area_dropdown = id;
    } else if (field === 'steerer') errors.steerer_other = id;
    else if (field === 'recaptcha') errors.recaptcha = 'captchaRequired';
    else errors[field as FocusTarget] = id;
  }
  if (!captchaAnswer) errors.recaptcha = 'captchaRequired';
  return errors;
}

/** Spec §5 live input: phone keeps digits, plus and space; the postcode keeps digits. */
function cleanInput(field: DealerField, value: string) {
  if (field === 'contact_number') return value.replace(/[^\d+ ]/g, '');
  if (field === 'postcode') return value.replace(/\D/g, '').slice(0, 6);
  return value;
}

function addBrand(brands: string[], raw: string) {
  const typed = raw.trim();
  if (!typed) return brands;
  // Spec §4: a custom brand matching a listed one (case-insensitively) selects the listed one.
  const brand = listedBrands.find((listed) => listed.toLowerCase() === typed.toLowerCase()) ?? typed;
  return brands.some((existing) => existing.toLowerCase() === brand.toLowerCase()) ? brands : [...brands, brand];
}

/**
 * Part-dealer onboarding (spec §2, §4, §5): editing → review dialog → submitting → the success
 * page, whatever the outcome (a failure still shows its message). Brand rules, live input rules
 * and the focus target of a failed Next live here; the form is kept as a draft (injected storage).
 */
export const partDealerOnboardingMachine = setup({
  types: {
    context: {} as DealerContext,
    events: {} as DealerEvent,
    input: {} as { draft: DealerDraft | null },
  },
  actors: {
    captcha: captchaMachine,
    submit: fromPromise<{ message: string | undefined }, DealerOnboardingRequest & { status: 'UNVERIFIED' }>(
      async () => {
        throw new Error('submit actor not implemented: provide it with partDealerOnboardingMachine.provide()');
      },
    ),
  },
  guards: {
    isCaptchaSolved: ({ context }) => context.captcha.getSnapshot().matches('solved'),
    // Spec §4: the custom brand input exists only while "Andere" is selected.
    isOtherBrandSelected: ({ context }) => context.brands.includes(OTHER_BRAND),
    isFormValid: ({ context }) => Object.keys(validationErrors(context)).length === 0,
  },
  actions: {
    saveDraft: (_, _params: DealerDraft) => {},
    clearDraft: () => {},
    navigate: (_, _params: { to: AppPath }) => {},
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    tellCaptchaAboutEdit: sendTo(({ context }) => context.captcha, { type: 'captcha.fieldEdited' }),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const values = { ...context.values, [event.field]: cleanInput(event.field, event.value) };
      // Spec §5: an error clears as soon as the field is valid (or, for plain required fields, non-empty).
      const stillWrong = validationErrors({ ...context, values })[event.field];
      const { [event.field]: _previous, ...others } = context.errors;
      return { values, errors: stillWrong && context.errors[event.field] ? context.errors : others };
    }),
    toggleBrand: assign(({ context, event }) => {
      assertEvent(event, 'brand.toggle');
      const selected = context.brands.includes(event.brand);
      let brands = selected
        ? context.brands.filter((brand) => brand !== event.brand)
        : [...context.brands, event.brand];
      // Spec §4: deselecting "Andere" removes every custom (non-listed) brand.
      if (event.brand === OTHER_BRAND && selected) brands = brands.filter((brand) => listedBrands.includes(brand));
      const { brands: _cleared, ...errors } = context.errors;
      return { brands, errors: brands.length > 0 ? errors : context.errors };
    }),
    addCustomBrand: assign(({ context }) => {
      const brands = addBrand(context.brands, context.customBrand);
      const { brands: _cleared, ...errors } = context.errors;
      return { brands, customBrand: '', errors: brands.length > 0 ? errors : context.errors };
    }),
    removeBrand: assign(({ context, event }) => {
      assertEvent(event, 'brand.remove');
      return { brands: context.brands.filter((brand) => brand !== event.brand) };
    }),
    showErrorsAndFocus: assign(({ context }) => {
      const errors = validationErrors(context);
      const target = FOCUS_ORDER.find((field) => field in errors) ?? null;
      return { errors, focus: target ? { target, request: (context.focus?.request ?? 0) + 1 } : context.focus };
    }),
  },
}).createMachine({
  id: 'dealerOnboarding',
  context: ({ input, spawn }) => ({
    values: input.draft?.values ?? emptyValues,
    brands: input.draft?.brands ?? [],
    customBrand: '',
    errors: {},
    focus: null,
    captcha: spawn('captcha', { id: 'captcha' }),
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: [
            'updateField',
            'tellCaptchaAboutEdit',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values, brands: context.brands }) },
          ],
        },
        'brand.toggle': {
          actions: [
            'toggleBrand',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values, brands: context.brands }) },
          ],
        },
        'customBrand.change': {
          guard: 'isOtherBrandSelected',
          actions: assign({ customBrand: ({ event }) => event.value }),
        },
        'customBrand.add': {
          guard: 'isOtherBrandSelected',
          actions: [
            'addCustomBrand',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values, brands: context.brands }) },
          ],
        },
        'brand.remove': {
          actions: [
            'removeBrand',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values, brands: context.brands }) },
          ],
        },
        // Spec §2: Next stays disabled until the captcha is solved.
        'form.next': [
          { guard: 'isFormValid', target: 'reviewing', actions: assign({ errors: {} }) },
          { guard: 'isCaptchaSolved', actions: 'showErrorsAndFocus' },
        ],
      },
    },
    reviewing: {
      tags: ['dialogOpen'],
      on: {
        'review.edit': 'editing',
        // The captcha may have been reset meanwhile (1 s after the last edit): then back to the
        // form with the captcha focused, rather than sending a submission that must fail.
        'review.confirm': [
          { guard: 'isCaptchaSolved', target: 'submitting' },
          { target: 'editing', actions: 'showErrorsAndFocus' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => dealerPayload(context, context.captcha.getSnapshot().context.value ?? ''),
        // Spec §4: the success page follows whatever the outcome; a failure still shows its message.
        onDone: {
          target: 'submitted',
          actions: [
            { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
            'clearDraft',
            { type: 'navigate', params: { to: '/business-info-success' } },
          ],
        },
        onError: {
          target: 'submitted',
          actions: [
            { type: 'notifyFailure', params: ({ event }) => ({ message: toRequestFailure(event.error).message }) },
            { type: 'navigate', params: { to: '/business-info-success' } },
          ],
        },
      },
    },
    submitted: { type: 'final' },
  },
});
