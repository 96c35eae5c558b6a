import * as v from 'valibot';
import { emailField, requiredText } from './fields';
import { captchaAnswerField } from './workshop';

/** docs/product.md §3/§5 contact message: name, email, info (message text), recaptcha. */
export const contactMessageSchema = v.object({
  name: requiredText('nameRequired', 120),
  email: emailField,
  info: requiredText('informationRequired', 4000),
  recaptcha: captchaAnswerField,
});
export type ContactMessage = v.InferOutput<typeof contactMessageSchema>;
