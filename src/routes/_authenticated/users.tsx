import { createFileRoute, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { UsersView } from '../../views/users/UsersView';
import { createAdminUsersImplementations } from '../../views/users/use-admin-users';

export const Route = createFileRoute('/_authenticated/users')({
  // Spec §2/§6: only system administrators; anyone else is sent to /login. The API checks again.
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'system_admin') throw redirect({ to: '/login' });
  },
  component: UsersRoute,
});

function UsersRoute() {
  const { api, user } = Route.useRouteContext();
  const [implementations] = useState(() => createAdminUsersImplementations({ adminUsersApi: api.adminUsers }));
  return <UsersView implementations={implementations} currentUserId={user.id} />;
}
