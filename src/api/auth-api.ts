import {
  emptyEnvelopeSchema,
  type LoginRequest,
  type PublicUser,
  userEnvelopeSchema,
} from '../../common/contracts/auth';
import type { ServiceClient } from './http';

export type AuthApi = {
  login: (credentials: LoginRequest) => Promise<{ user: PublicUser; message: string | undefined }>;
  logout: () => Promise<{ message: string | undefined }>;
  currentUser: () => Promise<PublicUser>;
};

/** The authentication service's calls (docs/product.md §7), over one service client. */
export function createAuthApi(client: ServiceClient): AuthApi {
  return {
    async login(credentials) {
      const body = await client(userEnvelopeSchema, '/login', { method: 'POST', body: credentials });
      return { user: body.data, message: body.message };
    },
    async logout() {
      const body = await client(emptyEnvelopeSchema, '/logout', { method: 'POST' });
      return { message: body.message };
    },
    async currentUser() {
      const body = await client(userEnvelopeSchema, '/user');
      return body.data;
    },
  };
}
