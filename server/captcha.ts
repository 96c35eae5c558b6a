import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { ServerConfig } from './config';
import type { ServerDeps } from './context';
import type { Database } from './db/database';
import { spentCaptchas } from './db/schema';
import { ApiRefusal } from './http/respond';

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

type CaptchaVerdict = 'solved' | 'invalid' | 'unavailable';

/**
 * Verifies a captcha answer on the server and refuses the request unless it was solved. It fails
 * closed: a malformed payload, an expired or replayed challenge is a 400; a verifier that is
 * down, slow or answering nonsense is a 503 with its own message (the visitor did nothing wrong
 * and may try again). Only a database failure propagates, as it does everywhere (503).
 */
export async function requireSolvedCaptcha(db: Database, config: ServerConfig, answer: string, remoteIp: string) {
  const verdict = config.captcha.recaptcha
    ? await verifyRecaptcha(config.captcha.recaptcha, answer, remoteIp)
    : await verifyAltcha(db, config, answer);
  if (verdict === 'invalid') throw new ApiRefusal(400, 'captchaInvalid', { field: 'recaptcha' });
  if (verdict === 'unavailable') throw new ApiRefusal(503, 'captchaUnavailable', { field: 'recaptcha' });
}

async function verifyAltcha(db: Database, config: ServerConfig, answer: string): Promise<CaptchaVerdict> {
  if (answer.length > 4000) return 'invalid';
  let challengeSignature: string;
  let expiresAt: Date;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(answer, 'base64').toString('utf8'));
    const parsed = v.safeParse(altchaPayloadSchema, decoded);
    if (!parsed.success) return 'invalid';
    const { challenge, solution } = parsed.output;
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: config.captcha.hmacKey,
    });
    if (!result.verified || result.expired) return 'invalid';
    challengeSignature = challenge.signature;
    expiresAt = new Date(challenge.parameters.expiresAt * 1000);
  } catch {
    return 'invalid';
  }
  // altcha-lib has no replay protection: the first use of a signature wins, later ones fail.
  const inserted = await db
    .insert(spentCaptchas)
    .values({ signature: challengeSignature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentCaptchas.signature });
  return inserted.length === 1 ? 'solved' : 'invalid';
}

async function verifyRecaptcha(
  recaptcha: { secret: string; verifyUrl: string },
  answer: string,
  remoteIp: string,
): Promise<CaptchaVerdict> {
  if (!answer || answer.length > 4000) return 'invalid';
  try {
    const response = await fetch(recaptcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: recaptcha.secret, response: answer, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return 'unavailable';
    const body: unknown = await response.json();
    const parsed = v.safeParse(
      v.object({ success: v.boolean(), 'error-codes': v.optional(v.array(v.string()), []) }),
      body,
    );
    if (!parsed.success) return 'unavailable';
    if (parsed.output.success) return 'solved';
    // A wrong or missing secret is our misconfiguration, not the visitor's mistake.
    const misconfigured = parsed.output['error-codes'].some((code) => /secret/.test(code));
    return misconfigured ? 'unavailable' : 'invalid';
  } catch {
    return 'unavailable';
  }
}

export async function deleteExpiredCaptchas(db: Database) {
  await db.delete(spentCaptchas).where(lt(spentCaptchas.expiresAt, new Date()));
}
