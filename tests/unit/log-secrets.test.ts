import { expect, test } from 'vitest';
import { ADMIN, leakedSecrets } from '../support/test-server';

test('the log search finds a used password and anything shaped like a signed token, and nothing else', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwicHVycG9zZSI6InBhc3N3b3JkLXJlc2V0In0.c2lnbmF0dXJl';
  expect(leakedSecrets([`{"event":"login","note":"${ADMIN.password}"}`])).toHaveLength(1);
  expect(leakedSecrets([`{"event":"reset","url":"/reset-password?token=${jwt}"}`])).toHaveLength(1);
  expect(leakedSecrets(['{"event":"login.succeeded","userId":1}', '{"password":"[redacted]"}'])).toEqual([]);
});
