import { and, eq, gt, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { INVITATION_VALID_DAYS } from '../../../common/contracts/workshop';
import type { Database } from '../../db/database';
import { onboardingCredentials } from '../../db/schema';
import * as opaqueCookie from '../../http/opaque-cookie';

const ONBOARDING_COOKIE = 'tp_onboarding';
const MAX_LIFETIME_MS = INVITATION_VALID_DAYS * 24 * 3600 * 1000;

/**
 * ADR 015: lets this browser continue the onboarding wizard of one lead after its invitation was
 * used. The cookie holds a random value; the database keeps its hash with the lead, user and
 * workshop it opens, until the invitation itself would have expired, and never longer than an
 * invitation lasts.
 */
export async function storeOnboardingCredential(
  writer: Pick<Database, 'insert'>,
  binding: { leadId: number; userId: number; workshopId: number; invitationExpiresAt: Date },
) {
  const { invitationExpiresAt, ...owner } = binding;
  const latest = new Date(Date.now() + MAX_LIFETIME_MS);
  const expiresAt = invitationExpiresAt < latest ? invitationExpiresAt : latest;
  const value = opaqueCookie.newOpaqueValue();
  await writer
    .insert(onboardingCredentials)
    .values({ idHash: opaqueCookie.hashOpaqueValue(value), ...owner, expiresAt });
  return { value, expiresAt };
}

/** Hands a stored credential to the browser; called once the transaction that stored it committed. */
export function setOnboardingCookie(
  c: Context,
  settings: opaqueCookie.OpaqueCookieSettings,
  credential: { value: string; expiresAt: Date },
) {
  opaqueCookie.setOpaqueCookie(
    c,
    ONBOARDING_COOKIE,
    settings,
    credential.value,
    (credential.expiresAt.getTime() - Date.now()) / 1000,
  );
}

/** This request's unexpired onboarding credential, or null when the cookie is missing or unknown. */
export async function presentedOnboardingCredential(
  c: Context,
  db: Database,
  settings: opaqueCookie.OpaqueCookieSettings,
) {
  const idHash = opaqueCookie.presentedOpaqueHash(c, ONBOARDING_COOKIE, settings);
  if (!idHash) return null;
  const [credential] = await db
    .select()
    .from(onboardingCredentials)
    .where(and(eq(onboardingCredentials.idHash, idHash), gt(onboardingCredentials.expiresAt, new Date())))
    .limit(1);
  return credential ?? null;
}

/** A finished onboarding, or an account verified or deactivated, leaves nothing to continue. */
export async function deleteOnboardingCredentialsOf(
  db: Pick<Database, 'delete'>,
  owner: { leadId: number } | { userId: number },
) {
  await db
    .delete(onboardingCredentials)
    .where(
      'leadId' in owner
        ? eq(onboardingCredentials.leadId, owner.leadId)
        : eq(onboardingCredentials.userId, owner.userId),
    );
}

export async function deleteExpiredOnboardingCredentials(db: Pick<Database, 'delete'>) {
  await db.delete(onboardingCredentials).where(lt(onboardingCredentials.expiresAt, new Date()));
}
