import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { PublicUser } from '../../common/contracts/auth';
import { type RevalidationFailure, sessionMachine } from '../../machines/session.machine';
import type { AuthApi } from '../api/auth-api';
import { ApiError } from '../api/http';
import { inspectionOptions } from './inspection';
import { clearStoredUser, readStoredUser, writeStoredUser } from './user-storage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** Creates and starts the app's one session actor with its real storage and API. */
export function createSessionActor(options: {
  authApi: AuthApi;
  storage: Storage;
  onChange: () => void;
  /** Reads (and forgets) whether a login without the app just happened (ADR 046). */
  signedInWithoutApp?: () => boolean;
}) {
  const implemented = sessionMachine.provide({
    actors: {
      revalidate: fromPromise<PublicUser, void>(async () => {
        try {
          return await options.authApi.currentUser();
        } catch (error) {
          const failure: RevalidationFailure = { unauthorized: error instanceof ApiError && error.isUnauthorized };
          throw failure;
        }
      }),
    },
    actions: {
      persistUser: ({ context }) => {
        if (context.user) writeStoredUser(options.storage, context.user);
      },
      forgetUser: () => clearStoredUser(options.storage),
      sessionChanged: () => options.onChange(),
    },
  });
  return createActor(implemented, {
    input: { storedUser: readStoredUser(options.storage), signedInWithoutApp: options.signedInWithoutApp?.() ?? false },
    ...inspectionOptions(),
  }).start();
}
