import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import {
  confirmPasswordField,
  emailField,
  newPasswordField,
  passwordsMatch,
  phoneField,
  postalCodeField,
  presentedPasswordField,
  requiredText,
  signedTokenField,
} from './fields';

/** Workshop sign-up (/register). The form sends exactly these fields (docs/product.md §2.2 and §3). */
export const signUpRequestSchema = v.pipe(
  v.object({
    company_name: requiredText('companyNameRequired'),
    first_name: requiredText('firstNameRequired', 80),
    last_name: requiredText('lastNameRequired', 80),
    email: emailField,
    contact_number: phoneField,
    postal_code: postalCodeField,
    password: newPasswordField,
    confirm_password: confirmPasswordField,
    terms_accepted: v.optional(
      v.pipe(
        v.boolean('termsRequired'),
        v.check((accepted) => accepted, 'termsRequired'),
      ),
      false,
    ),
  }),
  passwordsMatch(),
);
export type SignUpRequest = v.InferOutput<typeof signUpRequestSchema>;

export const signUpResponseSchema = envelopeSchema(
  v.object({ email: v.string(), first_name: v.string(), status: v.number() }),
);

export const forgotPasswordRequestSchema = v.object({ email: emailField });

const newPasswordEntries = { password: newPasswordField, confirm_password: confirmPasswordField };

/** The new-password pair as the reset screen checks it (docs/product.md §5 (reset password)). */
export const newPasswordFormSchema = v.pipe(v.object(newPasswordEntries), passwordsMatch());

/** Reset with the mailed token (docs/product.md §3: token, password, confirm_password). */
export const resetPasswordRequestSchema = v.pipe(
  v.object({
    token: signedTokenField(),
    ...newPasswordEntries,
  }),
  passwordsMatch(),
);

/** Change while signed in (no token). The current password is required too (ADR 009). */
export const changePasswordRequestSchema = v.pipe(
  v.object({
    current_password: v.optional(
      v.pipe(
        v.string('currentPasswordRequired'),
        v.nonEmpty('currentPasswordRequired'),
        v.maxLength(128, 'passwordTooLong'),
      ),
      '',
    ),
    ...newPasswordEntries,
  }),
  passwordsMatch(),
);

/** A reset link lives one hour at most (docs/product.md §5); the screens that mention it say so. */
export const RESET_TOKEN_MINUTES = 60;

/** Only the claim the reset screen shows; the server re-checks everything else. */
export const resetTokenClaimsSchema = v.object({
  email: v.pipe(v.string(), v.email()),
  purpose: v.literal('password-reset'),
});

export const messageOnlyEnvelopeSchema = envelopeSchema(v.nullable(v.unknown()));

export { presentedPasswordField };
