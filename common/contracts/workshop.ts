import * as v from 'valibot';
import { pageQueryParam } from './admin-users';
import { envelopeSchema } from './envelope';
import { emailField, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, requiredText } from './fields';

/** Spec §9: DMS id 9999 means "other" and is sent with the name "Anderes". */
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

/** Invitation request (/view-request, /workshop-account), spec §3 plus the form it came from. */
export const invitationRequestSchema = v.object({
  workshop_primary_email: emailField,
  workshop_account_name: requiredText('fieldRequired'),
  recaptcha: captchaAnswerField,
  mode: v.optional(v.picklist(workshopLeadModes, 'invalidRequest'), 'plain'),
});
export type InvitationRequest = v.InferOutput<typeof invitationRequestSchema>;

export const invitationTokenField = v.pipe(
  v.string('tokenInvalid'),
  v.minLength(20, 'tokenInvalid'),
  v.maxLength(2000, 'tokenInvalid'),
);

/** What the wizard shows from its invitation (spec §3 token content), as the server confirms it. */
export const invitationSchema = v.object({
  email: v.string(),
  workshop_account_name: v.string(),
  lead_id: v.number(),
  mode: v.picklist(workshopLeadModes),
});
export type Invitation = v.InferOutput<typeof invitationSchema>;
export const invitationEnvelopeSchema = envelopeSchema(invitationSchema);

/** Wizard step 1 (spec §5: email, first name, password required, password ≥ 8; last name unchecked). */
export const createWorkshopAccountSchema = v.object({
  token: invitationTokenField,
  first_name: requiredText('enterName', 80),
  last_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, 'fieldTooLong')), ''),
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

/** Spec §3: the account creation response (message, first_name, workshop with id). */
export const workshopAccountEnvelopeSchema = envelopeSchema(
  v.object({
    user_id: v.number(),
    first_name: v.string(),
    email: v.string(),
    workshop: v.nullable(v.object({ id: v.number() })),
  }),
);

const customerNumber = v.pipe(
  v.string('customerNoRequired'),
  v.trim(),
  v.nonEmpty('customerNoRequired'),
  v.maxLength(40, 'fieldTooLong'),
);

/** Save onboarding data, first shape (spec §7): the DMS. */
export const dmsDetailsSchema = v.object({
  token: invitationTokenField,
  dms_id: v.pipe(v.number('selectDMSID'), v.integer('selectDMSID'), v.minValue(1, 'selectDMSID')),
  dms_account_id: customerNumber,
  additional_dms_name: v.optional(v.literal(OTHER_DMS_NAME)),
});

/** Save onboarding data, second shape (spec §7): the part suppliers. */
export const supplierDetailsSchema = v.object({
  token: invitationTokenField,
  part_dealer_request: v.literal(true),
  first_name: v.optional(v.pipe(v.string(), v.maxLength(80)), ''),
  part_dealer_data: v.pipe(
    v.array(
      v.object({
        part_dealer_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
        // Spec §5: the customer number of a selected supplier is sent as a number.
        part_dealer_customer_number: v.pipe(
          v.number('customerNoRequired'),
          v.integer('customerNoRequired'),
          v.minValue(0, 'customerNoRequired'),
        ),
      }),
    ),
    v.maxLength(50, 'invalidRequest'),
  ),
  additional_part_dealer_data: v.pipe(
    v.array(
      v.object({ part_dealer_name: requiredText('fieldRequired', 120), part_dealer_customer_number: customerNumber }),
    ),
    v.maxLength(50, 'invalidRequest'),
  ),
});

export const workshopDetailsSchema = v.union([dmsDetailsSchema, supplierDetailsSchema], 'invalidRequest');
export type WorkshopDetailsRequest = v.InferOutput<typeof workshopDetailsSchema>;

export const optionListEnvelopeSchema = <TItem extends v.GenericSchema>(item: TItem) =>
  envelopeSchema(v.object({ data: v.array(item) }));
export const dmsOptionSchema = v.object({ id: v.number(), name: v.string() });
export const partDealerOptionSchema = v.object({ id: v.number(), name: v.string(), logo_url: v.nullable(v.string()) });
export type DmsOption = v.InferOutput<typeof dmsOptionSchema>;
export type PartDealerOption = v.InferOutput<typeof partDealerOptionSchema>;

/** The admin's view of invitation requests. */
export const workshopLeadSchema = v.object({
  id: v.number(),
  email: v.string(),
  workshop_account_name: v.string(),
  mode: v.picklist(workshopLeadModes),
  status: v.picklist(['requested', 'approved', 'registered', 'verified', 'rejected']),
  review_note: v.nullable(v.string()),
  created_at: v.string(),
});
export type WorkshopLead = v.InferOutput<typeof workshopLeadSchema>;
export const workshopLeadStatuses = ['requested', 'approved', 'registered', 'verified', 'rejected'] as const;

export const leadListQuerySchema = v.object({
  page: pageQueryParam,
  status: v.optional(v.picklist(['', ...workshopLeadStatuses]), ''),
});
export const leadListEnvelopeSchema = envelopeSchema(
  v.object({ items: v.array(workshopLeadSchema), total: v.number(), page: v.number(), page_size: v.number() }),
);
export const leadDecisionSchema = v.object({
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'fieldTooLong')), ''),
});
export const leadEnvelopeSchema = envelopeSchema(workshopLeadSchema);
