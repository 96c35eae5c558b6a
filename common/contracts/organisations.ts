import * as v from 'valibot';
import { pageQueryParam } from './admin-users';
import { ORGANISATION_KINDS, type OrganisationKind, USER_ROLES, USER_STATUSES } from './auth';
import { envelopeSchema } from './envelope';
import { emailField, requiredText } from './fields';
import { RELATION_STATUSES } from './relations';

/** The administrators' organisations screen (/users/organisations, ADR 022): active or deactivated. */
export const ORGANISATION_STATES = ['active', 'deactivated'] as const;
export type OrganisationState = (typeof ORGANISATION_STATES)[number];

export const organisationListQuerySchema = v.object({
  page: pageQueryParam,
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  kind: v.optional(v.picklist(['', ...ORGANISATION_KINDS]), ''),
  status: v.optional(v.picklist(['', ...ORGANISATION_STATES]), ''),
});
export type OrganisationListQuery = v.InferInput<typeof organisationListQuerySchema>;
/** What the screen asks for: a page, a kind and a state ('' for all) and a name search. */
export type OrganisationQuery = {
  page: number;
  kind: OrganisationKind | '';
  status: OrganisationState | '';
  search: string;
};
/** The administrator's two changes of an organisation, each a POST /organisations/:id/<change>. */
export type OrganisationChange = 'deactivate' | 'reactivate';

export const adminOrganisationSchema = v.object({
  id: v.number(),
  kind: v.picklist(ORGANISATION_KINDS),
  name: v.string(),
  status: v.picklist(ORGANISATION_STATES),
  member_count: v.number(),
  created_at: v.string(),
});
export type AdminOrganisation = v.InferOutput<typeof adminOrganisationSchema>;

export const organisationListEnvelopeSchema = envelopeSchema(
  v.object({ items: v.array(adminOrganisationSchema), total: v.number(), page: v.number(), page_size: v.number() }),
);

export const organisationMemberSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  role: v.picklist(USER_ROLES),
  status: v.picklist(USER_STATUSES),
});
export type OrganisationMember = v.InferOutput<typeof organisationMemberSchema>;

/**
 * One relation as the administrator sees it from either side: for a workshop the dealer, for a
 * dealer the workshop (`organisation_id` null for a listed dealer that has no organisation yet).
 */
export const organisationRelationSchema = v.object({
  id: v.number(),
  organisation_id: v.nullable(v.number()),
  name: v.string(),
  customer_number: v.string(),
  status: v.picklist(RELATION_STATUSES),
});
export type OrganisationRelation = v.InferOutput<typeof organisationRelationSchema>;

export const organisationDetailSchema = v.object({
  organisation: adminOrganisationSchema,
  members: v.array(organisationMemberSchema),
  relations: v.array(organisationRelationSchema),
});
export type OrganisationDetail = v.InferOutput<typeof organisationDetailSchema>;
export const organisationDetailEnvelopeSchema = envelopeSchema(organisationDetailSchema);
export const organisationEnvelopeSchema = envelopeSchema(adminOrganisationSchema);

/** The administrator invites a person into an organisation; the company is the organisation's name. */
export const organisationInviteSchema = v.object({
  first_name: requiredText('firstNameRequired', 80),
  email: emailField,
});
export type OrganisationInvite = v.InferOutput<typeof organisationInviteSchema>;

/** A confirmation without a body (deactivate, reactivate): nothing is read from it. */
export const emptyBodySchema = v.object({});
