import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random value for a cookie the server recognises by its hash alone. */
export function newOpaqueValue() {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of an opaque cookie value: a leaked table reveals no usable cookie. */
export function hashOpaqueValue(value: string) {
  return createHash('sha256').update(value).digest('hex');
}

/** The __Host- prefix pins the cookie to this exact origin, but browsers only accept it with Secure. */
export function hostCookieName(name: string, secure: boolean) {
  return secure ? `__Host-${name}` : name;
}

/** Longer than any value newOpaqueValue makes: refused before it is hashed or looked up. */
export const OPAQUE_VALUE_MAX_LENGTH = 100;
