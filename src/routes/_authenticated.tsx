import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_ROLE } from '../../common/contracts/auth';
import { MemberLiveEvents } from '../app/member-live-events';
import { AppShell } from '../views/shell/AppShell';
import { createLogoutImplementations } from '../views/shell/use-logout';

/**
 * Pathless layout for pages that need a signed-in user (docs/product.md §2 and §4.1: otherwise /login, remembering
 * where the user wanted to go). This is routing only; the API checks every request itself.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const services = await context.services.ready();
    const user = await services.signedInUser();
    if (!user) {
      throw redirect({ to: '/login', search: { redirect: location.href } });
    }
    return { ...services, user };
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { user, api, session } = Route.useRouteContext();
  const navigate = useNavigate();
  const [logoutImplementations] = useState(() =>
    createLogoutImplementations({
      authApi: api.auth,
      session,
      navigate: (to) => void navigate({ to, replace: true }),
    }),
  );
  // A dealer's navigation counts the new orders waiting for its confirmation (issue 24 §8).
  const [countWaitingOrders] = useState(() =>
    user.role === USER_ROLE.dealerUser
      ? async () =>
          (
            await api.dealerOrders.list({
              page: 1,
              status: 'placed',
              dealer: '',
              q: '',
              vehicle: '',
              from: '',
              to: '',
            })
          ).total
      : undefined,
  );
  // The live stream ended because its access is gone (ADR 045): asking for the session either
  // gets a 401 (any 401 signs out, and the guard sends the person to the login) or the profile
  // as it is now (a changed role gets the stream of its new role, or none).
  const [checkAccess] = useState(() => () => {
    api.auth
      .currentUser()
      .then((current) => session.send({ type: 'session.signedIn', user: current }))
      .catch(() => {
        // A 401 was already heard by the session; anything else: the next request decides.
      });
  });
  return (
    <MemberLiveEvents user={user} onAccessEnded={checkAccess}>
      <AppShell user={user} logoutImplementations={logoutImplementations} countWaitingOrders={countWaitingOrders}>
        <Outlet />
      </AppShell>
    </MemberLiveEvents>
  );
}
