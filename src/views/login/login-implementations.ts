import { fromPromise } from 'xstate';
import type { LoginRequest } from '../../../common/contracts/auth';
import type { LoginResult, loginMachine } from '../../../machines/login.machine';
import type { AuthApi } from '../../api/auth-api';
import { isExternalUrl } from '../../app/navigation';
import type { SessionActor } from '../../app/session';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof loginMachine.provide>[0];

/**
 * The real effects of the login flow: the auth API, the session actor (which writes
 * `userResponse`), navigation and the snackbar. Tests pass fakes of the same shape.
 */
export function createLoginImplementations(deps: {
  authApi: AuthApi;
  session: SessionActor;
  navigate: (to: string, search?: Record<string, string | number>) => void;
}): Implementations {
  return {
    actors: {
      login: fromPromise<LoginResult, LoginRequest>(({ input }) => deps.authApi.login(input)),
    },
    actions: {
      storeUser: (_, { user }) => deps.session.send({ type: 'session.signedIn', user }),
      navigate: (_, { to }) => {
        if (isExternalUrl(to)) window.location.assign(to);
        else deps.navigate(to);
      },
      showAccountStatus: (_, { status }) => deps.navigate('/account', { status }),
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}
