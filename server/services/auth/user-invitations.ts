import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import {
  USER_INVITATION_VALID_DAYS,
  type UserInviteRequest,
  userInvitationClaimsSchema,
} from '../../../common/contracts/user-invitation';
import { type AuditEvent, audit } from '../../audit';
import type { ServerConfig } from '../../config';
import type { Database, Transaction } from '../../db/database';
import { organisations, users } from '../../db/schema';
import { ApiRefusal } from '../../http/respond';
import type { ServerLocale } from '../../i18n';
import { enqueueMail } from '../../mail/outbox';
import { mailTemplates } from '../../mail/templates';
import { consumeToken, issueToken, refuseUnlessUsable, revokeTokens, verifyToken } from '../../tokens';

/**
 * A person an administrator invites (docs/product.md §2.4): the signed invitation carries who
 * they are (first name, e-mail, company), so registration takes those from it, never from the body.
 * Issued by the auth service's user management, redeemed by the part-dealer service's registration.
 */
const PURPOSE = 'user-invitation';

export type CheckedUserInvitation = {
  jti: string;
  firstName: string;
  email: string;
  companyName: string;
  organisationId: number | null;
};

async function refuseExistingAccount(reader: Pick<Database, 'select'>, email: string, refusal: { field?: string }) {
  const [existing] = await reader.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw new ApiRefusal(409, 'accountExists', refusal);
}

/**
 * Issues an invitation and queues its mail. An address that already has an account is refused;
 * a newer invitation replaces any older one for the same address from the same sender. With an
 * organisation the person registers as a member of it, with the role of its kind (ADR 022); an
 * invitation from one organisation never withdraws another's (the first registration wins, the
 * other link then answers `accountExists`).
 */
export async function issueUserInvitation(
  tx: Transaction,
  config: ServerConfig,
  invite: UserInviteRequest,
  locale: ServerLocale,
  organisationId: number | null = null,
) {
  await refuseExistingAccount(tx, invite.email, { field: 'email' });
  const subject = organisationId === null ? invite.email : `${invite.email}#organisation:${organisationId}`;
  await revokeTokens(tx, PURPOSE, subject);
  const { token } = await issueToken(tx, config.sessionSecret, {
    purpose: PURPOSE,
    subject,
    claims: {
      first_name: invite.first_name,
      email: invite.email,
      company_name: invite.company_name,
      ...(organisationId === null ? {} : { organisation_id: organisationId }),
    },
    ttlSeconds: USER_INVITATION_VALID_DAYS * 24 * 3600,
  });
  await enqueueMail(
    tx,
    'user-invitation',
    invite.email,
    mailTemplates.userInvitation(locale, {
      firstName: invite.first_name,
      companyName: invite.company_name,
      registrationUrl: `${config.publicUrl}/user-invite?token=${encodeURIComponent(token)}`,
      validDays: USER_INVITATION_VALID_DAYS,
    }),
  );
}

/**
 * Invites a person into an organisation, with the organisation's name as the company, and audits
 * it against the organisation: the administrators' "invite a user" and a dealer's "invite a
 * colleague" (ADR 022).
 */
export async function inviteIntoOrganisation(
  tx: Transaction,
  config: ServerConfig,
  organisation: { id: number; name: string },
  invite: { first_name: string; email: string },
  locale: ServerLocale,
  event: Omit<AuditEvent, 'target'>,
) {
  await issueUserInvitation(
    tx,
    config,
    { first_name: invite.first_name, email: invite.email, company_name: organisation.name },
    locale,
    organisation.id,
  );
  await audit(tx, { ...event, target: `organisation:${organisation.id}` });
}

function invitationFrom(claims: Awaited<ReturnType<typeof verifyToken>>): CheckedUserInvitation {
  const invited = v.safeParse(userInvitationClaimsSchema, claims);
  if (!invited.success) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
  return {
    jti: claims.jti,
    firstName: invited.output.first_name,
    email: invited.output.email.toLowerCase(),
    companyName: invited.output.company_name,
    organisationId: invited.output.organisation_id ?? null,
  };
}

/** The invitation a token stands for: signature, purpose, expiry and claims checked; not yet used up. */
export async function checkUserInvitation(config: ServerConfig, token: string): Promise<CheckedUserInvitation> {
  return invitationFrom(await verifyToken(config.sessionSecret, PURPOSE, token));
}

/**
 * Refuses an invitation link that can no longer lead to an account (used, expired, withdrawn, or
 * the address registered meanwhile: then the way on is the login), without using it up.
 */
export async function refuseUnusableUserInvitation(db: Database, config: ServerConfig, token: string) {
  const claims = await verifyToken(config.sessionSecret, PURPOSE, token);
  await refuseUnlessUsable(db, PURPOSE, claims.jti);
  const invitation = invitationFrom(claims);
  await refuseExistingAccount(db, invitation.email, { field: 'token' });
  // An organisation deactivated since the invitation was sent says so before the form, not after it.
  await invitedMembership(db, invitation);
}

/**
 * Uses the invitation up (single use, also under concurrency) before the account is created in
 * the same transaction; if the address has an account by now, the refusal rolls the use back.
 */
export async function consumeUserInvitation(tx: Transaction, invitation: CheckedUserInvitation) {
  await consumeToken(tx, PURPOSE, invitation.jti);
  await refuseExistingAccount(tx, invitation.email, {});
}

/**
 * The organisation an invitation makes the person a member of, or null for an invitation without
 * one. An organisation deactivated (or gone) since the invitation was sent takes no new members.
 */
export async function invitedMembership(tx: Pick<Database, 'select'>, invitation: CheckedUserInvitation) {
  if (invitation.organisationId === null) return null;
  const [organisation] = await tx
    .select({ id: organisations.id, kind: organisations.kind, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.id, invitation.organisationId), isNull(organisations.deactivatedAt)))
    .limit(1);
  if (!organisation) throw new ApiRefusal(409, 'organisationDeactivated', { field: 'token' });
  return organisation;
}
