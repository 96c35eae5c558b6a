import { createFileRoute, Outlet } from '@tanstack/react-router';
import { USER_ROLE } from '../../../common/contracts/auth';
import { requireRole } from '../../app/role-guards';

/** The insurer's claims (issue 15, ADR 030): insurer users only; the server checks the role on every request. */
export const Route = createFileRoute('/_authenticated/claims')({
  beforeLoad: ({ context }) => requireRole(context.user, USER_ROLE.insurerUser),
  component: Outlet,
});
