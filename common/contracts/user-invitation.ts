import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import {
  confirmPasswordField,
  emailField,
  newPasswordField,
  passwordsMatch,
  requiredText,
  signedTokenField,
} from './fields';

export const USER_INVITATION_VALID_DAYS = 7;

/** The administrator invites a person (docs/product.md §3 (token contents): first_name, email, company_name). */
export const userInviteRequestSchema = v.object({
  first_name: requiredText('firstNameRequired', 80),
  email: emailField,
  company_name: requiredText('companyNameRequired'),
});
export type UserInviteRequest = v.InferOutput<typeof userInviteRequestSchema>;

/** What /user-invite shows read-only from the decoded token; the server re-reads the signed claims. */
export const userInvitationClaimsSchema = v.object({
  purpose: v.literal('user-invitation'),
  first_name: v.string(),
  email: v.string(),
  company_name: v.string(),
  /** Set when the person joins an organisation (a dealer's contact, a colleague; ADR 022). */
  organisation_id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type UserInvitationClaims = v.InferOutput<typeof userInvitationClaimsSchema>;

const registrationFields = {
  last_name: requiredText('lastNameRequired', 80),
  contact_number: requiredText('contactNumberRequired', 30),
  password: newPasswordField,
};

/** The form as the person fills it (docs/product.md §5 order); confirm_password never leaves the browser. */
export const invitedRegistrationFormSchema = v.pipe(
  v.object({ ...registrationFields, confirm_password: confirmPasswordField }),
  passwordsMatch(),
);

/** docs/product.md §3 payload (confirm_password removed). first_name, email and company_name are taken from the token. */
export const invitedRegistrationRequestSchema = v.object({
  token: v.optional(signedTokenField('registrationTokenMissing'), ''),
  ...registrationFields,
});
export type InvitedRegistrationRequest = v.InferOutput<typeof invitedRegistrationRequestSchema> & {
  first_name: string;
  email: string;
  company_name: string;
};

export const registeredEnvelopeSchema = envelopeSchema(v.object({ email: v.string() }));
