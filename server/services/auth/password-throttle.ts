import type { ServerConfig } from '../../config';
import type { Database } from '../../db/database';
import { ApiRefusal } from '../../http/respond';
import { countHits, type RateWindow, recordHit, secondsUntilWindowEnds } from '../../rate-limit';

const IP_PASSWORD_FAILURES: RateWindow = { name: 'login-ip', limit: 50, windowSeconds: 15 * 60 };

/**
 * Wrong passwords, counted per account (its e-mail) and per IP over 15 minutes. Every place that
 * checks a password (login, continuing an onboarding) shares these windows, so a second door
 * gives a guesser no extra attempts.
 */
export function passwordFailureWindows(
  config: Pick<ServerConfig, 'loginMaxFailures'>,
  email: string,
  ip: string,
): [RateWindow, string][] {
  const account: RateWindow = { name: 'login-account', limit: config.loginMaxFailures, windowSeconds: 15 * 60 };
  return [
    [account, email],
    [IP_PASSWORD_FAILURES, ip],
  ];
}

/** Refuses with 429 + Retry-After while any window is full; checking counts nothing. */
export async function refuseWhileThrottled(db: Database, windows: [RateWindow, string][]) {
  for (const [window, subject] of windows) {
    if ((await countHits(db, window, subject)) >= window.limit) {
      throw new ApiRefusal(429, 'tooManyAttempts', {
        headers: { 'Retry-After': String(secondsUntilWindowEnds(window)) },
      });
    }
  }
}

export async function recordPasswordFailure(db: Database, windows: [RateWindow, string][]) {
  for (const [window, subject] of windows) await recordHit(db, window, subject);
}
