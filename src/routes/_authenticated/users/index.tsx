import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { createAdminUsersImplementations } from '../../../views/admin-users/admin-users-implementations';
import { InviteUserForm } from '../../../views/admin-users/InviteUserForm';
import { UsersView } from '../../../views/admin-users/UsersView';

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
