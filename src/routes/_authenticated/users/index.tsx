import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { InviteUserForm } from '../../../views/users/InviteUserForm';
import { UsersView } from '../../../views/users/UsersView';
import { createAdminUsersImplementations } from '../../../views/users/use-admin-users';

export const Route = createFileRoute('/_authenticated/users/')({
  component: UsersRoute,
});

function UsersRoute() {
  const { api, user } = Route.useRouteContext();
  const [implementations] = useState(() => createAdminUsersImplementations({ adminUsersApi: api.adminUsers }));
  return (
    <>
      <UsersView implementations={implementations} currentUserId={user.id} />
      <InviteUserForm adminUsersApi={api.adminUsers} />
    </>
  );
}
