import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BusinessInfoSuccessView } from '../views/support/BusinessInfoSuccessView';

export const Route = createFileRoute('/business-info-success')({
  component: BusinessInfoSuccessRoute,
});

function BusinessInfoSuccessRoute() {
  const navigate = useNavigate();
  return <BusinessInfoSuccessView onClose={() => void navigate({ to: '/' })} />;
}
