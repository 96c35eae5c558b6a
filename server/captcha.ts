import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ServerConfig } from './config';
import type { ServerDeps } from './context';
import type { Database } from './db/database';
import { spentCaptchas } from './db/schema';

const CHALLENGE_LIFETIME_SECONDS = 10 * 60;
const ALGORITHM = 'PBKDF2/SHA-256';

/** The base64 JSON `{challenge, solution}` the ALTCHA v3 widget submits. */
const altchaPayloadSchema = v.object({
  challenge: v.object({
    parameters: v.object({
      algorithm: v.literal(ALGORITHM),
      nonce: v.pipe(v.string(), v.maxLength(200)),
      salt: v.pipe(v.string(), v.maxLength(200)),
      cost: v.number(),
      keyLength: v.number(),
      keyPrefix: v.pipe(v.string(), v.maxLength(200)),
      keySignature: v.optional(v.pipe(v.string(), v.maxLength(200))),
      expiresAt: v.number(),
      data: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()]))),
    }),
    signature: v.pipe(v.string(), v.minLength(16), v.maxLength(200)),
  }),
  solution: v.object({
    counter: v.number(),
    derivedKey: v.pipe(v.string(), v.maxLength(400)),
    time: v.optional(v.number()),
  }),
});

export function createCaptchaRoutes(deps: ServerDeps) {
  const routes = new Hono();
  routes.get('/challenge', async (c) => {
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost: deps.config.captcha.cost,
      counter: randomInt(1000, 5000),
      deriveKey,
      hmacSignatureSecret: deps.config.captcha.hmacKey,
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_LIFETIME_SECONDS,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(challenge);
  });
  return routes;
}

/**
 * Verifies a captcha answer on the server. It fails closed: anything unexpected (a malformed
 * payload, an expired or replayed challenge, a verifier that is down or misconfigured) is a "no".
 */
export async function verifyCaptcha(
  db: Database,
  config: ServerConfig,
  answer: string,
  remoteIp: string,
): Promise<boolean> {
  try {
    if (config.captcha.recaptcha) return await verifyRecaptcha(config.captcha.recaptcha.secret, answer, remoteIp);
    if (answer.length > 4000) return false;
    const decoded: unknown = JSON.parse(Buffer.from(answer, 'base64').toString('utf8'));
    const parsed = v.safeParse(altchaPayloadSchema, decoded);
    if (!parsed.success) return false;
    const { challenge, solution } = parsed.output;
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: config.captcha.hmacKey,
    });
    if (!result.verified || result.expired) return false;
    // altcha-lib has no replay protection: the first use of a signature wins, later ones fail.
    const inserted = await db
      .insert(spentCaptchas)
      .values({ signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) })
      .onConflictDoNothing()
      .returning({ signature: spentCaptchas.signature });
    return inserted.length === 1;
  } catch {
    return false;
  }
}

async function verifyRecaptcha(secret: string, answer: string, remoteIp: string): Promise<boolean> {
  if (!answer || answer.length > 4000) return false;
  const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret, response: answer, remoteip: remoteIp }),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) return false;
  const body: unknown = await response.json();
  return v.is(v.object({ success: v.literal(true) }), body);
}

export async function deleteExpiredCaptchas(db: Database) {
  await db.delete(spentCaptchas).where(lt(spentCaptchas.expiresAt, new Date()));
}
