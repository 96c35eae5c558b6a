import type { PublicUser } from './contracts/auth';
import { USER_ROLE, USER_STATUS } from './contracts/auth';

export const DEFAULT_POST_LOGIN_PATH = '/dashboard';

/**
 * True for a path inside this app ("/dashboard?x=1"), false for anything that could leave it
 * ("//evil.example", "https://…", "/\\evil", "javascript:…"): an open redirect is never followed.
 */
export function isInternalPath(value: string | null | undefined): value is string {
  if (!value || value.length > 2000) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  return !/[\u0000-\u001f\\]/.test(value);
}

/** Where an insurer user lands (ADR 030): its claims, whatever kind of portal the build is. */
export const INSURER_HOME_PATH = '/claims';

/** Where the administrator lands (issue 24 §11): the user administration, not an empty dashboard. */
export const ADMIN_HOME_PATH = '/users';

/** A `redirect` the login follows: an internal path, and not the login itself. */
export function isFollowedRedirect(redirectUrl: string | null | undefined): redirectUrl is string {
  return isInternalPath(redirectUrl) && !redirectUrl.startsWith('/login');
}

/**
 * docs/product.md §4: the stored redirect if it stays inside the app, else the only service, else
 * /dashboard; an insurer user has no dashboard and lands on its claims (ADR 030), the administrator
 * on the users (issue 24 §11).
 */
export function postLoginDestination(user: Pick<PublicUser, 'services' | 'role'>, redirectUrl: string | null): string {
  if (isFollowedRedirect(redirectUrl)) return redirectUrl;
  if (user.role === USER_ROLE.insurerUser) return INSURER_HOME_PATH;
  if (user.role === USER_ROLE.systemAdmin) return ADMIN_HOME_PATH;
  const [onlyService, ...others] = user.services;
  if (onlyService && others.length === 0) return onlyService.url;
  return DEFAULT_POST_LOGIN_PATH;
}

/** docs/product.md §4: status 2 (pending verification) and 3 (deactivated) go to the account status page. */
export function isAccountInactive(user: Pick<PublicUser, 'status'>): boolean {
  return user.status === USER_STATUS.pendingVerification || user.status === USER_STATUS.deactivated;
}
