import { expect, test } from 'vitest';
import {
  ACCOUNT_SLOWDOWN_BASE_MS,
  ACCOUNT_SLOWDOWN_MAX_MS,
  accountSlowdownMs,
  passwordFailureWindows,
} from '../../server/services/auth/password-throttle';

/** Issue 27 §5: an account's failures from all addresses slow its answers down and never refuse them. */
test('no slowdown below the limit; from the limit on it doubles up to its ceiling', () => {
  expect(accountSlowdownMs(9, 10)).toBe(0);
  expect(accountSlowdownMs(10, 10)).toBe(ACCOUNT_SLOWDOWN_BASE_MS);
  expect(accountSlowdownMs(11, 10)).toBe(2 * ACCOUNT_SLOWDOWN_BASE_MS);
  expect(accountSlowdownMs(10_000, 10)).toBe(ACCOUNT_SLOWDOWN_MAX_MS);
});

test('what refuses is the address for this account and the address overall, not the account alone', () => {
  const throttle = passwordFailureWindows({ loginMaxFailures: 10 }, 'jana@werkstatt.de', '198.51.100.7');
  expect(throttle.refusing.map(([window, subject]) => [window.name, subject])).toEqual([
    ['login-pair', '198.51.100.7 jana@werkstatt.de'],
    ['login-ip', '198.51.100.7'],
  ]);
  expect(throttle.slowing[1]).toBe('jana@werkstatt.de');
});
