import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
} from '../../common/contracts/account';
import { userListQuerySchema, userStatusChangeSchema } from '../../common/contracts/admin-users';
import { loginRequestSchema } from '../../common/contracts/auth';
import { contactMessageSchema } from '../../common/contracts/contact';
import { customerDeclineSchema, customerListQuerySchema } from '../../common/contracts/customers';
import { dealerDecisionSchema, dealerLeadQuerySchema, dealerOnboardingSchema } from '../../common/contracts/dealer';
import { linkCheckRequestSchema } from '../../common/contracts/link-check';
import {
  emptyBodySchema,
  organisationInviteSchema,
  organisationListQuerySchema,
} from '../../common/contracts/organisations';
import {
  additionalCustomerNumberSchema,
  addSupplierRelationSchema,
  relationCustomerNumberSchema,
  supplierDirectoryQuerySchema,
} from '../../common/contracts/suppliers';
import { invitedRegistrationRequestSchema, userInviteRequestSchema } from '../../common/contracts/user-invitation';
import {
  createWorkshopAccountSchema,
  invitationRequestSchema,
  leadDecisionSchema,
  leadListQuerySchema,
  resumeOnboardingSchema,
  skipOnboardingStepSchema,
  workshopDetailsSchema,
} from '../../common/contracts/workshop';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/services/auth/passwords';
import {
  adversarialBody,
  adversarialPathId,
  adversarialQuery,
  expectCleanAnswer,
  FUZZ_RUNS,
  languages,
  schemaKeys,
  send,
  storedRowCounts,
} from '../support/fuzz';
import { insertDealerOrganisation, insertWorkshop, MEMBER_PASSWORD } from '../support/organisations';
import { ADMIN, loginCookie, startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 7 §1: every public and signed-in endpoint, over real HTTP, with random and adversarial
 * bodies, query strings and path ids. Never a 5xx or a stack trace; always the envelope with a
 * message in the caller's language; and nothing stored.
 */
let server: TestServer;
const cookies = { anonymous: undefined as string | undefined, user: '', admin: '', dealer: '', workshop: '' };
beforeAll(async () => {
  server = await startTestServer();
  await server.db.insert(users).values({
    email: 'fuzz-user@werkstatt.de',
    passwordHash: await hashPassword('Fuzz-password-2026'),
    firstName: 'Fritz',
    lastName: 'Fuzz',
    status: 1,
    services: ['WORKSHOP'],
  });
  cookies.user = await loginCookie(server, 'fuzz-user@werkstatt.de', 'Fuzz-password-2026');
  cookies.admin = await loginCookie(server, ADMIN.email, ADMIN.password);
  await insertDealerOrganisation(server.db, 'Fuzz Teile GmbH', ['fuzz-dealer@teile.de']);
  cookies.dealer = await loginCookie(server, 'fuzz-dealer@teile.de', MEMBER_PASSWORD);
  await insertWorkshop(server.db, { name: 'Fuzz Werkstatt', ownerEmail: 'fuzz-workshop@werkstatt.de' });
  cookies.workshop = await loginCookie(server, 'fuzz-workshop@werkstatt.de', MEMBER_PASSWORD);
});
afterAll(() => server.stop());

type Caller = keyof typeof cookies;
type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:id` segments are replaced by adversarial path ids. */
  path: string;
  caller: Caller;
  bodyKeys?: string[];
  queryKeys?: string[];
};

const endpoints: Endpoint[] = [
  { method: 'POST', path: '/svc/auth/api/v1/login', caller: 'anonymous', bodyKeys: schemaKeys(loginRequestSchema) },
  { method: 'POST', path: '/svc/auth/api/v1/logout', caller: 'anonymous', bodyKeys: [] },
  { method: 'GET', path: '/svc/auth/api/v1/user', caller: 'user', queryKeys: [] },
  { method: 'POST', path: '/svc/auth/api/v1/sign-up', caller: 'anonymous', bodyKeys: schemaKeys(signUpRequestSchema) },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/forgot-password',
    caller: 'anonymous',
    bodyKeys: schemaKeys(forgotPasswordRequestSchema),
  },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/reset-password',
    caller: 'anonymous',
    bodyKeys: schemaKeys(resetPasswordRequestSchema),
  },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/reset-password/check',
    caller: 'anonymous',
    bodyKeys: schemaKeys(linkCheckRequestSchema),
  },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/user-invite/check',
    caller: 'anonymous',
    bodyKeys: schemaKeys(linkCheckRequestSchema),
  },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/new-user/reset-password',
    caller: 'user',
    bodyKeys: schemaKeys(changePasswordRequestSchema),
  },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/contact-info',
    caller: 'anonymous',
    bodyKeys: schemaKeys(contactMessageSchema),
  },
  { method: 'GET', path: '/svc/workshop/lead/dms', caller: 'anonymous', queryKeys: [] },
  { method: 'GET', path: '/svc/workshop/lead/part-dealers', caller: 'anonymous', queryKeys: [] },
  { method: 'POST', path: '/svc/workshop/lead', caller: 'anonymous', bodyKeys: schemaKeys(invitationRequestSchema) },
  { method: 'GET', path: '/svc/workshop/lead/invitation', caller: 'anonymous', queryKeys: ['token'] },
  {
    method: 'POST',
    path: '/svc/workshop/lead/account',
    caller: 'anonymous',
    bodyKeys: schemaKeys(createWorkshopAccountSchema),
  },
  {
    method: 'PUT',
    path: '/svc/workshop/:id/workshop/:id/details',
    caller: 'anonymous',
    bodyKeys: schemaKeys(workshopDetailsSchema),
  },
  {
    method: 'POST',
    path: '/svc/workshop/:id/workshop/:id/onboarding/skip',
    caller: 'anonymous',
    bodyKeys: schemaKeys(skipOnboardingStepSchema),
  },
  {
    method: 'POST',
    path: '/svc/workshop/lead/resume',
    caller: 'anonymous',
    bodyKeys: schemaKeys(resumeOnboardingSchema),
  },
  {
    method: 'POST',
    path: '/svc/part-dealer/part-dealer/leads',
    caller: 'anonymous',
    bodyKeys: schemaKeys(dealerOnboardingSchema),
  },
  {
    method: 'POST',
    path: '/svc/part-dealer/part-dealer/leads/user-register',
    caller: 'anonymous',
    bodyKeys: schemaKeys(invitedRegistrationRequestSchema),
  },
  { method: 'GET', path: '/svc/auth/api/v1/users/list', caller: 'admin', queryKeys: schemaKeys(userListQuerySchema) },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/users/:id/status',
    caller: 'admin',
    bodyKeys: schemaKeys(userStatusChangeSchema),
  },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/users/invite',
    caller: 'admin',
    bodyKeys: schemaKeys(userInviteRequestSchema),
  },
  { method: 'GET', path: '/svc/workshop/leads', caller: 'admin', queryKeys: schemaKeys(leadListQuerySchema) },
  {
    method: 'POST',
    path: '/svc/workshop/leads/:id/approve',
    caller: 'admin',
    bodyKeys: schemaKeys(leadDecisionSchema),
  },
  { method: 'POST', path: '/svc/workshop/leads/:id/reject', caller: 'admin', bodyKeys: schemaKeys(leadDecisionSchema) },
  // The workshop's Suppliers screen (ADR 022), as a workshop user.
  { method: 'GET', path: '/svc/workshop/suppliers', caller: 'workshop', queryKeys: [] },
  {
    method: 'GET',
    path: '/svc/workshop/supplier-directory',
    caller: 'workshop',
    queryKeys: schemaKeys(supplierDirectoryQuerySchema),
  },
  {
    method: 'POST',
    path: '/svc/workshop/suppliers',
    caller: 'workshop',
    bodyKeys: schemaKeys(addSupplierRelationSchema),
  },
  {
    method: 'PUT',
    path: '/svc/workshop/suppliers/:id',
    caller: 'workshop',
    bodyKeys: schemaKeys(relationCustomerNumberSchema),
  },
  { method: 'DELETE', path: '/svc/workshop/suppliers/:id', caller: 'workshop' },
  {
    method: 'PUT',
    path: '/svc/workshop/additional-suppliers/:id',
    caller: 'workshop',
    bodyKeys: schemaKeys(additionalCustomerNumberSchema),
  },
  { method: 'DELETE', path: '/svc/workshop/additional-suppliers/:id', caller: 'workshop' },
  {
    method: 'GET',
    path: '/svc/part-dealer/part-dealer/leads',
    caller: 'admin',
    queryKeys: schemaKeys(dealerLeadQuerySchema),
  },
  {
    method: 'POST',
    path: '/svc/part-dealer/part-dealer/leads/:id/verify',
    caller: 'admin',
    bodyKeys: schemaKeys(dealerDecisionSchema),
  },
  { method: 'GET', path: '/svc/part-dealer/part-dealer/reference-dealers', caller: 'admin' },
  {
    method: 'GET',
    path: '/svc/auth/api/v1/organisations',
    caller: 'admin',
    queryKeys: schemaKeys(organisationListQuerySchema),
  },
  { method: 'GET', path: '/svc/auth/api/v1/organisations/:id', caller: 'admin' },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/organisations/:id/deactivate',
    caller: 'admin',
    bodyKeys: schemaKeys(emptyBodySchema),
  },
  {
    method: 'POST',
    path: '/svc/auth/api/v1/organisations/:id/invite',
    caller: 'admin',
    bodyKeys: schemaKeys(organisationInviteSchema),
  },
  {
    method: 'GET',
    path: '/svc/part-dealer/customers',
    caller: 'dealer',
    queryKeys: schemaKeys(customerListQuerySchema),
  },
  { method: 'POST', path: '/svc/part-dealer/customers/:id/accept', caller: 'dealer', bodyKeys: [] },
  {
    method: 'POST',
    path: '/svc/part-dealer/customers/:id/decline',
    caller: 'dealer',
    bodyKeys: schemaKeys(customerDeclineSchema),
  },
];

function fillPath(template: string, ids: string[]) {
  let index = 0;
  return template.replace(/:id/g, () => encodeURIComponent(ids[index++] ?? '1'));
}

describe.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
  '%s',
  (_name, endpoint) => {
    test(`${FUZZ_RUNS} adversarial requests: clean 4xx answers, nothing stored`, async () => {
      // A random body can be valid (an admin inviting a random but well-formed address): what
      // such an accepted write stores is its purpose, so the comparison restarts after it.
      let baseline = await storedRowCounts(server);
      await fc.assert(
        fc.asyncProperty(
          languages,
          endpoint.bodyKeys ? adversarialBody(endpoint.bodyKeys) : fc.constant(undefined),
          adversarialQuery(endpoint.queryKeys ?? []),
          fc.array(adversarialPathId, { minLength: 2, maxLength: 2 }),
          async (language, body, query, ids) => {
            const path = `${fillPath(endpoint.path, ids)}${endpoint.queryKeys ? `?${query}` : ''}`;
            const response = await send(server, {
              method: endpoint.method,
              path,
              body,
              cookie: cookies[endpoint.caller],
              language,
            });
            await expectCleanAnswer(response, language);
            if (response.ok && endpoint.method !== 'GET') baseline = await storedRowCounts(server);
          },
        ),
        { numRuns: FUZZ_RUNS },
      );
      expect(await storedRowCounts(server)).toEqual(baseline);
    });
  },
);

describe('found by the fuzzer, kept as examples', () => {
  test('U+0000 in a body field or in the query is a translated 400, not a database error', async () => {
    const invite = await send(server, {
      method: 'POST',
      path: '/svc/auth/api/v1/users/invite',
      body: JSON.stringify({ first_name: '\u0000', email: 'a@a.aa', company_name: 'Nul GmbH' }),
      cookie: cookies.admin,
      language: 'en',
    });
    expect(invite.status).toBe(400);
    await expectCleanAnswer(invite, 'en');
    const search = await send(server, {
      method: 'GET',
      path: '/svc/auth/api/v1/users/list?search=%00',
      cookie: cookies.admin,
      language: 'de',
    });
    expect(search.status).toBe(400);
    await expectCleanAnswer(search, 'de');
  });
});
