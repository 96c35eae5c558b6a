import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { createAdminOrganisationsImplementations } from '../../../views/admin-organisations/admin-organisations-implementations';
import { OrganisationsView } from '../../../views/admin-organisations/OrganisationsView';

export const Route = createFileRoute('/_authenticated/users/organisations')({
  component: OrganisationsRoute,
});

function OrganisationsRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() =>
    createAdminOrganisationsImplementations({ adminOrganisationsApi: api.adminOrganisations }),
  );
  return <OrganisationsView implementations={implementations} />;
}
