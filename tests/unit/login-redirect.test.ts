import { expect, test } from 'vitest';
import { isAccountInactive, isInternalPath, postLoginDestination } from '../../common/login-redirect';
import { aUser } from '../support/users';

const workshop = { name: 'WORKSHOP' as const, url: '/dashboard/workshop' };

test('a stored redirect inside the app wins', () => {
  expect(postLoginDestination(aUser({ services: [workshop] }), '/dashboard?tab=2')).toBe('/dashboard?tab=2');
});

test('with exactly one service the user goes to its url', () => {
  expect(postLoginDestination(aUser({ services: [workshop] }), null)).toBe('/dashboard/workshop');
});

test('with several services or none the user goes to /dashboard', () => {
  expect(postLoginDestination(aUser({ services: [workshop, { ...workshop, url: '/other' }] }), null)).toBe(
    '/dashboard',
  );
  expect(postLoginDestination(aUser({ services: [] }), null)).toBe('/dashboard');
});

test.each([
  'https://evil.example/',
  '//evil.example/x',
  '/\\evil.example',
  'javascript:alert(1)',
  'dashboard',
  '/dash\nboard',
  '',
])('redirect %j leaving the app is ignored', (redirect) => {
  expect(isInternalPath(redirect)).toBe(false);
  expect(postLoginDestination(aUser(), redirect)).toBe('/dashboard');
});

test('the administrator lands on the users, not on an empty dashboard (issue 24 §11)', () => {
  expect(postLoginDestination(aUser({ role: 'system_admin', services: [] }), null)).toBe('/users');
  expect(postLoginDestination(aUser({ role: 'system_admin', services: [] }), '/users/7')).toBe('/users/7');
});

test('a redirect back to /login is not followed (no loop)', () => {
  expect(postLoginDestination(aUser(), '/login?redirect=/x')).toBe('/dashboard');
});

test('status 2 and 3 are inactive, 1 is not', () => {
  expect(isAccountInactive({ status: 2 })).toBe(true);
  expect(isAccountInactive({ status: 3 })).toBe(true);
  expect(isAccountInactive({ status: 1 })).toBe(false);
});
