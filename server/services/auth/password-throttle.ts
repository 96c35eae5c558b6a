import { setTimeout as wait } from 'node:timers/promises';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { ApiRefusal } from '../../http/respond';
import { countHits, type RateWindow, recordHit, secondsUntilWindowEnds } from '../../rate-limit';

const FIFTEEN_MINUTES = 15 * 60;
const IP_PASSWORD_FAILURES: RateWindow = { name: 'login-ip', limit: 50, windowSeconds: FIFTEEN_MINUTES };

/** The first slowdown once an account's failures from all addresses reach the limit; it doubles with each further one. */
export const ACCOUNT_SLOWDOWN_BASE_MS = 500;
/** The longest an answer about one account is held back: slow for a guesser, still usable for its owner. */
export const ACCOUNT_SLOWDOWN_MAX_MS = 8000;

/**
 * The wrong-password counters of one attempt (15-minute windows). Refused with 429: this address
 * for this account (`LOGIN_MAX_FAILURES`) and this address for any account (50). The account's
 * failures from every address only slow its answers down: counting them into a refusal let anyone
 * who knows an e-mail address lock its owner out (issue 27 §5).
 */
export type PasswordThrottle = {
  refusing: [RateWindow, string][];
  slowing: [RateWindow, string];
};

/**
 * Every place that checks a password (login, continuing an onboarding) shares these windows, so
 * a second door gives a guesser no extra attempts.
 */
export function passwordFailureWindows(
  config: Pick<ServerConfig, 'loginMaxFailures'>,
  email: string,
  ip: string,
): PasswordThrottle {
  const pair: RateWindow = { name: 'login-pair', limit: config.loginMaxFailures, windowSeconds: FIFTEEN_MINUTES };
  const account: RateWindow = { name: 'login-account', limit: config.loginMaxFailures, windowSeconds: FIFTEEN_MINUTES };
  return {
    // The pair's subject puts the address first: an e-mail cannot contain a space, an address no "@".
    refusing: [
      [pair, `${ip} ${email}`],
      [IP_PASSWORD_FAILURES, ip],
    ],
    slowing: [account, email],
  };
}

/** How long an answer about an account with `failures` wrong passwords (all addresses) is held back. */
export function accountSlowdownMs(failures: number, limit: number) {
  if (failures < limit) return 0;
  return Math.min(ACCOUNT_SLOWDOWN_BASE_MS * 2 ** Math.min(failures - limit, 16), ACCOUNT_SLOWDOWN_MAX_MS);
}

/**
 * Refuses with 429 + Retry-After while a refusing window is full; otherwise holds the answer back
 * as long as the account's failures from all addresses ask for (the right password still gets
 * through, only later). Checking counts nothing. Resolves to the delay it waited.
 */
export async function refuseWhileThrottled(db: Database, throttle: PasswordThrottle) {
  for (const [window, subject] of throttle.refusing) {
    if ((await countHits(db, window, subject)) >= window.limit) {
      throw new ApiRefusal(429, 'tooManyAttempts', {
        headers: { 'Retry-After': String(secondsUntilWindowEnds(window)) },
      });
    }
  }
  const [account, email] = throttle.slowing;
  const delayMs = accountSlowdownMs(await countHits(db, account, email), account.limit);
  // An awaited timer, not a busy wait: the event loop serves everyone else meanwhile.
  if (delayMs > 0) await wait(delayMs);
  return delayMs;
}

export async function recordPasswordFailure(db: Database, throttle: PasswordThrottle) {
  for (const [window, subject] of [...throttle.refusing, throttle.slowing]) await recordHit(db, window, subject);
}
