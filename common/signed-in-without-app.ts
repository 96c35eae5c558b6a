// Apart from common/prerendered-pages.ts, whose constants the boot script shares: only the app and
// the server read this, so it stays out of the 2.5 KB loaded before the load event (ADR 017).

/**
 * Set by a login posted as a plain form (ADR 046) beside the httpOnly session cookie: it tells the
 * app that loads next that a session may exist although no profile is stored yet, so it asks the
 * server instead of treating the visitor as signed out. Not a secret and proves nothing. It lives
 * five minutes and a logout clears it; the app only reads it (see src/main.tsx).
 */
export const SIGNED_IN_WITHOUT_APP_COOKIE = 'tp_signed_in_without_app';

export function hasSignedInWithoutAppHint(cookieHeader: string) {
  return cookieHeader.split(';').some((part) => part.trim() === `${SIGNED_IN_WITHOUT_APP_COOKIE}=1`);
}
