import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { PublicUser } from '../common/contracts/auth';

export type SessionEvent =
  | { type: 'session.signedIn'; user: PublicUser }
  | { type: 'session.signedOut' }
  | { type: 'session.unauthorized' };

/** How a revalidation failed: a 401 ends the session, anything else keeps the stored profile. */
export type RevalidationFailure = { unauthorized: boolean };

function isUnauthorizedFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as RevalidationFailure).unauthorized === true;
}

/** A sign-in is kept, written to userResponse, and the router re-checks its guards. */
const signInActions = ['rememberSignIn', 'persistUser', 'sessionChanged'] as const;
/** Logout or any 401: the stored profile goes, and the router re-checks its guards. */
const signOutActions = ['forgetSignIn', 'forgetUser', 'sessionChanged'] as const;

/**
 * The signed-in user for routing (ADR 019 §7: router context carries this actor). It starts
 * from the profile stored under `userResponse`, asks the server whether the session still holds,
 * and clears everything on any 401. Storage is injected (`persistUser`, `forgetUser`).
 */
export const sessionMachine = setup({
  types: {
    context: {} as { user: PublicUser | null; signedInWithoutApp: boolean },
    events: {} as SessionEvent,
    /**
     * `signedInWithoutApp`: the browser signed in by posting the prerendered login form itself,
     * before the app had loaded (ADR 046), so there is a session cookie but no stored profile.
     */
    input: {} as { storedUser: PublicUser | null; signedInWithoutApp?: boolean },
  },
  guards: {
    hasStoredUser: ({ context }) => context.user !== null,
    signedInWithoutApp: ({ context }) => context.signedInWithoutApp,
    wasUnauthorized: (_, params: { error: unknown }) => isUnauthorizedFailure(params.error),
  },
  actors: {
    revalidate: fromPromise<PublicUser, void>(async () => {
      throw new Error('revalidate actor not implemented: provide it with sessionMachine.provide()');
    }),
  },
  actions: {
    /** Writes `context.user` to userResponse (the app supplies the storage). */
    persistUser: () => {},
    forgetUser: () => {},
    sessionChanged: () => {},
    forgetSignIn: assign({ user: null }),
    rememberSignIn: assign(({ event }) => {
      assertEvent(event, 'session.signedIn');
      return { user: event.user };
    }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ user: input.storedUser, signedInWithoutApp: input.signedInWithoutApp ?? false }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasStoredUser', target: 'restoring' },
        { guard: 'signedInWithoutApp', target: 'restoring' },
        { target: 'signedOut' },
      ],
    },
    restoring: {
      description:
        'A stored profile exists, or a login without the app just set the cookie; the server confirms the session holds.',
      invoke: {
        id: 'revalidate',
        src: 'revalidate',
        onDone: {
          target: 'signedIn',
          actions: [assign({ user: ({ event }) => event.output }), 'persistUser'],
        },
        onError: [
          {
            guard: { type: 'wasUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: [assign({ user: null }), 'forgetUser'],
          },
          // Offline or a server hiccup: keep the stored profile; the next API call decides.
          { target: 'signedIn' },
        ],
      },
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: signInActions,
        },
      },
    },
    signedIn: {
      on: {
        'session.signedIn': {
          actions: signInActions,
        },
        'session.signedOut': { target: 'signedOut', actions: signOutActions },
        'session.unauthorized': { target: 'signedOut', actions: signOutActions },
      },
    },
    signedOut: {
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: signInActions,
        },
      },
    },
  },
});
