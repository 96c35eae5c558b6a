import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser } from '../../../common/contracts/admin-users';
import { USER_STATUS, type UserStatus } from '../../../common/contracts/auth';
import type { adminUsersMachine, UserQuery } from '../../../machines/admin-users.machine';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import * as styles from '../admin/admin.css';
import { ListError } from '../admin/ListError';
import { Pager } from '../admin/Pager';
import { useAdminUsers } from './use-admin-users';

type Implementations = Parameters<typeof adminUsersMachine.provide>[0];

/** /users: the system administrator checks registrations and activates or deactivates accounts. */
export function UsersView({
  implementations,
  currentUserId,
}: {
  implementations: Implementations;
  currentUserId: number;
}) {
  const { t, i18n } = useLingui();
  const users = useAdminUsers(implementations);
  const statusLabels: Record<UserStatus, string> = {
    [USER_STATUS.active]: t`Active`,
    [USER_STATUS.pendingVerification]: t`Pending verification`,
    [USER_STATUS.deactivated]: t`Deactivated`,
  };
  const page = users.page;
  const pending = users.pending;
  const pendingName = pending ? `${pending.user.first_name} ${pending.user.last_name}` : '';

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title">
        <Trans>Accounts</Trans>
      </h2>
      <div className={styles.filters}>
        <TextField
          label={t`Search by name, company or e-mail`}
          type="search"
          name="search"
          value={users.query.search}
          onValueChange={users.search}
        />
        <Select
          label={t`Status`}
          value={users.query.status}
          onValueChange={(value) => users.filter(value as UserQuery['status'])}
          placeholder={t`All`}
          options={[
            { value: '2', label: t`Pending verification` },
            { value: '1', label: t`Active` },
            { value: '3', label: t`Deactivated` },
          ]}
        />
      </div>
      <ListError message={users.error} onRetry={users.retry} />
      <div className={styles.tableWrap} aria-busy={users.loading}>
        <table className={styles.table}>
          <caption className="visually-hidden">
            <Trans>Registered users</Trans>
          </caption>
          <thead>
            <tr>
              <th className={styles.cell} scope="col">
                <Trans>Name</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Company</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>E-mail</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Registered</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Status</Trans>
              </th>
              <th className={styles.cell} scope="col">
                <Trans>Action</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {page && page.items.length === 0 ? (
              <tr>
                <td className={styles.cell} colSpan={6}>
                  <Trans>No users match this search.</Trans>
                </td>
              </tr>
            ) : null}
            {page?.items.map((user: AdminUser) => (
              <tr key={user.id}>
                <td className={styles.cell}>
                  {user.first_name} {user.last_name}
                </td>
                <td className={styles.cell}>{user.company_name ?? '–'}</td>
                <td className={styles.cell}>{user.email}</td>
                <td className={styles.cell}>{i18n.date(user.created_at, { dateStyle: 'medium' })}</td>
                <td className={styles.cell}>{statusLabels[user.status]}</td>
                <td className={styles.cell}>
                  {user.id === currentUserId ? null : user.status === USER_STATUS.active ? (
                    <Button
                      variant="secondary"
                      disabled={!users.canRequestStatus}
                      onClick={() => users.requestStatus(user, 3)}
                    >
                      <Trans>Deactivate</Trans>
                    </Button>
                  ) : (
                    <Button disabled={!users.canRequestStatus} onClick={() => users.requestStatus(user, 1)}>
                      <Trans>Activate</Trans>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={users.query.page}
        total={users.page?.total ?? null}
        pageSize={users.page?.page_size ?? 20}
        summary={<Trans>{users.page?.total} users</Trans>}
        onPage={users.goToPage}
      />
      <Dialog
        open={users.dialogOpen}
        onOpenChange={(open) => {
          if (!open) users.cancelStatus();
        }}
        title={
          pending?.status === USER_STATUS.active ? <Trans>Activate account?</Trans> : <Trans>Deactivate account?</Trans>
        }
        description={
          pending?.status === USER_STATUS.active ? (
            <Trans>{pendingName} will be able to log in and receives an e-mail.</Trans>
          ) : (
            <Trans>{pendingName} will be logged out and can no longer log in.</Trans>
          )
        }
        actions={
          <>
            <Button variant="secondary" onClick={users.cancelStatus} disabled={users.changing}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={users.confirmStatus} busy={users.changing}>
              {pending?.status === USER_STATUS.active ? <Trans>Activate</Trans> : <Trans>Deactivate</Trans>}
            </Button>
          </>
        }
      />
    </section>
  );
}
