import { expect, test, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PublicUser } from '../../common/contracts/auth';
import { type RevalidationFailure, sessionMachine } from '../../machines/session.machine';
import { aUser } from '../support/users';

function startSession(
  storedUser: PublicUser | null,
  revalidate: () => Promise<PublicUser>,
  signedInWithoutApp = false,
) {
  const effects = { persistUser: vi.fn(), forgetUser: vi.fn(), sessionChanged: vi.fn() };
  const actor = createActor(
    sessionMachine.provide({
      actors: { revalidate: fromPromise(revalidate) },
      actions: {
        persistUser: ({ context }) => effects.persistUser(context.user),
        forgetUser: () => effects.forgetUser(),
        sessionChanged: () => effects.sessionChanged(),
      },
    }),
    { input: { storedUser, signedInWithoutApp } },
  ).start();
  return { actor, effects };
}

test('without a stored user the session is signed out and the server is not asked', () => {
  const revalidate = vi.fn(async () => aUser());
  const { actor } = startSession(null, revalidate);
  expect(actor.getSnapshot().value).toBe('signedOut');
  expect(revalidate).not.toHaveBeenCalled();
});

test('after a login posted without the app (no stored user) the server is asked, and its profile stored', async () => {
  const fresh = aUser({ first_name: 'Formular' });
  const { actor, effects } = startSession(null, async () => fresh, true);
  await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
  expect(actor.getSnapshot().context.user).toEqual(fresh);
  expect(effects.persistUser).toHaveBeenCalledWith(fresh);
});

test('a stored user is confirmed by the server and refreshed', async () => {
  const fresh = aUser({ first_name: 'Janina' });
  const { actor, effects } = startSession(aUser(), async () => fresh);
  await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
  expect(actor.getSnapshot().context.user).toEqual(fresh);
  expect(effects.persistUser).toHaveBeenCalledWith(fresh);
});

test('a 401 on revalidation clears the stored user', async () => {
  const failure: RevalidationFailure = { unauthorized: true };
  const { actor, effects } = startSession(aUser(), async () => {
    throw failure;
  });
  await waitFor(actor, (snapshot) => snapshot.matches('signedOut'));
  expect(actor.getSnapshot().context.user).toBeNull();
  expect(effects.forgetUser).toHaveBeenCalled();
});

test('a network failure on revalidation keeps the stored user', async () => {
  const failure: RevalidationFailure = { unauthorized: false };
  const stored = aUser();
  const { actor, effects } = startSession(stored, async () => {
    throw failure;
  });
  await waitFor(actor, (snapshot) => snapshot.matches('signedIn'));
  expect(actor.getSnapshot().context.user).toEqual(stored);
  expect(effects.forgetUser).not.toHaveBeenCalled();
});

test('sign-in, then any 401 clears the session and tells the router', () => {
  const { actor, effects } = startSession(null, async () => aUser());
  actor.send({ type: 'session.signedIn', user: aUser() });
  expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  actor.send({ type: 'session.unauthorized' });
  expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  expect(effects.forgetUser).toHaveBeenCalled();
  expect(effects.sessionChanged).toHaveBeenCalledTimes(2);
});

test('sign-in stores the profile (userResponse) and tells the router', () => {
  const { actor, effects } = startSession(null, async () => aUser());
  const user = aUser({ first_name: 'Karl' });
  actor.send({ type: 'session.signedIn', user });
  expect(effects.persistUser).toHaveBeenCalledWith(user);
  expect(effects.sessionChanged).toHaveBeenCalledTimes(1);
  expect(actor.getSnapshot().context.user).toEqual(user);
});

test('sign-out clears the stored user', () => {
  const { actor, effects } = startSession(null, async () => aUser());
  actor.send({ type: 'session.signedIn', user: aUser() });
  actor.send({ type: 'session.signedOut' });
  expect(actor.getSnapshot().context.user).toBeNull();
  expect(effects.forgetUser).toHaveBeenCalledTimes(1);
});
