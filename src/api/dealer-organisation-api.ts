import { messageOnlyEnvelopeSchema } from '../../common/contracts/account';
import type { SettableUserStatus } from '../../common/contracts/auth';
import {
  type ColleagueInvite,
  colleagueEnvelopeSchema,
  colleagueListEnvelopeSchema,
  type DealerProfileUpdate,
  dealerOverviewEnvelopeSchema,
  dealerProfileEnvelopeSchema,
  logoEnvelopeSchema,
} from '../../common/contracts/dealer-organisation';
import type { ServiceClient } from './http';

/** Reads a file's bytes as base64, the form the logo upload carries them in (JSON only, ADR 004). */
async function base64Of(file: Blob) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunk));
  }
  return btoa(binary);
}

/** The dealer's own portal (issue 12): /organisation/… of the part-dealer service. */
export function createDealerOrganisationApi(client: ServiceClient) {
  return {
    async overview() {
      return (await client(dealerOverviewEnvelopeSchema, '/organisation/overview')).data;
    },
    async profile() {
      return (await client(dealerProfileEnvelopeSchema, '/organisation/profile')).data;
    },
    async saveProfile(update: DealerProfileUpdate) {
      const body = await client(dealerProfileEnvelopeSchema, '/organisation/profile', {
        method: 'PUT',
        body: update,
      });
      return { profile: body.data, message: body.message };
    },
    async uploadLogo(file: Blob) {
      const body = await client(logoEnvelopeSchema, '/organisation/logo', {
        method: 'PUT',
        body: { data: await base64Of(file) },
      });
      return { logoUrl: body.data.logo_url, message: body.message };
    },
    async removeLogo() {
      const body = await client(logoEnvelopeSchema, '/organisation/logo', { method: 'DELETE' });
      return { message: body.message };
    },
    async colleagues() {
      return (await client(colleagueListEnvelopeSchema, '/organisation/users')).data.items;
    },
    async inviteColleague(invite: ColleagueInvite) {
      const body = await client(messageOnlyEnvelopeSchema, '/organisation/invitations', {
        method: 'POST',
        body: invite,
      });
      return { message: body.message };
    },
    async setColleagueStatus(userId: number, status: SettableUserStatus) {
      const body = await client(colleagueEnvelopeSchema, `/organisation/users/${userId}/status`, {
        method: 'POST',
        body: { status },
      });
      return { colleague: body.data, message: body.message };
    },
  };
}

export type DealerOrganisationApi = ReturnType<typeof createDealerOrganisationApi>;
