import { messageOnlyEnvelopeSchema, type SignUpRequest, signUpResponseSchema } from '../../common/contracts/account';
import type { ContactMessage } from '../../common/contracts/contact';
import type { ServiceClient } from './http';

/** Sign-up, the password flows and the mailed-link checks of the authentication service (docs/product.md §7). */
export function createAccountApi(client: ServiceClient) {
  return {
    async signUp(form: SignUpRequest) {
      const body = await client(signUpResponseSchema, '/sign-up', { method: 'POST', body: form });
      return { message: body.message };
    },
    async sendContactMessage(message: ContactMessage) {
      const body = await client(messageOnlyEnvelopeSchema, '/contact-info', { method: 'POST', body: message });
      return { message: body.message };
    },
    async forgotPassword(email: string) {
      const body = await client(messageOnlyEnvelopeSchema, '/forgot-password', { method: 'POST', body: { email } });
      return { message: body.message };
    },
    async resetPassword(request: { token: string; password: string; confirm_password: string }) {
      const body = await client(messageOnlyEnvelopeSchema, '/reset-password', { method: 'POST', body: request });
      return { message: body.message };
    },
    /** Whether a reset link still works, before its form is shown (docs/product.md §4.6). */
    async checkResetLink(token: string) {
      await client(messageOnlyEnvelopeSchema, '/reset-password/check', { method: 'POST', body: { token } });
    },
    /** Whether a user invitation still works, before its form is shown (docs/product.md §4.6). */
    async checkInvitation(token: string) {
      await client(messageOnlyEnvelopeSchema, '/user-invite/check', { method: 'POST', body: { token } });
    },
    async changePassword(request: { current_password: string; password: string; confirm_password: string }) {
      const body = await client(messageOnlyEnvelopeSchema, '/new-user/reset-password', {
        method: 'POST',
        body: request,
      });
      return { message: body.message };
    },
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;
