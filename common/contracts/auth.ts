import * as v from 'valibot';
import { envelopeSchema } from './envelope';
import { emailField, presentedPasswordField } from './fields';

/** A user's account status (docs/product.md §3: 1 active, 2 pending verification, 3 deactivated). */
export const USER_STATUS = { active: 1, pendingVerification: 2, deactivated: 3 } as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];
/** In the order the admin's status filter offers them: the accounts waiting for a decision first. */
export const USER_STATUSES = [USER_STATUS.pendingVerification, USER_STATUS.active, USER_STATUS.deactivated] as const;
/** The statuses an administrator can set by hand: activate or deactivate. */
export type SettableUserStatus = typeof USER_STATUS.active | typeof USER_STATUS.deactivated;
export const USER_ROLE = { user: 'user', systemAdmin: 'system_admin' } as const;
export type UserRole = (typeof USER_ROLE)[keyof typeof USER_ROLE];
export const USER_ROLES = [USER_ROLE.user, USER_ROLE.systemAdmin] as const;
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

/** The public profile the SPA keeps under `userResponse` (docs/product.md §3); never secrets. */
export const publicUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  company_name: v.nullable(v.string()),
  role: v.picklist(USER_ROLES),
  status: v.picklist(USER_STATUSES),
  services: v.array(userServiceSchema),
});
export type PublicUser = v.InferOutput<typeof publicUserSchema>;

export const userEnvelopeSchema = envelopeSchema(publicUserSchema);
export const emptyEnvelopeSchema = envelopeSchema(v.nullable(v.unknown()));
