import { createFileRoute } from '@tanstack/react-router';
import { LandingView } from '../views/landing/LandingView';

export const Route = createFileRoute('/')({
  component: LandingRoute,
});

function LandingRoute() {
  const { services } = Route.useRouteContext();
  return <LandingView services={services} />;
}
