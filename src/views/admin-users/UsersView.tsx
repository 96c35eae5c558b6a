import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser } from '../../../common/contracts/admin-users';
import { USER_STATUS, USER_STATUSES, type UserStatus } from '../../../common/contracts/auth';
import { adminUsersMachine, userDecisionsFor } from '../../../machines/admin-users.machine';
import { ReviewTable } from '../admin/ReviewTable';
import type { AdminUsersImplementations } from './admin-users-implementations';

const fullName = (user: AdminUser) => `${user.first_name} ${user.last_name}`;

/** /users: the system administrator checks registrations and activates or deactivates accounts. */
export function UsersView({
  implementations,
  currentUserId,
}: {
  implementations: AdminUsersImplementations;
  currentUserId: number;
}) {
  const { t, i18n } = useLingui();
  const statusLabels: Record<UserStatus, string> = {
    [USER_STATUS.active]: t`Active`,
    [USER_STATUS.pendingVerification]: t`Pending verification`,
    [USER_STATUS.deactivated]: t`Deactivated`,
  };
  return (
    <ReviewTable
      machine={adminUsersMachine}
      implementations={implementations}
      title={<Trans>Accounts</Trans>}
      caption={<Trans>Registered users</Trans>}
      searchLabel={t`Search by name, company or e-mail`}
      statusOptions={USER_STATUSES.map((status) => ({
        value: `${status}` as const,
        label: statusLabels[status],
      }))}
      columns={[
        { header: <Trans>Name</Trans>, cell: fullName },
        { header: <Trans>Company</Trans>, cell: (user: AdminUser) => user.company_name ?? '–' },
        { header: <Trans>E-mail</Trans>, breakAnywhere: true, cell: (user: AdminUser) => user.email },
        {
          header: <Trans>Registered</Trans>,
          cell: (user: AdminUser) => i18n.date(user.created_at, { dateStyle: 'medium' }),
        },
        { header: <Trans>Status</Trans>, first: true, cell: (user: AdminUser) => statusLabels[user.status] },
      ]}
      emptyMessage={<Trans>No users match this search.</Trans>}
      summary={(page) => <Trans>{page.total} users</Trans>}
      decisionsFor={(user) => userDecisionsFor(user, currentUserId)}
      itemName={fullName}
      decisions={{
        activate: {
          label: <Trans>Activate</Trans>,
          title: <Trans>Activate account?</Trans>,
          description: (pendingName) => <Trans>{pendingName} will be able to log in and receives an e-mail.</Trans>,
        },
        deactivate: {
          label: <Trans>Deactivate</Trans>,
          secondary: true,
          title: <Trans>Deactivate account?</Trans>,
          description: (pendingName) => <Trans>{pendingName} will be logged out and can no longer log in.</Trans>,
        },
      }}
    />
  );
}
