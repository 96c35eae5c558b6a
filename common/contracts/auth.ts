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
/**
 * docs/product.md §6 and ADR 022: `workshop_user`, `dealer_user` and `insurer_user` act for exactly
 * one organisation of their kind; `user` is an account without an organisation (a self sign-up, or
 * a person an administrator invited without one), which sees only the dashboard.
 */
export const USER_ROLE = {
  user: 'user',
  systemAdmin: 'system_admin',
  workshopUser: 'workshop_user',
  dealerUser: 'dealer_user',
  insurerUser: 'insurer_user',
} as const;
export type UserRole = (typeof USER_ROLE)[keyof typeof USER_ROLE];
export const USER_ROLES = [
  USER_ROLE.user,
  USER_ROLE.systemAdmin,
  USER_ROLE.workshopUser,
  USER_ROLE.dealerUser,
  USER_ROLE.insurerUser,
] as const;

/** The organisations that trade on the portal (ADR 022); each member role belongs to one kind. */
export const ORGANISATION_KINDS = ['workshop', 'dealer', 'insurer'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];
export const MEMBER_ROLE_OF_KIND = {
  workshop: USER_ROLE.workshopUser,
  dealer: USER_ROLE.dealerUser,
  insurer: USER_ROLE.insurerUser,
} as const satisfies Record<OrganisationKind, UserRole>;

/** The organisation a signed-in member acts for, as the SPA knows it (never trusted by the server). */
export const userOrganisationSchema = v.object({
  id: v.number(),
  kind: v.picklist(ORGANISATION_KINDS),
  name: v.string(),
});
export type UserOrganisation = v.InferOutput<typeof userOrganisationSchema>;
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
  /** Optional so a profile stored by an earlier release still reads (it is refreshed on the dashboard). */
  organisation: v.optional(v.nullable(userOrganisationSchema), null),
});
export type PublicUser = v.InferOutput<typeof publicUserSchema>;

export const userEnvelopeSchema = envelopeSchema(publicUserSchema);
export const emptyEnvelopeSchema = envelopeSchema(v.nullable(v.unknown()));
