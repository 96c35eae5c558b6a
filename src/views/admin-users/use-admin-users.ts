import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { AdminUser } from '../../../common/contracts/admin-users';
import type { SettableUserStatus } from '../../../common/contracts/auth';
import { adminUsersMachine, type UserPage, type UserQuery } from '../../../machines/admin-users.machine';
import type { AdminUsersApi } from '../../api/admin-users-api';
import { inspectionOptions } from '../../app/inspection';
import { notify } from '../notifications/notify';

type Implementations = Parameters<typeof adminUsersMachine.provide>[0];

export function createAdminUsersImplementations(deps: { adminUsersApi: AdminUsersApi }): Implementations {
  return {
    actors: {
      listUsers: fromPromise<UserPage, UserQuery>(({ input }) => deps.adminUsersApi.listUsers(input)),
      setUserStatus: fromPromise<{ message: string | undefined }, { userId: number; status: SettableUserStatus }>(
        ({ input }) => deps.adminUsersApi.setUserStatus(input.userId, input.status),
      ),
    },
    actions: {
      notifySuccess: (_, { message }) => notify.success(message),
      notifyFailure: (_, { message }) => notify.failure(message),
    },
  };
}

export function useAdminUsers(implementations: Implementations) {
  const [machine] = useState(() => adminUsersMachine.provide(implementations));
  const users = useActorRef(machine, inspectionOptions());
  return {
    query: useSelector(users, (snapshot) => snapshot.context.query),
    page: useSelector(users, (snapshot) => snapshot.context.page),
    error: useSelector(users, (snapshot) => snapshot.context.error),
    pending: useSelector(users, (snapshot) => snapshot.context.pending),
    loading: useSelector(users, (snapshot) => snapshot.matches('loading') || snapshot.matches('debouncing')),
    dialogOpen: useSelector(users, (snapshot) => snapshot.hasTag('dialogOpen')),
    changing: useSelector(users, (snapshot) => snapshot.matches('changingStatus')),
    canRequestStatus: useSelector(users, (snapshot) => snapshot.matches('ready')),
    search: (value: string) => users.send({ type: 'search.change', value }),
    filter: (status: UserQuery['status']) => users.send({ type: 'filter.change', status }),
    goToPage: (page: number) => users.send({ type: 'page.change', page }),
    requestStatus: (user: AdminUser, status: SettableUserStatus) =>
      users.send({ type: 'status.request', user, status }),
    cancelStatus: () => users.send({ type: 'status.cancel' }),
    confirmStatus: () => users.send({ type: 'status.confirm' }),
    retry: () => users.send({ type: 'list.retry' }),
  };
}
