import { createHash } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { userStatusChangeSchema } from '../../../common/contracts/admin-users';
import { USER_ROLE, USER_STATUS } from '../../../common/contracts/auth';
import {
  type Colleague,
  colleagueInviteSchema,
  type DealerOverview,
  type DealerProfile,
  dealerProfileUpdateSchema,
  LOGO_MAX_BYTES,
  type LogoContentType,
  logoUploadSchema,
  organisationLogoPath,
} from '../../../common/contracts/dealer-organisation';
import { audit } from '../../audit';
import type { ServerDeps } from '../../context';
import type { Database, Transaction } from '../../db/database';
import { dealerLogos, dealerProfiles, organisations, partDealers, supplierRelations, users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { ApiRefusal, conflictWithCurrent, ok, parseJsonBody, refusalBody } from '../../http/respond';
import type { MemberEnv, SessionAccess } from '../../http/session-access';
import { endAllSessionsOf } from '../../http/sessions';
import { requestLocale } from '../../i18n';
import { enforceRateLimits, type RateWindow } from '../../rate-limit';
import { inviteIntoOrganisation } from '../auth/user-invitations';
import { reencodedLogo } from './logo-image';

/** Invitations a dealer organisation may send per hour (each one is a mail to a stranger's address). */
const COLLEAGUE_INVITATIONS_PER_ORGANISATION: RateWindow = {
  name: 'dealer-colleague-invite',
  limit: 20,
  windowSeconds: 3600,
};

/**
 * The type an uploaded logo really is, from its first bytes (magic numbers), or null. The name
 * and the content type the browser declared are never asked: an HTML or SVG file called
 * `logo.png` is refused here.
 */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  const startsWith = (offset: number, signature: number[]) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (startsWith(0, [0x52, 0x49, 0x46, 0x46]) && startsWith(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

const etagOf = (bytes: Uint8Array) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/**
 * An uploaded image is served so that it can never act as a page: its own type, no sniffing, and
 * a policy that allows nothing (no script, no styles, no frames; sandboxed if opened directly).
 */
const LOGO_RESPONSE_HEADERS = {
  'Cache-Control': 'public, no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'none'; script-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Content-Disposition': 'inline; filename="logo"',
} as const;

async function profileOf(reader: Pick<Database, 'select'>, organisationId: number): Promise<DealerProfile> {
  const [row] = await reader
    .select({
      profile: dealerProfiles,
      name: organisations.name,
      // to_char keeps the stored microseconds out: the client echoes this value back unchanged.
      updatedAt: sql<string>`to_char(${dealerProfiles.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      hasLogo: sql<boolean>`exists (select 1 from ${dealerLogos} where ${dealerLogos.organisationId} = ${dealerProfiles.organisationId})`,
    })
    .from(dealerProfiles)
    .innerJoin(organisations, eq(organisations.id, dealerProfiles.organisationId))
    .where(eq(dealerProfiles.organisationId, organisationId))
    .limit(1);
  // A dealer organisation is created with its profile; without one there is nothing to show.
  if (!row) throw new ApiRefusal(404, 'notFound');
  const { profile } = row;
  return {
    organisation_id: organisationId,
    name: row.name,
    tax_id: profile.taxId,
    contact_email: profile.contactEmail,
    contact_number: profile.contactNumber,
    street: profile.street,
    postcode: profile.postcode,
    city: profile.city,
    country: profile.country,
    website: profile.website ?? '',
    delivery_area: profile.deliveryArea,
    brands_served: profile.brandsServed,
    opening_hours: profile.openingHours ?? '',
    logo_url: row.hasLogo ? organisationLogoPath(organisationId) : null,
    updated_at: row.updatedAt,
  };
}

function toColleague(row: typeof users.$inferSelect, callerId: number): Colleague {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    status: row.status,
    is_you: row.id === callerId,
  };
}

/** Points the dealer's entry in the wizard's supplier list at its logo (or at none). */
async function setPartDealerLogo(tx: Transaction, organisationId: number, logoUrl: string | null) {
  await tx.update(partDealers).set({ logoUrl }).where(eq(partDealers.organisationId, organisationId));
}

/**
 * The dealer's own portal (issue 12), mounted in the part-dealer service: every route but the
 * public logo takes `requireMember('dealer')` and reads and writes only the caller's organisation,
 * whose id comes from the session, never from the request.
 */
export function createDealerOrganisationRoutes(deps: ServerDeps, access: SessionAccess) {
  const { db } = deps.database;
  const routes = new Hono<MemberEnv>();
  const requireDealer = access.requireMember('dealer');

  routes.get('/organisation/overview', requireDealer, async (c) => {
    const organisation = c.get('organisation');
    const relationRows = await db
      .select({ status: supplierRelations.status, total: count() })
      .from(supplierRelations)
      .innerJoin(partDealers, eq(partDealers.id, supplierRelations.partDealerId))
      .where(eq(partDealers.organisationId, organisation.id))
      .groupBy(supplierRelations.status);
    const customers = { requested: 0, active: 0, declined: 0 };
    for (const row of relationRows) customers[row.status] = row.total;
    const [colleagues] = await db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.organisationId, organisation.id), eq(users.status, USER_STATUS.active)));
    const profile = await profileOf(db, organisation.id);
    const hasLogo = profile.logo_url !== null;
    const hasOpeningHours = profile.opening_hours.trim() !== '';
    const overview: DealerOverview = {
      organisation: { id: organisation.id, name: organisation.name },
      customers,
      colleagues: colleagues?.total ?? 0,
      profile: { has_logo: hasLogo, has_opening_hours: hasOpeningHours, complete: hasLogo && hasOpeningHours },
    };
    return ok(c, overview);
  });

  routes.get('/organisation/profile', requireDealer, async (c) => ok(c, await profileOf(db, c.get('organisation').id)));

  routes.put('/organisation/profile', requireDealer, async (c) => {
    const organisation = c.get('organisation');
    const user = c.get('user');
    const changes = await parseJsonBody(c, dealerProfileUpdateSchema);
    const saved = await db.transaction(async (tx) => {
      // Two colleagues editing: only the one who saw the current version wins; the other gets 409.
      const [row] = await tx
        .update(dealerProfiles)
        .set({
          contactEmail: changes.contact_email,
          contactNumber: changes.contact_number,
          street: changes.street,
          postcode: changes.postcode,
          city: changes.city,
          country: changes.country,
          website: changes.website || null,
          deliveryArea: changes.delivery_area,
          brandsServed: changes.brands_served,
          openingHours: changes.opening_hours || null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(dealerProfiles.organisationId, organisation.id),
            sql`date_trunc('milliseconds', ${dealerProfiles.updatedAt}) = ${changes.updated_at}::timestamptz`,
          ),
        )
        .returning({ organisationId: dealerProfiles.organisationId });
      if (!row) return null;
      await audit(tx, {
        actorUserId: user.id,
        action: 'dealer.profile_changed',
        target: `organisation:${organisation.id}`,
        ip: clientIp(c),
      });
      return profileOf(tx, organisation.id);
    });
    if (!saved) {
      // Stale (or the profile is gone: then profileOf answers 404): the current version goes back.
      const current = await profileOf(db, organisation.id);
      throw conflictWithCurrent('profileChanged', current);
    }
    return ok(c, saved, 'profileSaved');
  });

  routes.put('/organisation/logo', requireDealer, async (c) => {
    const organisation = c.get('organisation');
    const { data } = await parseJsonBody(c, logoUploadSchema);
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length > LOGO_MAX_BYTES) throw new ApiRefusal(400, 'logoTooLarge', { field: 'logo' });
    const uploadedType = sniffLogoType(bytes);
    if (!uploadedType) throw new ApiRefusal(400, 'logoTypeInvalid', { field: 'logo' });
    const stored = await reencodedLogo(bytes);
    const contentType = 'image/png';
    const logoUrl = organisationLogoPath(organisation.id);
    await db.transaction(async (tx) => {
      await tx
        .insert(dealerLogos)
        .values({ organisationId: organisation.id, contentType, bytes: stored })
        .onConflictDoUpdate({
          target: dealerLogos.organisationId,
          set: { contentType, bytes: stored, updatedAt: new Date() },
        });
      await setPartDealerLogo(tx, organisation.id, logoUrl);
      await audit(tx, {
        actorUserId: c.get('user').id,
        action: 'dealer.logo_uploaded',
        target: `organisation:${organisation.id}`,
        ip: clientIp(c),
        details: { uploadedType, bytes: bytes.length, storedBytes: stored.length },
      });
    });
    return ok(c, { logo_url: logoUrl }, 'logoSaved');
  });

  routes.delete('/organisation/logo', requireDealer, async (c) => {
    const organisation = c.get('organisation');
    await db.transaction(async (tx) => {
      await tx.delete(dealerLogos).where(eq(dealerLogos.organisationId, organisation.id));
      await setPartDealerLogo(tx, organisation.id, null);
      await audit(tx, {
        actorUserId: c.get('user').id,
        action: 'dealer.logo_removed',
        target: `organisation:${organisation.id}`,
        ip: clientIp(c),
      });
    });
    return ok(c, { logo_url: null }, 'logoRemoved');
  });

  // Public: the wizard shows dealer tiles before anyone signs in, and logos are not secret.
  routes.get('/organisation-logos/:organisationId{[0-9]{1,9}}', async (c) => {
    const [logo] = await db
      .select()
      .from(dealerLogos)
      .where(eq(dealerLogos.organisationId, Number(c.req.param('organisationId'))))
      .limit(1);
    if (!logo) return c.json(refusalBody(c, 404, 'notFound'), 404);
    const etag = etagOf(logo.bytes);
    const headers = { ...LOGO_RESPONSE_HEADERS, ETag: etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(logo.bytes), 200, { ...headers, 'Content-Type': logo.contentType });
  });

  routes.get('/organisation/users', requireDealer, async (c) => {
    const organisation = c.get('organisation');
    const rows = await db
      .select()
      .from(users)
      .where(eq(users.organisationId, organisation.id))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    return ok(c, { items: rows.map((row) => toColleague(row, c.get('user').id)) });
  });

  routes.post('/organisation/invitations', requireDealer, async (c) => {
    const organisation = c.get('organisation');
    const invite = await parseJsonBody(c, colleagueInviteSchema);
    await enforceRateLimits(db, [[COLLEAGUE_INVITATIONS_PER_ORGANISATION, String(organisation.id)]]);
    await db.transaction(async (tx) => {
      await inviteIntoOrganisation(tx, deps.config, organisation, invite, requestLocale(c), {
        actorUserId: c.get('user').id,
        action: 'dealer.colleague_invited',
        ip: clientIp(c),
      });
    });
    return ok(c, null, 'colleagueInvited');
  });

  routes.post('/organisation/users/:id{[0-9]{1,9}}/status', requireDealer, async (c) => {
    const organisation = c.get('organisation');
    const caller = c.get('user');
    const { status } = await parseJsonBody(c, userStatusChangeSchema);
    const userId = Number(c.req.param('id'));
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ id: users.id, status: users.status, deactivatedByAdmin: users.deactivatedByAdmin })
        .from(users)
        .where(
          and(eq(users.id, userId), eq(users.organisationId, organisation.id), eq(users.role, USER_ROLE.dealerUser)),
        )
        .limit(1);
      // Another organisation's user is not found, as if it did not exist (ADR 022).
      if (!before) throw new ApiRefusal(404, 'notFound');
      if (userId === caller.id) throw new ApiRefusal(400, 'cannotChangeOwnStatus');
      // Colleagues do not undo an administrator's decision (ADR 022).
      if (before.deactivatedByAdmin) throw new ApiRefusal(409, 'deactivatedByAdmin');
      const [after] = await tx
        .update(users)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.organisationId, organisation.id)))
        .returning();
      if (!after) throw new ApiRefusal(404, 'notFound');
      if (status === USER_STATUS.deactivated) await endAllSessionsOf(tx, userId);
      await audit(tx, {
        actorUserId: caller.id,
        action: status === USER_STATUS.active ? 'dealer.colleague_activated' : 'dealer.colleague_deactivated',
        target: `user:${userId}`,
        ip: clientIp(c),
        details: { from: before.status, to: status },
      });
      return after;
    });
    return ok(
      c,
      toColleague(updated, caller.id),
      status === USER_STATUS.active ? 'colleagueActivated' : 'colleagueDeactivated',
    );
  });

  return routes;
}
