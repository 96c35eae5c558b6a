import { Trans } from '@lingui/react/macro';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AdminTabs } from '../../views/admin/AdminTabs';

export const Route = createFileRoute('/_authenticated/users')({
  // Spec §2/§6: only system administrators; anyone else is sent to /login. The API checks again.
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'system_admin') throw redirect({ to: '/login' });
  },
  component: UsersLayout,
});

function UsersLayout() {
  return (
    <>
      <h1>
        <Trans>Users</Trans>
      </h1>
      <AdminTabs />
      <Outlet />
    </>
  );
}
