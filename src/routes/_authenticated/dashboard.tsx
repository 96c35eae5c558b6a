import { createFileRoute, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_ROLE } from '../../../common/contracts/auth';
import { DashboardView } from '../../views/dashboard/DashboardView';
import { createDashboardImplementations } from '../../views/dashboard/use-dashboard';
import { DealerDashboardView } from '../../views/dealer-portal/DealerDashboardView';
import { createDealerDashboardImplementations } from '../../views/dealer-portal/use-dealer-dashboard';

export const Route = createFileRoute('/_authenticated/dashboard')({
  // An insurer has no dashboard; it is never left on an empty one (ADR 030).
  beforeLoad: ({ context }) => {
    if (context.user.role === USER_ROLE.insurerUser) throw redirect({ to: '/claims', replace: true });
  },
  component: DashboardRoute,
});

/** Each role lands on its own dashboard (ADR 022): a dealer user sees its organisation's figures. */
function DashboardRoute() {
  const { user } = Route.useRouteContext();
  return user.role === USER_ROLE.dealerUser ? <DealerDashboardRoute /> : <UserDashboardRoute />;
}

function UserDashboardRoute() {
  const { user, api, session } = Route.useRouteContext();
  const [implementations] = useState(() => createDashboardImplementations({ authApi: api.auth, session }));
  return <DashboardView implementations={implementations} storedUser={user} />;
}

function DealerDashboardRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() => createDealerDashboardImplementations({ api: api.dealerOrganisation }));
  return <DealerDashboardView implementations={implementations} />;
}
