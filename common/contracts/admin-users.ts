import * as v from 'valibot';
import { type SettableUserStatus, USER_ROLES, USER_STATUS, USER_STATUSES } from './auth';
import { envelopeSchema } from './envelope';

/** docs/product.md §9: the numeric constant 20, used as the page size of the admin lists. */
export const ADMIN_PAGE_SIZE = 20;

/** `?page=` of every admin list: a whole number from 1, default 1. */
export const pageQueryParam = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1)),
  '1',
);

export const userListQuerySchema = v.object({
  page: pageQueryParam,
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  status: v.optional(v.picklist(['', ...USER_STATUSES.map(String)]), ''),
});
export type UserListQuery = v.InferInput<typeof userListQuerySchema>;

export const adminUserSchema = v.object({
  id: v.number(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  company_name: v.nullable(v.string()),
  contact_number: v.nullable(v.string()),
  role: v.picklist(USER_ROLES),
  status: v.picklist(USER_STATUSES),
  created_at: v.string(),
});
export type AdminUser = v.InferOutput<typeof adminUserSchema>;

export const userListEnvelopeSchema = envelopeSchema(
  v.object({ items: v.array(adminUserSchema), total: v.number(), page: v.number(), page_size: v.number() }),
);

/** An administrator activates (1) or deactivates (3) an account; 2 is only ever set by sign-up. */
export const userStatusChangeSchema = v.object({
  status: v.picklist([USER_STATUS.active, USER_STATUS.deactivated], 'invalidRequest'),
});

/** The administrator's two decisions on an account, and the status each one sets. */
export const STATUS_AFTER_USER_DECISION = {
  activate: USER_STATUS.active,
  deactivate: USER_STATUS.deactivated,
} as const satisfies Record<string, SettableUserStatus>;
export type UserDecision = keyof typeof STATUS_AFTER_USER_DECISION;

export const userStatusEnvelopeSchema = envelopeSchema(adminUserSchema);
