import { expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginRequest, PublicUser } from '../../common/contracts/auth';
import { USER_STATUS } from '../../common/contracts/auth';
import { type LoginResult, loginMachine } from '../../machines/login.machine';
import { aUser } from '../support/users';

function startLogin(
  options: { result?: (input: LoginRequest) => Promise<LoginResult>; redirectUrl?: string | null } = {},
) {
  const effects = {
    storeUser: vi.fn<(user: PublicUser) => void>(),
    navigate: vi.fn<(to: string) => void>(),
    showAccountStatus: vi.fn<(status: number) => void>(),
    notifyFailure: vi.fn<(message: string) => void>(),
    notifySuccess: vi.fn<(message: string | undefined) => void>(),
    login: vi.fn(options.result ?? (async () => ({ user: aUser(), message: 'ok' }))),
  };
  const actor = createActor(
    loginMachine.provide({
      actors: { login: fromPromise<LoginResult, LoginRequest>(({ input }) => effects.login(input)) },
      actions: {
        storeUser: (_, { user }) => effects.storeUser(user),
        navigate: (_, { to }) => effects.navigate(to),
        showAccountStatus: (_, { status }) => effects.showAccountStatus(status),
        notifyFailure: (_, { message }) => effects.notifyFailure(message),
        notifySuccess: (_, { message }) => effects.notifySuccess(message),
      },
    }),
    { input: { redirectUrl: options.redirectUrl ?? null } },
  ).start();
  return { actor, effects };
}

function fill(actor: ReturnType<typeof startLogin>['actor'], email: string, password: string) {
  actor.send({ type: 'field.change', field: 'email', value: email });
  actor.send({ type: 'field.change', field: 'password', value: password });
}

test('an empty submit shows emailRequired and passwordRequired and sends nothing', () => {
  const { actor, effects } = startLogin();
  actor.send({ type: 'login.submit' });
  expect(actor.getSnapshot().context.errors).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
  expect(actor.getSnapshot().value).toBe('editing');
  expect(effects.login).not.toHaveBeenCalled();
});

test('editing a field clears only that field’s error', () => {
  const { actor } = startLogin();
  actor.send({ type: 'login.submit' });
  actor.send({ type: 'field.change', field: 'email', value: 'a' });
  expect(actor.getSnapshot().context.errors).toEqual({ password: 'passwordRequired' });
});

test('a malformed email is refused before any request', () => {
  const { actor, effects } = startLogin();
  fill(actor, 'not-an-email', 'secret-password');
  actor.send({ type: 'login.submit' });
  expect(actor.getSnapshot().context.errors).toEqual({ email: 'emailInvalid' });
  expect(effects.login).not.toHaveBeenCalled();
});

test('valid credentials are sent lower-cased with rememberMe', async () => {
  const { actor, effects } = startLogin();
  fill(actor, '  Jana@Example.DE ', 'secret-password');
  actor.send({ type: 'rememberMe.change', value: true });
  actor.send({ type: 'login.submit' });
  expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  await waitFor(actor, (snapshot) => snapshot.status === 'done');
  expect(effects.login).toHaveBeenCalledWith({
    email: 'jana@example.de',
    password: 'secret-password',
    rememberMe: true,
  });
});

test('status 1 with several services: user stored, then (after the zero timer) /dashboard', async () => {
  const user = aUser({
    services: [
      { name: 'WORKSHOP', url: '/a' },
      { name: 'WORKSHOP', url: '/b' },
    ],
  });
  const { actor, effects } = startLogin({ result: async () => ({ user, message: 'Login successful' }) });
  fill(actor, 'jana@example.de', 'secret-password');
  actor.send({ type: 'login.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
  expect(effects.storeUser).toHaveBeenCalledWith(user);
  expect(effects.navigate).not.toHaveBeenCalled();
  await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
  expect(effects.navigate).toHaveBeenCalledWith('/dashboard');
  expect(effects.notifySuccess).toHaveBeenCalledWith('Login successful');
});

test('status 1 with exactly one service goes to the service url', async () => {
  const user = aUser({ services: [{ name: 'WORKSHOP', url: '/workshop-app' }] });
  const { actor, effects } = startLogin({ result: async () => ({ user, message: undefined }) });
  fill(actor, 'jana@example.de', 'secret-password');
  actor.send({ type: 'login.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
  expect(effects.navigate).toHaveBeenCalledWith('/workshop-app');
});

test('status 1 with no service goes to /dashboard', async () => {
  const { actor, effects } = startLogin({
    result: async () => ({ user: aUser({ services: [] }), message: undefined }),
  });
  fill(actor, 'jana@example.de', 'secret-password');
  actor.send({ type: 'login.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
  expect(effects.navigate).toHaveBeenCalledWith('/dashboard');
});

test('a remembered redirect inside the app wins over the service url', async () => {
  const user = aUser({ services: [{ name: 'WORKSHOP', url: '/workshop-app' }] });
  const { actor, effects } = startLogin({
    result: async () => ({ user, message: undefined }),
    redirectUrl: '/dashboard?x=1',
  });
  fill(actor, 'jana@example.de', 'secret-password');
  actor.send({ type: 'login.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('loggedIn'));
  expect(effects.navigate).toHaveBeenCalledWith('/dashboard?x=1');
});

test.each([USER_STATUS.pendingVerification, USER_STATUS.deactivated])(
  'status %i shows the account status page and stores nothing',
  async (status) => {
    const { actor, effects } = startLogin({ result: async () => ({ user: aUser({ status }), message: undefined }) });
    fill(actor, 'jana@example.de', 'secret-password');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('accountInactive'));
    expect(effects.showAccountStatus).toHaveBeenCalledWith(status);
    expect(effects.storeUser).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
  },
);

test('a refused login stores the server message, notifies, clears the password and stays editable', async () => {
  const { actor, effects } = startLogin({
    result: async () => {
      throw new Error('E-Mail oder Passwort ist falsch');
    },
  });
  fill(actor, 'jana@example.de', 'wrong-password');
  actor.send({ type: 'login.submit' });
  await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.serverError !== null);
  expect(actor.getSnapshot().context.serverError).toBe('E-Mail oder Passwort ist falsch');
  expect(actor.getSnapshot().context.password).toBe('');
  expect(effects.notifyFailure).toHaveBeenCalledWith('E-Mail oder Passwort ist falsch');
  actor.send({ type: 'error.fixed' });
  expect(actor.getSnapshot().context.serverError).toBeNull();
});

test('submitting while a login is in flight is ignored', async () => {
  let release: (value: LoginResult) => void = () => {};
  const { actor, effects } = startLogin({ result: () => new Promise((resolve) => (release = resolve)) });
  fill(actor, 'jana@example.de', 'secret-password');
  actor.send({ type: 'login.submit' });
  actor.send({ type: 'login.submit' });
  expect(effects.login).toHaveBeenCalledTimes(1);
  release({ user: aUser(), message: undefined });
  await waitFor(actor, (snapshot) => snapshot.status === 'done');
});
