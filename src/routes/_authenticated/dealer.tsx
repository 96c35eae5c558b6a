import { createFileRoute, Outlet } from '@tanstack/react-router';
import { USER_ROLE } from '../../../common/contracts/auth';
import { requireRole } from '../../app/role-guards';

/** The dealer's own screens under /dealer/… (ADR 022): dealer users only. */
export const Route = createFileRoute('/_authenticated/dealer')({
  beforeLoad: ({ context }) => requireRole(context.user, USER_ROLE.dealerUser),
  component: Outlet,
});
