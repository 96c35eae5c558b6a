import { createFileRoute, Outlet } from '@tanstack/react-router';
import { USER_ROLE } from '../../../common/contracts/auth';
import { requireRole } from '../../app/role-guards';

/** The workshop's orders (issue 13): workshop users only; the server checks the role on every request. */
export const Route = createFileRoute('/_authenticated/orders')({
  beforeLoad: ({ context }) => requireRole(context.user, USER_ROLE.workshopUser),
  component: Outlet,
});
