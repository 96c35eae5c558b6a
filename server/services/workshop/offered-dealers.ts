import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { dealerLogos, dealerProfiles, organisations, partDealers } from '../../db/schema';

/**
 * The dealers a workshop may name as suppliers (ADR 022): the seeded reference list (no
 * organisation) and every dealer organisation that is not deactivated. The wizard's tiles, the
 * Suppliers directory and every write that names a dealer use this one condition.
 */
export const offeredDealer: SQL = or(
  isNull(partDealers.organisationId),
  and(eq(organisations.kind, 'dealer'), isNull(organisations.deactivatedAt)),
) as SQL;

/** The columns a dealer is shown with; the logo is the uploaded one when its organisation has one. */
export const dealerColumns = {
  id: partDealers.id,
  name: partDealers.name,
  logoUrl: partDealers.logoUrl,
  organisationId: partDealers.organisationId,
  hasUploadedLogo: sql<boolean>`${dealerLogos.organisationId} IS NOT NULL`,
  city: dealerProfiles.city,
  brands: dealerProfiles.brandsServed,
  deliveryArea: dealerProfiles.deliveryArea,
};

export type DealerRow = {
  id: number;
  name: string;
  logoUrl: string | null;
  organisationId: number | null;
  hasUploadedLogo: boolean;
  city: string | null;
  brands: string[] | null;
  deliveryArea: string | null;
};

/** part_dealers with what its organisation adds (profile, logo); reference dealers join nothing. */
export function selectDealers(db: Pick<Database, 'select'>) {
  return db
    .select(dealerColumns)
    .from(partDealers)
    .leftJoin(organisations, eq(organisations.id, partDealers.organisationId))
    .leftJoin(dealerProfiles, eq(dealerProfiles.organisationId, partDealers.organisationId))
    .leftJoin(dealerLogos, eq(dealerLogos.organisationId, partDealers.organisationId));
}

/** The public logo address of a dealer organisation's upload, else the reference dealer's file. */
export function logoUrlOf(row: Pick<DealerRow, 'logoUrl' | 'organisationId' | 'hasUploadedLogo'>) {
  if (row.organisationId !== null && row.hasUploadedLogo) {
    return `/svc/part-dealer/organisation-logos/${row.organisationId}`;
  }
  return row.logoUrl;
}
