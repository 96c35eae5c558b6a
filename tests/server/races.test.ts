import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dealerProfiles, organisations, outbox, partDealerLeads, users, workshopLeads } from '../../server/db/schema';
import { translate } from '../../server/i18n';
import { hashPassword } from '../../server/services/auth/passwords';
import {
  ADMIN,
  linkFromLatestMail,
  loginCookie,
  postJson,
  solvedCaptcha,
  startTestServer,
  type TestServer,
  tokenFromLink,
} from '../support/test-server';

/**
 * One-time things used by many at once (Ory Kratos fires 8 concurrent uses of one recovery
 * token): of 8 and of 50 parallel uses exactly one wins, with one user and one mail; every other
 * caller gets a 4xx with a translated message.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await loginCookie(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());

type Attempt = Awaited<ReturnType<typeof postJson>>;

function expectExactlyOneWinner(attempts: Attempt[]) {
  expect(attempts.filter((attempt) => attempt.response.status === 200)).toHaveLength(1);
  for (const loser of attempts.filter((attempt) => attempt.response.status !== 200)) {
    expect(loser.response.status).toBeGreaterThanOrEqual(400);
    expect(loser.response.status).toBeLessThan(500);
    expect(loser.body.message).toBe(translate('de', loser.body.error as Parameters<typeof translate>[1]));
  }
}

async function mailsTo(recipient: string, kind: string) {
  return server.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)));
}

async function requestedWorkshopLead(email: string) {
  await postJson(server, '/svc/workshop/lead', {
    workshop_primary_email: email,
    workshop_account_name: 'Werkstatt Parallel',
    recaptcha: await solvedCaptcha(server),
    mode: 'account-creation',
  });
  const [lead] = await server.db.select().from(workshopLeads).where(eq(workshopLeads.email, email));
  if (!lead) throw new Error(`no lead for ${email}`);
  return lead;
}

describe.each([8, 50])('%i parallel uses', (parallel) => {
  const many = <T>(attempt: (index: number) => Promise<T>) =>
    Promise.all(Array.from({ length: parallel }, (_, index) => attempt(index)));

  test('of one reset token: one password change, one confirmation mail', async () => {
    const email = `reset-${parallel}@race.de`;
    await server.db.insert(users).values({
      email,
      passwordHash: await hashPassword('Old-password-2026'),
      firstName: 'Rita',
      lastName: 'Race',
      status: 1,
    });
    await postJson(server, '/svc/auth/api/v1/forgot-password', { email });
    const token = tokenFromLink(await linkFromLatestMail(server, email, 'reset-password?token='));
    const attempts = await many((index) =>
      postJson(server, '/svc/auth/api/v1/reset-password', {
        token,
        password: `Racing-password-${index}`,
        confirm_password: `Racing-password-${index}`,
      }),
    );
    expectExactlyOneWinner(attempts);
    expect(await mailsTo(email, 'password-changed')).toHaveLength(1);
  });

  test('of one user invitation: one user', async () => {
    const email = `invited-${parallel}@race.de`;
    await postJson(
      server,
      '/svc/auth/api/v1/users/invite',
      { first_name: 'Ines', email, company_name: 'Teile Parallel GmbH' },
      { cookie: admin },
    );
    const token = tokenFromLink(await linkFromLatestMail(server, email, '/user-invite?token='));
    const attempts = await many(() =>
      postJson(server, '/svc/part-dealer/part-dealer/leads/user-register', {
        token,
        last_name: 'Nord',
        contact_number: '+49 40 123456',
        password: 'Lagerhalle-2026',
      }),
    );
    expectExactlyOneWinner(attempts);
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  test('of one workshop invitation: one user', async () => {
    const email = `workshop-${parallel}@race.de`;
    const lead = await requestedWorkshopLead(email);
    await postJson(server, `/svc/workshop/leads/${lead.id}/approve`, {}, { cookie: admin });
    const token = tokenFromLink(await linkFromLatestMail(server, email, '/onboarding?token='));
    const attempts = await many(() =>
      postJson(server, '/svc/workshop/lead/account', { token, first_name: 'Race', password: 'Radlager-2026' }),
    );
    expectExactlyOneWinner(attempts);
    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  test('of one lead approval: one invitation mail', async () => {
    const email = `approval-${parallel}@race.de`;
    const lead = await requestedWorkshopLead(email);
    const attempts = await many(() =>
      postJson(server, `/svc/workshop/leads/${lead.id}/approve`, {}, { cookie: admin }),
    );
    expectExactlyOneWinner(attempts);
    expect(await mailsTo(email, 'workshop-invitation')).toHaveLength(1);
  });

  test('of one dealer verification: one organisation, one invitation', async () => {
    const email = `dealer-${parallel}@race.de`;
    const [lead] = await server.db
      .insert(partDealerLeads)
      .values({
        firstName: 'Dana',
        lastName: 'Dealer',
        companyName: `Race Dealer ${parallel} GmbH`,
        email,
        contactNumber: '+49 89 123456',
        street: 'Industriestraße 5',
        city: 'München',
        postcode: '80331',
        country: 'Deutschland',
        brandsServed: ['BMW'],
        deliveryArea: 'deutschlandweit',
        taxId: 'DE123456789',
      })
      .returning();
    const attempts = await many(() =>
      postJson(server, `/svc/part-dealer/part-dealer/leads/${lead?.id}/verify`, {}, { cookie: admin }),
    );
    expectExactlyOneWinner(attempts);
    expect(await server.db.$count(dealerProfiles, eq(dealerProfiles.leadId, lead?.id ?? 0))).toBe(1);
    expect(await server.db.$count(organisations, eq(organisations.name, `Race Dealer ${parallel} GmbH`))).toBe(1);
    expect(await mailsTo(email, 'user-invitation')).toHaveLength(1);
  });
});
