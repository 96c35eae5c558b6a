import { and, eq, isNull } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Transaction } from '../../db/database';
import { dealerProfiles, organisations, type partDealerLeads, partDealers, users } from '../../db/schema';
import { ApiRefusal } from '../../http/respond';
import { issueUserInvitation } from '../auth/user-invitations';

type VerifiedLead = typeof partDealerLeads.$inferSelect;

/**
 * What verifying a dealer registration creates (ADR 022), inside the verification's transaction:
 * the dealer organisation, its profile from the registration, its place in the supplier list, and
 * the invitation of the contact person as its first dealer user. With `referenceDealerId` the
 * registration is that listed dealer: the organisation takes over its row (and so every relation
 * workshops already requested with it) instead of getting a new one. The lead's conditional status
 * update runs first in the same transaction, so verifying twice or in parallel creates one.
 */
export async function createDealerOrganisation(
  tx: Transaction,
  config: ServerConfig,
  lead: VerifiedLead,
  referenceDealerId: number | null,
) {
  const [organisation] = await tx
    .insert(organisations)
    .values({ kind: 'dealer', name: lead.companyName })
    .returning({ id: organisations.id });
  if (!organisation) throw new Error('organisation insert returned nothing');
  await tx.insert(dealerProfiles).values({
    organisationId: organisation.id,
    leadId: lead.id,
    contactEmail: lead.email,
    contactNumber: lead.contactNumber,
    street: lead.street,
    postcode: lead.postcode,
    city: lead.city,
    country: lead.country,
    website: lead.website,
    taxId: lead.taxId,
    brandsServed: lead.brandsServed,
    deliveryArea: lead.deliveryArea,
  });
  let partDealerId: number;
  if (referenceDealerId === null) {
    const [listed] = await tx
      .insert(partDealers)
      .values({ name: lead.companyName, organisationId: organisation.id })
      .returning({ id: partDealers.id });
    if (!listed) throw new Error('part dealer insert returned nothing');
    partDealerId = listed.id;
  } else {
    // Conditional: of two verifications naming the same listed dealer, one links it.
    const [linked] = await tx
      .update(partDealers)
      .set({ organisationId: organisation.id })
      .where(and(eq(partDealers.id, referenceDealerId), isNull(partDealers.organisationId)))
      .returning({ id: partDealers.id });
    if (!linked) {
      const [known] = await tx
        .select({ id: partDealers.id })
        .from(partDealers)
        .where(eq(partDealers.id, referenceDealerId))
        .limit(1);
      if (known) throw new ApiRefusal(409, 'referenceDealerTaken', { field: 'reference_dealer_id' });
      throw new ApiRefusal(400, 'referenceDealerUnknown', { field: 'reference_dealer_id' });
    }
    partDealerId = linked.id;
  }
  // A contact whose address already has an account cannot be invited; the dealer is verified all
  // the same, and the administrator invites someone else from the organisations screen.
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, lead.email.toLowerCase()))
    .limit(1);
  const invited = !existing;
  if (invited) {
    await issueUserInvitation(
      tx,
      config,
      { first_name: lead.firstName, email: lead.email, company_name: lead.companyName },
      lead.locale,
      organisation.id,
    );
  }
  return { organisationId: organisation.id, partDealerId, invited };
}
