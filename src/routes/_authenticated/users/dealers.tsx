import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { createAdminDealersImplementations } from '../../../views/admin-leads/admin-leads-implementations';
import { DealerLeadsView } from '../../../views/admin-leads/DealerLeadsView';

export const Route = createFileRoute('/_authenticated/users/dealers')({
  component: DealersRoute,
});

function DealersRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() => createAdminDealersImplementations({ partDealerApi: api.partDealer }));
  return <DealerLeadsView implementations={implementations} />;
}
