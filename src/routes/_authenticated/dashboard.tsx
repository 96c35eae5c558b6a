import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { DashboardView } from '../../views/dashboard/DashboardView';
import { createDashboardImplementations } from '../../views/dashboard/use-dashboard';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: DashboardRoute,
});

function DashboardRoute() {
  const { user, api, session } = Route.useRouteContext();
  const [implementations] = useState(() => createDashboardImplementations({ authApi: api.auth, session }));
  return <DashboardView implementations={implementations} storedUser={user} />;
}
