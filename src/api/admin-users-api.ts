import { messageOnlyEnvelopeSchema } from '../../common/contracts/account';
import { userListEnvelopeSchema, userStatusEnvelopeSchema } from '../../common/contracts/admin-users';
import type { SettableUserStatus } from '../../common/contracts/auth';
import type { UserInviteRequest } from '../../common/contracts/user-invitation';
import type { ServiceClient } from './http';

/** The system administrator's calls on the authentication service's /users. */
export function createAdminUsersApi(client: ServiceClient) {
  return {
    async listUsers(query: { page: number; search: string; status: string }) {
      const params: Record<string, string | number> = { page: query.page };
      if (query.search.trim()) params.search = query.search.trim();
      if (query.status) params.status = query.status;
      const body = await client(userListEnvelopeSchema, '/users/list', { query: params });
      return body.data;
    },
    async inviteUser(invite: UserInviteRequest) {
      const body = await client(messageOnlyEnvelopeSchema, '/users/invite', { method: 'POST', body: invite });
      return { message: body.message };
    },
    async setUserStatus(userId: number, status: SettableUserStatus) {
      const body = await client(userStatusEnvelopeSchema, `/users/${userId}/status`, {
        method: 'POST',
        body: { status },
      });
      return { message: body.message };
    },
  };
}

export type AdminUsersApi = ReturnType<typeof createAdminUsersApi>;
