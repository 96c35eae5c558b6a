import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from './db/database';
import { oneTimeTokens } from './db/schema';
import { ApiRefusal } from './http/respond';

export type TokenPurpose = 'password-reset' | 'workshop-invitation' | 'user-invitation' | 'dms-punch-in';

type Writer = Pick<Database, 'insert' | 'update' | 'select'>;

/** A signing key per purpose, derived from SESSION_SECRET, so a token of one kind never verifies as another. */
function signingKey(secret: string, purpose: TokenPurpose) {
  return new Uint8Array(createHmac('sha256', secret).update(`teileportal-token:${purpose}`).digest());
}

/**
 * Issues a signed token (JWT, HS256) whose `jti` is recorded server-side, so it can be used once
 * and revoked. The claims are what the SPA may show (e.g. the e-mail); the server trusts only
 * what it re-reads from its own records.
 */
export async function issueToken(
  writer: Writer,
  secret: string,
  options: { purpose: TokenPurpose; subject: string; claims: Record<string, string | number>; ttlSeconds: number },
) {
  const jti = randomUUID();
  const expiresAt = new Date(Date.now() + options.ttlSeconds * 1000);
  await writer.insert(oneTimeTokens).values({ jti, purpose: options.purpose, subject: options.subject, expiresAt });
  const token = await new SignJWT({ ...options.claims, purpose: options.purpose })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.subject)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(signingKey(secret, options.purpose));
  return { token, jti, expiresAt };
}

/** Verifies signature (HS256 only), purpose and expiry; refuses with a translated message. */
export async function verifyToken(secret: string, purpose: TokenPurpose, token: string) {
  try {
    const { payload } = await jwtVerify(token, signingKey(secret, purpose), { algorithms: ['HS256'] });
    if (payload.purpose !== purpose || typeof payload.jti !== 'string' || typeof payload.sub !== 'string') {
      throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
    }
    return { ...payload, jti: payload.jti, sub: payload.sub };
  } catch (error) {
    if (error instanceof ApiRefusal) throw error;
    if (error instanceof errors.JWTExpired) throw new ApiRefusal(400, 'tokenExpired', { field: 'token' });
    throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
  }
}

/**
 * Marks a token used. One UPDATE with the conditions in its WHERE clause, so of any number of
 * concurrent uses exactly one sees a row come back; run it inside the transaction that applies
 * the token's effect, so a failure after it rolls the use back too.
 */
export async function consumeToken(writer: Writer, purpose: TokenPurpose, jti: string) {
  const used = await writer
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.jti, jti),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.revokedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ jti: oneTimeTokens.jti });
  if (used.length === 1) return;
  await refuseUnlessUsable(writer, purpose, jti);
  throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
}

/**
 * Refuses, with the reason a person can act on, a token that can no longer be used; returns for
 * one that can. Looks only: the token stays unused (the link check before a form is shown).
 */
export async function refuseUnlessUsable(reader: Pick<Database, 'select'>, purpose: TokenPurpose, jti: string) {
  const [record] = await reader
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.jti, jti), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  if (record?.usedAt) throw new ApiRefusal(409, 'tokenUsed', { field: 'token' });
  if (record && record.expiresAt.getTime() <= Date.now()) throw new ApiRefusal(400, 'tokenExpired', { field: 'token' });
  // Unknown or revoked (a newer link was requested, or the password changed meanwhile).
  if (!record || record.revokedAt) throw new ApiRefusal(400, 'tokenInvalid', { field: 'token' });
}

/** Revokes every unused token of this purpose for a subject (a newer request, a password change). */
export async function revokeTokens(writer: Writer, purpose: TokenPurpose, subject: string) {
  await writer
    .update(oneTimeTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.purpose, purpose),
        eq(oneTimeTokens.subject, subject),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.revokedAt),
      ),
    );
}
