import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Database } from '../../db/database';
import { onboardingCredentials } from '../../db/schema';
import { hashOpaqueValue, hostCookieName, newOpaqueValue, OPAQUE_VALUE_MAX_LENGTH } from '../../http/opaque-cookie';

type CookieSettings = { secure: boolean };
type Writer = Pick<Database, 'insert'>;

const cookieName = (settings: CookieSettings) => hostCookieName('tp_onboarding', settings.secure);

/**
 * ADR 015: lets this browser continue the onboarding wizard of one lead after its invitation was
 * used. The cookie holds a random value; the database keeps its hash with the lead, user and
 * workshop it opens, until the invitation itself would have expired.
 */
export async function storeOnboardingCredential(
  writer: Writer,
  binding: { leadId: number; userId: number; workshopId: number; expiresAt: Date },
) {
  const value = newOpaqueValue();
  await writer.insert(onboardingCredentials).values({ idHash: hashOpaqueValue(value), ...binding });
  return { value, expiresAt: binding.expiresAt };
}

/** Hands a stored credential to the browser; called once the transaction that stored it committed. */
export function setOnboardingCookie(
  c: Context,
  settings: CookieSettings,
  credential: { value: string; expiresAt: Date },
) {
  setCookie(c, cookieName(settings), credential.value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: settings.secure,
    path: '/',
    maxAge: Math.max(1, Math.floor((credential.expiresAt.getTime() - Date.now()) / 1000)),
  });
}

/** This request's unexpired onboarding credential, or null when the cookie is missing or unknown. */
export async function presentedOnboardingCredential(c: Context, db: Database, settings: CookieSettings) {
  const value = getCookie(c, cookieName(settings));
  if (!value || value.length > OPAQUE_VALUE_MAX_LENGTH) return null;
  const [credential] = await db
    .select()
    .from(onboardingCredentials)
    .where(
      and(eq(onboardingCredentials.idHash, hashOpaqueValue(value)), gt(onboardingCredentials.expiresAt, new Date())),
    )
    .limit(1);
  return credential ?? null;
}
