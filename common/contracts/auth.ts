import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import { emailField, presentedPasswordField } from './fields';

export const USER_STATUS = { active: 1, pendingVerification: 2, deactivated: 3 } as const;
export const USER_ROLES = ['user', 'system_admin'] as const;
export const SERVICE_NAMES = ['WORKSHOP'] as const;

export const loginRequestSchema = v.object({
  email: emailField,
  password: presentedPasswordField,
  rememberMe: v.optional(v.boolean(), false),
});
export type LoginRequest = v.InferInput<typeof loginRequestSchema>;

export const userServiceSchema = v.object({
  name: v.picklist(SERVICE_NAMES),
  url: v.string(),
});

/** The public profile the SPA keeps under `userResponse` (spec §3); never secrets. */
export const publicUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  company_name: v.nullable(v.string()),
  role: v.picklist(USER_ROLES),
  status: v.number(),
  services: v.array(userServiceSchema),
});
export type PublicUser = v.InferOutput<typeof publicUserSchema>;

export const userEnvelopeSchema = envelopeSchema(publicUserSchema);
export const emptyEnvelopeSchema = envelopeSchema(v.nullable(v.unknown()));
