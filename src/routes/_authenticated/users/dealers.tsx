import { createFileRoute } from '@tanstack/react-router';
import { DealerLeadsView } from '../../../views/admin-leads/DealerLeadsView';

export const Route = createFileRoute('/_authenticated/users/dealers')({
  component: DealersRoute,
});

function DealersRoute() {
  const { api } = Route.useRouteContext();
  return <DealerLeadsView partDealerApi={api.partDealer} />;
}
