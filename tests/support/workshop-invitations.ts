import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { workshopLeads } from '../../server/db/schema';
import { linkFromLatestMail, postJson, solvedCaptcha, type TestServer, tokenFromLink } from './test-server';

export async function requestInvitation(
  server: TestServer,
  email: string,
  mode: 'plain' | 'account-creation' = 'plain',
  name = 'Werkstatt Müller',
) {
  return postJson(server, '/svc/workshop/lead', {
    workshop_primary_email: email,
    workshop_account_name: name,
    recaptcha: await solvedCaptcha(server),
    mode,
  });
}

export async function leadOf(server: TestServer, email: string) {
  const [lead] = await server.db.select().from(workshopLeads).where(eq(workshopLeads.email, email));
  if (!lead) throw new Error(`no lead for ${email}`);
  return lead;
}

/** A lead requested and approved through the real API, with the token of its invitation mail. */
export async function approvedInvitation(
  server: TestServer,
  adminCookie: string,
  email: string,
  mode: 'plain' | 'account-creation' = 'plain',
) {
  await requestInvitation(server, email, mode);
  const lead = await leadOf(server, email);
  const approval = await postJson(server, `/svc/workshop/leads/${lead.id}/approve`, {}, { cookie: adminCookie });
  expect(approval.response.status).toBe(200);
  return { lead, token: tokenFromLink(await linkFromLatestMail(server, email, '/onboarding?token=')) };
}

/** A wizard request, with the onboarding cookie when one is given. */
export function sendJson(
  server: TestServer,
  method: 'PUT' | 'POST',
  path: string,
  body: unknown,
  cookie: string | null = null,
) {
  return postJson(server, path, body, cookie ? { cookie } : {}, { method });
}
