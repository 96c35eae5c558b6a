import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { USER_ROLE } from '../../../common/contracts/auth';
import { requireRole } from '../../app/role-guards';
import { createWorkshopSuppliersImplementations } from '../../views/workshop-suppliers/use-workshop-suppliers';
import { WorkshopSuppliersView } from '../../views/workshop-suppliers/WorkshopSuppliersView';

/** The workshop's suppliers (ADR 022): workshop users only; the server checks the role again. */
export const Route = createFileRoute('/_authenticated/suppliers')({
  beforeLoad: ({ context }) => requireRole(context.user, USER_ROLE.workshopUser),
  component: SuppliersRoute,
});

function SuppliersRoute() {
  const { api } = Route.useRouteContext();
  const [implementations] = useState(() => createWorkshopSuppliersImplementations({ api: api.workshopSuppliers }));
  return <WorkshopSuppliersView implementations={implementations} />;
}
