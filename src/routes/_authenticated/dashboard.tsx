import { createFileRoute } from '@tanstack/react-router';
import { DashboardView } from '../../views/dashboard/DashboardView';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: DashboardRoute,
});

function DashboardRoute() {
  const { user } = Route.useRouteContext();
  return <DashboardView user={user} />;
}
