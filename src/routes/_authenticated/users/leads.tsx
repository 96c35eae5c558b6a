import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { createAdminLeadsImplementations } from '../../../views/admin-leads/admin-leads-implementations';
import { LeadsView } from '../../../views/admin-leads/LeadsView';

export const Route = createFileRoute('/_authenticated/users/leads')({
  component: LeadsRoute,
});

function LeadsRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() => createAdminLeadsImplementations({ workshopApi: api.workshop }));
  return <LeadsView implementations={implementations} />;
}
