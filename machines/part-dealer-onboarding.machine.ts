import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { AppPath } from '../common/app-paths';
import {
  BRANDS,
  DEALER_FIELD_NAMES,
  DEALER_FORM_FIELDS,
  DEALER_LIST_FIELD,
  DEALER_STRING_FIELDS,
  type DealerDraft,
  type DealerField,
  type DealerFormField,
  type DealerOnboardingRequest,
  type DealerSubmission,
  type DealerValues,
  dealerFormFieldsOf,
  dealerOnboardingSchema,
  dealerSubmissionSchema,
  isDealerChoiceField,
  OTHER_BRAND,
  recordOf,
} from '../common/contracts/dealer';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { type CaptchaReport, captchaMachine, keepCaptchaAnswer } from './captcha.machine';
import { failureNotice } from './request-failure';

/** Where the view moves focus after a failed Next: a form input, the brands card or the captcha. */
export type FocusTarget = DealerFormField | 'brands' | 'recaptcha';

export type DealerEvent =
  | { type: 'field.change'; field: DealerFormField; value: string }
  | { type: 'brand.toggle'; brand: string }
  | { type: 'customBrand.change'; value: string }
  | { type: 'customBrand.add' }
  | { type: 'brand.remove'; brand: string }
  | { type: 'form.next' }
  | { type: 'review.edit' }
  | { type: 'review.confirm' }
  | CaptchaReport;

type DealerContext = {
  values: DealerValues;
  brands: string[];
  customBrand: string;
  errors: Partial<Record<FocusTarget, MessageId>>;
  focus: { target: FocusTarget; request: number } | null;
  captcha: ActorRefFrom<typeof captchaMachine>;
  /** The solved captcha's answer, as the captcha reported it; null until solved and once reset. */
  captchaAnswer: string | null;
};
type DealerForm = Pick<DealerContext, 'values' | 'brands'>;

export type DealerPayload = DealerOnboardingRequest & { status: 'UNVERIFIED' };

const emptyValues: DealerValues = recordOf(DEALER_FORM_FIELDS, () => '');

/** The input that shows a field's error and takes the focus: a choice shows it where it was made. */
function targetOf(field: DealerField, values: DealerValues): FocusTarget {
  if (field === DEALER_LIST_FIELD) return 'brands';
  if (isDealerChoiceField(field))
    return values[`${field}_dropdown`] === 'other' ? `${field}_other` : `${field}_dropdown`;
  return field;
}

/** The declared order, then the captcha: the first invalid one of these receives focus. */
const FOCUS_ORDER: FocusTarget[] = [
  ...DEALER_FIELD_NAMES.flatMap((field): FocusTarget[] =>
    field === DEALER_LIST_FIELD ? ['brands'] : dealerFormFieldsOf(field),
  ),
  'recaptcha',
];

const listedBrands: readonly string[] = BRANDS;

/** docs/product.md §3: each submitted field from its input or a choice's "other" text; brands without "Andere". */
function typedSubmission({ values, brands }: DealerForm): DealerSubmission {
  const strings = recordOf(DEALER_STRING_FIELDS, (field) => {
    if (!isDealerChoiceField(field)) return values[field];
    const chosen = values[`${field}_dropdown`];
    return chosen === 'other' ? values[`${field}_other`] : chosen;
  });
  return { ...strings, [DEALER_LIST_FIELD]: brands.filter((brand) => brand !== OTHER_BRAND) };
}

/** The submission as it will be sent: trimmed and lower-cased by the contract once it is valid. */
export function dealerSubmission(form: DealerForm): DealerSubmission {
  const typed = typedSubmission(form);
  const parsed = v.safeParse(dealerSubmissionSchema, typed);
  return parsed.success ? parsed.output : typed;
}

/** docs/product.md §3: the submission without the form-only helper fields. */
export function dealerPayload(form: DealerForm, recaptcha: string): DealerPayload {
  return { ...dealerSubmission(form), recaptcha, status: 'UNVERIFIED' };
}

function validationErrors(context: DealerContext) {
  const { captchaAnswer } = context;
  const result = v.safeParse(dealerOnboardingSchema, { ...typedSubmission(context), recaptcha: captchaAnswer ?? '' });
  const byField = result.success ? {} : fieldErrors<DealerField | 'recaptcha'>(result.issues);
  const errors: Partial<Record<FocusTarget, MessageId>> = {};
  for (const [field, id] of Object.entries(byField) as [DealerField | 'recaptcha', MessageId][]) {
    if (field === 'recaptcha') errors.recaptcha = 'captchaRequired';
    else errors[targetOf(field, context.values)] = id;
  }
  if (!captchaAnswer) errors.recaptcha = 'captchaRequired';
  return errors;
}

/** docs/product.md §5 live input: phone keeps digits, plus and space; the postcode keeps digits. */
function cleanInput(field: DealerFormField, value: string) {
  if (field === 'contact_number') return value.replace(/[^\d+ ]/g, '');
  if (field === 'postcode') return value.replace(/\D/g, '').slice(0, 6);
  return value;
}

function addBrand(brands: string[], raw: string) {
  const typed = raw.trim();
  if (!typed) return brands;
  // docs/product.md §4: a custom brand matching a listed one (case-insensitively) selects the listed one.
  const brand = listedBrands.find((listed) => listed.toLowerCase() === typed.toLowerCase()) ?? typed;
  return brands.some((existing) => existing.toLowerCase() === brand.toLowerCase()) ? brands : [...brands, brand];
}

/**
 * Part-dealer onboarding (docs/product.md §2, §4, §5): editing → review dialog → submitting → the success
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
    submit: fromPromise<{ message: string | undefined }, DealerPayload>(async () => {
      throw new Error('submit actor not implemented: provide it with partDealerOnboardingMachine.provide()');
    }),
  },
  guards: {
    isCaptchaSolved: ({ context }) => context.captchaAnswer !== null,
    // docs/product.md §4: the custom brand input exists only while "Andere" is selected.
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
      // docs/product.md §5: an error clears as soon as the field is valid (or, for plain required fields, non-empty).
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
      // docs/product.md §4: deselecting "Andere" removes every custom (non-listed) brand.
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
    captchaAnswer: null,
  }),
  // The captcha reports in any state, so a reset while the review is open blocks Confirm.
  on: keepCaptchaAnswer<DealerContext, DealerEvent>(),
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
        // docs/product.md §2: Next stays disabled until the captcha is solved.
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
        input: ({ context }) => dealerPayload(context, context.captchaAnswer ?? ''),
        // docs/product.md §4: the success page follows whatever the outcome; a failure still shows its message.
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
            { type: 'notifyFailure', params: failureNotice },
            { type: 'navigate', params: { to: '/business-info-success' } },
          ],
        },
      },
    },
    submitted: { type: 'final' },
  },
});
