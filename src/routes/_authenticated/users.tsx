import { Trans } from '@lingui/react/macro';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { USER_ROLE } from '../../../common/contracts/auth';
import { AdminTabs } from '../../views/admin/AdminTabs';

export const Route = createFileRoute('/_authenticated/users')({
  // docs/product.md §2/§6: only system administrators; anyone else is sent to /login. The API checks again.
  beforeLoad: ({ context }) => {
    if (context.user.role !== USER_ROLE.systemAdmin) throw redirect({ to: '/login' });
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
