import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** How this deployment sets its cookies: production is Secure (and so may use the __Host- prefix). */
export type OpaqueCookieSettings = { secure: boolean };

/** A 256-bit random value for a cookie the server recognises by its hash alone. */
export function newOpaqueValue() {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of an opaque cookie value: a leaked table reveals no usable cookie. */
export function hashOpaqueValue(value: string) {
  return createHash('sha256').update(value).digest('hex');
}

/** The __Host- prefix pins the cookie to this exact origin, but browsers only accept it with Secure. */
function hostCookieName(name: string, settings: OpaqueCookieSettings) {
  return settings.secure ? `__Host-${name}` : name;
}

/** Longer than any value newOpaqueValue makes: refused before it is hashed or looked up. */
const OPAQUE_VALUE_MAX_LENGTH = 100;

/**
 * Sets an httpOnly, SameSite=Lax cookie for the whole origin. Without maxAge it lives as long as
 * the browser session; the server enforces the real lifetime through the stored expiry either way.
 */
export function setOpaqueCookie(
  c: Context,
  name: string,
  settings: OpaqueCookieSettings,
  value: string,
  maxAgeSeconds: number | null,
) {
  setCookie(c, hostCookieName(name, settings), value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: settings.secure,
    path: '/',
    ...(maxAgeSeconds === null ? {} : { maxAge: Math.max(1, Math.floor(maxAgeSeconds)) }),
  });
}

export function clearOpaqueCookie(c: Context, name: string, settings: OpaqueCookieSettings) {
  deleteCookie(c, hostCookieName(name, settings), { path: '/', secure: settings.secure });
}

/**
 * Each request's hashes by cookie name. The session limit and then the session guard both ask for
 * the session's (ADR 048): the cookie header is parsed and hashed once per request, not twice.
 */
const presentedHashes = new WeakMap<Context, Map<string, string | null>>();

/** The hash of this request's cookie value, or null when it is missing or too long to be one of ours. */
export function presentedOpaqueHash(c: Context, name: string, settings: OpaqueCookieSettings) {
  const cookieName = hostCookieName(name, settings);
  let hashes = presentedHashes.get(c);
  const known = hashes?.get(cookieName);
  if (known !== undefined) return known;
  const value = getCookie(c, cookieName);
  const hash = !value || value.length > OPAQUE_VALUE_MAX_LENGTH ? null : hashOpaqueValue(value);
  if (!hashes) {
    hashes = new Map();
    presentedHashes.set(c, hashes);
  }
  hashes.set(cookieName, hash);
  return hash;
}
