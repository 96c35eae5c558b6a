import * as v from 'valibot';
import { expect, test } from 'vitest';
import { newPasswordFormSchema } from '../../common/contracts/account';
import { loginRequestSchema } from '../../common/contracts/auth';
import { fieldErrors, isValidEmail } from '../../common/contracts/fields';

test.each(['jana@example.de', 'Jana.Schulz+teile@Werkstatt-Schulz.DE', 'a@b.co', 'admin@[192.168.1.20]'])(
  '%s is a valid e-mail (product.md §5)',
  (email) => {
    expect(isValidEmail(email)).toBe(true);
  },
);

test.each([
  'jana',
  'jana@',
  '@example.de',
  'jana@example',
  'jana@example.d',
  'jana@exa mple.de',
  'jana@example.123',
  'a@[1.2.3]',
])('%s is not a valid e-mail', (email) => {
  expect(isValidEmail(email)).toBe(false);
});

test('the login schema drops unknown keys and lower-cases the e-mail', () => {
  const parsed = v.parse(loginRequestSchema, { email: 'A@B.DE', password: 'x', role: 'system_admin' });
  expect(parsed).toEqual({ email: 'a@b.de', password: 'x', rememberMe: false });
});

test('the login schema refuses a non-string password with passwordRequired', () => {
  const result = v.safeParse(loginRequestSchema, { email: 'a@b.de', password: 42 });
  expect(result.success).toBe(false);
  expect(result.issues?.[0]?.message).toBe('passwordRequired');
});

test.each([
  [
    { password: '', confirm_password: '' },
    { password: 'passwordRequired', confirm_password: 'confirmPasswordRequired' },
  ],
  [{ password: 'short', confirm_password: 'short' }, { password: 'passwordMinLength' }],
  [{ password: 'long-enough-1', confirm_password: '' }, { confirm_password: 'confirmPasswordRequired' }],
  [{ password: 'long-enough-1', confirm_password: 'long-enough-2' }, { confirm_password: 'passwordsDoNotMatch' }],
  [{ password: 'long-enough-1', confirm_password: 'long-enough-1' }, {}],
])('the new-password rules of product.md §5: %j gives %j', (values, errors) => {
  const result = v.safeParse(newPasswordFormSchema, values);
  expect(result.success ? {} : fieldErrors(result.issues)).toEqual(errors);
});
