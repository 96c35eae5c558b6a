import * as v from 'valibot';
import { pageQueryParam } from './admin-users';
import { envelopeSchema } from './envelope';
import {
  emailField,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  plainText,
  presentedPasswordField,
  recordIdField,
  requiredText,
  signedTokenField,
} from './fields';

/** docs/product.md §9: DMS id 9999 means "other" and is sent with the name "Anderes". */
export const OTHER_DMS_ID = 9999;
export const OTHER_DMS_NAME = 'Anderes';
export const INVITATION_VALID_DAYS = 7;
export const workshopLeadModes = ['plain', 'account-creation'] as const;
export type WorkshopLeadMode = (typeof workshopLeadModes)[number];

/** The captcha answer of a public form; the server verifies it, the client only checks presence. */
export const captchaAnswerField = v.optional(
  v.pipe(v.string('captchaRequired'), v.nonEmpty('captchaRequired'), v.maxLength(4000, 'captchaInvalid')),
  '',
);

/** Invitation request (/view-request, /workshop-account), docs/product.md §3 plus the form it came from. */
export const invitationRequestSchema = v.object({
  workshop_primary_email: emailField,
  workshop_account_name: requiredText('fieldRequired'),
  recaptcha: captchaAnswerField,
  mode: v.optional(v.picklist(workshopLeadModes, 'invalidRequest'), 'plain'),
});
export type InvitationRequest = v.InferOutput<typeof invitationRequestSchema>;

export const invitationTokenField = signedTokenField();

/**
 * Where a plain-mode onboarding stands after its account exists (ADR 015): the step the wizard
 * opens next, or done once the suppliers were saved or skipped.
 */
export const onboardingSteps = ['master-data', 'suppliers', 'done'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];
export const skippableSteps = ['master-data', 'suppliers'] as const;
export type SkippableStep = (typeof skippableSteps)[number];

/** What a returning workshop gets back to continue: its next step and everything it saved so far. */
export const onboardingResumeSchema = v.object({
  next_step: v.picklist(skippableSteps),
  user_id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  workshop_id: v.number(),
  dms: v.nullable(v.object({ dms_id: v.number(), dms_account_id: v.string() })),
  suppliers: v.array(v.object({ part_dealer_id: v.number(), customer_number: v.string() })),
  additional_suppliers: v.array(v.object({ name: v.string(), customer_number: v.string() })),
});
export type OnboardingResume = v.InferOutput<typeof onboardingResumeSchema>;

/**
 * What the wizard shows from its invitation (docs/product.md §3 (token contents)), as the server confirms it;
 * `resume` is set when an invitation already used by this browser's onboarding is opened again.
 */
export const invitationSchema = v.object({
  email: v.string(),
  workshop_account_name: v.string(),
  lead_id: v.number(),
  mode: v.picklist(workshopLeadModes),
  resume: v.optional(v.nullable(onboardingResumeSchema), null),
});
export type Invitation = v.InferOutput<typeof invitationSchema>;
export const invitationEnvelopeSchema = envelopeSchema(invitationSchema);

/** "Continue with your password" on another browser: the mailed link plus the account's password. */
export const resumeOnboardingSchema = v.object({
  token: invitationTokenField,
  password: presentedPasswordField,
});
export type ResumeOnboardingRequest = v.InferOutput<typeof resumeOnboardingSchema>;

/** Skipping step 2 or 3 is recorded too, so the server knows where the wizard continues. */
export const skipOnboardingStepSchema = v.object({
  step: v.picklist(skippableSteps, 'invalidRequest'),
});

/** Wizard step 1 (docs/product.md §5: email, first name, password required, password ≥ 8; last name unchecked). */
export const createWorkshopAccountSchema = v.object({
  token: invitationTokenField,
  first_name: requiredText('enterName', 80),
  last_name: v.optional(v.pipe(v.string(), v.trim(), plainText(), v.maxLength(80, 'fieldTooLong')), ''),
  password: v.optional(
    v.pipe(
      v.string('enterPassword'),
      v.nonEmpty('enterPassword'),
      v.minLength(PASSWORD_MIN_LENGTH, 'password8CharLong'),
      v.maxLength(PASSWORD_MAX_LENGTH, 'passwordTooLong'),
    ),
    '',
  ),
});
export type CreateWorkshopAccountRequest = v.InferOutput<typeof createWorkshopAccountSchema>;

/** docs/product.md §3: the account creation response (message, first_name, workshop with id). */
export const workshopAccountEnvelopeSchema = envelopeSchema(
  v.object({
    user_id: v.number(),
    first_name: v.string(),
    email: v.string(),
    workshop: v.nullable(v.object({ id: v.number() })),
  }),
);

/** The customer number at a supplier not on the portal (free text, the wizard's rule). */
export const additionalCustomerNumberField = v.pipe(
  v.string('customerNoRequired'),
  v.trim(),
  plainText(),
  v.nonEmpty('customerNoRequired'),
  v.maxLength(40, 'fieldTooLong'),
);

/**
 * Issue 24 §6: the customer number at a listed part dealer as dealers issue it ("4711", "K-10001",
 * "55-1234", "KD 12/3.4"): letters, digits, "-", "/", "." and spaces, starting with a letter or
 * digit, up to 32 characters. The one rule for it; numbers stored under the old digits-only rule
 * still match.
 */
const DEALER_CUSTOMER_NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}\-/. ]{0,31}$/u;

/** The customer number as typed beside a dealer tile (the wizard checks each selected tile). */
export const dealerCustomerNumberField = v.pipe(
  v.string('customerNoRequired'),
  v.trim(),
  v.nonEmpty('customerNoRequired'),
  v.regex(DEALER_CUSTOMER_NUMBER_PATTERN, 'customerNoInvalid'),
);

/**
 * docs/product.md §5: the wizard request's customer number. It is sent as text; a whole number (the
 * old request shape) is still taken as long as it is exact (the relation stores its digits).
 */
const wizardDealerCustomerNumberField = v.union(
  [
    dealerCustomerNumberField,
    v.pipe(
      v.number('customerNoRequired'),
      v.check((value) => Number.isSafeInteger(value) && value >= 0, 'customerNoInvalid'),
    ),
  ],
  'customerNoRequired',
);

/** Save onboarding data, first shape (docs/product.md §7): a DMS must be chosen, then its account id is required. */
export const dmsDetailsSchema = v.object({
  dms_id: v.pipe(v.number('selectDMSID'), v.integer('selectDMSID'), v.minValue(1, 'selectDMSID')),
  dms_account_id: requiredText('selectDMSAccId', 40),
  additional_dms_name: v.optional(v.literal(OTHER_DMS_NAME)),
});
export type DmsDetailsRequest = v.InferOutput<typeof dmsDetailsSchema>;

/** Save onboarding data, second shape (docs/product.md §7): the part suppliers, at least one of them. */
export const supplierDetailsSchema = v.pipe(
  v.object({
    part_dealer_request: v.literal(true),
    first_name: v.optional(v.pipe(v.string(), plainText(), v.maxLength(80)), ''),
    part_dealer_data: v.pipe(
      v.array(
        v.object({
          part_dealer_id: recordIdField,
          part_dealer_customer_number: wizardDealerCustomerNumberField,
        }),
      ),
      v.maxLength(50, 'invalidRequest'),
    ),
    additional_part_dealer_data: v.pipe(
      v.array(
        v.object({
          part_dealer_name: requiredText('fieldRequired', 120),
          part_dealer_customer_number: additionalCustomerNumberField,
        }),
      ),
      v.maxLength(50, 'invalidRequest'),
    ),
  }),
  v.forward(
    v.check(
      (body) => body.part_dealer_data.length + body.additional_part_dealer_data.length > 0,
      'atLeastPartsSupplier',
    ),
    ['part_dealer_data'],
  ),
);
export type SupplierDetailsRequest = v.InferOutput<typeof supplierDetailsSchema>;

export const workshopDetailsSchema = v.union([dmsDetailsSchema, supplierDetailsSchema], 'invalidRequest');
export type WorkshopDetailsRequest = v.InferOutput<typeof workshopDetailsSchema>;

export const optionListEnvelopeSchema = <TItem extends v.GenericSchema>(item: TItem) =>
  envelopeSchema(v.object({ data: v.array(item) }));
export const dmsOptionSchema = v.object({ id: v.number(), name: v.string() });
export const partDealerOptionSchema = v.object({ id: v.number(), name: v.string(), logo_url: v.nullable(v.string()) });
export type DmsOption = v.InferOutput<typeof dmsOptionSchema>;
export type PartDealerOption = v.InferOutput<typeof partDealerOptionSchema>;

export const workshopLeadStatuses = ['requested', 'approved', 'registered', 'verified', 'rejected'] as const;

/** The admin's view of invitation requests. */
export const workshopLeadSchema = v.object({
  id: v.number(),
  email: v.string(),
  workshop_account_name: v.string(),
  mode: v.picklist(workshopLeadModes),
  status: v.picklist(workshopLeadStatuses),
  review_note: v.nullable(v.string()),
  created_at: v.string(),
});
export type WorkshopLead = v.InferOutput<typeof workshopLeadSchema>;

export const leadListQuerySchema = v.object({
  page: pageQueryParam,
  status: v.optional(v.picklist(['', ...workshopLeadStatuses]), ''),
});
export const leadListEnvelopeSchema = envelopeSchema(
  v.object({ items: v.array(workshopLeadSchema), total: v.number(), page: v.number(), page_size: v.number() }),
);
export const leadDecisionSchema = v.object({
  reason: v.optional(v.pipe(v.string(), v.trim(), plainText(), v.maxLength(500, 'fieldTooLong')), ''),
});
export const leadEnvelopeSchema = envelopeSchema(workshopLeadSchema);
