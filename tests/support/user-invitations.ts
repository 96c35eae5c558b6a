import { expect } from 'vitest';
import { linkFromLatestMail, postJson, type TestServer, tokenFromLink } from './test-server';

/** An administrator invites this address through the real API; the token of the mailed link. */
export async function invitedUserToken(server: TestServer, adminCookie: string, email: string) {
  const { response } = await postJson(
    server,
    '/svc/auth/api/v1/users/invite',
    { first_name: 'Ines', email, company_name: 'Teile Nord GmbH' },
    { cookie: adminCookie },
  );
  expect(response.status).toBe(200);
  return tokenFromLink(await linkFromLatestMail(server, email, '/user-invite?token='));
}
